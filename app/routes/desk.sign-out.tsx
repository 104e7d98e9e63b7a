import { redirect } from "react-router";
import { clearedCookie, isSecureRequest, SESSION_COOKIE } from "~/features/desk/cookies.server";
import { requireStaff } from "~/features/desk/desk-request.server";
import { endSession } from "~/features/desk/sessions.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.sign-out";

export const handle = noScripts;

export function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  throw redirect("/desk", 303);
}

/** POST /desk/sign-out: ends this browser's session on the server and removes its cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requestContextOf(context);
  const { session } = requireStaff(context);
  await endSession(services.db, session.idHash);
  throw redirect("/desk", {
    status: 303,
    headers: { "Set-Cookie": clearedCookie(SESSION_COOKIE, isSecureRequest(request, services.siteUrl)) },
  });
}

export default function DeskSignOut() {
  return null;
}
