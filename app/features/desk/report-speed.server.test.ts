import { describe, expect, it } from "vitest";
import { buildDigestMail } from "~/features/analytics/report/digest.server";
import { renderHtml } from "~/features/analytics/report/html";
import { buildReport } from "~/features/analytics/report/model.server";
import { reportTables } from "~/features/analytics/report/tables";
import { renderText } from "~/features/analytics/report/text";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import type { Database } from "~/server/db/schema.server";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import { syncDeskLeads } from "./inbox.server";
import { changeLead } from "./lead-actions.server";
import { reportSpeedSource } from "./report-speed.server";
import { addStaff } from "./staff.server";
import { insertQuoteRequest } from "./testing/quote-leads";

// Monday 2026-11-30, 9:00 in Dallas and 10:00 in Atlanta.
const MONDAY = Date.parse("2026-11-30T15:00:00.000Z");
const minute = 60_000;
const timeZone = "America/New_York";
const WEEK = { since: "2026-11-30", until: "2026-12-06" };

const quote = (db: Database, reference: string, zip: string, at: number) =>
  insertQuoteRequest(db, { reference, postal_code: zip, created_at: new Date(at).toISOString() });

describe.each(testDialects)("speed to lead in the report and the digest on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let clock = new Date(MONDAY);
  const services = () => ({
    db: t.db,
    routing: defaultRouting(),
    salesEmail: "sales@ridgeline.test",
    timeZone,
    now: () => clock,
  });

  /** Three Dallas quotes answered after 5, 20 and 45 business minutes, one left New; one Atlanta quote after 10. */
  async function answeredWeek() {
    const { staff: rep } = await addStaff(t.db, {
      email: "pat@ridgeline.test",
      role: "rep",
      branch: "dallas",
    });
    const { staff: owner } = await addStaff(t.db, {
      email: "owner@ridgeline.test",
      role: "owner",
      branch: null,
    });
    const dallas = [
      await quote(t.db, "Q-DAL001", "75201", MONDAY),
      await quote(t.db, "Q-DAL002", "75201", MONDAY),
      await quote(t.db, "Q-DAL003", "75201", MONDAY),
    ];
    const atlanta = await quote(t.db, "Q-ATL001", "30301", MONDAY);
    await quote(t.db, "Q-DAL004", "75201", MONDAY);
    await syncDeskLeads(services());
    const answers = [
      { who: rep, id: dallas[0], after: 5 },
      { who: rep, id: dallas[1], after: 20 },
      { who: rep, id: dallas[2], after: 45 },
      { who: owner, id: atlanta, after: 10 },
    ];
    for (const { who, id, after } of answers) {
      clock = new Date(MONDAY + after * minute);
      await changeLead(
        services(),
        who,
        { kind: "quote", id: id ?? 0 },
        { action: "status", status: "contacted", reason: "" },
      );
    }
  }

  it("shows leads answered, median and 90th percentile per branch and per rep, and leads still open", async () => {
    await answeredWeek();
    const now = new Date(MONDAY + 2 * 60 * minute);
    const report = await buildReport(t.db, {
      period: WEEK,
      timeZone,
      now,
      speed: reportSpeedSource(services()),
    });
    const tables = reportTables(report);
    const branches = tables.find((table) => table.id === "speed-branches");
    expect(branches?.columns).toEqual([
      "Branch",
      "Answered",
      "Median",
      "90th percentile",
      "Still open",
      "Overdue",
    ]);
    expect(branches?.rows).toEqual([
      ["All leads", 4, "10 min", "45 min", 1, 1],
      ["Atlanta", 1, "10 min", "10 min", 0, 0],
      ["Dallas", 3, "20 min", "45 min", 1, 1],
    ]);
    expect(tables.find((table) => table.id === "speed-staff")?.rows).toEqual([
      ["owner@ridgeline.test", 1, "10 min", "10 min", 0, 0],
      ["pat@ridgeline.test", 3, "20 min", "45 min", 0, 0],
    ]);
    expect(renderText(report)).toContain("Speed to lead per branch");
    const html = renderHtml(report, { companyName: "Ridgeline" });
    expect(html).toContain('<section id="speed-branches"');
    expect(html).toContain("Median response time per branch, in business minutes");

    // A week before any answer: nothing answered, the open lead still waits.
    const before = await buildReport(t.db, {
      period: { since: "2026-11-23", until: "2026-11-29" },
      timeZone,
      now,
      speed: reportSpeedSource(services()),
    });
    expect(before.speed?.total).toMatchObject({ answered: 0, median: null, open: 1 });
    expect(reportTables(before).find((table) => table.id === "speed-branches")?.rows[0]).toEqual([
      "All leads",
      0,
      "n/a",
      "n/a",
      1,
      1,
    ]);

    // The digest carries last week's figures, in its text and its HTML.
    const mail = buildDigestMail(
      { mailFrom: "site@ridgeline.test", to: "owner@ridgeline.test" },
      report,
      before,
    );
    expect(mail.text).toContain("Speed to lead (business hours)");
    expect(mail.text).toMatch(/Dallas\s+3\s+20 min\s+45 min\s+1\s+1/);
    expect(mail.html).toContain(">pat@ridgeline.test</td>");
  });

  it("leaves the section out of a report no one handed speed figures", async () => {
    await answeredWeek();
    const report = await buildReport(t.db, { period: WEEK, timeZone, now: new Date(MONDAY + 120 * minute) });
    expect(report.speed).toBeUndefined();
    expect(reportTables(report).map((table) => table.id)).not.toContain("speed-branches");
    const mail = buildDigestMail({ mailFrom: "site@ridgeline.test", to: "o@ridgeline.test" }, report, report);
    expect(mail.text).not.toContain("Speed to lead");
  });
});
