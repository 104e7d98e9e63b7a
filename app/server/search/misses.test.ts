import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import { listSearchMisses, recordSearchMiss } from "./misses.server";

describe.each(testDialects)("search misses on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("counts each query once per search, under its normalised form", async () => {
    await recordSearchMiss(t.db, "Ribbon for ZT-410", new Date("2026-03-01T10:00:00.000Z"));
    await recordSearchMiss(t.db, "ribbon for zt 410", new Date("2026-03-02T11:30:00.000Z"));
    await recordSearchMiss(t.db, "  RIBBON FOR ZT410 ", new Date("2026-03-03T12:45:00.000Z"));
    await recordSearchMiss(t.db, "forklift batteries", new Date("2026-03-02T09:00:00.000Z"));

    expect(await listSearchMisses(t.db)).toEqual([
      { query: "ribbon for zt410", count: 3, lastSeenAt: "2026-03-03T12:45:00.000Z" },
      { query: "forklift batteries", count: 1, lastSeenAt: "2026-03-02T09:00:00.000Z" },
    ]);
  });

  it("keeps nothing but the query, its count and when it was last searched", async () => {
    await recordSearchMiss(t.db, "qwerty", new Date("2026-03-01T10:00:00.000Z"));
    const rows = await t.db.selectFrom("search_misses").selectAll().execute();
    expect(rows.map((row) => Object.keys(row).sort())).toEqual([["count", "last_seen_at", "query"]]);
  });

  it("keeps the latest time when an older search is counted after a newer one", async () => {
    await recordSearchMiss(t.db, "qwerty", new Date("2026-03-05T10:00:00.000Z"));
    await recordSearchMiss(t.db, "qwerty", new Date("2026-03-04T10:00:00.000Z"));
    expect(await listSearchMisses(t.db)).toEqual([
      { query: "qwerty", count: 2, lastSeenAt: "2026-03-05T10:00:00.000Z" },
    ]);
  });

  it("does not count a query that is only punctuation", async () => {
    expect(await recordSearchMiss(t.db, "!!! ??? ...")).toBe(false);
    expect(await listSearchMisses(t.db)).toEqual([]);
  });

  it("counts searches from several instances at once without losing one", async () => {
    const other = t.open();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => recordSearchMiss(index % 2 ? other : t.db, "same thing")),
    );
    expect((await listSearchMisses(t.db))[0]?.count).toBe(20);
  });

  it("lists the most frequent first, then the most recent, and filters by last seen", async () => {
    const at = (day: string) => new Date(`2026-03-${day}T08:00:00.000Z`);
    await recordSearchMiss(t.db, "alpha", at("01"));
    await recordSearchMiss(t.db, "beta", at("02"));
    await recordSearchMiss(t.db, "beta", at("03"));
    await recordSearchMiss(t.db, "gamma", at("04"));

    expect((await listSearchMisses(t.db)).map((miss) => miss.query)).toEqual(["beta", "gamma", "alpha"]);
    expect((await listSearchMisses(t.db, "2026-03-03T00:00:00.000Z")).map((miss) => miss.query)).toEqual([
      "beta",
      "gamma",
    ]);
  });
});
