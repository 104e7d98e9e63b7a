import { mkdirSync } from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type { Database, DB } from "~/server/db/schema.server";
import { logger as defaultLogger } from "~/server/logger.server";
import type { DatabaseOptions } from "./database-options.server";
import { createPostgresPool, type PostgresPoolStats } from "./postgres-pool.server";
import { attachSqliteFile } from "./read-off-loop.server";
import {
  attachWriteAheadLog,
  DEFAULT_SQLITE_BUSY_TIMEOUT_MS,
  WriteAheadLog,
  withStatementCache,
} from "./sqlite.server";

/*
 * The one database layer: every query of the site goes through a Kysely instance made here, on SQLite
 * or PostgreSQL, and every write through writeTransaction or writeStatement (write-queue.server.ts).
 * The pieces: sqlite.server.ts (the write-ahead log kept off the event loop, prepared statements),
 * postgres-pool.server.ts (the pool with timeouts), write-queue.server.ts (group commit on SQLite),
 * dialect.server.ts (which database a Kysely instance talks to), prepared.server.ts (the statements run
 * per lead and per e-mail, compiled once).
 */

export type { DatabaseOptions } from "./database-options.server";
export { type Dialect, dialectOf } from "./dialect.server";
export { settleWriteAheadLog } from "./sqlite.server";
export { isUniqueViolation, writeQueueDepth, writeStatement, writeTransaction } from "./write-queue.server";

const DEFAULT_SQLITE_CHECKPOINT_DELAY_MS = 1000;
/**
 * Log pages after which the writing connection copies the log into the database itself, as SQLite
 * does by default at 1,000 pages: only reached when the checkpoint thread has fallen that far behind
 * (or cannot run), so the log still cannot grow without bound.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

export function sqlitePathFromUrl(url: string): string {
  const rest = url.slice("sqlite:".length);
  return rest.startsWith("//") ? rest.slice(2) : rest;
}

const poolStats = new WeakMap<Database, () => PostgresPoolStats>();

/** The PostgreSQL pool's connections (docs/deploy.md#metrics); undefined for SQLite. */
export function postgresPoolStats(db: Database): PostgresPoolStats | undefined {
  return poolStats.get(db)?.();
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
    const busyTimeoutMs = Math.max(
      0,
      Math.round(options.sqliteBusyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS),
    );
    const writeAheadLog = new WriteAheadLog(path.resolve(file), {
      checkpointDelayMs: options.sqliteCheckpointDelayMs ?? DEFAULT_SQLITE_CHECKPOINT_DELAY_MS,
      logger: log,
    });
    db = new Kysely<DB>({
      dialect: new SqliteDialect({
        database: async () => {
          const inMemory = file === ":memory:";
          if (!inMemory) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
          const connection = new BetterSqlite3(file);
          // WAL lets readers run beside the writer. A commit then only appends to the log; the log is
          // synced to disk off the event loop before any write of writeTransaction is acknowledged
          // (WriteAheadLog below), so `synchronous = NORMAL` loses nothing that was acknowledged, and
          // the fsync no longer stops every other request. Without WAL (an in-memory database, a file
          // system without shared memory), SQLite syncs every commit itself.
          const wal = !inMemory && connection.pragma("journal_mode = WAL", { simple: true }) === "wal";
          connection.pragma(`synchronous = ${wal ? "NORMAL" : "FULL"}`);
          // Checkpoints (copying the log into the database, two fsyncs each) run on a thread of their
          // own (WriteAheadLog); this connection makes one only if that thread falls far behind.
          if (wal) connection.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
          writeAheadLog.enabled = wal;
          connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
          connection.pragma("foreign_keys = ON");
          return withStatementCache(connection, () => writeAheadLog.close());
        },
      }),
    });
    attachWriteAheadLog(db, writeAheadLog);
    attachSqliteFile(db, file === ":memory:" ? file : path.resolve(file), busyTimeoutMs);
  } else if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = createPostgresPool(url, options, log);
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    poolStats.set(db, pool.stats);
  } else {
    throw new Error("DATABASE_URL must be sqlite:PATH or a postgres:// URL");
  }
  return db;
}

/** `count(*)` comes back as a string from pg and as a number from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}
