import type { Kysely, Migration } from "kysely";

// Each label item's own label details (docs/quotes.md), as JSON like quote_requests.label_details,
// which older requests keep: their one set of details applies to all their label items.
export const itemLabelDetails: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
  async up(db: Kysely<any>) {
    await db.schema.alterTable("quote_items").addColumn("label_details", "text").execute();
  },
};
