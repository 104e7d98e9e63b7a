import type { Kysely, Migration } from "kysely";

// Leads held aside as likely spam (docs/spam.md): stored like any other, with when and why they were
// held and when the owner released them; and the hash of the normalised message, so "the same message
// from several addresses within an hour" is one indexed lookup. Newsletter signups are not scored.
const LEAD_TABLES = ["contact_submissions", "quote_requests"] as const;

export const heldLeads: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
  async up(db: Kysely<any>) {
    for (const table of LEAD_TABLES) {
      await db.schema.alterTable(table).addColumn("held_at", "text").execute();
      await db.schema.alterTable(table).addColumn("held_reasons", "text").execute();
      await db.schema.alterTable(table).addColumn("released_at", "text").execute();
      await db.schema.alterTable(table).addColumn("message_hash", "text").execute();
      await db.schema
        .createIndex(`${table}_message_hash_idx`)
        .on(table)
        .columns(["message_hash", "created_at"])
        .execute();
      await db.schema.createIndex(`${table}_held_at_idx`).on(table).column("held_at").execute();
    }
  },
};
