import { data, redirect } from "react-router";
import { releaseHeldContact } from "~/features/contact/contact.server";
import { DeskFrame } from "~/features/desk/desk-frame";
import { readDeskForm, requireStaff } from "~/features/desk/desk-request.server";
import { logRelease, mayManageHeld, readHeldReference } from "~/features/desk/held.server";
import { HeldView } from "~/features/desk/held-view";
import { deleteHeldLead, listHeldLeads } from "~/features/leads/held.server";
import { releaseHeldQuote } from "~/features/quote/server/quote-follow-ups.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.held";

export const handle = noScripts;

/** Held leads listed per kind, at most (they are deleted after 30 days). */
const LISTED = 200;

const NOTICES: Record<string, (reference: string) => string> = {
  released: (reference) => `${reference} released: its notification and acknowledgement are queued.`,
  "already-released": (reference) => `${reference} was already released; nothing was sent again.`,
  deleted: (reference) => `${reference} deleted.`,
  gone: (reference) => `${reference} is no longer held.`,
};

/** The owner's and managers' page; for a rep it does not exist (404). */
function requireManager(context: Route.LoaderArgs["context"]) {
  const signedIn = requireStaff(context);
  if (!mayManageHeld(signedIn.staff)) throw data(null, { status: 404 });
  return signedIn;
}

/** GET /desk/held: the leads held as likely spam, with their reasons (docs/desk.md#held-spam). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requestContextOf(context);
  const { staff } = requireManager(context);
  const params = new URL(request.url).searchParams;
  const done = readHeldReference(params.get("ref"));
  const notice = done ? (NOTICES[params.get("done") ?? ""]?.(done.reference) ?? null) : null;
  return {
    staff: { email: staff.email, role: staff.role, branch: staff.branch },
    timeZone: services.timeZone,
    notice,
    leads: await listHeldLeads(services.db, LISTED),
  };
}

/** POST /desk/held: release (the same code as `npm run leads -- release`) or delete one held lead. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requestContextOf(context);
  const { staff } = requireManager(context);
  const form = await readDeskForm(request, 1024);
  const lead = readHeldReference(form.get("reference"));
  const intent = form.get("intent");
  if (!lead || (intent !== "release" && intent !== "delete"))
    throw data({ badRequest: true }, { status: 400 });
  let done = "gone";
  if (intent === "delete") {
    if (await deleteHeldLead(services.db, lead.kind, lead.reference)) done = "deleted";
  } else {
    const outcome =
      lead.kind === "quote"
        ? await releaseHeldQuote(services, lead.reference)
        : await releaseHeldContact(services, lead.reference);
    if (outcome.status === "released") {
      await logRelease(services, staff, lead, services.now?.() ?? new Date());
      done = "released";
    } else if (outcome.status === "already-released") done = "already-released";
  }
  throw redirect(`/desk/held?done=${done}&ref=${lead.reference}`, 303);
}

export default function DeskHeld({ loaderData }: Route.ComponentProps) {
  const { staff, ...held } = loaderData;
  return (
    <DeskFrame title="Held spam" staff={staff}>
      <HeldView {...held} />
    </DeskFrame>
  );
}
