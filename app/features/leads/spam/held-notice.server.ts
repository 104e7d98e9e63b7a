/*
 * The daily held-leads notice (docs/spam.md#the-owner-hears-of-every-held-lead-the-same-day): at
 * NOTICE_HOUR on the company's clocks, one e-mail listing each lead held since the last notice and not
 * released, so a buyer the rules misjudged waits hours, never silently. Queued once a day across every
 * instance (the outbox's dedupe key `held-leads:<day>`), like the weekly digest.
 */
import { type Database, isoTime } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { dayIn, formatReceived } from "~/server/mail/company-time.server";
import { type Email, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import { isQueued, queueOnce, startScheduledMail } from "~/server/mail/scheduled.server";
import type { PeriodicOptions } from "~/server/periodic.server";
import { bodyLine, headerSafe } from "../email-text.server";
import { type HeldLead, listHeldLeads } from "../held.server";

export const HELD_NOTICE_KIND = "held_leads_notice";
/** The hour (on the company's clocks) the day's notice goes out: the same working day as most holds. */
export const NOTICE_HOUR = 16;
const DAY_MS = 24 * 60 * 60 * 1000;
/** With no notice in the week before, one lists the leads held this far back. */
const FIRST_NOTICE_LOOKBACK_MS = 7 * DAY_MS;
/** Leads listed per kind; the rest are counted ("and N more"). */
const LISTED = 100;

export interface HeldNoticeSettings {
  /** REPORT_EMAIL when set, else SALES_EMAIL. */
  to: string;
  mailFrom: string;
  timeZone: string;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) the time zone's clocks show at `at`. */
function hourIn(at: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(at));
}

export function heldNoticeDedupeKey(day: string): string {
  return `held-leads:${day}`;
}

/** The notice's e-mail: each lead's reference, kind, arrival and reasons, and how to release it. */
export function buildHeldNotice(
  settings: HeldNoticeSettings,
  day: string,
  leads: readonly HeldLead[],
): Email {
  const lines = leads.map((lead) =>
    [
      `${lead.reference}  ${lead.kind === "quote" ? "quote request" : "contact message"}  received ${formatReceived(new Date(lead.receivedAt), settings.timeZone)}`,
      `  From: ${bodyLine(headerSafe(lead.who, 80))}`,
      ...lead.reasons.map((reason) => `  - ${bodyLine(reason.reason)} (${reason.code}, ${reason.score})`),
    ].join("\n"),
  );
  const count = leads.length;
  return {
    kind: HELD_NOTICE_KIND,
    from: settings.mailFrom,
    to: settings.to,
    subject: `Website: ${count} lead${count === 1 ? "" : "s"} held as likely spam (${day})`,
    text: [
      `The website held ${count} lead${count === 1 ? "" : "s"} as likely spam since the last notice: no sales e-mail,`,
      "acknowledgement or webhook went out. If one is a real buyer, release it and it is sent on at once:",
      "",
      "  npm run leads -- release <reference>",
      "",
      ...lines.flatMap((line) => [line, ""]),
      "Held leads not released are deleted after 30 days (docs/spam.md).",
    ].join("\n"),
    headers: { "Auto-Submitted": "auto-generated" },
    priority: MAIL_PRIORITY.lead,
  };
}

/**
 * Queues the day's notice when it is due (NOTICE_HOUR or later) and something was held since the last
 * one; "queued" when this call queued it, "none" when nothing new is held, "not-due" before the hour,
 * "already" when the day's notice is queued.
 */
export async function queueHeldNotice(
  db: Database,
  settings: HeldNoticeSettings,
  now: Date,
): Promise<"queued" | "none" | "not-due" | "already"> {
  if (hourIn(now, settings.timeZone) < NOTICE_HOUR) return "not-due";
  const day = dayIn(now, settings.timeZone);
  const dedupeKey = heldNoticeDedupeKey(day);
  if (await isQueued(db, dedupeKey)) return "already";
  // The last notice of the past week, found by its dedupe key (the outbox's unique index).
  const earlierKeys = [1, 2, 3, 4, 5, 6, 7].map((days) =>
    heldNoticeDedupeKey(dayIn(new Date(now.getTime() - days * DAY_MS), settings.timeZone)),
  );
  const previous = await db
    .selectFrom("email_outbox")
    .where("dedupe_key", "in", earlierKeys)
    .select("created_at")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const since = previous?.created_at ?? isoTime(new Date(now.getTime() - FIRST_NOTICE_LOOKBACK_MS));
  const leads = await listHeldLeads(db, LISTED, since);
  if (leads.length === 0) return "none";
  return queueOnce(db, buildHeldNotice(settings, day, leads), dedupeKey, now);
}

/** Checks every `checkEveryMs` (REPORT_CHECK_MS) whether the day's notice is due; returns the stop. */
export function startHeldNotice(
  db: Database,
  logger: Logger,
  settings: HeldNoticeSettings,
  options: PeriodicOptions = {},
): () => void {
  return startScheduledMail(
    (now) => queueHeldNotice(db, settings, now),
    logger,
    {
      kind: HELD_NOTICE_KIND,
      queued: "held-leads notice queued",
      failed: "could not queue the held-leads notice",
    },
    options,
  );
}
