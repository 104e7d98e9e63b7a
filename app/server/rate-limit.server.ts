import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Kysely } from "kysely";
import { type Dialect, writeTransaction } from "~/server/db/database.server";
import { type Arg, onlyRow, prepared } from "~/server/db/prepared.server";
import { type Database, type DB, isoTime } from "~/server/db/schema.server";

export interface RateLimit {
  limit: number;
  /** Fixed window length; windows up to one day are supported (older rows are pruned). */
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /**
   * Hits in the current window, this one included; a refusal answered from memory (see
   * knownOverLimit) repeats the count that first went over.
   */
  count: number;
  /** Until the current window ends. */
  retryAfterMs: number;
  /**
   * A refusal answered from memory: the client was already refused in this window, and that first
   * refusal was logged. Callers log a refusal only when this is not set, so a flood from one address
   * writes one warning, not one per request.
   */
  repeated?: true;
}

const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const lastPrune = new WeakMap<Database, number>();

/**
 * Keys this process has seen over their limit, per database, with the end of that window: their next
 * requests are refused from memory, without a write, so a flood from one client costs next to
 * nothing. The counter in the database stays the authority for every request that is let through.
 */
const overLimit = new WeakMap<Database, Map<string, { until: number; count: number }>>();
const OVER_LIMIT_MEMORY = 10_000;

function rememberOverLimit(db: Database, key: string, result: RateLimitResult, now: Date): void {
  if (result.allowed) return;
  let known = overLimit.get(db);
  if (!known) {
    known = new Map();
    overLimit.set(db, known);
  }
  if (known.size >= OVER_LIMIT_MEMORY) {
    for (const [other, { until }] of known) if (until <= now.getTime()) known.delete(other);
    // Still full: a flood of distinct keys. Forgetting them only costs one more database hit each.
    if (known.size >= OVER_LIMIT_MEMORY) known.clear();
  }
  known.set(key, { until: now.getTime() + result.retryAfterMs, count: result.count });
}

/** The refusal for a key this process already saw over its limit in this window, or null. */
function knownOverLimit(db: Database, key: string, now: Date): RateLimitResult | null {
  const known = overLimit.get(db);
  const entry = known?.get(key);
  if (!known || !entry) return null;
  if (entry.until <= now.getTime()) {
    known.delete(key);
    return null;
  }
  return { allowed: false, count: entry.count, retryAfterMs: entry.until - now.getTime(), repeated: true };
}

/**
 * This process's own counted hits of each key in its current window, and the key's turn: the hits it
 * sends to the database go one at a time per key. Every hit this process counted is in the database's
 * count (one that failed is taken back), so once it alone has counted `limit` hits the key is over and
 * its next requests are refused without a query. A burst from one client (twenty searches without
 * results at once, one address behind a proxy) so holds at most one database connection, waiting in
 * this process rather than on the counter row's lock, and writes at most `limit` hits a window.
 */
interface LocalWindow {
  windowStart: number;
  hits: number;
  /** The key's hits on their way, settled when the last one is; undefined when none is. */
  turn?: Promise<unknown>;
  /** This process refused the key from its own count in this window. */
  refused?: true;
}

const localWindows = new WeakMap<Database, Map<string, LocalWindow>>();
const LOCAL_WINDOWS_MEMORY = 10_000;

function windowStartOf(windowMs: number, now: Date): number {
  return Math.floor(now.getTime() / windowMs) * windowMs;
}

/**
 * Claims one of this process's hits of `key` in the current window: its window, or a refusal when this
 * process has already counted `limit`.
 */
function claimLocalHit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimit,
  now: Date,
): { window: LocalWindow } | { refused: RateLimitResult } {
  let windows = localWindows.get(db);
  if (!windows) {
    windows = new Map();
    localWindows.set(db, windows);
  }
  const windowStart = windowStartOf(windowMs, now);
  let window = windows.get(key);
  if (!window || window.windowStart !== windowStart) {
    if (windows.size >= LOCAL_WINDOWS_MEMORY) {
      for (const [other, entry] of windows) if (entry.windowStart < windowStart) windows.delete(other);
      // Still full: a flood of distinct keys. Forgetting them costs one database hit each, no more.
      if (windows.size >= LOCAL_WINDOWS_MEMORY) windows.clear();
    }
    window = { windowStart, hits: 0, ...(window?.turn ? { turn: window.turn } : {}) };
    windows.set(key, window);
  }
  if (window.hits >= limit) {
    // Not remembered as over its limit: the hits this process sent may still be on their way, and
    // those are within it. The first such refusal is the one its caller logs.
    const refused: RateLimitResult = {
      allowed: false,
      count: limit + 1,
      retryAfterMs: windowStart + windowMs - now.getTime(),
      ...(window.refused ? { repeated: true as const } : {}),
    };
    window.refused = true;
    return { refused };
  }
  window.hits += 1;
  return { window };
}

