import { DEFAULT_WEEKLY_HOURS, type WeeklyHours } from "~/lib/weekly-hours";
import { localParts, zoneOffsetAt as offsetAt } from "~/lib/zone-clock";

/*
 * Business time between two instants (docs/desk.md#response-time): only the hours a branch is open
 * count, Monday to Friday 8:00 to 17:00 by default, in the branch's own time zone. A pure function:
 * no clock, no database.
 */

/** The days and hours open (opening and closing in hours, 8.5 is 8:30), in a time zone. */
export interface BusinessHours extends WeeklyHours {
  /** IANA time zone name, e.g. America/Chicago. */
  timeZone: string;
}

export const DEFAULT_BUSINESS_HOURS: WeeklyHours = DEFAULT_WEEKLY_HOURS;

/** Days looked at, at most: a lead answered after a year counts a year of business time. */
const MAX_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a local wall-clock time happens in the zone (the later reading across a DST change). */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day) + Math.round(hour * 3_600_000);
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** Each opening of the business from the local day of `from` on, as [opens, closes] instants, for MAX_DAYS days. */
function* openings(from: number, hours: BusinessHours): Generator<[number, number]> {
  const first = localParts(from, hours.timeZone);
  for (let n = 0; n <= MAX_DAYS; n += 1) {
    // Calendar days in the zone, counted from the start's local date (noon avoids DST edges).
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day, 12) + n * DAY_MS);
    if (!hours.days.includes(date.getUTCDay())) continue;
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    yield [
      instantOf(year, month, day, hours.opensAt, hours.timeZone),
      instantOf(year, month, day, hours.closesAt, hours.timeZone),
    ];
  }
}

/** Milliseconds of business time from `start` to `end` (0 when end is not after start). */
export function businessMillisBetween(start: Date, end: Date, hours: BusinessHours): number {
  const from = start.getTime();
  const to = end.getTime();
  if (!(to > from)) return 0;
  let total = 0;
  for (const [opens, closes] of openings(from, hours)) {
    if (opens >= to) break;
    total += Math.max(0, Math.min(closes, to) - Math.max(opens, from));
  }
  return total;
}

/**
 * The instant `millis` of business time have passed since `start`: when a lead that arrived then
 * becomes overdue. Null when that is further than a year of days away (no business days configured).
 */
export function afterBusinessMillis(start: Date, millis: number, hours: BusinessHours): Date | null {
  const from = start.getTime();
  let left = millis;
  for (const [opens, closes] of openings(from, hours)) {
    const open = Math.max(opens, from);
    if (closes <= open) continue;
    if (closes - open >= left) return new Date(open + left);
    left -= closes - open;
  }
  return null;
}

/** Whole seconds of business time between two instants. */
export function businessSecondsBetween(start: Date, end: Date, hours: BusinessHours): number {
  return Math.floor(businessMillisBetween(start, end, hours) / 1000);
}
