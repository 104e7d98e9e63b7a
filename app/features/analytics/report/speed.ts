/*
 * Speed to lead in the report (docs/report.md#speed-to-lead): leads answered, the median and 90th
 * percentile of their response times, and the leads still open, per branch and per member of staff.
 * The sales desk computes these figures (its statuses and business hours are its own); the report does
 * not import the desk. Whoever puts the site together (the composition root, a route, the report
 * command) hands the report a SpeedSource, and the report shows what it answers
 * (docs/decisions/0073-speed-to-lead-handed-to-the-report.md).
 */
import { duration } from "~/lib/duration";
import type { Database } from "~/server/db/schema.server";

export interface SpeedLine {
  /** A branch's name, "Unrouted", a member of staff's address, or "All leads". */
  label: string;
  answered: number;
  /** Business seconds; null when nothing was answered. */
  median: number | null;
  p90: number | null;
  /** Still New now, and of those overdue. */
  open: number;
  overdue: number;
}

export interface SpeedSection {
  total: SpeedLine;
  byBranch: SpeedLine[];
  byStaff: SpeedLine[];
}

/** The figures for the leads answered in [from, to) (ISO instants), read through `db`. */
export type SpeedSource = (
  db: Database,
  bounds: { from: string; to: string },
  now: Date,
) => Promise<SpeedSection>;

/** A response time as the report shows it: "1 h 5 min", or "n/a" when nothing was answered. */
export function responseTime(seconds: number | null): string {
  return seconds === null ? "n/a" : duration(seconds);
}

/** The columns every speed table shows after its first. */
export const SPEED_COLUMNS = ["Answered", "Median", "90th percentile", "Still open", "Overdue"] as const;

export function speedCells(line: SpeedLine): Array<string | number> {
  return [line.answered, responseTime(line.median), responseTime(line.p90), line.open, line.overdue];
}
