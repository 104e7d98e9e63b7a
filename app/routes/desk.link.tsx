import { data, redirect } from "react-router";
import { desiredCookie, isSecureRequest, LINK_COOKIE, readCookie } from "~/features/desk/cookies.server";
import { DeskFrame, deskLink } from "~/features/desk/desk-frame";
import { readDeskForm, signedInContext } from "~/features/desk/desk-request.server";
import { isWellFormedSecret, randomSecret } from "~/features/desk/secrets.server";
import { requestSignInLink } from "~/features/desk/sign-in.server";
import { SIGN_IN_TEXT, SignInForm } from "~/features/desk/sign-in-form";
import { MAX_EMAIL_LENGTH } from "~/features/desk/staff.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.link";

export const handle = noScripts;

/** GET /desk/link: the sign-in form (signed in already: the inbox). */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(signedInContext)) throw redirect("/desk", 303);
  return null;
}

/**
 * POST /desk/link: e-mails a sign-in link if the address is active staff, and answers the same either
 * way. The browser gets (or keeps) the cookie the link will be bound to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const site = requestContextOf(context);
  const form = await readDeskForm(request, 1024);
  const email = (form.get("email") ?? "").trim();
  if (email === "" || email.length > MAX_EMAIL_LENGTH || !email.includes("@")) {
    return data({ state: "invalid" as const }, { status: 400 });
  }
  const existing = readCookie(request, LINK_COOKIE);
  const browserSecret = isWellFormedSecret(existing) ? existing : randomSecret();
  const outcome = await requestSignInLink(site.services, {
    email,
    clientKey: site.clientKey,
    browserSecret,
  });
  if (outcome.status === "limited") {
    return data(
      { state: "limited" as const },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  const cookie = desiredCookie(LINK_COOKIE, browserSecret, {
    secure: isSecureRequest(request, site.services.siteUrl),
    maxAgeSeconds: 15 * 60,
  });
  return data({ state: "sent" as const }, { headers: { "Set-Cookie": cookie } });
}

export default function DeskLink({ actionData }: Route.ComponentProps) {
  const state = actionData?.state;
  if (state === "sent") {
    return (
      <DeskFrame title={SIGN_IN_TEXT.sentHeading} staff={null}>
        <h1 className="mb-3 text-2xl font-extrabold text-navy">{SIGN_IN_TEXT.sentHeading}</h1>
        <p className="mb-4 max-w-lg text-slate-700">{SIGN_IN_TEXT.sent}</p>
        <p>
          <a className={deskLink} href="/desk/link">
            Use another address
          </a>
        </p>
      </DeskFrame>
    );
  }
  const notice =
    state === "limited"
      ? "Too many sign-in links were asked for. Wait a while and try again."
      : state === "invalid"
        ? "Enter your work e-mail address."
        : undefined;
  return (
    <DeskFrame title="Sign in" staff={null}>
      <SignInForm notice={notice} />
    </DeskFrame>
  );
}
