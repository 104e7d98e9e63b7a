import {
  ATTRIBUTION_CSV_HEADER,
  attributionCsvCells,
  readAttributions,
} from "~/features/leads/attribution/attribution.server";
import type { Database } from "~/server/db/schema.server";
import { capped, type ExportPeriod, type ExportTable } from "./export-table.server";

export const CONTACT_ROWS_HEADER = [
  "id",
  "received_at",
  "name",
  "email",
  "phone",
  "message",
  "reference",
  ...ATTRIBUTION_CSV_HEADER,
];

/**
 * The contact messages received in a period, oldest first, each with how the visitor came
 * (docs/attribution.md; empty for leads from before it was kept). Messages held aside as likely spam
 * are not leads until released (docs/spam.md).
 */
export async function contactRows(db: Database, period: ExportPeriod): Promise<ExportTable> {
  let query = db
    .selectFrom("contact_submissions")
    .select(["id", "created_at", "name", "email", "phone", "message", "reference"])
    .where((eb) => eb.or([eb("held_at", "is", null), eb("released_at", "is not", null)]))
    .orderBy("id");
  if (period.from !== undefined) query = query.where("created_at", ">=", period.from);
  if (period.to !== undefined) query = query.where("created_at", "<", period.to);
  if (period.limit !== undefined) query = query.limit(period.limit + 1);
  const found = await query.execute();
  const { rows, cut } = capped(found, period.limit);
  const attribution = await readAttributions(
    db,
    "contact",
    rows.map((row) => row.id),
  );
  return {
    header: CONTACT_ROWS_HEADER,
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
