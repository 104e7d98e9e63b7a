import type { Kysely, Migration } from "kysely";

// First-party counting (docs/analytics.md): counts per day, added to by every instance in batches;
// the day's visitor hashes and its salt exist only until the day is closed.
export const analytics: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("analytics_counts")
      .addColumn("day", "text", (col) => col.notNull())
      .addColumn("metric", "text", (col) => col.notNull())
      .addColumn("key", "text", (col) => col.notNull())
      .addColumn("detail", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("count", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("analytics_counts_pk", ["day", "metric", "key", "detail"])
      .execute();
    await db.schema
      .createTable("analytics_visitors")
      .addColumn("day", "text", (col) => col.notNull())
      .addColumn("visitor_hash", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("analytics_visitors_pk", ["day", "visitor_hash"])
      .execute();
    await db.schema
      .createTable("analytics_salts")
      .addColumn("day", "text", (col) => col.primaryKey())
      .addColumn("salt", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .execute();
  },
};
