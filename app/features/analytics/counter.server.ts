import { hash } from "node:crypto";
import { dayIn } from "~/server/mail/company-time.server";
import { createKeyBudget } from "./budget.server";
import type { Metric } from "./metrics";
import { withoutBidiControls } from "./visible-text";

/*
 * The counts of one server process, in memory between two writes (docs/analytics.md#how-it-is-written):
 * a request adds to a Map and never waits on the database; the batch writer takes what was added
 * every few seconds. Every key is bounded, and so is the number of them.
 */

/** Longest key or detail kept (a path, a query, a host); longer ones are cut. */
export const MAX_KEY_LENGTH = 200;
/** Distinct counts held between two writes; beyond it a new key is counted under OVERFLOW_KEY. */
export const MAX_KEYS = 10_000;
/** Where the counts of keys beyond MAX_KEYS go, per day and metric. */
export const OVERFLOW_KEY = "(other)";
/** A user agent is hashed up to this length: enough to tell browsers apart. */
const MAX_USER_AGENT = 512;
/** Visitors not hashed yet, per day: held until the next write (or the day's salt), then hashed. */
const MAX_UNHASHED = 10_000;
/** Hashes remembered per day to skip writing one twice; past it the database's key still dedupes. */
const MAX_SEEN_PER_DAY = 200_000;

export interface CountRow {
  day: string;
  metric: Metric;
  key: string;
  detail: string;
  count: number;
}

export interface VisitorRow {
  day: string;
  visitorHash: string;
}

/** What one write takes: the counts added and the visitor hashes first seen since the last. */
export interface Batch {
  counts: CountRow[];
  visitors: VisitorRow[];
}

export interface CounterOptions {
  /** SITE_TIME_ZONE: a day is a calendar day there. */
  timeZone: string;
  /** The clock, in milliseconds; tests set it. */
  now?: () => number;
  maxKeys?: number;
}

/**
 * Control characters (NUL, the separator, among them) and bidirectional controls removed, then cut to
 * MAX_KEY_LENGTH.
 */
export function boundedKey(value: string): string {
  const cut = value.length > MAX_KEY_LENGTH * 2 ? value.slice(0, MAX_KEY_LENGTH * 2) : value;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const controls = /[\u0000-\u001f\u007f]/g;
  const clean = withoutBidiControls(controls.test(cut) ? cut.replace(controls, "") : cut);
  return clean.length > MAX_KEY_LENGTH ? clean.slice(0, MAX_KEY_LENGTH) : clean;
}

/** A user agent as far as it tells visitors apart: its first MAX_USER_AGENT characters. */
function agentPart(userAgent: string): string {
  return userAgent.length > MAX_USER_AGENT ? userAgent.slice(0, MAX_USER_AGENT) : userAgent;
}

/** What identifies a visitor for the day, before hashing: address and user agent. */
function visitorKey(address: string, userAgent: string): string {
  return `${address}\n${agentPart(userAgent)}`;
}

export function visitorHash(salt: string, address: string, userAgent: string): string {
  return hashKey(salt, visitorKey(address, userAgent));
}

function hashKey(salt: string, key: string): string {
  // The one-shot hash: half the CPU of createHash's object.
  return hash("sha256", `${salt}\n${key}`, "base64url");
}

