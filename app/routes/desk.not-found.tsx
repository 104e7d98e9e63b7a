import { data } from "react-router";
import { requireStaff } from "~/features/desk/desk-request.server";
import { noScripts } from "~/lib/page-scripts";
import type { Route } from "./+types/desk.not-found";

export const handle = noScripts;

/** Any other /desk address: the sign-in page without a session, else a 404. */
export function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  throw data(null, { status: 404 });
}

export function action({ context }: Route.ActionArgs) {
  requireStaff(context);
  throw data(null, { status: 404 });
}

export default function DeskNotFound() {
  return null;
}
