/*
 * Times and days in the company's time zone (SITE_TIME_ZONE, docs/quotes.md#time-zone): what the sales
 * e-mails show a request's arrival in, and count the days to its needed-by date by.
 */

const receivedFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let format = map.get(timeZone);
  if (!format) {
    format = make();
    map.set(timeZone, format);
  }
  return format;
}

/** `Tue, Nov 24, 2026, 10:47 AM EST`: when something arrived, as the company's clocks read it. */
export function formatReceived(at: Date, timeZone: string): string {
  return cached(receivedFormats, timeZone, () =>
    Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }),
  ).format(at);
}

/** The calendar day (`YYYY-MM-DD`) it is at `at` in the time zone. */
export function dayIn(at: Date, timeZone: string): string {
  return cached(dayFormats, timeZone, () =>
    Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  ).format(at);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** Whole days from one calendar day to another (`YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

const monthDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const monthDayYear = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});

export interface NeededBy {
  /** `needed Dec 10 (16 days)`, `needed Nov 24 (today)`, `needed Jan 5, 2027 (42 days)`. */
  text: string;
  /** The day alone: `Dec 10`, or `Jan 5, 2027` in another year than the arrival's. */
  date: string;
  /** The days left: `16 days`, `today`, `1 day ago`. */
  count: string;
  /** Days from the day the request arrived (in the time zone) to the needed-by day; negative if past. */
  days: number;
}

/** The needed-by date as the sales subject words it, counted from the day `receivedAt` falls on. */
export function neededBy(day: string, receivedAt: Date, timeZone: string): NeededBy {
  const today = dayIn(receivedAt, timeZone);
  const days = daysBetween(today, day);
  const date = new Date(utcDay(day));
  const shown = day.slice(0, 4) === today.slice(0, 4) ? monthDay.format(date) : monthDayYear.format(date);
  const count =
    days === 0
      ? "today"
      : days === 1
        ? "1 day"
        : days === -1
          ? "1 day ago"
          : days < 0
            ? `${-days} days ago`
            : `${days} days`;
  return { text: `needed ${shown} (${count})`, date: shown, count, days };
}
