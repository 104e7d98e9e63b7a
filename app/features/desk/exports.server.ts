import { contactRows } from "~/features/leads/export/contact-rows.server";
import type { ExportTable } from "~/features/leads/export/export-table.server";
import { quoteRows } from "~/features/leads/export/quote-rows.server";
import { subscriberRows } from "~/features/leads/export/subscriber-rows.server";
import type { Database } from "~/server/db/schema.server";

/*
 * The desk's CSV downloads (docs/desk.md#report-and-downloads), for the owner and managers: contact
 * messages and quote requests received in a period, and the confirmed newsletter subscribers, read
 * by the same modules as the operator's exports (`npm run export -- leads export`, `npm run quotes --
 * export`), so the columns are the same. Leads held as likely spam and not released are not leads and are left out. What a
 * visitor typed is written as it was typed; the CSV writer keeps it from starting a formula.
 */

export const DOWNLOADS = ["leads", "quotes", "subscribers"] as const;
export type Download = (typeof DOWNLOADS)[number];

/** Rows one download holds at most: a bound on memory whatever the period (the page says so). */
export const MAX_DOWNLOAD_ROWS = 20_000;

/** `cut` is true when the period had more rows than one download holds. */
export type DownloadTable = ExportTable;

type Bounds = { from: string; to: string };

/** The rows of one download; `bounds` (ISO instants, `to` excluded) applies to leads and quotes. */
export function downloadTable(db: Database, what: Download, bounds: Bounds): Promise<DownloadTable> {
  const period = { ...bounds, limit: MAX_DOWNLOAD_ROWS };
  if (what === "leads") return contactRows(db, period);
  if (what === "quotes") return quoteRows(db, period);
  return subscriberRows(db, { limit: MAX_DOWNLOAD_ROWS });
}
