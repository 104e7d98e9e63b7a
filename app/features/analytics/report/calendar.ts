/*
 * Calendar days (`YYYY-MM-DD`) and weeks as the company's clocks read them (SITE_TIME_ZONE): the report's
 * periods, the digest's weeks and the UTC instants that bound them.
 */
import { zoneOffsetAt as offsetAt } from "~/lib/zone-clock";
import { dayIn } from "~/server/mail/company-time.server";

const DAY_MS = 24 * 60 * 60 * 1000;

const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The day `days` after (or, negative, before) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Monday to 6 for Sunday. */
export function weekdayOf(day: string): number {
  return (new Date(utcMidnight(day)).getUTCDay() + 6) % 7;
}

/** The Monday of the week (Monday to Sunday) `day` falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/** Every day from `since` to `until`, both included. */
export function daysFrom(since: string, until: string): string[] {
  const days: string[] = [];
  for (let day = since; day <= until; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The instant the time zone's clocks show `hour`:`minute` on `day`. A time the clocks skip (the hour
 * lost in spring) gives the instant an hour later; a time they show twice (autumn), the first one.
 */
export function zonedInstant(day: string, hour: number, minute: number, timeZone: string): Date {
  const wall = utcMidnight(day) + (hour * 60 + minute) * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // Autumn: both offsets fit; the larger one (summer time) is the earlier instant.
  const candidates = [first, second].filter((at) => at + offsetAt(at, timeZone) === wall);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second));
}

/** A period of whole days in the time zone, both ends included. */
export interface Period {
  since: string;
  until: string;
}

/** The UTC instants (ISO strings, as the tables store them) from the period's first midnight to the one after it. */
export function periodBounds(period: Period, timeZone: string): { from: string; to: string } {
  return {
    from: zonedInstant(period.since, 0, 0, timeZone).toISOString(),
    to: zonedInstant(addDays(period.until, 1), 0, 0, timeZone).toISOString(),
  };
}

/** The day an ISO timestamp falls on in the time zone. */
export function dayOfTimestamp(at: string, timeZone: string): string {
  return dayIn(new Date(at), timeZone);
}