/**
 * The longest a hit waits for the key's hit before it. A database that hangs holds each write until its
 * query times out (10 s); without a bound, the hits of one client queued behind it would each wait for
 * all those before them, a minute and more for a burst. Past the wait a hit fails as a database error
 * would (its form answers that it could not be stored), without writing, and gives its hit back.
 */
export const TURN_WAIT_MS = 5_000;

/** A hit that waited TURN_WAIT_MS for the key's hit before it and was not sent. */
export class TurnTimeout extends Error {
  constructor() {
    super(`a hit of the same client waited ${TURN_WAIT_MS} ms for the one before it`);
    this.name = "TurnTimeout";
  }
}

/** Settles as `earlier` does, or rejects with TurnTimeout after TURN_WAIT_MS. */
function waitForTurn(earlier: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TurnTimeout()), TURN_WAIT_MS);
  });
  const settled = earlier.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, waited]).finally(() => clearTimeout(timer));
}

/**
 * Runs `write` (which counts one hit of the claimed window in the database) after the key's earlier
 * writes from this process, waiting at most TURN_WAIT_MS for them; a write that fails, or never ran,
 * gives its hit back. With none on its way (nearly always) it runs at once, with no timer.
 */
function inTurn<T>(window: LocalWindow, write: () => Promise<T>): Promise<T> {
  const earlier = window.turn;
  const run = earlier ? waitForTurn(earlier).then(write) : write();
  const settled = run.then(
    () => undefined,
    () => {
      window.hits = Math.max(0, window.hits - 1);
    },
  );
  // The next hit waits for this one and, when this one gave up waiting, for the write it waited for.
  const turn = earlier ? Promise.all([earlier, settled]) : settled;
  window.turn = turn;
  void turn.then(() => {
    if (window.turn === turn) window.turn = undefined;
  });
  return run;
}

const countOneHit = prepared((db, arg: Arg<{ key: string; windowStart: string }>) =>
  db
    .insertInto("rate_limit_hits")
    .values({ key: arg("key"), window_start: arg("windowStart"), count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["key", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("rate_limit_hits.count", "+", 1) })),
    )
    .returning("count"),
);

/**
 * Counts one request of `key` in the current fixed window, inside the caller's write transaction, and
 * says whether it is within the limit. The counter lives in the database
 * (docs/product.md#per-client-limits), so the limit holds across server instances; the upsert is one
 * atomic statement on both dialects. Fixed windows can let up to twice the limit through around a
 * window boundary, which is acceptable for abuse protection.
 */
export async function countHit(
  trx: Kysely<DB>,
  key: string,
  { limit, windowMs }: RateLimit,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowStart = windowStartOf(windowMs, now);
  const row = onlyRow(
    await countOneHit(trx, { key, windowStart: isoTime(new Date(windowStart)) }),
    "the per-client count's upsert",
  );
  const count = Number(row.count);
  return { allowed: count <= limit, count, retryAfterMs: windowStart + windowMs - now.getTime() };
}

/** Drops counters of windows that ended a day ago; at most every ten minutes per database. */
async function pruneIfDue(db: Database, now: Date): Promise<void> {
  if ((lastPrune.get(db) ?? 0) + PRUNE_EVERY_MS > now.getTime()) return;
  lastPrune.set(db, now.getTime());
  await writeTransaction(db, (trx) =>
    trx
      .deleteFrom("rate_limit_hits")
      .where("window_start", "<", isoTime(new Date(now.getTime() - PRUNE_AFTER_MS)))
      .execute(),
  );
}

/**
 * Runs `work` in one write transaction with the per-client count: the hit and the work commit
 * together, so a stored lead and its counted hit can never part. Over the limit, `work` does not run
 * and the refusal comes back instead.
 */
