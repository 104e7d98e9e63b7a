import { data, redirect } from "react-router";
import {
  clearedCookie,
  desiredCookie,
  isSecureRequest,
  LINK_COOKIE,
  readCookie,
  SESSION_COOKIE,
} from "~/features/desk/cookies.server";
import { DeskFrame, deskButton } from "~/features/desk/desk-frame";
import { readDeskForm } from "~/features/desk/desk-request.server";
import { describeBrowser, SESSION_MAX_MS } from "~/features/desk/sessions.server";
import { checkSignInLink, type LinkState, signInWithLink } from "~/features/desk/sign-in.server";
import { SignInForm } from "~/features/desk/sign-in-form";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.sign-in";

export const handle = noScripts;

type State = LinkState | "limited";

const STATUS: Record<State, number> = {
  ready: 200,
  invalid: 400,
  expired: 410,
  used: 410,
  "other-browser": 403,
  limited: 429,
};

const NOTICES: Record<Exclude<State, "ready">, string> = {
  invalid: "This sign-in link is not valid. Ask for a new one below.",
  expired: "This sign-in link has expired (links work for 15 minutes). Ask for a new one below.",
  used: "This sign-in link has been used already. Ask for a new one below.",
  "other-browser":
    "This sign-in link works only in the browser where it was asked for. Ask for a new one here, in this browser.",
  limited: "Too many sign-in attempts. Wait a while and try again.",
};

/**
 * GET /desk/sign-in?token=: the page an e-mailed link opens. It signs nobody in: mail scanners open
 * links. It shows one button, and only the press (a POST from this page) spends the link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requestContextOf(context);
  const token = new URL(request.url).searchParams.get("token");
  const state = await checkSignInLink(site.services, token, readCookie(request, LINK_COOKIE));
  return data({ state, token: state === "ready" ? (token ?? "") : "" }, { status: STATUS[state] });
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = requestContextOf(context);
  const form = await readDeskForm(request, 1024);
  const outcome = await signInWithLink(site.services, {
    token: form.get("token"),
    browserSecret: readCookie(request, LINK_COOKIE),
    clientKey: site.clientKey,
    browser: describeBrowser(request.headers.get("user-agent")),
  });
  if (outcome.status !== "signed-in") {
    return data({ state: outcome.status as State, token: "" }, { status: STATUS[outcome.status] });
  }
  const secure = isSecureRequest(request, site.services.siteUrl);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    desiredCookie(SESSION_COOKIE, outcome.sessionSecret, { secure, maxAgeSeconds: SESSION_MAX_MS / 1000 }),
  );
  headers.append("Set-Cookie", clearedCookie(LINK_COOKIE, secure));
  throw redirect("/desk", { status: 303, headers });
}

export default function DeskSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = actionData ?? loaderData;
  if (state !== "ready") {
    return (
      <DeskFrame title="Sign in" staff={null}>
        <SignInForm notice={NOTICES[state]} />
      </DeskFrame>
    );
  }
  return (
    <DeskFrame title="Sign in" staff={null}>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">Sign in to the sales desk</h1>
      <p className="mb-4 max-w-lg text-slate-700">Press the button to sign in on this browser.</p>
      <form method="post" action="/desk/sign-in">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={deskButton}>
          Sign in
        </button>
      </form>
    </DeskFrame>
  );
}
