import type { Database } from "~/server/db/schema.server";
import { dayIn } from "~/server/mail/company-time.server";
import { deleteCountsBefore } from "./store.server";

/** The day `months` calendar months before `day` (YYYY-MM-DD), the 31st becoming the month's last. */
export function monthsBefore(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(targetYear, 4)}-${pad(targetMonth, 2)}-${pad(Math.min(date, lastDay), 2)}`;
}

/**
 * Deletes the counts of days older than the retention (docs/analytics.md#retention): today, in the
 * site's time zone, `months` months back is the oldest day kept. Returns the rows deleted.
 */
export function purgeOldCounts(
  db: Database,
  options: { months: number; timeZone: string; now?: Date },
): Promise<number> {
  const today = dayIn(options.now ?? new Date(), options.timeZone);
  return deleteCountsBefore(db, monthsBefore(today, options.months));
}
