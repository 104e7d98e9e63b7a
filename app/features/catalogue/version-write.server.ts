import { type Kysely, sql } from "kysely";
import {
  type Dialect,
  dialectOf,
  settleWriteAheadLog,
  toCount,
  writeTransaction,
} from "~/server/db/database.server";
import type { Database, DB } from "~/server/db/schema.server";
import { itemRow } from "./item-rows.server";
import type { CatalogueFamily, CatalogueItem } from "./model";

/*
 * Writing a new catalogue version without holding the database (docs/decisions/0082): its items go in
 * while nobody can see it, in short transactions of their own, so on SQLite the site's other writes
 * take the one write lock between two; then one short transaction checks that every item is there,
 * marks it complete, makes it active and retires the versions past the newest KEEP_VERSIONS. A version
 * that is not complete is never listed, served or rolled back to; an import that fails deletes its
 * own, and one that died is found by its lease and deleted by the next start or import. Deleting a
 * version's items goes in short transactions too.
 */

export const KEEP_VERSIONS = 5;
/**
 * Items per transaction: on SQLite the site's other writes wait at most one such transaction for the
 * write lock. A post's write waited 350 ms at most beside transactions of 1,000 items, 181 ms beside
 * transactions of 500 (load average 6 to 10 on 2 cores; docs/benchmarks.md#stalls).
 */
export const CHUNK_ROWS = 500;
/**
 * Rows per insert: about 23 values each, well under either database's limit on bound values, and few
 * enough that one insert holds the event loop for a few milliseconds (SQLite runs it on the loop, with
 * the search indexes' triggers).
 */
const INSERT_BATCH = 50;
/** Rows deleted per transaction; a delete costs about what an insert does (the search triggers). */
const DELETE_CHUNK = 500;
/**
 * SQLite: after this many rows the writer waits for the checkpoint thread (settleWriteAheadLog), so the
 * log never reaches the writing connection's own checkpoint, which runs on the event loop.
 */
const SETTLE_EVERY_ROWS = 5_000;
/**
 * How long a version being written may go without a transaction of its items before its import is
 * taken to have died (a transaction takes well under a second; the lease is renewed by each).
 */
export const LEASE_MS = 120_000;
/** Serialises catalogue writes across PostgreSQL instances (SQLite's write lock does it there). */
const CATALOGUE_LOCK = 7_340_036;

