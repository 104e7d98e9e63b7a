import type { ReactNode } from "react";

/** The signed-in member of staff as pages show them. */
export interface StaffBadge {
  email: string;
  role: string;
  branch: string | null;
}

const link = "font-semibold text-steel underline underline-offset-4 hover:text-navy";

/**
 * Every desk page: never indexed (the meta tag; the server also sends X-Robots-Tag), its title, and, once
 * signed in, the desk's own links and the sign-out button. Plain links and forms: no script runs here.
 */
export function DeskFrame({
  title,
  staff,
  children,
}: {
  title: string;
  staff: StaffBadge | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <title>{`${title} · Sales desk`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-slate-300 pb-3">
        <p className="text-lg font-extrabold text-navy">Sales desk</p>
        {staff ? (
          <nav aria-label="Desk" className="flex flex-wrap items-center gap-4">
            <a className={link} href="/desk">
              Inbox
            </a>
            <a className={link} href="/desk/speed">
              Speed to lead
            </a>
            {staff.role === "owner" || staff.role === "manager" ? (
              <>
                <a className={link} href="/desk/held">
                  Held spam
                </a>
                <a className={link} href="/desk/report">
                  Report
                </a>
                <a className={link} href="/desk/range">
                  Range
                </a>
              </>
            ) : null}
            <a className={link} href="/desk/sessions">
              Sessions
            </a>
            <span className="text-sm text-slate-700">
              {staff.email} ({staff.role}
              {staff.branch ? `, ${staff.branch}` : ""})
            </span>
            <form method="post" action="/desk/sign-out">
              <button type="submit" className={`${link} min-h-11`}>
                Sign out
              </button>
            </form>
          </nav>
        ) : null}
      </div>
      {children}
    </div>
  );
}

export const deskLink = link;
export const deskInput =
  "min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-focus";
export const deskButton =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-navy px-4 py-2 font-semibold text-white hover:bg-steel focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2";
export const deskLabel = "mb-1 block font-semibold text-navy";
