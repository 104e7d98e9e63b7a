import type { Kysely, Migration } from "kysely";
import type { IdColumn } from "./0001-0008-shipped.server";

// Webhook deliveries (docs/webhooks.md): one row per endpoint and event, queued in the lead's own
// transaction and claimed by the webhook worker like the mail outbox. The endpoint's URL is kept,
// never its secret (that stays in WEBHOOK_ENDPOINTS).
export function webhooks(id: IdColumn): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("webhook_deliveries")
        .addColumn("id", "integer", id)
        .addColumn("message_id", "text", (col) => col.notNull())
        .addColumn("endpoint_url", "text", (col) => col.notNull())
        .addColumn("event_type", "text", (col) => col.notNull())
        .addColumn("payload", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (col) => col.notNull())
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("locked_until", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("first_attempt_at", "text")
        .addColumn("delivered_at", "text")
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_message_id_idx")
        .on("webhook_deliveries")
        .column("message_id")
        .unique()
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_status_next_attempt_at_idx")
        .on("webhook_deliveries")
        .columns(["status", "next_attempt_at", "id"])
        .execute();
    },
  };
}