export async function withinRateLimit<T>(
  db: Database,
  key: string,
  rule: RateLimit,
  now: Date,
  work: (trx: Kysely<DB>, dialect: Dialect) => Promise<T>,
): Promise<{ limited: RateLimitResult } | { limited: null; value: T }> {
  const known = knownOverLimit(db, key, now);
  if (known) return { limited: known };
  const claim = claimLocalHit(db, key, rule, now);
  if ("refused" in claim) return { limited: claim.refused };
  await pruneIfDue(db, now);
  return inTurn(claim.window, async () => {
    // Another request of this key, in turn before this one, may have found it over its limit.
    const over = knownOverLimit(db, key, now);
    if (over) return { limited: over };
    const outcome = await writeTransaction(db, async (trx, dialect) => {
      const hit = await countHit(trx, key, rule, now);
      if (!hit.allowed) return { limited: hit };
      return { limited: null, value: await work(trx, dialect) };
    });
    if (outcome.limited) rememberOverLimit(db, key, outcome.limited, now);
    return outcome;
  });
}

/** The words of a 429: a form refused by its per-client limit (docs/product.md#per-client-limits). */
export const TOO_MANY_REQUESTS = {
  title: "Too Many Requests",
  message: "You have sent too many requests. Please wait a few minutes and try again.",
} as const;

/** The 429 answer of a form refused by its per-client limit, with the seconds until it may try again. */
export function tooManyRequests(limited: RateLimitResult) {
  return {
    ok: false,
    status: 429,
    ...TOO_MANY_REQUESTS,
    retryAfterSeconds: Math.ceil(limited.retryAfterMs / 1000),
  } as const;
}

/**
 * Whether `key` may make one more request in the current window, without counting one: for a check
 * made before any work is done (the quote upload, before its body is read). The hit is counted
 * later, with countHit or hitRateLimit. A key already known to be over its limit costs no query.
 */
export async function peekRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimit,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const known = knownOverLimit(db, key, now);
  if (known) return known;
  const windowStart = windowStartOf(windowMs, now);
  const local = localWindows.get(db)?.get(key);
  if (local && local.windowStart === windowStart && local.hits >= limit)
    return { allowed: false, count: local.hits, retryAfterMs: windowStart + windowMs - now.getTime() };
  const row = await db
    .selectFrom("rate_limit_hits")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", isoTime(new Date(windowStart)))
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return { allowed: count < limit, count, retryAfterMs: windowStart + windowMs - now.getTime() };
}

/** Counts one request of `key` on its own (see countHit). */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimit,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const known = knownOverLimit(db, key, now);
  if (known) return known;
  const claim = claimLocalHit(db, key, rule, now);
  if ("refused" in claim) return claim.refused;
  await pruneIfDue(db, now);
  return inTurn(claim.window, async () => {
    const over = knownOverLimit(db, key, now);
    if (over) return over;
    const hit = await writeTransaction(db, (trx) => countHit(trx, key, rule, now));
    rememberOverLimit(db, key, hit, now);
    return hit;
  });
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
  const cacheKey = `${secret}\n${ip}`;
  const cached = recentClientKeys.get(cacheKey);
  if (cached !== undefined) return cached;
  const key = computeClientKey(ip, secret);
  // Every request needs its client's key and a burst comes from few addresses: the last few thousand
  // are kept (the HMAC was a tenth of a refused post's CPU). Emptied when full, which bounds memory
  // whatever addresses a flood rotates through.
  if (recentClientKeys.size >= CLIENT_KEY_CACHE_SIZE) recentClientKeys.clear();
  recentClientKeys.set(cacheKey, key);
  return key;
}

const CLIENT_KEY_CACHE_SIZE = 4096;
const recentClientKeys = new Map<string, string>();

function computeClientKey(ip: string, secret: string): string {
  let normalized = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(normalized);
  if (mapped?.[1]) normalized = mapped[1];
  else if (isIPv6(normalized) && !normalized.includes(".")) {
    normalized = `${expandIPv6(normalized).slice(0, 4).join(":")}::/64`;
  }
  return createHmac("sha256", `ridgeline-client:${secret}`).update(normalized).digest("hex").slice(0, 32);
}
