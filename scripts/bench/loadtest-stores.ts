/** Where the load test's servers keep their data: a fresh SQLite file or PostgreSQL schema per run. */
import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface Store {
  name: string;
  url: string;
  /** `select k, n`: how many rows each key has. */
  counts(sql: string): Promise<Map<string, number>>;
  remove(): Promise<void>;
}

export function sqliteStore(dir: string): Store {
  const file = path.join(dir, "site.db");
  return {
    name: "sqlite",
    url: `sqlite:${file}`,
    async counts(sql) {
      const db = new Database(file, { readonly: true, timeout: 5000 });
      try {
        const rows = db.prepare(sql).all() as Array<{ k: string; n: number }>;
        return new Map(rows.map((row) => [row.k, Number(row.n)]));
      } finally {
        db.close();
      }
    },
    async remove() {},
  };
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

export async function postgresStore(): Promise<Store> {
  const database = `loadtest_${randomBytes(5).toString("hex")}`;
  await adminQuery(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    name: "postgres",
    url: url.toString(),
    async counts(sql) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ k: string; n: string }>(sql);
        return new Map(rows.map((row) => [row.k, Number(row.n)]));
      } finally {
        await client.end();
      }
    },
    remove: () => adminQuery(`drop database if exists ${database} with (force)`),
  };
}
