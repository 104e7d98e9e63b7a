import { type Kysely, PostgresAdapter, SqliteAdapter } from "kysely";
import type { DB } from "~/server/db/schema.server";

export type Dialect = "sqlite" | "postgres";

/**
 * Which database a Kysely instance (or transaction) talks to, read from its adapter: a transaction
 * has the adapter of the database it runs on.
 */
export function dialectOf(db: Kysely<DB>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return "postgres";
  if (adapter instanceof SqliteAdapter) return "sqlite";
  throw new Error("dialectOf: only SQLite and PostgreSQL databases are supported");
}
