import { describe, expect, it } from "vitest";
import { freshDatabaseEach, type TestDatabase, testDialects } from "../../../tests/support/databases";
import {
  listSearchMisses,
  MISSES_KEPT,
  MISSES_MAX_AGE_DAYS,
  pruneSearchMisses,
  recordSearchMiss,
  SEARCH_MISS_CLIENT_LIMIT,
} from "./misses.server";

/** Keyed hashes of two visitors' addresses, as the search page counts misses under them. */
const CLIENT = "0123456789abcdef0123456789abcdef";
const OTHER_CLIENT = "fedcba9876543210fedcba9876543210";
const FLOOD_CLIENT = "0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f";
const DAY_MS = 24 * 60 * 60 * 1000;

const rowCount = async (t: { db: TestDatabase["db"] }) =>
  Number(
    (
      await t.db
        .selectFrom("search_misses")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testDialects)("search misses on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("counts each query once per search, under its normalised form", async () => {
    await recordSearchMiss(t.db, CLIENT, "Ribbon for ZT-410", new Date("2026-03-01T10:00:00.000Z"));
    await recordSearchMiss(t.db, CLIENT, "ribbon for zt 410", new Date("2026-03-02T11:30:00.000Z"));
    await recordSearchMiss(t.db, CLIENT, "  RIBBON FOR ZT410 ", new Date("2026-03-03T12:45:00.000Z"));
    await recordSearchMiss(t.db, CLIENT, "forklift batteries", new Date("2026-03-02T09:00:00.000Z"));

    expect(await listSearchMisses(t.db)).toEqual([
      { query: "ribbon for zt410", count: 3, lastSeenAt: "2026-03-03T12:45:00.000Z" },
      { query: "forklift batteries", count: 1, lastSeenAt: "2026-03-02T09:00:00.000Z" },
    ]);
  });

  it("keeps nothing but the query, its count and when it was last searched", async () => {
    await recordSearchMiss(t.db, CLIENT, "qwerty", new Date("2026-03-01T10:00:00.000Z"));
    const rows = await t.db.selectFrom("search_misses").selectAll().execute();
    expect(rows.map((row) => Object.keys(row).sort())).toEqual([["count", "last_seen_at", "query"]]);
  });

  it("keeps the latest time when an older search is counted after a newer one", async () => {
    await recordSearchMiss(t.db, CLIENT, "qwerty", new Date("2026-03-05T10:00:00.000Z"));
    await recordSearchMiss(t.db, CLIENT, "qwerty", new Date("2026-03-04T10:00:00.000Z"));
    expect(await listSearchMisses(t.db)).toEqual([
      { query: "qwerty", count: 2, lastSeenAt: "2026-03-05T10:00:00.000Z" },
    ]);
  });

  it("does not count a query that is only punctuation", async () => {
    expect(await recordSearchMiss(t.db, CLIENT, "!!! ??? ...")).toBe("not_a_query");
    expect(await listSearchMisses(t.db)).toEqual([]);
  });

  it("counts searches from several instances at once without losing one", async () => {
    const other = t.open();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        recordSearchMiss(index % 2 ? other : t.db, CLIENT, "same thing"),
      ),
    );
    expect((await listSearchMisses(t.db))[0]?.count).toBe(20);
  });

  it("lists the most frequent first, then the most recent, and filters by last seen", async () => {
    const at = (day: string) => new Date(`2026-03-${day}T08:00:00.000Z`);
    await recordSearchMiss(t.db, CLIENT, "alpha", at("01"));
    await recordSearchMiss(t.db, CLIENT, "beta", at("02"));
    await recordSearchMiss(t.db, CLIENT, "beta", at("03"));
    await recordSearchMiss(t.db, CLIENT, "gamma", at("04"));

    expect((await listSearchMisses(t.db)).map((miss) => miss.query)).toEqual(["beta", "gamma", "alpha"]);
    expect((await listSearchMisses(t.db, "2026-03-03T00:00:00.000Z")).map((miss) => miss.query)).toEqual([
      "beta",
      "gamma",
    ]);
  });

  it("10,000 distinct searches without results from one client add its hourly budget of rows, no more", async () => {
    const now = new Date("2026-03-10T10:00:00.000Z");
    const outcomes = { counted: 0, not_a_query: 0, over_budget: 0 };
    for (let i = 0; i < 10_000; i += 1) {
      outcomes[await recordSearchMiss(t.db, FLOOD_CLIENT, `zzq nonsense ${i}`, now)] += 1;
    }
    expect(outcomes).toEqual({ counted: SEARCH_MISS_CLIENT_LIMIT.limit, not_a_query: 0, over_budget: 9_980 });
    expect(await rowCount(t)).toBe(SEARCH_MISS_CLIENT_LIMIT.limit);
    // The budget is the client's: another visitor is counted, and the next hour the first one is again.
    expect(await recordSearchMiss(t.db, OTHER_CLIENT, "forklift batteries", now)).toBe("counted");
    const nextHour = new Date(now.getTime() + SEARCH_MISS_CLIENT_LIMIT.windowMs);
    expect(await recordSearchMiss(t.db, FLOOD_CLIENT, "pallet wrap 30 inch", nextHour)).toBe("counted");
    expect(await rowCount(t)).toBe(SEARCH_MISS_CLIENT_LIMIT.limit + 2);
    // Stored under the keyed hash only: nothing about the client in the misses, no address anywhere.
    const keys = await t.db.selectFrom("rate_limit_hits").select("key").execute();
    expect(keys.map((row) => row.key).sort()).toEqual(
      [`search-miss:${FLOOD_CLIENT}`, `search-miss:${FLOOD_CLIENT}`, `search-miss:${OTHER_CLIENT}`].sort(),
    );
  });

  it("pruning keeps the most frequent queries with their counts and last times, and drops old ones", async () => {
    const now = new Date("2026-09-01T12:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    // Many clients, as a spread-out flood would be: each has its own budget. A small `keep` stands for
    // MISSES_KEPT, so the test stays small.
    const keep = 40;
    const client = (i: number) => i.toString(16).padStart(32, "0");
    const rare = Array.from({ length: keep + 20 }, (_, i) => `rare query ${i}`);
    for (const [i, query] of rare.entries())
      await recordSearchMiss(t.db, client(i), query, daysAgo(1 + (i % 30)));
    for (let i = 0; i < 5; i += 1) await recordSearchMiss(t.db, client(i), "ribbon for zt410", daysAgo(2));
    await recordSearchMiss(t.db, client(9), "ribbon for zt410", daysAgo(1));
    for (let i = 0; i < 3; i += 1) await recordSearchMiss(t.db, client(i), "forklift batteries", daysAgo(3));
    // Frequent once, but nobody has searched for it in longer than the age kept.
    for (let i = 0; i < 9; i += 1)
      await recordSearchMiss(t.db, client(i), "discontinued item", daysAgo(MISSES_MAX_AGE_DAYS + 1));
    expect(await rowCount(t)).toBe(keep + 23);

    const deleted = await pruneSearchMisses(t.db, { now, keep, batch: 7 });
    expect(deleted).toBe(23);
    expect(await rowCount(t)).toBe(keep);
    const kept = await listSearchMisses(t.db);
    expect(kept.slice(0, 2)).toEqual([
      { query: "ribbon for zt410", count: 6, lastSeenAt: daysAgo(1).toISOString() },
      { query: "forklift batteries", count: 3, lastSeenAt: daysAgo(3).toISOString() },
    ]);
    expect(kept.some((miss) => miss.query === "discontinued item")).toBe(false);
    // Among equally rare queries the most recent stay.
    const oldestKept = kept.at(-1)?.lastSeenAt ?? "";
    const dropped = rare.filter((query) => !kept.some((miss) => miss.query === query));
    expect(dropped).toHaveLength(22);
    const lastSeen = (i: number) => daysAgo(1 + (i % 30)).toISOString();
    for (const query of dropped) expect(lastSeen(rare.indexOf(query)) <= oldestKept, query).toBe(true);

    // A second run finds nothing more to do, and the default keeps far more than this.
    expect(await pruneSearchMisses(t.db, { now, keep })).toBe(0);
    expect(MISSES_KEPT).toBeGreaterThanOrEqual(1000);
  });
});
