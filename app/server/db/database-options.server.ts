import type { Logger } from "~/server/logger.server";

/** How a database is opened: createDatabase (database.server.ts) and the PostgreSQL pool read it. */
export interface DatabaseOptions {
  logger?: Logger;
  /** PostgreSQL pool size per server instance. */
  poolSize?: number;
  /** PostgreSQL: how long to wait for a connection (new, or a free one from the pool). */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a query may take before it fails and its connection is dropped. */
  queryTimeoutMs?: number;
  /** PostgreSQL: how long an unused connection stays open. */
  idleTimeoutMs?: number;
  /** SQLite: how long a statement waits for another process's write lock. */
  sqliteBusyTimeoutMs?: number;
  /** SQLite: how long after a commit the checkpoint thread copies the log into the database. */
  sqliteCheckpointDelayMs?: number;
}
