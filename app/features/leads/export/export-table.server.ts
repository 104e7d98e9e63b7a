import type { CsvValue } from "~/lib/csv";

/*
 * A lead table for a CSV file: the columns and rows of one kind of lead received in a period. The
 * desk's downloads and the operator's export commands read the same rows through it, so their files
 * have the same columns.
 */

/** Received from `from` (an ISO instant, included) to `to` (excluded); at most `limit` rows. */
export interface ExportPeriod {
  from?: string;
  to?: string;
  limit?: number;
}

export interface ExportTable {
  header: string[];
  rows: CsvValue[][];
  /** True when the period had more rows than `limit`. */
  cut: boolean;
}

/** The rows read with one more than the limit: at most the limit kept, and whether there were more. */
export function capped<T>(rows: T[], limit: number | undefined): { rows: T[]; cut: boolean } {
  if (limit === undefined || rows.length <= limit) return { rows, cut: false };
  return { rows: rows.slice(0, limit), cut: true };
}
