import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import { writeTransaction } from "~/server/db/database.server";
import { type Database, isoTime } from "~/server/db/schema.server";

export interface RateLimit {
  limit: number;
  /** Fixed window length; windows up to one day are supported (older rows are pruned). */
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Until the current window ends. */
  retryAfterMs: number;
}

const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const lastPrune = new WeakMap<Database, number>();

/**
 * Counts one request of `key` in the current fixed window and says whether it is within the limit.
 * The counter lives in the database (D9), so the limit holds across server instances; the upsert is
 * one atomic statement on both dialects. Fixed windows can let up to twice the limit through around
 * a window boundary, which is acceptable for abuse protection.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimit,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const due = (lastPrune.get(db) ?? 0) + PRUNE_EVERY_MS <= now.getTime();
  if (due) lastPrune.set(db, now.getTime());

  const count = await writeTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("rate_limit_hits")
      .values({ key, window_start: isoTime(new Date(windowStart)), count: 1 })
      .onConflict((oc) =>
        oc
          .columns(["key", "window_start"])
          .doUpdateSet((eb) => ({ count: eb("rate_limit_hits.count", "+", 1) })),
      )
      .returning("count")
      .executeTakeFirstOrThrow();
    if (due) {
      await trx
        .deleteFrom("rate_limit_hits")
        .where("window_start", "<", isoTime(new Date(now.getTime() - PRUNE_AFTER_MS)))
        .execute();
    }
    return Number(row.count);
  });

  return { allowed: count <= limit, count, retryAfterMs: windowStart + windowMs - now.getTime() };
}

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.padStart(4, "0"));
}

/**
 * The key under which a client's requests are counted and stored: a keyed hash of its IP address, so
 * no address is kept. IPv4-mapped IPv6 addresses count as their IPv4 address, and IPv6 clients are
 * grouped by /64, the block one subscriber usually controls (counting single /128 addresses would let
 * one client rotate through billions of keys). The secret (see client-key-secret.server.ts) makes the
 * hash impossible to reverse by trying every IPv4 address.
 */
export function clientKeyForIp(ip: string, secret: string): string {
  let normalized = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(normalized);
  if (mapped?.[1]) normalized = mapped[1];
  else if (isIPv6(normalized) && !normalized.includes(".")) {
    normalized = `${expandIPv6(normalized).slice(0, 4).join(":")}::/64`;
  }
  return createHmac("sha256", `ridgeline-client:${secret}`).update(normalized).digest("hex").slice(0, 32);
}
