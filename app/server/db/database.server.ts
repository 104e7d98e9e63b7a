import { mkdirSync } from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database, DB } from "~/server/db/schema.server";
import { logger as defaultLogger, type Logger } from "~/server/logger.server";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseOptions {
  logger?: Logger;
  /** PostgreSQL pool size per server instance. */
  poolSize?: number;
}

/** How long a SQLite statement outside `writeTransaction` waits for another process's write lock. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** How long `writeTransaction` keeps retrying for SQLite's write lock before giving up. */
const SQLITE_LOCK_WAIT_MS = 15_000;

export function sqlitePathFromUrl(url: string): string {
  const rest = url.slice("sqlite:".length);
  return rest.startsWith("//") ? rest.slice(2) : rest;
}

/**
 * Opens the database that DATABASE_URL names: `sqlite:PATH` (the parent folder is created) or a
 * `postgres://` URL. Close it with `db.destroy()`.
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const log = options.logger ?? defaultLogger;
  let db: Database;
  if (url.startsWith("sqlite:")) {
    const file = sqlitePathFromUrl(url);
    if (file === "") throw new Error("DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/site.db");
    db = new Kysely<DB>({
      dialect: new SqliteDialect({
        database: async () => {
          const inMemory = file === ":memory:";
          if (!inMemory) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
          const connection = new BetterSqlite3(file);
          // WAL lets readers run beside the writer; synchronous stays FULL (the default) so a
          // committed lead survives a power cut, not only a crash.
          if (!inMemory) connection.pragma("journal_mode = WAL");
          connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
          connection.pragma("foreign_keys = ON");
          return connection;
        },
      }),
    });
  } else if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client that loses its server emits 'error' on the pool; unhandled, that would end the
    // process. The next query simply gets a fresh connection.
    pool.on("error", (error) => log.error({ err: error }, "idle PostgreSQL connection failed"));
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  } else {
    throw new Error("DATABASE_URL must be sqlite:PATH or a postgres:// URL");
  }
  return db;
}

/**
 * Which database a Kysely instance (or transaction) talks to. Read from its adapter rather than
 * recorded in module state: the server entry and the React Router build each bundle this module, so
 * module state would differ between them, while `kysely` itself is one shared package.
 */
export function dialectOf(db: Kysely<DB>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return "postgres";
  if (adapter instanceof SqliteAdapter) return "sqlite";
  throw new Error("dialectOf: only SQLite and PostgreSQL databases are supported");
}

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
 * timeout would block the whole event loop (and, with two connections in one process, the very
 * transaction it waits for), so the lock is tried without waiting and retried asynchronously.
 */
async function beginImmediate(conn: Kysely<DB>): Promise<void> {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  let delay = 1;
  await sql`pragma busy_timeout = 0`.execute(conn);
  try {
    for (;;) {
      try {
        await sql`begin immediate`.execute(conn);
        return;
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() > deadline) throw error;
      }
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 25);
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(conn);
  }
}

/**
 * Runs `work` in a transaction that holds the write lock on SQLite and is a plain READ COMMITTED
 * transaction on PostgreSQL (callers add row or advisory locks where they need them). `work` must
 * use the `trx` it is given, never `db`: on SQLite `db` waits for the one connection `trx` holds.
 */
export async function writeTransaction<T>(
  db: Database,
  work: (trx: Kysely<DB>, dialect: Dialect) => Promise<T>,
): Promise<T> {
  const dialect = dialectOf(db);
  if (dialect === "postgres") return db.transaction().execute((trx) => work(trx, dialect));
  return db.connection().execute(async (conn) => {
    await beginImmediate(conn);
    let result: T;
    try {
      result = await work(conn, dialect);
    } catch (error) {
      // SQLite may already have rolled back by itself (e.g. after SQLITE_FULL); the original error
      // is the one worth reporting.
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
    try {
      await sql`commit`.execute(conn);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
    return result;
  });
}

/** `count(*)` comes back as a string from pg and as a number from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}
