/*
 * The report's period as a reader asks for it (the report command's --since and --until, the desk's
 * from and to): days as YYYY-MM-DD, both included, 30 days to today by default, at most a year and a day.
 */
import { addDays, type Period } from "./calendar";

/** The longest period one report covers: a year and a day, so a leap year fits. */
export const MAX_REPORT_DAYS = 367;
/** Days a report covers unless asked otherwise. */
export const DEFAULT_REPORT_DAYS = 30;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as written (YYYY-MM-DD, a real date), or null. Longer input is refused unread. */
export function readDay(text: string | null | undefined): string | null {
  if (typeof text !== "string" || text.length !== 10 || !DAY.test(text)) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

/** The last `days` days to `today`, today included. */
export function lastDays(days: number, today: string): Period {
  return { since: addDays(today, -(days - 1)), until: today };
}

/**
 * The period of `from` and `to` (either may be missing: the 30 days to `to`, or from `from` to today),
 * or why it is refused.
 */
export function readPeriod(
  from: string | null | undefined,
  to: string | null | undefined,
  today: string,
): Period | { error: string } {
  const since = from ? readDay(from) : undefined;
  const until = to ? readDay(to) : undefined;
  if (since === null || until === null) return { error: "Enter dates as YYYY-MM-DD." };
  const last = until ?? (since && since > today ? since : today);
  const first = since ?? addDays(last, -(DEFAULT_REPORT_DAYS - 1));
  if (first > last) return { error: "The first day must not be after the last." };
  if (addDays(first, MAX_REPORT_DAYS - 1) < last)
    return { error: `A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter period.` };
  return { since: first, until: last };
}