export function createCounter(options: CounterOptions) {
  const counts = countStore(options.maxKeys ?? MAX_KEYS);
  const visitors = visitorStore();
  const { dayAt, today } = dayClock(options.timeZone, options.now ?? Date.now);
  const budget = createKeyBudget();

  return {
    /** The calendar day (YYYY-MM-DD) it is now, in the site's time zone. */
    today,
    /** The calendar day at a time (milliseconds), in the site's time zone. */
    dayAt,

    /**
     * Adds one to a count of today's; a key or detail is cut to MAX_KEY_LENGTH. A key new today that
     * the day's budget (budget.server.ts) does not admit, for the kind or for `client` (the client's
     * address or key, when known), is counted under OVERFLOW_KEY.
     */
    count(metric: Metric, key: string, detail = "", client?: string): void {
      const day = today();
      const cleanKey = boundedKey(key);
      const cleanDetail = boundedKey(detail);
      if (budget.admit(day, metric, cleanKey, cleanDetail, client)) {
        counts.add(day, metric, cleanKey, cleanDetail, 1);
      } else {
        counts.add(day, metric, OVERFLOW_KEY, "", 1);
      }
    },

    /**
     * A visitor of today: its hash (salt, address, user agent) is written once per day and process.
     * The two are held in memory until the next write, a bounded number, and hashed then (or, the
     * first seconds after a start, when the day's salt is known).
     */
    visitor(address: string, userAgent: string): void {
      const day = today();
      // One address rotating its user agent makes at most a few visitors (budget.server.ts).
      visitors.add(day, address, agentPart(budget.agentOf(day, address, userAgent)));
    },

    /** The salt of a day, shared by every instance (from analytics_salts). */
    setSalt: visitors.setSalt,
    hasSalt: visitors.hasSalt,
    /**
     * Forgets the salts, hashes and unhashed visitors of the days before `day`: after a day ends,
     * nothing of its visitors stays in memory.
     */
    forgetBefore: visitors.forgetBefore,
    /**
     * Hashes up to `limit` of the visitors waiting (of days whose salt is known); whether any wait
     * still. The writer calls it in slices before take, so hashing never holds the event loop long.
     */
    hashSome: visitors.hashSome,

    /**
     * Everything added since the last take, and the memory of it cleared; the visitors are hashed
     * now (those of a day whose salt is not known yet wait for it).
     */
    take(): Batch {
      const firstSeen = visitors.take();
      return { counts: counts.take(), visitors: firstSeen };
    },

    /** A batch that could not be written, added back so the next write tries it again. */
    giveBack(batch: Batch): void {
      // Bounded like new counts: a long outage does not grow the map past its limit.
      for (const row of batch.counts) counts.add(row.day, row.metric, row.key, row.detail, row.count);
      visitors.giveBack(batch.visitors);
    },

    /** Counts held right now (the number of distinct keys). */
    size: counts.size,
  };
}

/** The calendar day at a time, and today's, worked out once a minute. */
function dayClock(timeZone: string, now: () => number) {
  // The day changes only on a whole minute (time zone offsets are whole minutes), so it is worked
  // out once a minute, not per request.
  let dayMinute = -1;
  let currentDay = "";
  /** The calendar day at `ms`: Intl's formatting, several microseconds, so not per request. */
  const dayAt = (ms: number): string => dayIn(new Date(ms), timeZone);
  /** Today, worked out once a minute. */
  const today = (): string => {
    const ms = now();
    const minute = Math.floor(ms / 60_000);
    if (minute !== dayMinute) {
      dayMinute = minute;
      currentDay = dayAt(ms);
    }
    return currentDay;
  };
  return { dayAt, today };
}

/** Counts by day, metric, key and detail. */
type Counts = Map<string, Map<Metric, Map<string, Map<string, number>>>>;

/**
 * The counts added since the last take, at most `maxKeys` of them (the rest under OVERFLOW_KEY). Held
 * nested by day, metric, key and detail, so a request's count joins no strings into an id and hashes
 * none but its key: a page view's counts are two lookups of its path.
 */
function countStore(maxKeys: number) {
  let counts: Counts = new Map();
  let size = 0;
  /** The details of a key, made on the way when missing. */
  const detailsOf = (day: string, metric: Metric, key: string): Map<string, number> => {
    let metrics = counts.get(day);
    if (!metrics) {
      metrics = new Map();
      counts.set(day, metrics);
    }
    let keys = metrics.get(metric);
    if (!keys) {
      keys = new Map();
      metrics.set(metric, keys);
    }
    let details = keys.get(key);
    if (!details) {
      details = new Map();
      keys.set(key, details);
    }
    return details;
  };
  return {
    add(day: string, metric: Metric, key: string, detail: string, by: number): void {
      const known = counts.get(day)?.get(metric)?.get(key);
      const held = known?.get(detail);
      if (known && held !== undefined) {
        known.set(detail, held + by);
        return;
      }
      // A new count: its own while there is room, else the day's and metric's overflow.
      const [ownKey, ownDetail] = size < maxKeys ? [key, detail] : [OVERFLOW_KEY, ""];
      const details = detailsOf(day, metric, ownKey);
      const current = details.get(ownDetail);
      if (current === undefined) size += 1;
      details.set(ownDetail, (current ?? 0) + by);
    },
    take(): CountRow[] {
      const taken = counts;
      counts = new Map();
      size = 0;
      const rows: CountRow[] = [];
      for (const [day, metrics] of taken)
        for (const [metric, keys] of metrics)
          for (const [key, details] of keys)
            for (const [detail, count] of details) rows.push({ day, metric, key, detail, count });
      return rows;
    },
    size: (): number => size,
  };
}

