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

const SEPARATOR = "\u0000";

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

/** What identifies a visitor for the day, before hashing: address and user agent. */
function visitorKey(address: string, userAgent: string): string {
  return `${address}\n${userAgent.length > MAX_USER_AGENT ? userAgent.slice(0, MAX_USER_AGENT) : userAgent}`;
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
      if (budget.admit(day, metric, `${cleanKey}${SEPARATOR}${cleanDetail}`, client)) {
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
      visitors.add(day, visitorKey(address, budget.agentOf(day, address, userAgent)));
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

/** The counts added since the last take, at most `maxKeys` of them (the rest under OVERFLOW_KEY). */
function countStore(maxKeys: number) {
  let counts = new Map<string, number>();
  const overflowId = (day: string, metric: Metric) =>
    `${day}${SEPARATOR}${metric}${SEPARATOR}${OVERFLOW_KEY}${SEPARATOR}`;
  return {
    add(day: string, metric: Metric, key: string, detail: string, by: number): void {
      let id = `${day}${SEPARATOR}${metric}${SEPARATOR}${key}${SEPARATOR}${detail}`;
      let current = counts.get(id);
      if (current === undefined && counts.size >= maxKeys) {
        id = overflowId(day, metric);
        current = counts.get(id);
      }
      counts.set(id, (current ?? 0) + by);
    },
    take(): CountRow[] {
      const taken = counts;
      counts = new Map();
      const rows: CountRow[] = [];
      for (const [id, count] of taken) {
        const [day = "", metric = "", key = "", detail = ""] = id.split(SEPARATOR);
        rows.push({ day, metric: metric as Metric, key, detail, count });
      }
      return rows;
    },
    size: (): number => counts.size,
  };
}

/**
 * The visitors of each day: held as address and user agent until a write (each once, however many
 * pages a visitor sees meanwhile), then hashed with the day's salt off the request path; a hash is
 * handed to the writer the first time it is seen that day.
 */
function visitorStore() {
  const salts = new Map<string, string>();
  const hashes = firstSeenStore();
  const rememberHash = hashes.remember;
  const unhashed = new Map<string, Set<string>>();
  let unhashedCount = 0;

  return {
    add(day: string, key: string): void {
      let keys = unhashed.get(day);
      if (!keys) {
        keys = new Set();
        unhashed.set(day, keys);
      }
      if (keys.has(key)) return;
      if (unhashedCount < MAX_UNHASHED) {
        keys.add(key);
        unhashedCount += 1;
        return;
      }
      const salt = salts.get(day);
      if (salt !== undefined) rememberHash(day, hashKey(salt, key));
    },
    setSalt(day: string, salt: string): void {
      salts.set(day, salt);
    },
    hasSalt: (day: string): boolean => salts.has(day),
    forgetBefore(day: string): void {
      for (const known of [...salts.keys()]) if (known < day) salts.delete(known);
      hashes.forgetBefore(day);
      for (const [known, keys] of [...unhashed]) {
        if (known >= day) continue;
        unhashedCount -= keys.size;
        unhashed.delete(known);
      }
    },
    hashSome(limit: number): boolean {
      let left = limit;
      for (const [day, keys] of [...unhashed]) {
        const salt = salts.get(day);
        if (salt === undefined) continue;
        for (const key of keys) {
          if (left === 0) return true;
          rememberHash(day, hashKey(salt, key));
          keys.delete(key);
          unhashedCount -= 1;
          left -= 1;
        }
        unhashed.delete(day);
      }
      return false;
    },
    /** Hashes every visitor whose day's salt is known, and hands over the hashes first seen. */
    take(): VisitorRow[] {
      for (const [day, keys] of [...unhashed]) {
        const salt = salts.get(day);
        if (salt === undefined) continue;
        for (const key of keys) rememberHash(day, hashKey(salt, key));
        unhashedCount -= keys.size;
        unhashed.delete(day);
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
