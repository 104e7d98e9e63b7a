import type { Kysely } from "kysely";
import { writeTransaction } from "~/server/db/database.server";
import type { Database, DB } from "~/server/db/schema.server";
import type { CatalogueFamily, CatalogueItem, CatalogueVersionInfo } from "./model";
import {
  activate,
  insertItems,
  insertVersionRow,
  lockCatalogue,
  type NewVersion,
  type WriteTuning,
  writeVersionInChunks,
} from "./version-write.server";

/*
 * The catalogue's versions (docs/catalogue.md#versions): an import writes a whole new version and makes
 * it the active one (version-write.server.ts); a rollback makes an earlier one active again. The newest
 * KEEP_VERSIONS are kept, and the active one always.
 */

export { KEEP_VERSIONS, removeUnfinishedVersions } from "./version-write.server";

/** Rows per insert of the first version (the starter range, a few hundred items, one transaction). */
const FIRST_INSERT_BATCH = 100;

export interface StoredVersion extends CatalogueVersionInfo {
  active: boolean;
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

/** The first version in one transaction: a few hundred items, written once however many instances start. */
async function insertFirstVersion(trx: Kysely<DB>, version: NewVersion): Promise<StoredVersion> {
  const id = await insertVersionRow(trx, version, { complete: 1, lease_until: null });
  await insertItems(trx, id, version.items, version.families, {
    batch: FIRST_INSERT_BATCH,
    yieldBetween: false,
  });
  await activate(trx, id);
  return {
    version: id,
    importedAt: version.at.toISOString(),
    itemCount: version.items.length,
    source: version.source,
    active: true,
  };
}

/**
 * Writes checked items as a new version and makes it active (version-write.server.ts): a reader sees
 * the old range or the new one, never a mix, and with any failure nothing changes.
 */
export async function writeVersion(
  db: Database,
  version: {
    items: readonly CatalogueItem[];
    families: readonly CatalogueFamily[];
    source: string;
    now?: Date;
  },
  tuning?: WriteTuning,
): Promise<StoredVersion> {
  const at = version.now ?? new Date();
  const id = await writeVersionInChunks(db, { ...version, at }, tuning);
  return {
    version: id,
    importedAt: at.toISOString(),
    itemCount: version.items.length,
    source: version.source,
    active: true,
  };
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
    const any = await trx
      .selectFrom("catalogue_versions")
      .select("id")
      .where("complete", "=", 1)
      .limit(1)
      .executeTakeFirst();
    if (any) return undefined;
    return insertFirstVersion(trx, { items, families: first.families, source: first.source, at: new Date() });
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

/** Every version kept, newest first (never one being written or deleted). */
export async function listVersions(db: Database): Promise<StoredVersion[]> {
  const rows = await db
    .selectFrom("catalogue_versions")
    .selectAll()
    .where("complete", "=", 1)
    .orderBy("id", "desc")
    .execute();
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
    let query = trx.selectFrom("catalogue_versions").selectAll().where("complete", "=", 1);
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
