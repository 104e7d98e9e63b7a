import {
  ATTRIBUTION_CSV_HEADER,
  attributionCsvCells,
  readAttributions,
} from "~/features/leads/attribution/attribution.server";
import type { Database } from "~/server/db/schema.server";
import { capped, type ExportPeriod, type ExportTable } from "./export-table.server";

export const QUOTE_ROWS_HEADER = [
  "reference",
  "received_at",
  "company",
  "name",
  "email",
  "phone",
  "postal_code",
  "needed_by",
  "po_reference",
  "item",
  // The catalogue part number the line came with, as posted (docs/quotes.md#part-numbers).
  "sku",
  "area",
  "description",
  "quantity",
  "unit",
  "notes",
  "label_details",
  "foam_details",
  "files",
  // How the buyer came (docs/attribution.md); empty for requests from before it was kept.
  ...ATTRIBUTION_CSV_HEADER,
];

/**
 * The quote requests received in a period, one row per line item, each carrying its request's
 * fields, files and attribution; `requests` counts the requests. Requests held aside as likely spam
 * are not leads until released (docs/spam.md).
 */
export async function quoteRows(
  db: Database,
  period: ExportPeriod,
): Promise<ExportTable & { requests: number }> {
  const { rows, cut } = capped(await readQuoteLines(db, period), period.limit);
  const ids = [...new Set(rows.map((row) => row.request_id))];
  const names = await fileNames(db, ids);
  const attribution = await readAttributions(db, "quote", ids);
  return {
    header: QUOTE_ROWS_HEADER,
    rows: rows.map((row) => [
      row.reference,
      row.created_at,
      row.company,
      row.name,
      row.email,
      row.phone,
      row.postal_code,
      row.needed_by,
      row.po_reference,
      row.position + 1,
      row.sku ?? "",
      row.area,
      row.description,
      Number(row.quantity),
      row.unit,
      row.notes,
      // The item's own details; a request from before they were kept per item has one set for all.
      flattenDetails(row.item_label_details ?? row.label_details),
      flattenDetails(row.foam_details),
      (names.get(row.request_id) ?? []).join("; "),
      ...attributionCsvCells(attribution.get(row.request_id)),
    ]),
    cut,
    requests: ids.length,
  };
}

/** The lines of the period's requests, with their request's fields; one more than the limit. */
function readQuoteLines(db: Database, period: ExportPeriod) {
  let query = db
    .selectFrom("quote_items")
    .innerJoin("quote_requests", "quote_requests.id", "quote_items.request_id")
    .select([
      "quote_requests.id as request_id",
      "quote_requests.reference",
      "quote_requests.created_at",
      "quote_requests.company",
      "quote_requests.name",
      "quote_requests.email",
      "quote_requests.phone",
      "quote_requests.postal_code",
      "quote_requests.needed_by",
      "quote_requests.po_reference",
      "quote_requests.label_details",
      "quote_requests.foam_details",
      "quote_items.position",
      "quote_items.sku",
      "quote_items.area",
      "quote_items.description",
      "quote_items.quantity",
      "quote_items.unit",
      "quote_items.notes",
      "quote_items.label_details as item_label_details",
    ])
    .where((eb) =>
      eb.or([eb("quote_requests.held_at", "is", null), eb("quote_requests.released_at", "is not", null)]),
    )
    .orderBy("quote_requests.id")
    .orderBy("quote_items.position");
  if (period.from !== undefined) query = query.where("quote_requests.created_at", ">=", period.from);
  if (period.to !== undefined) query = query.where("quote_requests.created_at", "<", period.to);
  if (period.limit !== undefined) query = query.limit(period.limit + 1);
  return query.execute();
}

/** The names of each request's files, in their order. */
async function fileNames(db: Database, requestIds: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (let start = 0; start < requestIds.length; start += 500) {
    const files = await db
      .selectFrom("quote_files")
      .innerJoin("stored_files", "stored_files.id", "quote_files.file_id")
      .select(["quote_files.request_id", "stored_files.file_name"])
      .where("quote_files.request_id", "in", requestIds.slice(start, start + 500))
      .orderBy("quote_files.request_id")
      .orderBy("quote_files.position")
      .execute();
    for (const file of files)
      names.set(file.request_id, [...(names.get(file.request_id) ?? []), file.file_name]);
  }
  return names;
}

/** Stored label and foam details (JSON of field names to values) as "field: value; …", empty values left out. */
function flattenDetails(json: string | null): string {
  if (!json) return "";
  try {
    return Object.entries(JSON.parse(json) as Record<string, unknown>)
      .filter(([, value]) => typeof value === "string" && value !== "")
      .map(([key, value]) => `${key}: ${value}`)
      .join("; ");
  } catch {
    return "";
  }
}
