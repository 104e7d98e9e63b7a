import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, inject } from "vitest";
import { createDatabase, type Dialect } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { migrate } from "~/site/migrations.server";
import { copyPrefix } from "./database-templates";
import { adminUrl, databaseUrlFor, pgQuery } from "./postgres";

/*
 * A fresh, migrated database per test on each dialect, begun as a copy of the run's migrated template
 * (tests/support/database-templates.ts): a copy of the SQLite file, a PostgreSQL database created from the
 * template database. Each test's database is its own, so test files running in parallel never see each
 * other's rows; migrating it finds nothing to do unless the template is behind the code.
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

/**
 * A test database on `url`: every instance opened on it is closed by cleanup, which then removes the
 * data; the first instance is migrated, and a failed migration cleans up before it throws.
 */
async function openTestDatabase(
  dialect: Dialect,
  url: string,
  options: { poolSize?: number; migrate(db: Database): Promise<unknown>; removeData(): Promise<void> },
): Promise<TestDatabase> {
  const opened: Database[] = [];
  const open = () => {
    const db = createDatabase(url, { logger: silentLogger, poolSize: options.poolSize });
    opened.push(db);
    return db;
  };
  const cleanup = async () => {
    await Promise.all(opened.map((instance) => instance.destroy()));
    await options.removeData();
  };
  const db = open();
  try {
    await options.migrate(db);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { dialect, url, db, open, cleanup };
}

function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-db-"));
  const file = path.join(dir, "site.db");
  copyFileSync(inject("sqliteTemplate"), file);
  return openTestDatabase("sqlite", `sqlite:${file}`, {
    migrate,
    removeData: async () => rmSync(dir, { recursive: true, force: true }),
  });
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
  const template = inject("postgresTemplate");
  const name = `${copyPrefix(template)}${randomBytes(6).toString("hex")}`;
  await pgQuery(testPostgresUrl, `create database ${name} template ${template}`);
  return openTestDatabase("postgres", databaseUrlFor(name), {
    poolSize: 5,
    migrate,
    // Dropped beside the next test rather than before it: a dropped database costs PostgreSQL a
    // checkpoint (2 to 3 s beside the build). Its connections are closed by then; whatever a
    // worker leaves undropped at its end goes at the end of the run (database-templates.ts).
    removeData: async () => {
      pgQuery(testPostgresUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
    },
  });
}

/**
 * A test database in a schema of its own in the shared test database (selected through the connection's
 * search_path), migrated from empty: for tests of migrating beside other schemas.
 */
export async function createPostgresSchema(): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await pgQuery(testPostgresUrl, `create schema ${schema}`);
  return openTestDatabase("postgres", withSearchPath(testPostgresUrl, schema), {
    poolSize: 5,
    migrate: migrateBesideOtherTests,
    removeData: async () => {
      await pgQuery(testPostgresUrl, `drop schema if exists ${schema} cascade`);
    },
  });
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
