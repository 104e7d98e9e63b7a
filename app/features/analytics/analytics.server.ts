import type { SiteCounting } from "~/load-context";
import type { Database } from "~/server/db/schema.server";
import { clientAddress, type TrustProxy } from "~/server/http/client-key.server";
import type { Answered } from "~/server/http/pipeline.server";
import type { Logger } from "~/server/logger.server";
import { countAnswer, forgetUserAgents, isUnseen } from "./answers.server";
import { type Counter, createCounter } from "./counter.server";
import { METRICS } from "./metrics";
import { closeDay, openDaysBefore, saltOf, UnwrittenBatch, writeBatch } from "./store.server";

/*
 * First-party, cookieless counting (docs/analytics.md, docs/decisions/0033): one per server process.
 * Requests add to memory; a job writes what was added every few seconds and on a graceful stop,
 * fetches the day's shared salt ahead of midnight and closes ended days.
 */

/** How long after midnight a day is closed: the other instances' last writes of it are in by then. */
export const CLOSE_AFTER_MS = 5 * 60 * 1000;
/** The longest a stop waits for the last write. */
const STOP_WAIT_MS = 5_000;
/** Visitors hashed at a time before a write: about a millisecond of work. */
const HASHES_PER_SLICE = 500;
/** How often the job looks for ended days to close. */
const CLOSE_EVERY_MS = 60 * 1000;
/** The next day's salt is fetched this long before the day starts, so the first views of it wait for nothing. */
const SALT_AHEAD_MS = 10 * 60 * 1000;

export interface AnalyticsOptions {
  /** ANALYTICS: off counts nothing (the job still closes days counted before). */
  enabled: boolean;
  timeZone: string;
  trustProxy: TrustProxy;
  /** SITE_URL's origin: a referrer from it is the same visit's. */
  siteUrl: string;
  /** ANALYTICS_FLUSH_SECONDS, in milliseconds: the most a crash loses. */
  flushEveryMs: number;
  /** The clock, in milliseconds; tests set it. */
  now?: () => number;
}

export interface Analytics {
  /** For the request pipeline's onAnswered; undefined when counting is off. */
  onAnswered?: (answer: Answered) => void;
  /** For SiteServices.counting; undefined when counting is off. */
  counting?: SiteCounting;
  /** The background job: returns its stop, which writes what is left. */
  job: (db: Database, logger: Logger) => () => Promise<void>;
}

function formOutcome(result: { status: number; held?: boolean }): "sent" | "refused" | "held" | undefined {
  if (result.status >= 200 && result.status < 300) return result.held ? "held" : "sent";
  return result.status >= 400 && result.status < 500 ? "refused" : undefined;
}

function webHeaders(headers: Headers) {
  return {
    "sec-purpose": headers.get("sec-purpose") ?? undefined,
    purpose: headers.get("purpose") ?? undefined,
    "user-agent": headers.get("user-agent") ?? undefined,
  };
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const now = options.now ?? Date.now;
  const counter = createCounter({ timeZone: options.timeZone, now });
  const siteHost = new URL(options.siteUrl).hostname.toLowerCase();
  const address = (answer: Answered) =>
    clientAddress(answer.req.headers["x-forwarded-for"], answer.req.socket.remoteAddress, options.trustProxy);
  const counting: SiteCounting = {
    formOutcome(form, result) {
      const outcome = formOutcome(result);
      if (outcome) counter.count(METRICS.form, form, outcome);
    },
    search(query, found, headers, client) {
      if (query === "" || isUnseen(webHeaders(headers))) return;
      counter.count(METRICS.search, query, found ? "hit" : "miss", client);
    },
  };
  return {
    onAnswered: options.enabled
      ? (answer) => {
          try {
            countAnswer(counter, answer, { address, siteHost });
          } catch {
            // Counting never fails a request; a count it could not take is simply not there.
          }
        }
      : undefined,
    counting: options.enabled ? counting : undefined,
    job: (db, logger) => startAnalyticsJob(db, logger, counter, { ...options, now }),
  };
}

