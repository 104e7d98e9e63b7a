import type { Migration } from "kysely";
import type { Dialect } from "~/server/db/database.server";
import { runMigrations } from "~/server/db/migrations.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { type IdColumn, shippedMigrations } from "./migrations/0001-0008-shipped.server";
import { leadAttribution } from "./migrations/0009-lead-attribution.server";
import { analytics } from "./migrations/0010-analytics.server";
import { webhooks } from "./migrations/0011-webhooks.server";
import { heldLeads } from "./migrations/0012-held-leads.server";
import { itemLabelDetails } from "./migrations/0013-item-label-details.server";
import { catalogue } from "./migrations/0014-catalogue.server";
import { catalogueSearch } from "./migrations/0015-catalogue-search.server";
import { quoteItemSku } from "./migrations/0016-quote-item-sku.server";
import { desk } from "./migrations/0017-desk.server";
import { deskPasskeys } from "./migrations/0018-desk-passkeys.server";
import { catalogueVersionsComplete } from "./migrations/0019-catalogue-versions-complete.server";

/*
 * The site's schema history: every feature's tables, in the order they shipped. The platform's runner
 * (runMigrations) applies them and knows none of them.
 */

// Migrations are code, not a folder scan, so they survive bundling. Each one is built for the dialect
// because identity columns differ: autoIncrement is SQLite-only, PostgreSQL needs an identity column.
// Never edit a migration that has shipped; add the next one in its own file under migrations/ and list it here.
export function siteMigrations(dialect: Dialect): Record<string, Migration> {
  const id: IdColumn = (col) =>
    dialect === "postgres" ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();
  return {
    ...shippedMigrations(dialect, id),
    "0009_lead_attribution": leadAttribution,
    "0010_analytics": analytics,
    "0011_webhooks": webhooks(id),
    "0012_held_leads": heldLeads,
    "0013_item_label_details": itemLabelDetails,
    "0014_catalogue": catalogue(id),
    "0015_catalogue_search": catalogueSearch(dialect),
    "0016_quote_item_sku": quoteItemSku,
    "0017_desk": desk(id),
    // From here on, named by the date and time they were written, so two changes made side by side keep an order.
    "0018_desk_passkeys": deskPasskeys,
    "20261128T1900_catalogue_versions_complete": catalogueVersionsComplete,
  };
}

/**
 * Brings the site's schema up to date (runMigrations with siteMigrations); returns the names of the
 * migrations it applied; throws on failure.
 */
export function migrate(db: Database, logger?: Logger): Promise<string[]> {
  return runMigrations(db, siteMigrations, logger);
}
