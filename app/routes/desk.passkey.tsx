import { data, redirect } from "react-router";
import { desiredCookie, isSecureRequest, SESSION_COOKIE } from "~/features/desk/cookies.server";
import { DeskFrame } from "~/features/desk/desk-frame";
import { readDeskForm, signedInContext } from "~/features/desk/desk-request.server";
import { signInWithPasskey } from "~/features/desk/passkey-sign-in.server";
import { readCeremonyAnswer } from "~/features/desk/passkeys.server";
import { describeBrowser, SESSION_MAX_MS } from "~/features/desk/sessions.server";
import { SignInForm } from "~/features/desk/sign-in-form";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.passkey";

export const handle = noScripts;

const NOTICES = {
  refused: "That passkey did not sign you in. Try again, or e-mail yourself a sign-in link.",
  limited: "Too many sign-in attempts. Wait a while and try again.",
} as const;

/**
 * GET /desk/passkey: the sign-in form (signed in already: the inbox). It also runs after a refused post,
 * whose page is the sign-in form with the reason.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(signedInContext)) throw redirect("/desk", 303);
  return null;
}

/**
 * POST /desk/passkey: the passkey sign-in's answer (docs/desk.md#passkeys). Signed in: a session
 * cookie and the inbox; refused or limited: the sign-in page again, with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const site = requestContextOf(context);
  const form = await readDeskForm(request);
  const outcome = await signInWithPasskey(site.services, {
    answer: readCeremonyAnswer(form.get("response")),
    clientKey: site.clientKey,
    browser: describeBrowser(request.headers.get("user-agent")),
  });
  if (outcome.status === "limited") {
    return data(
      { notice: NOTICES.limited },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.status === "refused") return data({ notice: NOTICES.refused }, { status: 400 });
  const secure = isSecureRequest(request, site.services.siteUrl);
  throw redirect("/desk", {
    status: 303,
    headers: {
      "Set-Cookie": desiredCookie(SESSION_COOKIE, outcome.sessionSecret, {
        secure,
        maxAgeSeconds: SESSION_MAX_MS / 1000,
      }),
    },
  });
}

export default function DeskPasskeySignIn({ actionData }: Route.ComponentProps) {
  return (
    <DeskFrame title="Sign in" staff={null}>
      <SignInForm notice={actionData?.notice} />
    </DeskFrame>
  );
}
