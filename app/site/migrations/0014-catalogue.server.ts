import type { Kysely, Migration } from "kysely";
import type { IdColumn } from "./0001-0008-shipped.server";

// The catalogue (docs/catalogue.md): every import is a numbered version of the whole range, and one
// version is active (the one the site serves). Items carry derived columns for matching: the sku and
// the maker's part number as part keys, the label size, and the words a search looks at.
export function catalogue(id: IdColumn): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("catalogue_versions")
        .addColumn("id", "integer", id)
        .addColumn("imported_at", "text", (col) => col.notNull())
        .addColumn("source", "text", (col) => col.notNull())
        .addColumn("item_count", "integer", (col) => col.notNull())
        .addColumn("active", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("catalogue_versions_active_idx")
        .on("catalogue_versions")
        .column("active")
        .execute();
      await db.schema
        .createTable("catalogue_items")
        .addColumn("id", "integer", id)
        .addColumn("version_id", "integer", (col) => col.notNull())
        .addColumn("sku", "text", (col) => col.notNull())
        .addColumn("family", "text", (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("attributes", "text", (col) => col.notNull())
        .addColumn("make", "text")
        .addColumn("make_part_number", "text")
        .addColumn("unit", "text", (col) => col.notNull())
        .addColumn("pack", "text", (col) => col.notNull())
        .addColumn("minimum_order", "integer", (col) => col.notNull())
        .addColumn("list_price_cents", "integer")
        .addColumn("price_breaks", "text", (col) => col.notNull())
        .addColumn("sds", "text")
        .addColumn("spec_sheet", "text")
        .addColumn("image", "text")
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("replacement_sku", "text")
        .addColumn("sku_key", "text", (col) => col.notNull())
        .addColumn("make_part_key", "text")
        .addColumn("size_key", "text")
        .addColumn("search_text", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("catalogue_items_version_sku_key_idx")
        .on("catalogue_items")
        .columns(["version_id", "sku_key"])
        .unique()
        .execute();
      await db.schema
        .createIndex("catalogue_items_version_family_idx")
        .on("catalogue_items")
        .columns(["version_id", "family"])
        .execute();
    },
  };
}
