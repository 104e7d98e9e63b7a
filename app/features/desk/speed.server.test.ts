import { describe, expect, it } from "vitest";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import type { Database } from "~/server/db/schema.server";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import { syncDeskLeads } from "./inbox.server";
import { changeLead } from "./lead-actions.server";
import { percentile, speedFigures } from "./speed.server";
import { addStaff } from "./staff.server";
import { insertQuoteRequest } from "./testing/quote-leads";

// Monday 2026-11-30, 9:00 in Dallas and 10:00 in Atlanta.
const MONDAY = Date.parse("2026-11-30T15:00:00.000Z");
const minute = 60_000;

const quote = (db: Database, reference: string, zip: string, at: number) =>
  insertQuoteRequest(db, { reference, postal_code: zip, created_at: new Date(at).toISOString() });

describe("percentile", () => {
  it("takes the nearest rank: the median of four is the second, the 90th of ten the ninth", () => {
    expect(percentile([60, 120, 300, 600], 50)).toBe(120);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([42], 90)).toBe(42);
    expect(percentile([], 50)).toBeNull();
  });
});

describe.each(testDialects)("speed to lead on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let clock = new Date(MONDAY);
  const services = () => ({
    db: t.db,
    routing: defaultRouting(),
    salesEmail: "sales@ridgeline.test",
    timeZone: "America/New_York",
    now: () => clock,
  });

  it("counts answered leads with their median and 90th percentile per branch and per responder, and the leads still New", async () => {
    const { staff: owner } = await addStaff(t.db, {
      email: "owner@ridgeline.test",
      role: "owner",
      branch: null,
    });
    const { staff: rep } = await addStaff(t.db, {
      email: "pat@ridgeline.test",
      role: "rep",
      branch: "dallas",
    });
    const dallas = [
      await quote(t.db, "Q-DAL001", "75201", MONDAY),
      await quote(t.db, "Q-DAL002", "75201", MONDAY),
      await quote(t.db, "Q-DAL003", "75201", MONDAY),
    ];
    const atlanta = await quote(t.db, "Q-ATL001", "30301", MONDAY);
    // Still New: one Dallas lead from 9:00 (overdue by 10:00), one Atlanta lead from 9:50 (not yet).
    await quote(t.db, "Q-DAL004", "75201", MONDAY);
    await quote(t.db, "Q-ATL002", "30301", MONDAY + 50 * minute);
    await syncDeskLeads(services());
    const answer = async (who: typeof owner, id: number, after: number) => {
      clock = new Date(MONDAY + after * minute);
      await changeLead(
        services(),
        who,
        { kind: "quote", id },
        { action: "status", status: "contacted", reason: "" },
      );
    };
    await answer(rep, dallas[0] ?? 0, 5);
    await answer(rep, dallas[1] ?? 0, 20);
    await answer(owner, dallas[2] ?? 0, 45);
    await answer(owner, atlanta, 10);
    // A second move is not a response: the first one counts.
    clock = new Date(MONDAY + 90 * minute);
    await changeLead(
      services(),
      owner,
      { kind: "quote", id: dallas[0] ?? 0 },
      { action: "status", status: "won", reason: "" },
    );

    const period = {
      from: new Date(MONDAY).toISOString(),
      to: new Date(MONDAY + 24 * 60 * minute).toISOString(),
    };
    const now = new Date(MONDAY + 60 * minute);
    const all = await speedFigures(services(), owner, period, now);
    expect(all.total).toEqual({
      key: "all",
      answered: 4,
      median: 10 * 60,
      p90: 45 * 60,
      open: 2,
      overdue: 1,
    });
    expect(all.byBranch).toEqual([
      { key: "atlanta", answered: 1, median: 600, p90: 600, open: 1, overdue: 0 },
      { key: "dallas", answered: 3, median: 20 * 60, p90: 45 * 60, open: 1, overdue: 1 },
    ]);
    expect(all.byStaff).toEqual([
      { key: "owner@ridgeline.test", answered: 2, median: 600, p90: 45 * 60, open: 0, overdue: 0 },
      { key: "pat@ridgeline.test", answered: 2, median: 300, p90: 20 * 60, open: 0, overdue: 0 },
    ]);

    // The Dallas rep's figures cover the leads the rep may see: Dallas's and unrouted ones.
    const theirs = await speedFigures(services(), rep, period, now);
    expect(theirs.byBranch.map((row) => row.key)).toEqual(["dallas"]);
    expect(theirs.total.answered).toBe(3);

    // A period before any answer has none, but the leads still New wait all the same.
    const before = { from: "2026-11-01T00:00:00.000Z", to: new Date(MONDAY).toISOString() };
    expect((await speedFigures(services(), owner, before, now)).total).toEqual({
      key: "all",
      answered: 0,
      median: null,
      p90: null,
      open: 2,
      overdue: 1,
    });
  });
});
