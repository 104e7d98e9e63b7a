import { data, redirect } from "react-router";
import { DeskFrame } from "~/features/desk/desk-frame";
import { readDeskForm, requireStaff } from "~/features/desk/desk-request.server";
import { syncDeskLeads } from "~/features/desk/inbox.server";
import {
  assignableStaff,
  changeLead,
  readLeadChange,
  STATUS_LABELS,
} from "~/features/desk/lead-actions.server";
import { readLead } from "~/features/desk/lead-detail.server";
import { LeadView } from "~/features/desk/lead-view";
import { DESK_LEAD_KINDS, type DeskLeadKind, LEAD_STATUSES } from "~/features/desk/tables.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.lead";

export const handle = noScripts;

/** The lead the address names; anything else is a 404, like a lead the viewer may not see. */
function leadOf(params: { kind?: string; id?: string }): { kind: DeskLeadKind; id: number } {
  const kind = params.kind as DeskLeadKind;
  const id = Number(params.id);
  if (!DESK_LEAD_KINDS.includes(kind) || !/^[1-9]\d{0,9}$/.test(params.id ?? "") || id > 2 ** 31) {
    throw data(null, { status: 404 });
  }
  return { kind, id };
}

async function page(
  context: Route.LoaderArgs["context"],
  params: Route.LoaderArgs["params"],
  error: string | null,
) {
  const { services } = requestContextOf(context);
  const { staff } = requireStaff(context);
  const { kind, id } = leadOf(params);
  await syncDeskLeads(services);
  const lead = await readLead(services, staff, kind, id);
  if (!lead) throw data(null, { status: 404 });
  return {
    staff: { email: staff.email, role: staff.role, branch: staff.branch },
    lead,
    error,
    timeZone: services.timeZone,
    statuses: LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    assignable: (await assignableStaff(services)).map(({ id: staffId, email }) => ({ id: staffId, email })),
  };
}

export function loader({ context, params }: Route.LoaderArgs) {
  return page(context, params, null);
}

/** A change from one of the page's forms, then the page again (303), or the page with the error (400). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { services } = requestContextOf(context);
  const { staff } = requireStaff(context);
  const lead = leadOf(params);
  const change = readLeadChange(await readDeskForm(request));
  const outcome = "invalid" in change ? change : await changeLead(services, staff, lead, change);
  if (outcome === "not-found") throw data(null, { status: 404 });
  if (typeof outcome === "object") return data(await page(context, params, outcome.invalid), { status: 400 });
  throw redirect(`/desk/leads/${lead.kind}/${lead.id}`, 303);
}

export default function DeskLead({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, lead, error, timeZone, statuses, assignable } = actionData ?? loaderData;
  return (
    <DeskFrame title={lead.reference ?? `Lead #${lead.id}`} staff={staff}>
      <LeadView lead={lead} timeZone={timeZone} statuses={statuses} staff={assignable} error={error} />
    </DeskFrame>
  );
}
