import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDialects } from "../../../../tests/support/databases";
import { CAMPAIGN, PREVIOUS_WEEK, REPORT_WEEK, seedReportData } from "../../../../tests/support/report-data";
import { buildDigestMail } from "./digest.server";
import { renderHtml } from "./html";
import { buildReport, type Report } from "./model.server";
import { renderText } from "./text";

const timeZone = "America/New_York";
const now = new Date("2026-11-24T15:00:00.000Z");
let database: TestDatabase | undefined;
let week: Report;
let previous: Report;

beforeAll(async () => {
  const sqlite = testDialects.find((dialect) => dialect.name === "sqlite");
  if (!sqlite) throw new Error("no SQLite dialect");
  database = await sqlite.create();
  await seedReportData(database.db);
  // A visitor's search that tries to be markup.
  await database.db
    .insertInto("analytics_counts")
    .values({
      day: "2026-11-12",
      metric: "search",
      key: '<img src=x onerror="alert(1)">',
      detail: "miss",
      count: 1,
    })
    .execute();
  week = await buildReport(database.db, { period: REPORT_WEEK, timeZone, now });
  previous = await buildReport(database.db, { period: PREVIOUS_WEEK, timeZone, now });
});

afterAll(async () => {
  await database?.cleanup();
});

describe("the report's formats", () => {
  it("text lists the campaign with its leads and the page views counted", () => {
    const text = renderText(week);
    expect(text).toContain("Website report, 2026-11-09 to 2026-11-15 (days in America/New_York)");
    expect(text).toMatch(/Page views\s+75\n/);
    expect(text).toMatch(/Contact messages\s+3\n\s+Quote requests\s+2\n/);
    expect(text).toMatch(/Held as spam \(not counted as leads\)\s+2\n/);
    expect(text).toMatch(
      new RegExp(`${CAMPAIGN.source}\\s+${CAMPAIGN.medium}\\s+${CAMPAIGN.campaign}\\s+5\\s+1\\n`),
    );
    expect(text).toMatch(/\/old-catalog\.pdf\s+8\s+forum\.example/);
    expect(text).toMatch(/Old addresses still used\n-+\n\s+Old path\s+Hits\n\s+\/products\.html\s+7\n/);
  });

  it("HTML draws at least four charts, each with a title and a description, and escapes visitors' text", () => {
    const html = renderHtml(week, { companyName: "Ridgeline Industrial Supply" });
    const charts =
      html.match(/<svg [^>]*role="img"[^>]*>\s*<title id="[^"]+">[^<]+<\/title>\s*<desc id="[^"]+">/g) ?? [];
    expect(charts.length).toBeGreaterThanOrEqual(4);
    expect(html.match(/<svg/g)?.length).toBe(charts.length);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("the weekly digest", () => {
  it("shows last week against the week before as tables with bars and as text, without SVG or scripts", () => {
    const mail = buildDigestMail(
      { mailFrom: "Website <website@example.com>", to: "owner@example.com" },
      week,
      previous,
    );
    expect(mail.kind).toBe("weekly_digest");
    expect(mail.subject).toBe("Website week Mon, Nov 9 to Sun, Nov 15: 25 visits, 5 leads");
    expect(mail.text).toMatch(/Leads \(messages and quotes\)\s+5\s+1\s/);
    expect(mail.text).toContain("Held as spam: 2 (not counted as leads; npm run leads -- held lists them)");
    expect(mail.html).toContain("Held as spam: 2 (not counted as leads");
    expect(mail.html).not.toMatch(/<svg|<script|<img/);
    expect(mail.html).toContain('bgcolor="#1e5b8c"');
    expect(mail.html).toContain("&lt;img src=x");
    expect(mail.text).toMatch(/Page views\s+75\s+20\s+\+275%/);
    expect(mail.text).toMatch(/newsletter \/ email \/ fall-labels \(1 lead\)\s+5/);
    expect(mail.text).toMatch(/Tue, Nov 10 \(week before: 0\)\s+20\s+#{20}\n/);
  });
});
