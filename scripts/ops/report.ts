import { company } from "~/content/company";
import { addDays, type Period } from "~/features/analytics/report/calendar";
import { renderHtml } from "~/features/analytics/report/html";
import { buildReport, type Report } from "~/features/analytics/report/model.server";
import { MAX_REPORT_DAYS } from "~/features/analytics/report/period";
import { reportTables } from "~/features/analytics/report/tables";
import { renderText } from "~/features/analytics/report/text";
import { syncDeskLeads } from "~/features/desk/inbox.server";
import { reportSpeedSource } from "~/features/desk/report-speed.server";
import { loadRouting } from "~/features/leads/routing/routing.server";
import type { Database } from "~/server/db/schema.server";
import type { Env } from "~/server/env.server";
import { dayIn, daysBetween } from "~/server/mail/company-time.server";
import { checkSince, commandMain, readArguments, runIfInvoked, UsageError, writeOutput } from "./cli";
import { csvRow } from "./export-csv";

export const USAGE = `Usage:
  npm run report -- [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--format text|csv|html] [--out FILE]

What the website brought in the period and how fast the desk answered it (docs/report.md), from the database that DATABASE_URL names
(default sqlite:./data/site.db). Days are counted in SITE_TIME_ZONE (default America/New_York).
  --since YYYY-MM-DD   first day (default: 29 days before --until)
  --until YYYY-MM-DD   last day, included (default: today)
  --format FORMAT      text (default), csv (one block per section) or html (a page with charts)
  --out FILE           write to FILE instead of standard output
`;

export { MAX_REPORT_DAYS };

const FORMATS = ["text", "csv", "html"] as const;
type Format = (typeof FORMATS)[number];

export interface ReportCommand {
  since?: string;
  until?: string;
  format: Format;
  out?: string;
}

export function parseCommand(argv: string[]): ReportCommand | "help" {
  const { values, positionals } = readArguments(argv, {
    since: { type: "string" },
    until: { type: "string" },
    format: { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals.join(" ")}'`);
  const format = values.format ?? "text";
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be text, csv or html, got '${format}'`);
  }
  if (values.out !== undefined && values.out.trim() === "") throw new UsageError("--out needs a file name");
  const since = checkSince(values.since);
  let until: string | undefined;
  try {
    until = checkSince(values.until);
  } catch {
    throw new UsageError(`--until must be a date as YYYY-MM-DD, got '${values.until}'`);
  }
  if (since !== undefined && until !== undefined && since > until) {
    throw new UsageError("--since must not be after --until");
  }
  return { since, until, format: format as Format, out: values.out };
}

/** The period the options name, today being `today`; a UsageError when it is longer than a year. */
export function periodOf(command: ReportCommand, today: string): Period {
  const until = command.until ?? (command.since && command.since > today ? command.since : today);
  const since = command.since ?? addDays(until, -29);
  if (daysBetween(since, until) + 1 > MAX_REPORT_DAYS) {
    throw new UsageError(`the period is longer than ${MAX_REPORT_DAYS} days; choose a shorter one`);
  }
  return { since, until };
}

/** The report as CSV: each section's header row, then its rows, all starting with the section's name. */
export function renderCsv(report: Report): string {
  return reportTables(report)
    .map(
      (table) =>
        csvRow(["section", ...table.columns]) + table.rows.map((row) => csvRow([table.id, ...row])).join(""),
    )
    .join("");
}

export function render(report: Report, format: Format): string {
  if (format === "csv") return renderCsv(report);
  if (format === "html") return renderHtml(report, { companyName: company.name });
  return renderText(report);
}

/**
 * Speed to lead from the sales desk (docs/report.md#speed-to-lead): the leads that arrived since the
 * desk last looked are added to it first, as the desk's own pages do, so "still open" is current.
 */
async function deskSpeed(db: Database, env: Env) {
  const routing = loadRouting(env);
  const desk = { hours: env.DESK_BUSINESS_HOURS, overdueMinutes: env.DESK_OVERDUE_MINUTES };
  await syncDeskLeads({ db, routing, salesEmail: env.SALES_EMAIL });
  return reportSpeedSource({ routing, timeZone: env.SITE_TIME_ZONE, desk });
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain({
  name: "report",
  usage: USAGE,
  parse: parseCommand,
  async run(db, command, { io: out, env }) {
    const now = new Date();
    let period: Period;
    try {
      period = periodOf(command, dayIn(now, env.SITE_TIME_ZONE));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      out.stderr.write(`report: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    const speed = await deskSpeed(db, env);
    const report = await buildReport(db, { period, timeZone: env.SITE_TIME_ZONE, now, speed });
    const document = render(report, command.format);
    const what = `${command.format} for ${period.since} to ${period.until}`;
    await writeOutput(out, "report", { text: document, out: command.out, what });
    return 0;
  },
});

runIfInvoked(import.meta.url, main);
