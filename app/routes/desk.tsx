import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { DeskFrame, deskLink, type StaffBadge } from "~/features/desk/desk-frame";
import { deskMiddleware, passkeyScriptContext, signedInContext } from "~/features/desk/desk-request.server";
import { signInOptions } from "~/features/desk/passkey-sign-in.server";
import { SignInForm } from "~/features/desk/sign-in-form";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk";

/*
 * The sales desk (docs/desk.md): rendered on each request, for signed-in staff only, never indexed,
 * without scripts but the passkey ceremony's. Its middleware checks every post's origin and the session on every request, and
 * gives every answer the desk's headers; a page without a session answers the sign-in form (401).
 */
export const middleware: Route.MiddlewareFunction[] = [deskMiddleware];

export const handle = noScripts;

/** Signed out, every desk page may show the sign-in form: it gets the passkey sign-in options (decision 0074). */
export async function loader({
  context,
}: Route.LoaderArgs): Promise<{ staff: StaffBadge | null; passkeyOptions: string | null }> {
  const signedIn = context.get(signedInContext);
  if (!signedIn) {
    const options = await signInOptions(requestContextOf(context).services);
    if (options) context.set(passkeyScriptContext, true);
    return { staff: null, passkeyOptions: options ? JSON.stringify(options) : null };
  }
  const { email, role, branch } = signedIn.staff;
  return { staff: { email, role, branch }, passkeyOptions: null };
}

export default function DeskLayout() {
  return <Outlet />;
}

const ERRORS: Record<number, { title: string; text: string }> = {
  400: { title: "Bad request", text: "The desk could not read that form. Go back and try again." },
  403: {
    title: "Link not valid",
    text: "This file link has expired (they work for an hour) or was altered. Open the lead's page again for a new one.",
  },
  404: { title: "Not found", text: "There is no such page or lead, or it is not one you can see." },
  410: {
    title: "File deleted",
    text: "This file is no longer kept: quote files are deleted after the retention period.",
  },
  413: { title: "Too long", text: "That was more text than the desk takes. Shorten it and try again." },
  429: { title: "Too many attempts", text: "Too many sign-in attempts. Wait a while and try again." },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/desk");
  const staff = data?.staff ?? null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 401) {
    return (
      <DeskFrame title="Sign in" staff={null}>
        <SignInForm />
      </DeskFrame>
    );
  }
  const known = ERRORS[status] ?? {
    title: "Something went wrong",
    text: "The desk could not answer. Try again.",
  };
  return (
    <DeskFrame title={known.title} staff={staff}>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">{known.title}</h1>
      <p className="mb-4 text-slate-700">{known.text}</p>
      <p>
        <a className={deskLink} href="/desk">
          Back to the inbox
        </a>
      </p>
    </DeskFrame>
  );
}
