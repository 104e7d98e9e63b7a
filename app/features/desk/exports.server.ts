import {
  ATTRIBUTION_CSV_HEADER,
  attributionCsvCells,
  readAttributions,
} from "~/features/leads/attribution/attribution.server";
import type { CsvValue } from "~/lib/csv";
import type { Database } from "~/server/db/schema.server";

/*
 * The desk's CSV downloads (docs/desk.md#report-and-downloads), for the owner and managers: contact
 * messages and quote requests received in a period, with the same columns as the operator's exports
 * (`npm run export -- leads export`, `npm run quotes -- export`), and the confirmed newsletter
 * subscribers. Leads held as likely spam and not released are not leads and are left out. What a
 * visitor typed is written as it was typed; the CSV writer keeps it from starting a formula.
 */

export const DOWNLOADS = ["leads", "quotes", "subscribers"] as const;
export type Download = (typeof DOWNLOADS)[number];

/** Rows one download holds at most: a bound on memory whatever the period (the page says so). */
export const MAX_DOWNLOAD_ROWS = 20_000;

export interface DownloadTable {
  header: string[];
  rows: CsvValue[][];
  /** True when the period had more rows than one download holds. */
  cut: boolean;
}

type Bounds = { from: string; to: string };

const capped = <T>(rows: T[]) => ({
  rows: rows.slice(0, MAX_DOWNLOAD_ROWS),
  cut: rows.length > MAX_DOWNLOAD_ROWS,
});

async function leads(db: Database, bounds: Bounds): Promise<DownloadTable> {
  const found = await db
    .selectFrom("contact_submissions")
    .select(["id", "created_at", "name", "email", "phone", "message", "reference"])
    .where((eb) => eb.or([eb("held_at", "is", null), eb("released_at", "is not", null)]))
    .where("created_at", ">=", bounds.from)
    .where("created_at", "<", bounds.to)
    .orderBy("id")
    .limit(MAX_DOWNLOAD_ROWS + 1)
    .execute();
  const { rows, cut } = capped(found);
  const attribution = await readAttributions(
    db,
    "contact",
    rows.map((row) => row.id),
  );
  return {
    header: [
      "id",
      "received_at",
      "name",
      "email",
      "phone",
      "message",
      "reference",
      ...ATTRIBUTION_CSV_HEADER,
    ],
    rows: rows.map((row) => [
      row.id,
      row.created_at,
      row.name,
      row.email,
      row.phone,
      row.message,
      row.reference,
      ...attributionCsvCells(attribution.get(row.id)),
    ]),
    cut,
  };
}

/** Stored label and foam details (JSON of field names to values) as "field: value; …". */
function flatten(json: string | null): string {
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

const QUOTE_HEADER = [
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
  "sku",
  "area",
  "description",
  "quantity",
  "unit",
  "notes",
  "label_details",
  "foam_details",
  "files",
  ...ATTRIBUTION_CSV_HEADER,
];

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

/** One row per line item, each carrying its request's fields, files and attribution. */
async function quotes(db: Database, bounds: Bounds): Promise<DownloadTable> {
  const found = await db
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
    .where("quote_requests.created_at", ">=", bounds.from)
    .where("quote_requests.created_at", "<", bounds.to)
    .where((eb) =>
      eb.or([eb("quote_requests.held_at", "is", null), eb("quote_requests.released_at", "is not", null)]),
    )
    .orderBy("quote_requests.id")
    .orderBy("quote_items.position")
    .limit(MAX_DOWNLOAD_ROWS + 1)
    .execute();
  const { rows, cut } = capped(found);
  const ids = [...new Set(rows.map((row) => row.request_id))];
  const names = await fileNames(db, ids);
  const attribution = await readAttributions(db, "quote", ids);
  return {
    header: QUOTE_HEADER,
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
      flatten(row.item_label_details ?? row.label_details),
      flatten(row.foam_details),
      (names.get(row.request_id) ?? []).join("; "),
      ...attributionCsvCells(attribution.get(row.request_id)),
    ]),
    cut,
  };
}

/** Everyone subscribed and confirmed now, whatever the period: the list a mailing goes to. */
async function subscribers(db: Database): Promise<DownloadTable> {
  const found = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "subscribed_at", "confirmed_at", "consent_version", "client_key"])
    .where("status", "=", "confirmed")
    .orderBy("id")
    .limit(MAX_DOWNLOAD_ROWS + 1)
    .execute();
  const { rows, cut } = capped(found);
  return {
    header: ["id", "email", "subscribed_at", "confirmed_at", "consent_version", "client_key"],
    rows: rows.map((row) => [
      row.id,
      row.email,
      row.subscribed_at,
      row.confirmed_at,
      row.consent_version,
      row.client_key,
    ]),
    cut,
  };
}

/** The rows of one download; `bounds` (ISO instants, `to` excluded) applies to leads and quotes. */
export function downloadTable(db: Database, what: Download, bounds: Bounds): Promise<DownloadTable> {
  if (what === "leads") return leads(db, bounds);
  if (what === "quotes") return quotes(db, bounds);
  return subscribers(db);
}
