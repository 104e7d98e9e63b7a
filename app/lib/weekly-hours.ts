/*
 * Opening hours written the way an office writes them, e.g. `Mon-Fri 08:00-17:00` or
 * `Mon,Wed,Fri 7:30-16`: the days (names, or a range of names, separated by commas) and the hours of
 * every one of those days, on the local clock. Read from the desk's DESK_BUSINESS_HOURS setting.
 */

export interface WeeklyHours {
  /** Days open, 0 Sunday to 6 Saturday, ascending. */
  days: readonly number[];
  /** Opening and closing time of the day, local, in hours (8.5 is 8:30); 0 <= opensAt < closesAt <= 24. */
  opensAt: number;
  closesAt: number;
}

export const DEFAULT_WEEKLY_HOURS: WeeklyHours = { days: [1, 2, 3, 4, 5], opensAt: 8, closesAt: 17 };

const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

function dayOf(name: string): number {
  return DAY_NAMES.indexOf(name.trim().slice(0, 3).toLowerCase() as (typeof DAY_NAMES)[number]);
}

/** `8`, `08:00` or `7:30` as hours; NaN when it is not a time of day. */
function hoursOf(text: string): number {
  const match = /^(\d{1,2})(?::([0-5]\d))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const hours = Number(match[1]) + Number(match[2] ?? 0) / 60;
  return hours <= 24 ? hours : Number.NaN;
}

/** The days of `Mon-Fri` or `Mon,Wed,Fri` (a range may wrap past Sunday: `Sat-Mon`); null when unreadable. */
function daysOf(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(",")) {
    const [first, last, ...rest] = part.split("-");
    const from = dayOf(first ?? "");
    const to = last === undefined ? from : dayOf(last);
    if (from < 0 || to < 0 || rest.length > 0) return null;
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === to) break;
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** The hours `text` states, or an error message that says how to write them. */
export function parseWeeklyHours(text: string): WeeklyHours | { error: string } {
  const example = "write the days and the hours, e.g. Mon-Fri 08:00-17:00";
  if (text.length > 100) return { error: `is too long: ${example}` };
  const match = /^\s*([A-Za-z,\s-]+?)\s+(\d{1,2}(?::\d\d)?)\s*-\s*(\d{1,2}(?::\d\d)?)\s*$/.exec(text);
  if (!match) return { error: example };
  const days = daysOf((match[1] ?? "").replace(/\s+/g, ""));
  if (!days) return { error: `names a day that is not Mon, Tue, Wed, Thu, Fri, Sat or Sun: ${example}` };
  const opensAt = hoursOf(match[2] ?? "");
  const closesAt = hoursOf(match[3] ?? "");
  if (Number.isNaN(opensAt) || Number.isNaN(closesAt) || !(opensAt < closesAt)) {
    return { error: `must open before it closes, between 00:00 and 24:00: ${example}` };
  }
  return { days, opensAt, closesAt };
}

const DAY_LABELS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** The hours written back, e.g. `Mon-Fri 08:00-17:00` (runs of days as ranges). */
export function describeWeeklyHours(hours: WeeklyHours): string {
  const runs: string[] = [];
  const days = [...hours.days].sort((a, b) => a - b);
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && (days[j + 1] ?? 0) === (days[j] ?? 0) + 1) j += 1;
    const [first, last] = [DAY_LABELS[days[i] ?? 0], DAY_LABELS[days[j] ?? 0]];
    runs.push(j > i ? `${first}-${last}` : `${first}`);
    i = j + 1;
  }
  const clock = (value: number) => {
    const minutes = Math.round(value * 60);
    return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  };
  return `${runs.join(",")} ${clock(hours.opensAt)}-${clock(hours.closesAt)}`;
}
