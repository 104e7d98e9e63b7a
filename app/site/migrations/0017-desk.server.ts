import { type Kysely, type Migration, sql } from "kysely";
import type { IdColumn } from "./0001-0008-shipped.server";

// The sales desk (docs/desk.md): its staff, their sign-in links and sessions (only hashes of the
// secrets), and what the desk adds to a lead, keyed by the lead's kind and id: its status, owner,
// response time and an append-only activity log. The leads themselves stay in their own tables.
export function desk(id: IdColumn): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("desk_staff")
        .addColumn("id", "integer", id)
        .addColumn("email", "text", (col) => col.notNull().unique())
        .addColumn("role", "text", (col) => col.notNull())
        .addColumn("branch", "text")
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("disabled_at", "text")
        .execute();
      await db.schema
        .createTable("desk_sign_in_links")
        .addColumn("token_hash", "text", (col) => col.primaryKey())
        .addColumn("staff_id", "integer", (col) => col.notNull())
        .addColumn("browser_hash", "text", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("desk_sign_in_links_expires_at_idx")
        .on("desk_sign_in_links")
        .column("expires_at")
        .execute();
      await db.schema
        .createTable("desk_sessions")
        .addColumn("id_hash", "text", (col) => col.primaryKey())
        .addColumn("staff_id", "integer", (col) => col.notNull())
        .addColumn("created_at", "text", (col) => col.notNull())
        .addColumn("last_seen_at", "text", (col) => col.notNull())
        .addColumn("expires_at", "text", (col) => col.notNull())
        .addColumn("browser", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("desk_sessions_staff_id_idx")
        .on("desk_sessions")
        .column("staff_id")
        .execute();
      await db.schema
        .createTable("desk_leads")
        .addColumn("lead_kind", "text", (col) => col.notNull())
        .addColumn("lead_id", "integer", (col) => col.notNull())
        .addColumn("received_at", "text", (col) => col.notNull())
        .addColumn("branch", "text")
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("lost_reason", "text")
        .addColumn("assigned_staff_id", "integer")
        .addColumn("first_moved_at", "text")
        .addColumn("response_seconds", "integer")
        .addColumn("response_business_seconds", "integer")
        .addPrimaryKeyConstraint("desk_leads_pk", ["lead_kind", "lead_id"])
        .execute();
      await db.schema
        .createIndex("desk_leads_received_at_idx")
        .on("desk_leads")
        .columns(["received_at", "lead_kind", "lead_id"])
        .execute();
      await db.schema
        .createIndex("desk_leads_status_received_at_idx")
        .on("desk_leads")
        .columns(["status", "received_at"])
        .execute();
      await db.schema
        .createIndex("desk_leads_branch_received_at_idx")
        .on("desk_leads")
        .columns(["branch", "received_at"])
        .execute();
      await db.schema
        .createTable("desk_activity")
        .addColumn("id", "integer", id)
        .addColumn("lead_kind", "text", (col) => col.notNull())
        .addColumn("lead_id", "integer", (col) => col.notNull())
        .addColumn("staff_id", "integer", (col) => col.notNull())
        .addColumn("at", "text", (col) => col.notNull())
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("detail", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("desk_activity_lead_idx")
        .on("desk_activity")
        .columns(["lead_kind", "lead_id", "at"])
        .execute();
      // Searching the inbox by e-mail address, whatever its case.
      await db.schema
        .createIndex("desk_contact_email_idx")
        .on("contact_submissions")
        .expression(sql`lower(email)`)
        .execute();
      await db.schema
        .createIndex("desk_quote_email_idx")
        .on("quote_requests")
        .expression(sql`lower(email)`)
        .execute();
    },
  };
}
