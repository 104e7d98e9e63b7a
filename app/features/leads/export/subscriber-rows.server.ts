import { type Database, SUBSCRIPTION_RECORD_COLUMNS } from "~/server/db/schema.server";
import type { ExportTable } from "./export-table.server";
import { capped } from "./export-table.server";

/**
 * The consent records (docs/newsletter.md), oldest first: everyone subscribed and confirmed now, the
 * list a mailing goes to; with `all`, the pending and unsubscribed too, with their status and when
 * they left. At most `limit` rows.
 */
export async function subscriberRows(
  db: Database,
  options: { all?: boolean; limit?: number } = {},
): Promise<ExportTable> {
  const { all = false, limit } = options;
  let query = db.selectFrom("newsletter_subscriptions").select(SUBSCRIPTION_RECORD_COLUMNS).orderBy("id");
  if (!all) query = query.where("status", "=", "confirmed");
  if (limit !== undefined) query = query.limit(limit + 1);
  const { rows, cut } = capped(await query.execute(), limit);
  const consent = (row: (typeof rows)[number]) => [
    row.subscribed_at,
    row.confirmed_at,
    row.consent_version,
    row.client_key,
  ];
  if (!all)
    return {
      header: ["id", "email", "subscribed_at", "confirmed_at", "consent_version", "client_key"],
      rows: rows.map((row) => [row.id, row.email, ...consent(row)]),
      cut,
    };
  return {
    header: [
      "id",
      "email",
      "status",
      "subscribed_at",
      "confirmed_at",
      "consent_version",
      "client_key",
      "unsubscribed_at",
    ],
    rows: rows.map((row) => [row.id, row.email, row.status, ...consent(row), row.unsubscribed_at]),
    cut,
  };
}