export async function lockCatalogue(trx: Kysely<DB>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`.execute(trx);
}

/**
 * SQLite, between two transactions: long enough for another process's writer to take the write lock,
 * which it tries again every 25 to 50 ms while it is taken (beginImmediate in write-queue.server.ts).
 * Writes of this process queue for the next transaction and need no rest. The 100 transactions of a
 * 50,000-item import rest 5 s in all.
 */
const SQLITE_REST_MS = 50;

const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Between two transactions of a long write: a turn of the event loop, and on SQLite a rest. */
function betweenTransactions(db: Database): Promise<unknown> {
  if (dialectOf(db) === "postgres") return yieldTurn();
  return new Promise((resolve) => setTimeout(resolve, SQLITE_REST_MS));
}
const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_MS).toISOString();

export async function activate(trx: Kysely<DB>, id: number): Promise<void> {
  await trx.updateTable("catalogue_versions").set({ active: 0 }).where("active", "=", 1).execute();
  await trx.updateTable("catalogue_versions").set({ active: 1 }).where("id", "=", id).execute();
}

/** Marks the complete versions older than the newest KEEP_VERSIONS (never the active one) for deletion. */
async function retireOldVersions(trx: Kysely<DB>): Promise<void> {
  const old = await trx
    .selectFrom("catalogue_versions")
    .select("id")
    .where("active", "=", 0)
    .where("complete", "=", 1)
    .orderBy("id", "desc")
    .offset(KEEP_VERSIONS - 1)
    .limit(1_000)
    .execute();
  const ids = old.map((row) => Number(row.id));
  if (ids.length === 0) return;
  await trx
    .updateTable("catalogue_versions")
    .set({ complete: 0, lease_until: null })
    .where("id", "in", ids)
    .execute();
}

/** What a test may do between two transactions of items (to fail an import halfway). */
export interface WriteTuning {
  chunkRows?: number;
  afterChunk?(itemsWritten: number): void | Promise<void>;
}

export interface NewVersion {
  items: readonly CatalogueItem[];
  families: readonly CatalogueFamily[];
  source: string;
  at: Date;
}

/** Inserts a version's row (inactive) and returns its id; `state` says whether it is complete yet. */
export async function insertVersionRow(
  trx: Kysely<DB>,
  version: NewVersion,
  state: { complete: 0 | 1; lease_until: string | null },
): Promise<number> {
  const inserted = await trx
    .insertInto("catalogue_versions")
    .values({
      imported_at: version.at.toISOString(),
      source: version.source,
      item_count: version.items.length,
      active: 0,
      ...state,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/**
 * Inserts items of version `id`, `batch` rows to an insert, with a turn of the event loop between two
 * inserts when `yieldBetween` says so.
 */
export async function insertItems(
  trx: Kysely<DB>,
  id: number,
  items: readonly CatalogueItem[],
  families: readonly CatalogueFamily[],
  options: { batch: number; yieldBetween: boolean },
): Promise<void> {
  const bySlug = new Map(families.map((family) => [family.slug, family]));
  for (let at = 0; at < items.length; at += options.batch) {
    if (at > 0 && options.yieldBetween) await yieldTurn();
    const rows = items
      .slice(at, at + options.batch)
      .map((item) => itemRow(item, bySlug.get(item.family), id));
    await trx.insertInto("catalogue_items").values(rows).execute();
  }
}

/** The version's row, incomplete and leased to this import. */
function beginVersion(db: Database, version: NewVersion): Promise<number> {
  return writeTransaction(db, (trx) =>
    insertVersionRow(trx, version, { complete: 0, lease_until: leaseFrom(new Date()) }),
  );
}

/** The items, a transaction of `chunkRows` at a time, each renewing the version's lease. */
async function writeItems(db: Database, id: number, version: NewVersion, tuning: WriteTuning): Promise<void> {
  const chunkRows = tuning.chunkRows ?? CHUNK_ROWS;
  let unsettled = 0;
  for (let start = 0; start < version.items.length; start += chunkRows) {
    const chunk = version.items.slice(start, start + chunkRows);
    await writeTransaction(db, async (trx) => {
      const renewed = await trx
        .updateTable("catalogue_versions")
        .set({ lease_until: leaseFrom(new Date()) })
        .where("id", "=", id)
        .where("complete", "=", 0)
        .executeTakeFirst();
      if (Number(renewed.numUpdatedRows) !== 1)
        throw new Error(`catalogue version ${id} was removed meanwhile`);
      await insertItems(trx, id, chunk, version.families, { batch: INSERT_BATCH, yieldBetween: true });
    });
    await tuning.afterChunk?.(start + chunk.length);
    unsettled += chunk.length;
    if (unsettled >= SETTLE_EVERY_ROWS) {
      unsettled = 0;
      await settleWriteAheadLog(db);
    }
    await betweenTransactions(db);
  }
}

/** Checks every item is there, then makes the version complete and active; retires the oldest. */
function finishVersion(db: Database, id: number, itemCount: number): Promise<void> {
  return writeTransaction(db, async (trx, dialect) => {
    await lockCatalogue(trx, dialect);
    const written = await trx
      .selectFrom("catalogue_items")
      .select((eb) => eb.fn.countAll<number>().as("items"))
      .where("version_id", "=", id)
      .executeTakeFirst();
    const completed = await trx
      .updateTable("catalogue_versions")
      .set({ complete: 1, lease_until: null })
      .where("id", "=", id)
      .where("complete", "=", 0)
      .executeTakeFirst();
    if (toCount(written?.items) !== itemCount || Number(completed.numUpdatedRows) !== 1)
      throw new Error(`catalogue version ${id} was not written whole`);
    await activate(trx, id);
    await retireOldVersions(trx);
  });
}

/**
 * Writes checked items as a new version and makes it active. A visitor sees the old range or the new
 * one, never a mix; with any failure the version is deleted and nothing else changes.
 */
export async function writeVersionInChunks(
  db: Database,
  version: NewVersion,
  tuning: WriteTuning = {},
): Promise<number> {
  await removeUnfinishedVersions(db);
  const id = await beginVersion(db, version);
  try {
    await writeItems(db, id, version, tuning);
    await finishVersion(db, id, version.items.length);
  } catch (error) {
    await removeVersion(db, id, { own: true }).catch(() => undefined);
    throw error;
  }
  // The versions just retired; the new one is served already.
  await removeUnfinishedVersions(db);
  return id;
}

/** The version, if it is still incomplete and (unless it is the caller's own) its lease has passed. */
async function removable(trx: Kysely<DB>, id: number, own: boolean, now: Date): Promise<boolean> {
  let query = trx
    .selectFrom("catalogue_versions")
    .select("id")
    .where("id", "=", id)
    .where("complete", "=", 0);
  if (!own)
    query = query.where((eb) =>
      eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now.toISOString())]),
    );
  return (await query.executeTakeFirst()) !== undefined;
}

/** Deletes an incomplete version's items a transaction at a time, then the version. */
async function removeVersion(
  db: Database,
  id: number,
  options: { own?: boolean; now?: Date } = {},
): Promise<void> {
  const own = options.own ?? false;
  const now = options.now ?? new Date();
  let unsettled = 0;
  for (;;) {
    const deleted = await writeTransaction(db, async (trx, dialect) => {
      await lockCatalogue(trx, dialect);
      if (!(await removable(trx, id, own, now))) return -1;
      const ids = trx
        .selectFrom("catalogue_items")
        .select("id")
        .where("version_id", "=", id)
        .limit(DELETE_CHUNK);
      const result = await trx.deleteFrom("catalogue_items").where("id", "in", ids).executeTakeFirst();
      const count = Number(result.numDeletedRows);
      if (count < DELETE_CHUNK)
        await trx.deleteFrom("catalogue_versions").where("id", "=", id).where("complete", "=", 0).execute();
      return count;
    });
    if (deleted < DELETE_CHUNK) return;
    unsettled += deleted;
    if (unsettled >= SETTLE_EVERY_ROWS) {
      unsettled = 0;
      await settleWriteAheadLog(db);
    }
    await betweenTransactions(db);
  }
}

/**
 * Deletes every version that will never be served: retired by an import, or left incomplete by an
 * import that died (its lease passed). Runs at each start and before and after each import. Resolves
 * with how many were deleted.
 */
export async function removeUnfinishedVersions(db: Database, now: Date = new Date()): Promise<number> {
  const unfinished = await db
    .selectFrom("catalogue_versions")
    .select("id")
    .where("complete", "=", 0)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now.toISOString())]))
    .execute();
  for (const row of unfinished) await removeVersion(db, Number(row.id), { now });
  return unfinished.length;
}
