import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { CAMPAIGN, PREVIOUS_WEEK, REPORT_WEEK, seedReportData } from "../../../../tests/support/report-data";
import { buildReport } from "./model.server";

const timeZone = "America/New_York";
const now = new Date("2026-11-24T15:00:00.000Z");

describe.each(testDialects)("the report's figures on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("adds up a week of counts and leads, days counted in the company's time zone", async () => {
    await seedReportData(t.db);
    const report = await buildReport(t.db, { period: REPORT_WEEK, timeZone, now });

    expect(report.days.map((day) => [day.day, day.pageviews, day.visits, day.visitors, day.leads])).toEqual([
      ["2026-11-09", 0, 0, 0, 0],
      ["2026-11-10", 65, 20, 15, 1],
      // The second quote arrived at 04:30 UTC on the 12th: 23:30 on the 11th in New York.
      ["2026-11-11", 10, 5, 4, 2],
      ["2026-11-12", 0, 0, 0, 0],
      // A message held as spam and released that day: a lead. The two still held count nowhere here.
      ["2026-11-13", 0, 0, 0, 1],
      ["2026-11-14", 0, 0, 0, 0],
      // 23:59 on Sunday counts; midnight on Monday belongs to the next week.
      ["2026-11-15", 0, 0, 0, 1],
    ]);
    expect(report.totals).toEqual({
      pageviews: 75,
      visits: 25,
      visitors: 19,
      contacts: 3,
      quotes: 2,
      newsletterSignups: 1,
      heldAsSpam: 2,
      visitToLead: 5 / 25,
    });
    expect(report.topPages).toEqual([
      { key: "/products", count: 50 },
      { key: "/", count: 25 },
    ]);
    expect(report.referrers).toEqual([
      { host: "www.google.com", engine: "Google", visits: 9 },
      { host: "partner.example", engine: "", visits: 3 },
    ]);
    expect(report.campaigns).toEqual([{ ...CAMPAIGN, visits: 5, leads: 1 }]);
    expect(report.downloads).toEqual([{ key: "/brochures/thermal-labels.pdf", count: 4 }]);
    expect(report.quotesByArea).toEqual([
      { area: "labels", quotes: 2, items: 3 },
      { area: "packaging", quotes: 1, items: 1 },
    ]);
    expect(report.notFound).toEqual([{ path: "/old-catalog.pdf", hits: 8, referrers: ["forum.example"] }]);
    expect(report.legacy).toEqual([{ key: "/products.html", count: 7 }]);
    expect(report.searchMisses).toEqual([{ key: "zt410 ribbon", count: 3 }]);
    expect(report.newsletterWeeks).toEqual([{ week: "2026-11-09", confirmed: 1, unsubscribed: 1 }]);
  });

  it("puts each lead under its source and medium, and leads without attribution under (none)", async () => {
    await seedReportData(t.db);
    const report = await buildReport(t.db, { period: REPORT_WEEK, timeZone, now });
    const rows = report.leadsBySource.map((row) => [
      row.source,
      row.medium,
      row.contacts,
      row.quotes,
      row.newsletter,
    ]);
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        [CAMPAIGN.source, CAMPAIGN.medium, 1, 0, 1],
        ["google", "organic", 0, 1, 0],
        ["partner.example", "referral", 1, 0, 0],
        ["(none)", "(none)", 1, 1, 0],
      ]),
    );
  });

  it("compares with the week before from the same tables", async () => {
    await seedReportData(t.db);
    const report = await buildReport(t.db, { period: PREVIOUS_WEEK, timeZone, now });
    expect(report.totals).toMatchObject({
      pageviews: 20,
      visits: 10,
      visitors: 9,
      contacts: 1,
      quotes: 0,
      heldAsSpam: 0,
    });
    expect(report.campaigns).toEqual([]);
    expect(report.notFound).toEqual([]);
  });

  it("counts a day not closed yet from its visitor hashes, and older searches without results", async () => {
    await t.db
      .insertInto("analytics_visitors")
      .values(["a", "b", "c"].map((hash) => ({ day: "2026-11-24", visitor_hash: hash })))
      .execute();
    await t.db
      .insertInto("search_misses")
      .values([
        { query: "foam corners", count: 4, last_seen_at: "2026-11-23T12:00:00.000Z" },
        { query: "seen long ago", count: 9, last_seen_at: "2026-01-01T12:00:00.000Z" },
      ])
      .execute();
    await t.db
      .insertInto("analytics_counts")
      .values({ day: "2026-11-24", metric: "search", key: "stretch wrap", detail: "miss", count: 2 })
      .execute();
    const report = await buildReport(t.db, {
      period: { since: "2026-11-23", until: "2026-11-24" },
      timeZone,
      now,
    });
    expect(report.days.map((day) => day.visitors)).toEqual([0, 3]);
    expect(report.searchMisses).toEqual([
      { key: "foam corners", count: 4 },
      { key: "stretch wrap", count: 2 },
    ]);
    expect(report.totals.visitToLead).toBeNull();
  });
});
