import { type Kysely, sql } from "kysely";
import type { Database, DB } from "~/server/db/schema.server";
import { type Dialect, dialectOf } from "./dialect.server";
import { fixedStatement } from "./prepared.server";
import { DEFAULT_SQLITE_BUSY_TIMEOUT_MS, writeAheadLogOf } from "./sqlite.server";

// The statements around every write of a batch, each run as its text (no builder per write).
const beginImmediateStatement = fixedStatement("begin immediate");
const savepoint = fixedStatement("savepoint write");
const release = fixedStatement("release write");
const rollbackToSavepoint = fixedStatement("rollback to write");
const commit = fixedStatement("commit");
const rollback = fixedStatement("rollback");

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error) return String(error.code);
  return "";
}

function isSqliteBusy(error: unknown): boolean {
  return errorCode(error).startsWith("SQLITE_BUSY");
}

/** A unique-constraint violation on either database (pg 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * Takes SQLite's write lock up front (BEGIN IMMEDIATE), so a transaction that reads and then writes
 * can never be overtaken between its read and its write. better-sqlite3 is synchronous: a busy
 * timeout would block the whole event loop, so the lock is tried without waiting and retried
 * asynchronously until SQLITE_BUSY_TIMEOUT_MS has passed. Within one process the lock is never
 * contended: every write goes through the one connection and its queue (see writeTransaction).
 */
async function beginImmediate(conn: Kysely<DB>, busyTimeoutMs: number): Promise<void> {
  try {
    await beginImmediateStatement(conn);
    return;
  } catch (error) {
    if (!isSqliteBusy(error)) throw error;
  }
  const deadline = Date.now() + busyTimeoutMs;
  let delay = 1;
  await sql`pragma busy_timeout = 0`.execute(conn);
  try {
    for (;;) {
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 25);
      try {
        await beginImmediateStatement(conn);
        return;
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() > deadline) throw error;
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`).execute(conn);
  }
}

type Work<T> = (trx: Kysely<DB>, dialect: Dialect) => Promise<T>;

interface QueuedWrite {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Writes that arrived while a batch was being written; committed together in the next one. */
const writeQueues = new WeakMap<Database, QueuedWrite[]>();
/** Longest batch: bounds how long one commit keeps the others waiting. */
const MAX_BATCH = 128;

/**
 * Runs `work` in a transaction: on PostgreSQL a plain READ COMMITTED transaction (callers add row or
 * advisory locks where they need them); on SQLite one that holds the write lock. `work` must use the
 * `trx` it is given, never `db` (on SQLite `db` waits for the one connection `trx` holds), and must
 * not wait for anything but its own queries.
 *
 * SQLite commits are group commits (docs/decisions/0014-sqlite-group-commit.md): writes that arrive
 * while one is being written queue up and are then written in one transaction, each in a savepoint of
 * its own. A write that fails rolls back to its savepoint and fails alone; a failed commit fails every
 * write of the batch; each caller's promise settles only once the commit that holds its write is on
 * disk. One fsync then covers a whole burst of posts instead of one each, and it runs off the event
 * loop (WriteAheadLog), while the next batch is being written.
 */
export async function writeTransaction<T>(db: Database, work: Work<T>): Promise<T> {
  const dialect = dialectOf(db);
  if (dialect === "postgres") return db.transaction().execute((trx) => work(trx, dialect));
  let queue = writeQueues.get(db);
  const idle = queue === undefined;
  if (!queue) {
    queue = [];
    writeQueues.set(db, queue);
  }
  const settled = new Promise<T>((resolve, reject) => {
    queue.push({ work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
  });
  // The batch starts once the event loop has read what arrived with this write: the posts it parsed
  // in the same turn join it instead of each paying for a commit of its own.
  if (idle) setImmediate(() => void drainWrites(db, queue));
  return settled;
}

/** Writes waiting for the next SQLite commit (0 on PostgreSQL, which has no write queue). */
export function writeQueueDepth(db: Database): number {
  return writeQueues.get(db)?.length ?? 0;
}

/**
 * Runs `work`, which must be a single statement that writes: on PostgreSQL on its own, with no
 * transaction around it (one round trip instead of three; a statement is atomic by itself); on SQLite
 * through the write queue, like every write (writeTransaction).
 */
export function writeStatement<T>(db: Database, work: Work<T>): Promise<T> {
  const dialect = dialectOf(db);
  return dialect === "postgres" ? work(db, dialect) : writeTransaction(db, work);
}

async function drainWrites(db: Database, queue: QueuedWrite[]): Promise<void> {
  const log = writeAheadLogOf(db);
  try {
    // Reads the busy timeout createDatabase set on the connection, once per drain.
    let busyTimeoutMs: number | undefined;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      const { committed, retry } = await db
        .connection()
        .execute(async (conn) => {
          if (busyTimeoutMs === undefined) {
            const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(conn);
            busyTimeoutMs = Number(busy.rows[0]?.timeout ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS);
          }
          return writeBatch(conn, batch, busyTimeoutMs);
        })
        .catch((error: unknown): BatchOutcome => {
          for (const item of batch) item.reject(error);
          return { committed: [], retry: [] };
        });
      // Acknowledged once the log is on disk; the next batch is written meanwhile.
      if (committed.length > 0) {
        const durable = log ? log.sync() : Promise.resolve();
        durable.then(
          () => {
            for (const { item, value } of committed) item.resolve(value);
          },
          (error: unknown) => {
            for (const { item } of committed) item.reject(error);
          },
        );
      }
      queue.unshift(...retry);
      // Lets the event loop read the requests that arrived meanwhile, so they join the next batch.
      if (queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    writeQueues.delete(db);
    // A write queued after the loop saw an empty queue but before the delete started no drain.
    if (queue.length > 0) {
      writeQueues.set(db, queue);
      void drainWrites(db, queue);
    }
  }
}

interface BatchOutcome {
  /** Writes in the committed transaction, with their results; settled once the log is synced. */
  committed: Array<{ item: QueuedWrite; value: unknown }>;
  /** Writes that never ran (the transaction ended under them): they go into the next batch. */
  retry: QueuedWrite[];
}

/** Writes one batch: BEGIN IMMEDIATE, each write in its own savepoint, one COMMIT. */
async function writeBatch(
  conn: Kysely<DB>,
  batch: QueuedWrite[],
  busyTimeoutMs: number,
): Promise<BatchOutcome> {
  await beginImmediate(conn, busyTimeoutMs);
  const done: Array<{ item: QueuedWrite; value: unknown }> = [];
  for (const [index, item] of batch.entries()) {
    await savepoint(conn);
    try {
      done.push({ item, value: await item.work(conn, "sqlite") });
      await release(conn);
    } catch (error) {
      try {
        await rollbackToSavepoint(conn);
        await release(conn);
      } catch {
        // SQLite rolled the whole transaction back by itself (e.g. SQLITE_FULL): the writes before this
        // one are gone too, and the ones after it have not run.
        await rollback(conn).catch(() => undefined);
        item.reject(error);
        for (const earlier of done) earlier.item.reject(error);
        return { committed: [], retry: batch.slice(index + 1) };
      }
      item.reject(error);
    }
  }
  try {
    await commit(conn);
  } catch (error) {
    await rollback(conn).catch(() => undefined);
    for (const { item } of done) item.reject(error);
    return { committed: [], retry: [] };
  }
  return { committed: done, retry: [] };
}
