import { redirect } from "react-router";
import { clearedCookie, isSecureRequest, SESSION_COOKIE } from "~/features/desk/cookies.server";
import { DeskFrame, deskButton } from "~/features/desk/desk-frame";
import { passkeyScriptContext, readDeskForm, requireStaff } from "~/features/desk/desk-request.server";
import { when } from "~/features/desk/format";
import { listPasskeys, registrationOptions } from "~/features/desk/passkeys.server";
import { PASSKEY_NOTICES, PasskeysSection } from "~/features/desk/passkeys-view";
import { endSessionsOf, listSessions } from "~/features/desk/sessions.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.sessions";

export const handle = noScripts;

/** GET /desk/sessions: the browsers signed in as this member of staff, and their passkeys. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requestContextOf(context);
  const { staff, session } = requireStaff(context);
  const now = services.now?.() ?? new Date();
  const sessions = await listSessions(services.db, staff.id, now);
  const options = await registrationOptions(services, staff);
  if (options) context.set(passkeyScriptContext, true);
  const said = new URL(request.url).searchParams.get("passkey") ?? "";
  return {
    passkeys: await listPasskeys(services.db, staff.id),
    passkeyOptions: options ? JSON.stringify(options) : null,
    passkeyNotice: Object.hasOwn(PASSKEY_NOTICES, said) ? (PASSKEY_NOTICES[said] ?? null) : null,
    staff: { email: staff.email, role: staff.role, branch: staff.branch },
    timeZone: services.timeZone,
    sessions: sessions.map((entry) => ({
      id: entry.idHash,
      current: entry.idHash === session.idHash,
      browser: entry.browser,
      createdAt: entry.createdAt,
      lastSeenAt: entry.lastSeenAt,
    })),
  };
}

/** POST /desk/sessions: ends one session (intent=end, id) or every one, this one included (intent=end-all). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requestContextOf(context);
  const { staff, session } = requireStaff(context);
  const form = await readDeskForm(request, 1024);
  const all = form.get("intent") === "end-all";
  const id = form.get("id") ?? "";
  if (!all && !/^[0-9a-f]{64}$/.test(id)) return redirect("/desk/sessions", 303);
  await endSessionsOf(services.db, staff.id, all ? undefined : id);
  if (all || id === session.idHash) {
    throw redirect("/desk", {
      status: 303,
      headers: { "Set-Cookie": clearedCookie(SESSION_COOKIE, isSecureRequest(request, services.siteUrl)) },
    });
  }
  return redirect("/desk/sessions", 303);
}

export default function DeskSessions({ loaderData }: Route.ComponentProps) {
  const { staff, sessions, timeZone, passkeys, passkeyOptions, passkeyNotice } = loaderData;
  return (
    <DeskFrame title="Sessions and passkeys" staff={staff}>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">Where you are signed in</h1>
      <p className="mb-4 max-w-2xl text-slate-700">
        A session ends after 12 hours without use, and 7 days after signing in at the latest.
      </p>
      <ul className="mb-6 flex flex-col gap-3">
        {sessions.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-300 p-3"
          >
            <div>
              <p className="font-semibold text-navy">
                {entry.browser}
                {entry.current ? " (this browser)" : ""}
              </p>
              <p className="text-sm text-slate-700">
                Signed in {when(entry.createdAt, timeZone)}, last used {when(entry.lastSeenAt, timeZone)}
              </p>
            </div>
            <form method="post" action="/desk/sessions">
              <input type="hidden" name="intent" value="end" />
              <input type="hidden" name="id" value={entry.id} />
              <button type="submit" className={deskButton}>
                Sign out<span className="sr-only"> {entry.browser}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form method="post" action="/desk/sessions">
        <input type="hidden" name="intent" value="end-all" />
        <button type="submit" className={deskButton}>
          Sign out everywhere
        </button>
      </form>
      <PasskeysSection
        passkeys={passkeys}
        options={passkeyOptions}
        notice={passkeyNotice}
        timeZone={timeZone}
      />
    </DeskFrame>
  );
}
