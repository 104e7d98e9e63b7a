import { type Kysely, sql } from "kysely";
import { type Dialect, writeTransaction } from "~/server/db/database.server";
import type { Database, DB } from "~/server/db/schema.server";
import { itemRow } from "./item-rows.server";
import type { CatalogueFamily, CatalogueItem, CatalogueVersionInfo } from "./model";

/*
 * The catalogue's versions (docs/catalogue.md#versions): an import writes a whole new version and makes
 * it the active one in one transaction; a rollback makes an earlier one active again. The newest
 * KEEP_VERSIONS are kept, and the active one always.
 */

export const KEEP_VERSIONS = 5;
/**
 * Rows per insert: about 23 values each, well under either database's limit on bound values, and few
 * enough that one insert holds the event loop for a few milliseconds (SQLite runs it on the loop).
 */
const INSERT_BATCH = 100;
/** Serialises catalogue writes across PostgreSQL instances (SQLite's write lock does it there). */
const CATALOGUE_LOCK = 7_340_036;

export interface StoredVersion extends CatalogueVersionInfo {
  active: boolean;
}

async function lockCatalogue(trx: Kysely<DB>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`.execute(trx);
}

function versionInfo(row: {
  id: number;
  imported_at: string;
  source: string;
  item_count: number;
  active: number;
}): StoredVersion {
  return {
    version: Number(row.id),
    importedAt: row.imported_at,
    itemCount: Number(row.item_count),
    source: row.source,
    active: Number(row.active) === 1,
  };
}

async function activate(trx: Kysely<DB>, id: number): Promise<void> {
  await trx.updateTable("catalogue_versions").set({ active: 0 }).where("active", "=", 1).execute();
  await trx.updateTable("catalogue_versions").set({ active: 1 }).where("id", "=", id).execute();
}

/** Deletes the versions older than the newest KEEP_VERSIONS, except the active one. */
async function pruneVersions(trx: Kysely<DB>): Promise<void> {
  const old = await trx
    .selectFrom("catalogue_versions")
    .select("id")
    .where("active", "=", 0)
    .orderBy("id", "desc")
    .offset(KEEP_VERSIONS - 1)
    .limit(1_000)
    .execute();
  const ids = old.map((row) => Number(row.id));
  if (ids.length === 0) return;
  await trx.deleteFrom("catalogue_items").where("version_id", "in", ids).execute();
  await trx.deleteFrom("catalogue_versions").where("id", "in", ids).execute();
}

async function insertVersion(
  trx: Kysely<DB>,
  version: {
    items: readonly CatalogueItem[];
    families: readonly CatalogueFamily[];
    source: string;
    at: Date;
  },
): Promise<StoredVersion> {
  const bySlug = new Map(version.families.map((family) => [family.slug, family]));
  const inserted = await trx
    .insertInto("catalogue_versions")
    .values({
      imported_at: version.at.toISOString(),
      source: version.source,
      item_count: version.items.length,
      active: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  for (let start = 0; start < version.items.length; start += INSERT_BATCH) {
    const rows = version.items
      .slice(start, start + INSERT_BATCH)
      .map((item) => itemRow(item, bySlug.get(item.family), id));
    await trx.insertInto("catalogue_items").values(rows).execute();
    // Other requests run between two inserts (docs/decisions/0076): without this, a 50,000-item
    // import held a SQLite site's event loop for over 9 s. The transaction stays one transaction.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await activate(trx, id);
  await pruneVersions(trx);
  return {
    version: id,
    importedAt: version.at.toISOString(),
    itemCount: version.items.length,
    source: version.source,
    active: true,
  };
}

/**
 * Writes checked items as a new version and makes it active, in one transaction: a reader sees the
 * old range or the new one, never a mix.
 */
export function writeVersion(
  db: Database,
  version: {
    items: readonly CatalogueItem[];
    families: readonly CatalogueFamily[];
    source: string;
    now?: Date;
  },
): Promise<StoredVersion> {
  return writeTransaction(db, async (trx, dialect) => {
    await lockCatalogue(trx, dialect);
    return insertVersion(trx, { ...version, at: version.now ?? new Date() });
  });
}

/**
 * Writes the first version when there is none (an empty database's first start), once however many
 * instances start together. `items` is only called when it is needed. Resolves with the version
 * written, or undefined when one existed.
 */
export async function writeFirstVersion(
  db: Database,
  first: { items(): Promise<readonly CatalogueItem[]>; families: readonly CatalogueFamily[]; source: string },
): Promise<StoredVersion | undefined> {
  if (await activeVersion(db)) return undefined;
  const items = await first.items();
  return writeTransaction(db, async (trx, dialect) => {
    await lockCatalogue(trx, dialect);
    const any = await trx.selectFrom("catalogue_versions").select("id").limit(1).executeTakeFirst();
    if (any) return undefined;
    return insertVersion(trx, { items, families: first.families, source: first.source, at: new Date() });
  });
}

/** The version the site serves, or undefined before the first import. */
export async function activeVersion(db: Kysely<DB>): Promise<StoredVersion | undefined> {
  const row = await db
    .selectFrom("catalogue_versions")
    .selectAll()
    .where("active", "=", 1)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? versionInfo(row) : undefined;
}

/** Every version kept, newest first. */
export async function listVersions(db: Database): Promise<StoredVersion[]> {
  const rows = await db.selectFrom("catalogue_versions").selectAll().orderBy("id", "desc").execute();
  return rows.map(versionInfo);
}

export type RollbackResult =
  | { ok: true; from: StoredVersion; to: StoredVersion }
  | { ok: false; reason: string };

/** Makes `to` active, or the newest version older than the active one. */
export function rollback(db: Database, to?: number): Promise<RollbackResult> {
  return writeTransaction(db, async (trx, dialect): Promise<RollbackResult> => {
    await lockCatalogue(trx, dialect);
    const from = await activeVersion(trx);
    if (!from) return { ok: false, reason: "there is no catalogue version yet" };
    let query = trx.selectFrom("catalogue_versions").selectAll();
    query =
      to === undefined
        ? query.where("id", "<", from.version).orderBy("id", "desc")
        : query.where("id", "=", to);
    const target = await query.executeTakeFirst();
    if (!target)
      return {
        ok: false,
        reason:
          to === undefined
            ? `version ${from.version} is the oldest kept; there is none to go back to`
            : `there is no version ${to} (see: versions)`,
      };
    if (Number(target.id) === from.version) return { ok: false, reason: `version ${to} is already active` };
    await activate(trx, Number(target.id));
    return { ok: true, from: { ...from, active: false }, to: { ...versionInfo(target), active: true } };
  });
}