/**
 * Writes the counter every flushEveryMs (one transaction), keeps the salts of today and, shortly
 * before midnight, tomorrow in memory, and closes the days that ended CLOSE_AFTER_MS ago. Its stop
 * waits for a write under way and then writes what is left: a graceful stop loses nothing.
 */
export function startAnalyticsJob(
  db: Database,
  logger: Logger,
  counter: Counter,
  options: Pick<AnalyticsOptions, "enabled" | "flushEveryMs"> & { now: () => number },
): () => Promise<void> {
  const { now } = options;
  let stopped = false;
  const closeEnded = dayCloser(db, logger, counter, now);
  const tick = async () => {
    if (options.enabled) {
      await fetchSalts(db, counter, now()).catch((error: unknown) =>
        logger.warn({ err: error }, "analytics: could not read the day's salt"),
      );
      await flush(db, logger, counter);
    }
    await closeEnded().catch((error: unknown) =>
      logger.warn({ err: error }, "analytics: could not close a day"),
    );
  };

  // One run at a time: while the database is slow, a run due meanwhile is skipped, not queued.
  let inFlight: Promise<void> | undefined;
  const run = () => {
    if (inFlight) return;
    inFlight = tick().finally(() => {
      inFlight = undefined;
    });
  };
  // At once: the day's salt is read before the first write needs it.
  run();
  const timer = setInterval(run, options.flushEveryMs);
  timer.unref();
  return async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    // A database that does not answer must not hold up the shutdown for long.
    const written = (async () => {
      await inFlight;
      if (options.enabled) await flush(db, logger, counter);
    })();
    if (await isLate(written, STOP_WAIT_MS))
      logger.warn({ counts: counter.size() }, "analytics: counts not written before the stop");
  };
}

/** The salts of the day at `at` and, shortly before midnight, of the next day, read into memory. */
async function fetchSalts(db: Database, counter: Counter, at: number): Promise<void> {
  for (const day of new Set([counter.dayAt(at), counter.dayAt(at + SALT_AHEAD_MS)])) {
    if (!counter.hasSalt(day)) counter.setSalt(day, await saltOf(db, day, new Date(at)));
  }
}

/** Writes what the counter holds in one transaction; what could not be written is kept for the next try. */
async function flush(db: Database, logger: Logger, counter: Counter): Promise<void> {
  // The visitors are hashed in slices, the event loop free between two (docs/analytics.md#how-it-is-written).
  while (counter.hashSome(HASHES_PER_SLICE)) await new Promise((resolve) => setImmediate(resolve));
  const batch = counter.take();
  try {
    await writeBatch(db, batch);
  } catch (error) {
    // What was written stays written; the rest is tried again.
    counter.giveBack(error instanceof UnwrittenBatch ? error.rest : batch);
    logger.warn(
      { err: error, counts: batch.counts.length },
      "analytics: could not write counts; kept for the next try",
    );
  }
}

/**
 * Closes the days that ended CLOSE_AFTER_MS ago, at most every CLOSE_EVERY_MS, and forgets the
 * counter's older days and, on a new day, the user agents seen.
 */
function dayCloser(db: Database, logger: Logger, counter: Counter, now: () => number): () => Promise<void> {
  let lastClose = 0;
  let userAgentsDay = "";
  return async () => {
    const at = now();
    if (at - lastClose < CLOSE_EVERY_MS) return;
    lastClose = at;
    const openBefore = counter.dayAt(at - CLOSE_AFTER_MS);
    counter.forgetBefore(openBefore);
    const today = counter.dayAt(at);
    if (today !== userAgentsDay) forgetUserAgents();
    userAgentsDay = today;
    for (const day of await openDaysBefore(db, openBefore)) {
      const visitors = await closeDay(db, day);
      if (visitors !== undefined) logger.info({ day, visitors }, "analytics: day closed");
    }
  };
}

/** Whether `work` is still unfinished after `ms`. */
async function isLate(work: Promise<void>, ms: number): Promise<boolean> {
  let timeout: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timeout = setTimeout(() => resolve("late"), ms);
  });
  const first = await Promise.race([work, late]);
  clearTimeout(timeout);
  return first === "late";
}
