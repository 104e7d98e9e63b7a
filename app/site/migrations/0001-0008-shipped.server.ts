import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "~/server/db/dialect.server";

/** How a migration declares an identity column: autoIncrement is SQLite-only, PostgreSQL needs an identity. */
export type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// The migrations 0001-0008, as they shipped. Never edit one; add the next in its own file beside this one.
export function shippedMigrations(dialect: Dialect, id: IdColumn): Record<string, Migration> {
  return {
    "0001_initial": {
      // Kysely<any> is the Migrator's own signature: a migration must not depend on the current DB type.
      // biome-ignore lint/suspicious/noExplicitAny: see above
      async up(db: Kysely<any>) {
        await db.schema
          .createTable("contact_submissions")
          .addColumn("id", "integer", id)
          .addColumn("name", "text", (col) => col.notNull())
          .addColumn("email", "text", (col) => col.notNull())
          .addColumn("phone", "text")
          .addColumn("message", "text", (col) => col.notNull())
          .addColumn("client_key", "text")
          .addColumn("created_at", "text", (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex("contact_submissions_created_at_idx")
          .on("contact_submissions")
          .column("created_at")
          .execute();
        await db.schema
          .createIndex("contact_submissions_client_key_idx")
          .on("contact_submissions")
          .column("client_key")
          .execute();

        await db.schema
          .createTable("newsletter_subscriptions")
          .addColumn("id", "integer", id)
          .addColumn("email", "text", (col) => col.notNull().unique())
          .addColumn("subscribed_at", "text", (col) => col.notNull())
          .execute();

        await db.schema
          .createTable("newsletter_attempts")
          .addColumn("id", "integer", id)
          .addColumn("email", "text", (col) => col.notNull())
          .addColumn("attempted_at", "text", (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex("newsletter_attempts_email_attempted_at_idx")
          .on("newsletter_attempts")
          .columns(["email", "attempted_at"])
          .execute();

        await db.schema
          .createTable("rate_limit_hits")
          .addColumn("key", "text", (col) => col.notNull())
          .addColumn("window_start", "text", (col) => col.notNull())
          .addColumn("count", "integer", (col) => col.notNull())
          .addPrimaryKeyConstraint("rate_limit_hits_pkey", ["key", "window_start"])
          .execute();
        await db.schema
          .createIndex("rate_limit_hits_window_start_idx")
          .on("rate_limit_hits")
          .column("window_start")
          .execute();

        await db.schema
          .createTable("email_outbox")
          .addColumn("id", "integer", id)
          .addColumn("kind", "text", (col) => col.notNull())
          .addColumn("from_address", "text", (col) => col.notNull())
          .addColumn("to_address", "text", (col) => col.notNull())
          .addColumn("reply_to", "text")
          .addColumn("subject", "text", (col) => col.notNull())
          .addColumn("text_body", "text", (col) => col.notNull())
          .addColumn("html_body", "text")
          .addColumn("status", "text", (col) => col.notNull())
          .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("next_attempt_at", "text", (col) => col.notNull())
          .addColumn("last_error", "text")
          .addColumn("locked_until", "text")
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("sent_at", "text")
          .addCheckConstraint(
            "email_outbox_status_check",
            sql`status in ('queued', 'sending', 'sent', 'failed')`,
          )
          .execute();
        await db.schema
          .createIndex("email_outbox_status_next_attempt_at_idx")
          .on("email_outbox")
          .columns(["status", "next_attempt_at"])
          .execute();
      },
    },
    "0002_app_settings": {
      // Values the server generates once and every instance shares, such as the client-key secret.
      // biome-ignore lint/suspicious/noExplicitAny: see 0001
      async up(db: Kysely<any>) {
        await db.schema
          .createTable("app_settings")
          .addColumn("name", "text", (col) => col.primaryKey())
          .addColumn("value", "text", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .execute();
      },
    },
    "0003_mail_extras": {
      // Extra headers (List-Unsubscribe), an order of sending (leads before bulk mail), a key that
      // makes queuing the same message twice a no-op, and attachments kept in the database.
      // biome-ignore lint/suspicious/noExplicitAny: see 0001
      async up(db: Kysely<any>) {
        await db.schema.alterTable("email_outbox").addColumn("headers", "text").execute();
        await db.schema
          .alterTable("email_outbox")
          .addColumn("priority", "integer", (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable("email_outbox").addColumn("dedupe_key", "text").execute();
        await db.schema
          .createIndex("email_outbox_dedupe_key_idx")
          .on("email_outbox")
          .column("dedupe_key")
          .unique()
          .execute();
        await db.schema
          .createIndex("email_outbox_status_priority_next_attempt_at_idx")
          .on("email_outbox")
          .columns(["status", "priority", "next_attempt_at"])
          .execute();

        await db.schema
          .createTable("stored_files")
          .addColumn("id", "integer", id)
          .addColumn("file_name", "text", (col) => col.notNull())
          .addColumn("content_type", "text", (col) => col.notNull())
          .addColumn("byte_size", "integer", (col) => col.notNull())
          .addColumn("sha256", "text", (col) => col.notNull())
          .addColumn("content", dialect === "postgres" ? "bytea" : "blob", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .execute();
        await db.schema
          .createTable("email_attachments")
          .addColumn("outbox_id", "integer", (col) =>
            col.notNull().references("email_outbox.id").onDelete("cascade"),
          )
          .addColumn("position", "integer", (col) => col.notNull())
          .addColumn("file_id", "integer", (col) => col.notNull().references("stored_files.id"))
          .addPrimaryKeyConstraint("email_attachments_pkey", ["outbox_id", "position"])
          .execute();
        await db.schema
          .createIndex("email_attachments_file_id_idx")
          .on("email_attachments")
          .column("file_id")
          .execute();
      },
    },
    "0004_search_misses": {
      // Site searches that found nothing, one row per normalised query (docs/search.md); nothing
      // about who searched.
      // biome-ignore lint/suspicious/noExplicitAny: see 0001
      async up(db: Kysely<any>) {
        await db.schema
          .createTable("search_misses")
          .addColumn("query", "text", (col) => col.primaryKey())
          .addColumn("count", "integer", (col) => col.notNull())
          .addColumn("last_seen_at", "text", (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex("search_misses_last_seen_at_idx")
          .on("search_misses")
          .column("last_seen_at")
          .execute();
      },
    },
    "0005_quotes_and_references": {
      // Online quote requests with their line items and attached files (docs/quotes.md), a reference
      // on every lead, and when each address (hashed) was last sent an acknowledgement.
      // biome-ignore lint/suspicious/noExplicitAny: see 0001
      async up(db: Kysely<any>) {
        await db.schema.alterTable("contact_submissions").addColumn("reference", "text").execute();
        await db.schema
          .createIndex("contact_submissions_reference_idx")
          .on("contact_submissions")
          .column("reference")
          .unique()
          .execute();

        await db.schema
          .createTable("quote_requests")
          .addColumn("id", "integer", id)
          .addColumn("reference", "text", (col) => col.notNull().unique())
          .addColumn("company", "text", (col) => col.notNull())
          .addColumn("name", "text", (col) => col.notNull())
          .addColumn("email", "text", (col) => col.notNull())
          .addColumn("phone", "text")
          .addColumn("postal_code", "text")
          .addColumn("needed_by", "text")
          .addColumn("po_reference", "text")
          .addColumn("label_details", "text")
          .addColumn("foam_details", "text")
          .addColumn("client_key", "text")
          .addColumn("created_at", "text", (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex("quote_requests_created_at_idx")
          .on("quote_requests")
          .column("created_at")
          .execute();
        await db.schema
          .createTable("quote_items")
          .addColumn("request_id", "integer", (col) =>
            col.notNull().references("quote_requests.id").onDelete("cascade"),
          )
          .addColumn("position", "integer", (col) => col.notNull())
          .addColumn("area", "text")
          .addColumn("description", "text", (col) => col.notNull())
          .addColumn("quantity", "integer", (col) => col.notNull())
          .addColumn("unit", "text", (col) => col.notNull())
          .addColumn("notes", "text")
          .addPrimaryKeyConstraint("quote_items_pkey", ["request_id", "position"])
          .execute();
        await db.schema
          .createTable("quote_files")
          .addColumn("request_id", "integer", (col) =>
            col.notNull().references("quote_requests.id").onDelete("cascade"),
          )
          .addColumn("position", "integer", (col) => col.notNull())
          .addColumn("file_id", "integer", (col) => col.notNull().references("stored_files.id"))
          .addPrimaryKeyConstraint("quote_files_pkey", ["request_id", "position"])
          .execute();

        await db.schema
          .createTable("lead_acknowledgements")
          .addColumn("email_hash", "text", (col) => col.primaryKey())
          .addColumn("last_sent_at", "text", (col) => col.notNull())
          .execute();
      },
    },
    "0006_newsletter_consent": {
      // Double opt-in and consent records (docs/newsletter.md). Rows that exist already were accepted
      // before confirmation was asked for: they stay subscribed ('confirmed'), with no confirmation time.
      // biome-ignore lint/suspicious/noExplicitAny: see 0001
      async up(db: Kysely<any>) {
        await db.schema
          .alterTable("newsletter_subscriptions")
          .addColumn("status", "text", (col) => col.notNull().defaultTo("confirmed"))
          .execute();
        for (const column of [
          "confirmed_at",
          "unsubscribed_at",
          "consent_version",
          "client_key",
          "confirmation_sent_at",
        ]) {
          await db.schema.alterTable("newsletter_subscriptions").addColumn(column, "text").execute();
        }
        await db.schema
          .createIndex("newsletter_subscriptions_status_subscribed_at_idx")
          .on("newsletter_subscriptions")
          .columns(["status", "subscribed_at"])
          .execute();
        await db.schema
          .createTable("newsletter_tokens")
          .addColumn("token_hash", "text", (col) => col.primaryKey())
          .addColumn("subscription_id", "integer", (col) =>
            col.notNull().references("newsletter_subscriptions.id").onDelete("cascade"),
          )
          .addColumn("purpose", "text", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("expires_at", "text")
          .addColumn("used_at", "text")
          .addCheckConstraint("newsletter_tokens_purpose_check", sql`purpose in ('confirm', 'unsubscribe')`)
          .execute();
        await db.schema
          .createIndex("newsletter_tokens_subscription_id_idx")
          .on("newsletter_tokens")
          .column("subscription_id")
          .execute();
        // The worker counts the bulk mail sent in the last minute before it claims more.
        await db.schema
          .createIndex("email_outbox_priority_sent_at_idx")
          .on("email_outbox")
          .columns(["priority", "sent_at"])
          .execute();
      },
    },
    "0007_visitor_mail": {
      // Limits on mail to visitors (docs/decisions/0021-visitor-mail-limits.md): when each normalised
      // mailbox (hashed) was last sent each kind of visitor mail, replacing lead_acknowledgements; the
      // hourly count of visitor mail queued and skipped; and indexes for claiming the oldest or the
      // newest due message.
      // biome-ignore lint/suspicious/noExplicitAny: see 0001
      async up(db: Kysely<any>) {
        await db.schema
          .createTable("visitor_mail_marks")
          .addColumn("kind", "text", (col) => col.notNull())
          .addColumn("mailbox_hash", "text", (col) => col.notNull())
          .addColumn("last_sent_at", "text", (col) => col.notNull())
          .addPrimaryKeyConstraint("visitor_mail_marks_pkey", ["kind", "mailbox_hash"])
          .execute();
        await db.schema
          .createIndex("visitor_mail_marks_last_sent_at_idx")
          .on("visitor_mail_marks")
          .column("last_sent_at")
          .execute();
        // The old markers hashed the lower-cased address; most addresses normalise to the same. The
        // others (a +tag, a dotted Gmail address) may get one more acknowledgement in the hour after
        // the upgrade.
        await db
          .insertInto("visitor_mail_marks")
          .columns(["kind", "mailbox_hash", "last_sent_at"])
          .expression((eb) =>
            eb
              .selectFrom("lead_acknowledgements")
              .select([sql.lit("acknowledgement").as("kind"), "email_hash", "last_sent_at"]),
          )
          .execute();
        await db.schema.dropTable("lead_acknowledgements").execute();

        await db.schema
          .createTable("visitor_mail_hours")
          .addColumn("hour_start", "text", (col) => col.notNull())
          .addColumn("slot", "integer", (col) => col.notNull())
          .addColumn("queued", "integer", (col) => col.notNull())
          .addColumn("skipped", "integer", (col) => col.notNull())
          .addPrimaryKeyConstraint("visitor_mail_hours_pkey", ["hour_start", "slot"])
          .execute();

        // The claim's two orders within a priority, oldest due first and newest due first, each with
        // the id that breaks ties: without it PostgreSQL sorted every message due at the same
        // moment (a burst) on each claim. SQLite adds the rowid to an index by itself.
        await db.schema.dropIndex("email_outbox_status_priority_next_attempt_at_idx").execute();
        await db.schema
          .createIndex("email_outbox_claim_oldest_idx")
          .on("email_outbox")
          .columns(["status", "priority", "next_attempt_at", "id"])
          .execute();
        await db.schema
          .createIndex("email_outbox_claim_newest_idx")
          .on("email_outbox")
          .columns(["status", "priority", "next_attempt_at desc", "id desc"])
          .execute();
      },
    },
    "0008_outbox_cc": {
      // A quote request routed to a branch goes To the branch with the sales address in Cc
      // (docs/quotes.md#routing): the addresses in Cc, comma-separated, or null.
      // biome-ignore lint/suspicious/noExplicitAny: see 0001
      async up(db: Kysely<any>) {
        await db.schema.alterTable("email_outbox").addColumn("cc_address", "text").execute();
      },
    },
  };
}
