import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from "kysely";
import { type Dialect, dialectOf } from "~/server/db/database.server";
import { type IdColumn, shippedMigrations } from "~/server/db/migrations/0001-0008-shipped.server";
import { leadAttribution } from "~/server/db/migrations/0009-lead-attribution.server";
import { analytics } from "~/server/db/migrations/0010-analytics.server";
import { webhooks } from "~/server/db/migrations/0011-webhooks.server";
import { heldLeads } from "~/server/db/migrations/0012-held-leads.server";
import { itemLabelDetails } from "~/server/db/migrations/0013-item-label-details.server";
import { catalogue } from "~/server/db/migrations/0014-catalogue.server";
import { catalogueSearch } from "~/server/db/migrations/0015-catalogue-search.server";
import { quoteItemSku } from "~/server/db/migrations/0016-quote-item-sku.server";
import { desk } from "~/server/db/migrations/0017-desk.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";

// Migrations are code, not a folder scan, so they survive bundling. Each one is built for the dialect
// because identity columns differ: autoIncrement is SQLite-only, PostgreSQL needs an identity column.
// Never edit a migration that has shipped; add the next one in its own file under migrations/ and list it here.
function buildMigrations(dialect: Dialect): Record<string, Migration> {
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
  };
}

export function createMigrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: async () => buildMigrations(dialect) };
}

/**
 * Brings the schema up to date; safe to run from several instances at once on PostgreSQL (Kysely's
 * Migrator holds an advisory lock). Returns the names of the migrations it applied; throws on failure.
 */
export async function migrate(db: Database, logger?: Logger): Promise<string[]> {
  const dialect = dialectOf(db);
  let migrationTableSchema: string | undefined;
  if (dialect === "postgres") {
    // Kysely looks for its bookkeeping tables in every schema unless told which one; another schema
    // in the same database (another app, a parallel test) would make it skip creating its own.
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
    if (!migrationTableSchema) throw new Error("PostgreSQL search_path names no existing schema to migrate");
  }
  const migrator = new Migrator({ db, provider: createMigrationProvider(dialect), migrationTableSchema });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const applied = (results ?? []).filter((result) => result.status === "Success").map((r) => r.migrationName);
  const failed = (results ?? []).find((result) => result.status === "Error");
  if (error !== undefined || failed) {
    const which = failed ? ` ${failed.migrationName}` : "";
    throw new Error(`Database migration${which} failed`, { cause: error });
  }
  if (applied.length > 0) logger?.info({ migrations: applied }, "database migrations applied");
  return applied;
}
