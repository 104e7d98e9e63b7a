/*
 * When the weekly digest is due (docs/report.md#weekly-digest): Monday at 07:00 on the company's clocks
 * (SITE_TIME_ZONE), for the week that ended the Sunday before, compared with the week before that.
 */
import { dayIn } from "~/server/mail/company-time.server";
import { addDays, mondayOf, type Period, zonedInstant } from "./calendar";

export const DIGEST_HOUR = 7;

export interface DigestWeek {
  /** The Monday the digest is sent on; its outbox dedupe key names it. */
  monday: string;
  /** When it became due: that Monday at 07:00 in the time zone. */
  dueAt: Date;
  /** Monday to Sunday, the week before `monday`. */
  week: Period;
  /** The week before `week`, to compare with. */
  previous: Period;
}

/** The digest whose time came last at or before `now`: this Monday's, or last Monday's before 07:00 on a Monday. */
export function latestDigest(now: Date, timeZone: string): DigestWeek {
  let monday = mondayOf(dayIn(now, timeZone));
  let dueAt = zonedInstant(monday, DIGEST_HOUR, 0, timeZone);
  if (dueAt.getTime() > now.getTime()) {
    monday = addDays(monday, -7);
    dueAt = zonedInstant(monday, DIGEST_HOUR, 0, timeZone);
  }
  return {
    monday,
    dueAt,
    week: { since: addDays(monday, -7), until: addDays(monday, -1) },
    previous: { since: addDays(monday, -14), until: addDays(monday, -8) },
  };
}

/** The outbox dedupe key that makes every instance queue a week's digest once. */
export function digestDedupeKey(monday: string): string {
  return `weekly-digest:${monday}`;
}
