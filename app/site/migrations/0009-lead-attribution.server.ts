import type { Kysely, Migration } from "kysely";

// How each lead's visitor came to the site (docs/attribution.md): one row per lead, whatever
// its kind, so reports group contact messages, quote requests and signups alike. Never an identifier.
export const leadAttribution: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("lead_attribution")
      .addColumn("lead_kind", "text", (col) => col.notNull())
      .addColumn("lead_id", "integer", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("landing_page", "text")
      .addColumn("referrer_host", "text")
      .addColumn("search_engine", "text")
      .addColumn("utm_source", "text")
      .addColumn("utm_medium", "text")
      .addColumn("utm_campaign", "text")
      .addColumn("utm_term", "text")
      .addColumn("utm_content", "text")
      .addColumn("click_id", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("sent_from", "text")
      .addColumn("pages_seen", "integer")
      .addColumn("seconds_to_lead", "integer")
      .addPrimaryKeyConstraint("lead_attribution_pk", ["lead_kind", "lead_id"])
      .execute();
    await db.schema
      .createIndex("lead_attribution_created_at_idx")
      .on("lead_attribution")
      .column("created_at")
      .execute();
  },
};
