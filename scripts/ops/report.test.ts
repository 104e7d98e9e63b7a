import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReport, type Report } from "~/features/analytics/report/model.server";
import { captureCli, itRefusesWithUsage, repoRoot } from "../../tests/support/cli";
import { type TestDatabase, testDialects } from "../../tests/support/databases";
import { CAMPAIGN, REPORT_WEEK, seedReportData } from "../../tests/support/report-data";
import { buildCsv } from "./export";
import { buildQuotesCsv } from "./quotes";
import { main, parseCommand, periodOf, renderCsv, USAGE } from "./report";

const run = promisify(execFile);

describe("report arguments", () => {
  itRefusesWithUsage(main, USAGE, [
    ["--format", "pdf"],
    ["--since", "2026-13-01"],
    ["--until", "yesterday"],
    ["--since", "2026-11-10", "--until", "2026-11-09"],
    ["--out", " "],
    ["extra"],
    ["--bogus"],
  ]);

  it("reads the period and the format", () => {
    expect(parseCommand(["--since=2026-11-01", "--until", "2026-11-30", "--format", "csv"])).toEqual({
      since: "2026-11-01",
      until: "2026-11-30",
      format: "csv",
      out: undefined,
    });
    expect(parseCommand([])).toEqual({ since: undefined, until: undefined, format: "text", out: undefined });
  });

  it("reports the 30 days to today by default, and refuses more than a year", () => {
    expect(periodOf({ format: "text" }, "2026-11-24")).toEqual({ since: "2026-10-26", until: "2026-11-24" });
    expect(periodOf({ format: "text", since: "2026-11-01" }, "2026-11-24")).toEqual({
      since: "2026-11-01",
      until: "2026-11-24",
    });
    expect(() =>
      periodOf({ format: "text", since: "2025-01-01", until: "2026-11-24" }, "2026-11-24"),
    ).toThrow(/longer than 367 days/);
  });
});

describe("the report command", () => {
  let database: TestDatabase | undefined;
  let week: Report;
  let dir = "";

  beforeAll(async () => {
    const sqlite = testDialects.find((dialect) => dialect.name === "sqlite");
    if (!sqlite) throw new Error("no SQLite dialect");
    database = await sqlite.create();
    await seedReportData(database.db);
    week = await buildReport(database.db, { period: REPORT_WEEK, timeZone: "America/New_York" });
    dir = mkdtempSync(path.join(tmpdir(), "report-"));
  });

  afterAll(async () => {
    await database?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    ...process.env,
    DATABASE_URL: database?.url ?? "",
    SITE_TIME_ZONE: "America/New_York",
  });
  const period = ["--since", REPORT_WEEK.since, "--until", REPORT_WEEK.until];

  it("npm run report -- --format text lists the campaign with its leads and the page views counted", async () => {
    const { stdout } = await run("npm", ["run", "--silent", "report", "--", ...period, "--format", "text"], {
      cwd: repoRoot,
      env: env(),
    });
    expect(stdout).toMatch(/Page views\s+75\n/);
    expect(stdout).toMatch(
      new RegExp(`${CAMPAIGN.source}\\s+${CAMPAIGN.medium}\\s+${CAMPAIGN.campaign}\\s+5\\s+1\\n`),
    );
    expect(stdout).toMatch(/2026-11-10\s+65\s+20\s+15\s+1\n/);
  }, 60_000);

  it("writes the HTML page to --out and says where", async () => {
    const { out, io } = captureCli(env());
    const file = path.join(dir, "r.html");
    expect(await main([...period, "--format", "html", "--out", file], io)).toBe(0);
    expect(out.stderr).toBe(`report: wrote html for 2026-11-09 to 2026-11-15 to ${file}\n`);
    const html = readFileSync(file, "utf8");
    expect(html.match(/<svg/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it("counts as leads what the exports list: held spam apart, released leads in", async () => {
    const db = database?.db;
    if (!db) throw new Error("no database");
    const november = await buildReport(db, {
      period: { since: "2026-11-01", until: "2026-11-30" },
      timeZone: "America/New_York",
    });
    const messages = await buildCsv(db, { kind: "leads", since: "2026-11-01" });
    const quotes = parse((await buildQuotesCsv(db, "2026-11-01")).csv, { columns: true }) as Array<
      Record<string, string>
    >;
    expect(november.totals.contacts).toBe(messages.count);
    expect(november.totals.quotes).toBe(new Set(quotes.map((row) => row.reference)).size);
    expect(november.totals.heldAsSpam).toBe(2);
    expect(renderCsv(november).split("\r\n")).toContain("summary,Held as spam (not counted as leads),2");
  });

  it("CSV gives each section a header row and rows named after it", () => {
    const lines = renderCsv(week).split("\r\n");
    expect(lines).toContain("section,Source,Medium,Campaign,Visits,Leads");
    expect(lines).toContain(`campaigns,${CAMPAIGN.source},${CAMPAIGN.medium},${CAMPAIGN.campaign},5,1`);
    expect(lines).toContain("pages,/products,50");
    // A cell that a spreadsheet would run as a formula is kept as text.
    expect(renderCsv({ ...week, topPages: [{ key: "=HYPERLINK(1)", count: 1 }] })).toContain(
      "pages,'=HYPERLINK(1),1",
    );
  });
});