/** User agents by address, of the visitors of one day not hashed yet. */
type Unhashed = Map<string, Set<string>>;

/**
 * The visitors of each day: held as address and user agent until a write (each once, however many
 * pages a visitor sees meanwhile), then hashed with the day's salt off the request path; a hash is
 * handed to the writer the first time it is seen that day. Held by address, then user agent, so a
 * page view joins no strings: a returning visitor is two lookups.
 */
function visitorStore() {
  const salts = new Map<string, string>();
  const hashes = firstSeenStore();
  const rememberHash = hashes.remember;
  const unhashed = new Map<string, Unhashed>();
  let unhashedCount = 0;

  /** Hashes up to `limit` visitors of a day (all by default), forgetting them; how many it hashed. */
  const hashDay = (day: string, salt: string, visitors: Unhashed, limit = Number.POSITIVE_INFINITY) => {
    let hashed = 0;
    for (const [address, agents] of visitors) {
      for (const agent of agents) {
        if (hashed === limit) return hashed;
        rememberHash(day, hashKey(salt, visitorKey(address, agent)));
        agents.delete(agent);
        unhashedCount -= 1;
        hashed += 1;
      }
      visitors.delete(address);
    }
    unhashed.delete(day);
    return hashed;
  };

  return {
    add(day: string, address: string, agent: string): void {
      const visitors = unhashed.get(day);
      const agents = visitors?.get(address);
      if (agents?.has(agent)) return;
      if (unhashedCount < MAX_UNHASHED) {
        if (agents) agents.add(agent);
        else if (visitors) visitors.set(address, new Set([agent]));
        else unhashed.set(day, new Map([[address, new Set([agent])]]));
        unhashedCount += 1;
        return;
      }
      const salt = salts.get(day);
      if (salt !== undefined) rememberHash(day, hashKey(salt, visitorKey(address, agent)));
    },
    setSalt(day: string, salt: string): void {
      salts.set(day, salt);
    },
    hasSalt: (day: string): boolean => salts.has(day),
    forgetBefore(day: string): void {
      for (const known of [...salts.keys()]) if (known < day) salts.delete(known);
      hashes.forgetBefore(day);
      for (const [known, visitors] of [...unhashed]) {
        if (known >= day) continue;
        for (const agents of visitors.values()) unhashedCount -= agents.size;
        unhashed.delete(known);
      }
    },
    hashSome(limit: number): boolean {
      let left = limit;
      for (const [day, visitors] of [...unhashed]) {
        const salt = salts.get(day);
        if (salt === undefined) continue;
        left -= hashDay(day, salt, visitors, left);
        // Out of slice: more wait if any day with a salt still has visitors.
        if (left === 0) return [...unhashed.keys()].some((other) => salts.has(other));
      }
      return false;
    },
    /** Hashes every visitor whose day's salt is known, and hands over the hashes first seen. */
    take(): VisitorRow[] {
      for (const [day, visitors] of [...unhashed]) {
        const salt = salts.get(day);
        if (salt !== undefined) hashDay(day, salt, visitors);
      }
      return hashes.take();
    },
    giveBack: hashes.giveBack,
  };
}

/** The visitor hashes seen per day, and those first seen since the last take. */
function firstSeenStore() {
  const seen = new Map<string, Set<string>>();
  let firstSeen: VisitorRow[] = [];
  return {
    remember(day: string, hash: string): void {
      let hashes = seen.get(day);
      if (!hashes) {
        hashes = new Set();
        seen.set(day, hashes);
      }
      if (hashes.has(hash)) return;
      if (hashes.size >= MAX_SEEN_PER_DAY) hashes.clear();
      hashes.add(hash);
      firstSeen.push({ day, visitorHash: hash });
    },
    forgetBefore(day: string): void {
      for (const known of [...seen.keys()]) if (known < day) seen.delete(known);
    },
    take(): VisitorRow[] {
      const visitors = firstSeen;
      firstSeen = [];
      return visitors;
    },
    giveBack(visitors: VisitorRow[]): void {
      if (firstSeen.length < MAX_SEEN_PER_DAY) firstSeen.push(...visitors);
    },
  };
}

export type Counter = ReturnType<typeof createCounter>;
