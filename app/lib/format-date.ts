// Dates are calendar days ("2025-02-11"); reading them in UTC keeps the day the same on the server
// (which prerenders) and in every visitor's time zone, so hydration never sees a different text.
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "2025-02-11" → "February 11, 2025" */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
