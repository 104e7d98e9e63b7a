import { describe, expect, it, vi } from "vitest";
import {
  clientKeyForIp,
  hitRateLimit,
  TURN_WAIT_MS,
  TurnTimeout,
  withinRateLimit,
} from "~/server/rate-limit.server";
import { freshDatabaseEach, testDialects } from "../../tests/support/databases";

const secret = "a-test-secret-of-some-length";

describe("clientKeyForIp", () => {
  it("hashes the address and never returns it", () => {
    const key = clientKeyForIp("203.0.113.7", secret);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toContain("203");
    expect(clientKeyForIp("203.0.113.8", secret)).not.toBe(key);
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientKeyForIp("::ffff:203.0.113.7", secret)).toBe(clientKeyForIp("203.0.113.7", secret));
  });

  it("groups IPv6 addresses by /64", () => {
    expect(clientKeyForIp("2001:db8:1:2::1", secret)).toBe(
      clientKeyForIp("2001:0db8:0001:0002:ffff::9", secret),
    );
    expect(clientKeyForIp("2001:db8:1:2::1", secret)).not.toBe(clientKeyForIp("2001:db8:1:3::1", secret));
  });

  it("depends on the secret", () => {
    expect(clientKeyForIp("203.0.113.7", "s1")).not.toBe(clientKeyForIp("203.0.113.7", "s2"));
  });
});

describe.each(testDialects)("hitRateLimit on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  const rule = { limit: 3, windowMs: 60_000 };
  /** The database's count of a key's hits (one window in these tests). */
  const counted = async (key: string) =>
    Number(
      (
        await t.db
          .selectFrom("rate_limit_hits")
          .select("count")
          .where("key", "=", key)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it("allows up to the limit in a window, then refuses until the next window", async () => {
    const now = new Date("2025-05-05T10:00:10.000Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(t.db, "k", rule, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterMs).toBe(50_000);
    expect((await hitRateLimit(t.db, "other", rule, now)).allowed).toBe(true);
    expect((await hitRateLimit(t.db, "k", rule, new Date("2025-05-05T10:01:00.000Z"))).allowed).toBe(true);
  });

  it("counts concurrent hits from two instances exactly", async () => {
    const other = t.open();
    const now = new Date("2025-05-05T10:00:00.000Z");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => hitRateLimit(i % 2 ? other : t.db, "burst", rule, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    // Once an instance has seen the key over its limit it refuses from memory, without counting.
    expect(await counted("burst")).toBeGreaterThanOrEqual(4);
    expect(await counted("burst")).toBeLessThanOrEqual(12);
  });

  it("refuses a client already over its limit without writing, until its window ends", async () => {
    const now = new Date("2025-05-05T10:00:10.000Z");
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await hitRateLimit(t.db, "flood", rule, now));
    expect(first.map((r) => r.allowed)).toEqual([true, true, true, false]);
    // The fourth is refused by this process's own count: it has counted the limit already.
    expect(first[3]?.repeated).toBeUndefined();
    expect(await counted("flood")).toBe(3);
    const later = new Date("2025-05-05T10:00:40.000Z");
    const refused = await hitRateLimit(t.db, "flood", rule, later);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 20_000, repeated: true });
    expect(await counted("flood")).toBe(3);
    expect((await hitRateLimit(t.db, "flood", rule, new Date("2025-05-05T10:01:00.000Z"))).allowed).toBe(
      true,
    );
  });

  it("sends a burst from one client to the database one at a time, and no more than the limit", async () => {
    const now = new Date("2025-05-05T10:00:00.000Z");
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        withinRateLimit(t.db, "burst", rule, now, async (trx) => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          return trx.selectFrom("rate_limit_hits").select("count").execute();
        }),
      ),
    );
    expect(results.filter((r) => r.limited === null)).toHaveLength(3);
    expect(most).toBe(1);
    expect(await counted("burst")).toBe(3);
  });

  it("gives back a hit whose work failed, so a client is not refused for a post that was not kept", async () => {
    const now = new Date("2025-05-05T10:00:00.000Z");
    const failing = withinRateLimit(t.db, "unlucky", rule, now, async () => {
      throw new Error("the database went away");
    });
    await expect(failing).rejects.toThrow("the database went away");
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await withinRateLimit(t.db, "unlucky", rule, now, async () => "kept"));
    expect(results.map((r) => r.limited === null)).toEqual([true, true, true, false]);
  });

  it("fails a client's hit that waited too long for its hit before it, without sending it", async () => {
    const now = new Date("2025-05-05T10:00:00.000Z");
    // A write that hangs, as on a database that stopped answering.
    let release = () => {};
    let started = false;
    const hanging = withinRateLimit(t.db, "stuck", rule, now, async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return "late";
    });
    await vi.waitFor(() => expect(started).toBe(true));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let waiting: Promise<unknown>;
    try {
      waiting = withinRateLimit(t.db, "stuck", rule, now, async () => "never");
      const failed = expect(waiting).rejects.toBeInstanceOf(TurnTimeout);
      await vi.advanceTimersByTimeAsync(TURN_WAIT_MS);
      await failed;
    } finally {
      vi.useRealTimers();
    }
    release();
    expect((await hanging).limited).toBeNull();
    // The hit that gave up was given back: the client still has its limit's worth.
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await withinRateLimit(t.db, "stuck", rule, now, async () => "kept"));
    expect(results.map((r) => r.limited === null)).toEqual([true, true, false]);
  });

  it("prunes windows older than a day", async () => {
    await hitRateLimit(t.db, "old", rule, new Date("2025-05-01T00:00:00.000Z"));
    await hitRateLimit(t.db, "new", rule, new Date("2025-05-05T00:00:00.000Z"));
    const keys = await t.db.selectFrom("rate_limit_hits").select("key").execute();
    expect(keys.map((row) => row.key)).toEqual(["new"]);
  });
});
