import { data } from "react-router";
import { reportCharts } from "~/features/analytics/report/html";
import { buildReport } from "~/features/analytics/report/model.server";
import { lastDays, readPeriod } from "~/features/analytics/report/period";
import { ReportSections } from "~/features/analytics/report/report-sections";
import { reportTables } from "~/features/analytics/report/tables";
import { canSeeAll } from "~/features/desk/access.server";
import { DeskFrame } from "~/features/desk/desk-frame";
import { requireStaff } from "~/features/desk/desk-request.server";
import { MAX_DOWNLOAD_ROWS } from "~/features/desk/exports.server";
import { syncDeskLeads } from "~/features/desk/inbox.server";
import { ReportForm } from "~/features/desk/report-form";
import { reportSpeedSource } from "~/features/desk/report-speed.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import { readerOf } from "~/server/db/read-off-loop.server";
import { dayIn } from "~/server/mail/company-time.server";
import type { Route } from "./+types/desk.report";

export const handle = noScripts;

const PRESETS = [
  { label: "Last 7 days", days: 7 },
  { label: "Last 30 days", days: 30 },
  { label: "Last 90 days", days: 90 },
  { label: "Last 365 days", days: 365 },
] as const;

/**
 * GET /desk/report?from=YYYY-MM-DD&to=YYYY-MM-DD: the website report for any period, the same model
 * as `npm run report`, with the desk's speed to lead (docs/desk.md#report-and-downloads). The owner's
 * and managers'; for a rep the page does not exist (404), as a lead they may not see.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requestContextOf(context);
  const { staff } = requireStaff(context);
  if (!canSeeAll(staff)) throw data(null, { status: 404 });
  const now = services.now?.() ?? new Date();
  const today = dayIn(now, services.timeZone);
  const params = new URL(request.url).searchParams;
  const asked = readPeriod(params.get("from"), params.get("to"), today);
  const presets = PRESETS.map(({ label, days }) => ({ label, ...lastDays(days, today) }));
  const page = {
    staff: { email: staff.email, role: staff.role, branch: staff.branch },
    presets,
    maxRows: MAX_DOWNLOAD_ROWS,
  };
  if ("error" in asked) {
    const fallback = lastDays(30, today);
    return data({ ...page, ...fallback, error: asked.error, tables: [], charts: {} }, { status: 400 });
  }
  await syncDeskLeads(services);
  // Read off the event loop: a year of counts must not hold up the site.
  const report = await buildReport(readerOf(services.db), {
    period: asked,
    timeZone: services.timeZone,
    now,
    speed: reportSpeedSource(services),
  });
  return {
    ...page,
    ...asked,
    error: null,
    tables: reportTables(report),
    charts: Object.fromEntries(reportCharts(report)),
  };
}

export default function DeskReport({ loaderData }: Route.ComponentProps) {
  const { staff, tables, charts, ...form } = loaderData;
  return (
    <DeskFrame title="Report" staff={staff}>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">
        Website report, {form.since} to {form.until}
      </h1>
      <ReportForm {...form} />
      {form.error ? null : <ReportSections tables={tables} charts={charts} />}
    </DeskFrame>
  );
}
