import type { Kysely, Migration } from "kysely";

// A quote line's part number from the catalogue (docs/quotes.md#part-numbers), kept as the buyer's
// request carried it, known to the range or not; null for a line typed without one.
export const quoteItemSku: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
  async up(db: Kysely<any>) {
    await db.schema.alterTable("quote_items").addColumn("sku", "text").execute();
  },
};
