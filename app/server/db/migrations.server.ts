import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from "kysely";
import { type Dialect, dialectOf } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";

/** Each dialect's migrations by name, applied in name order: the site's list (app/site/migrations.server.ts). */
export type MigrationList = (dialect: Dialect) => Record<string, Migration>;

export function createMigrationProvider(dialect: Dialect, migrations: MigrationList): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}

/** Kysely's bookkeeping table: one row per migration applied. */
const MIGRATION_TABLE = "kysely_migration";

/**
 * True when the database has applied exactly the migrations listed (the usual start, and every operator
 * command): one read of the bookkeeping table, where Kysely's Migrator would first read the catalog of
 * every schema in the database, which fails now and then while another schema is being dropped. Any
 * other answer (no table yet, one missing, one unknown) leaves the work, and its checks, to the Migrator.
 */
async function upToDate(db: Database, names: string[], schema: string | undefined): Promise<boolean> {
  const table = schema ? sql.id(schema, MIGRATION_TABLE) : sql.id(MIGRATION_TABLE);
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === names.length && names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/**
 * Brings the schema up to date; safe to run from several instances at once on PostgreSQL (Kysely's
 * Migrator holds an advisory lock). Returns the names of the migrations it applied; throws on failure.
 */
export async function runMigrations(
  db: Database,
  migrations: MigrationList,
  logger?: Logger,
): Promise<string[]> {
  const dialect = dialectOf(db);
  let migrationTableSchema: string | undefined;
  if (dialect === "postgres") {
    // Kysely looks for its bookkeeping tables in every schema unless told which one; another schema
    // in the same database (another app, a parallel test) would make it skip creating its own.
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
    if (!migrationTableSchema) throw new Error("PostgreSQL search_path names no existing schema to migrate");
  }
  if (await upToDate(db, Object.keys(migrations(dialect)), migrationTableSchema)) return [];
  const migrator = new Migrator({
    db,
    provider: createMigrationProvider(dialect, migrations),
    migrationTableSchema,
  });
  const applied: string[] = [];
  for (let attempt = 1; ; attempt += 1) {
    const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
    applied.push(...(results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName));
    const failed = (results ?? []).find((result) => result.status === "Error");
    // Before its first migration the Migrator reads the catalog of every schema; a schema dropped meanwhile
    // (another app's, a parallel test's) fails that read with "schema does not exist". Nothing was applied
    // then, and the next try reads the catalog again.
    if (!failed && attempt < MIGRATION_ATTEMPTS && isVanishedSchema(error)) continue;
    if (error !== undefined || failed) {
      const which = failed ? ` ${failed.migrationName}` : "";
      throw new Error(`Database migration${which} failed`, { cause: error });
    }
    break;
  }
  if (applied.length > 0) logger?.info({ migrations: applied }, "database migrations applied");
  return applied;
}

const MIGRATION_ATTEMPTS = 3;

/** PostgreSQL's invalid_schema_name: a schema named in the catalog was dropped while it was read. */
function isVanishedSchema(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "3F000";
}
