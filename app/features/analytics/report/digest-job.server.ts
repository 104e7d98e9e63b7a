/*
 * Queues the weekly digest once per week across every instance (docs/report.md#weekly-digest). Each
 * instance checks every minute whether the latest Monday 07:00 (SITE_TIME_ZONE) has a digest in the
 * outbox; the first to find none builds it and queues it with the dedupe key `weekly-digest:<Monday>`,
 * and the outbox's unique key makes any other instance's insert do nothing.
 */
import { listHeldLeads } from "~/features/leads/held.server";
import { readerOf } from "~/server/db/read-off-loop.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { isQueued, queueOnce, startScheduledMail } from "~/server/mail/scheduled.server";
import type { PeriodicOptions } from "~/server/periodic.server";
import { periodBounds } from "./calendar";
import { buildDigestMail } from "./digest.server";
import { buildReport } from "./model.server";
import { digestDedupeKey, latestDigest } from "./schedule";
import type { SpeedSource } from "./speed";

/** Held leads the digest lists at most. */
const HELD_LISTED = 50;

export interface DigestJobSettings {
  /** REPORT_EMAIL. */
  to: string;
  mailFrom: string;
  timeZone: string;
  /** Speed to lead for last week, from whoever starts the job (the report does not import the desk). */
  speed?: SpeedSource;
}

/**
 * Queues the digest due at `now` unless one is queued already; "queued" when this call queued it.
 * Safe to call from several instances at once: at most one insert takes the dedupe key.
 */
export async function queueDueDigest(
  db: Database,
  settings: DigestJobSettings,
  now: Date,
): Promise<"queued" | "already"> {
  const due = latestDigest(now, settings.timeZone);
  const dedupeKey = digestDedupeKey(due.monday);
  if (await isQueued(db, dedupeKey)) return "already";
  // Its reads run off the event loop (a SQLite read thread): a large week must not hold up the site.
  const reader = readerOf(db);
  const week = await buildReport(reader, {
    period: due.week,
    timeZone: settings.timeZone,
    now,
    ...(settings.speed ? { speed: settings.speed } : {}),
  });
  const previous = await buildReport(reader, { period: due.previous, timeZone: settings.timeZone, now });
  const held = await listHeldLeads(reader, HELD_LISTED, periodBounds(due.week, settings.timeZone).from);
  const mail = buildDigestMail({ mailFrom: settings.mailFrom, to: settings.to }, week, previous, held);
  return queueOnce(db, mail, dedupeKey, now);
}

export type DigestJobOptions = PeriodicOptions;

/** Starts the checks; returns the function that stops them. */
export function startWeeklyDigest(
  db: Database,
  logger: Logger,
  settings: DigestJobSettings,
  options: DigestJobOptions = {},
): () => void {
  return startScheduledMail(
    (now) => queueDueDigest(db, settings, now),
    logger,
    {
      kind: "weekly_digest",
      queued: "report: weekly digest queued",
      failed: "report: could not queue the weekly digest",
    },
    options,
  );
}
