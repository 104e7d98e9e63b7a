import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterEach, beforeEach } from "vitest";
import { createDatabase, type Dialect } from "~/server/db/database.server";
import { migrate } from "~/server/db/migrations.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { adminUrl } from "./postgres";

/*
 * A fresh, migrated database per test on each dialect. PostgreSQL tests get their own schema (selected
 * through the connection's search_path), so test files running in parallel never see each other's rows.
 */

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  db: Database;
  /** Another, independent instance on the same data: a second server process. */
  open(): Database;
  cleanup(): Promise<void>;
}

export interface TestDialect {
  name: Dialect;
  create(): Promise<TestDatabase>;
}

export const silentLogger: Logger = pino({ level: "silent" });

/** TEST_POSTGRES_URL, or postgres://postgres@127.0.0.1:5432/test. */
export const testPostgresUrl = adminUrl;

function withSearchPath(baseUrl: string, schema: string): string {
  const separator = baseUrl.includes("?") ? "&" : "?";
  return `${baseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

async function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-db-"));
  const url = `sqlite:${path.join(dir, "site.db")}`;
  const opened: Database[] = [];
  const open = () => {
    const db = createDatabase(url, { logger: silentLogger });
    opened.push(db);
    return db;
  };
  const cleanup = async () => {
    await Promise.all(opened.map((instance) => instance.destroy()));
    rmSync(dir, { recursive: true, force: true });
  };
  const db = open();
  try {
    await migrate(db);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { dialect: "sqlite", url, db, open, cleanup };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Migrates a test's schema. Kysely's migrator reads the catalog of the whole database to find its
 * bookkeeping tables, and tests in other workers create and drop schemas meanwhile: now and then that
 * read fails ('schema "t_…" does not exist', a bookkeeping column not found) before any migration ran.
 * That is a race of the shared test database, not of the site, so such a failure is tried again; a
 * failure inside one of the site's migrations (its name in the message) is not.
 */
async function migrateBesideOtherTests(db: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db);
      return;
    } catch (error) {
      const inBookkeeping = error instanceof Error && error.message === "Database migration failed";
      if (!inBookkeeping || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function createPostgres(): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create schema ${schema}`);
  const url = withSearchPath(testPostgresUrl, schema);
  const opened: Database[] = [];
  const open = () => {
    const db = createDatabase(url, { logger: silentLogger, poolSize: 5 });
    opened.push(db);
    return db;
  };
  const cleanup = async () => {
    await Promise.all(opened.map((instance) => instance.destroy()));
    await adminQuery(`drop schema if exists ${schema} cascade`);
  };
  const db = open();
  try {
    await migrateBesideOtherTests(db);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { dialect: "postgres", url, db, open, cleanup };
}

export const testDialects: TestDialect[] = [
  { name: "sqlite", create: createSqlite },
  { name: "postgres", create: createPostgres },
];

/**
 * A fresh, migrated database of the dialect for every test of the calling describe block, cleaned up
 * after it. The handle always points at the running test's database.
 */
export function freshDatabaseEach({ create }: TestDialect): TestDatabase {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await create();
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  const now = (): TestDatabase => {
    if (!current) throw new Error("freshDatabaseEach: used outside a test");
    return current;
  };
  return {
    get dialect() {
      return now().dialect;
    },
    get url() {
      return now().url;
    },
    get db() {
      return now().db;
    },
    open: () => now().open(),
    cleanup: () => now().cleanup(),
  };
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger whose lines the test can read. */
export function memoryLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: "debug" },
    { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  );
  return { logger, lines };
}
