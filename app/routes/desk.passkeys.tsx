import { redirect } from "react-router";
import { readDeskForm, requireStaff } from "~/features/desk/desk-request.server";
import { addPasskey, readCeremonyAnswer, removePasskey } from "~/features/desk/passkeys.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.passkeys";

export const handle = noScripts;

/** GET /desk/passkeys: the list is on the sessions page. */
export function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  throw redirect("/desk/sessions", 303);
}

/**
 * POST /desk/passkeys: adds a passkey (intent=add: its name and the ceremony's answer) or removes one
 * of one's own (intent=remove, id); the sessions page then says what happened.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requestContextOf(context);
  const { staff } = requireStaff(context);
  const form = await readDeskForm(request);
  if (form.get("intent") === "remove") {
    const id = form.get("id") ?? "";
    const removed = id.length > 0 && id.length <= 1024 && (await removePasskey(services.db, staff.id, id));
    return redirect(`/desk/sessions?passkey=${removed ? "removed" : "not-found"}`, 303);
  }
  if (form.get("intent") !== "add") return redirect("/desk/sessions", 303);
  const outcome = await addPasskey(services, staff, {
    name: form.get("name") ?? "",
    answer: readCeremonyAnswer(form.get("response")),
  });
  return redirect(`/desk/sessions?passkey=${outcome.status}`, 303);
}

export default function DeskPasskeys() {
  return null;
}
