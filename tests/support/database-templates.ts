import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { createDatabase } from "~/server/db/database.server";
import { migrate } from "~/site/migrations.server";
import { adminUrl, databaseUrlFor, pgQuery } from "./postgres";

/*
 * Vitest's global setup: one migrated database of each dialect for the whole run, which every test's
 * fresh database begins as a copy of (tests/support/databases.ts). Migrating an empty database per test
 * cost about 0.25 s on PostgreSQL on a quiet machine and 4 to 5 s beside the build; a copy of the
 * template, a tenth of that. Migrating an empty database stays tested where it is the subject
 * (app/site/database.test.ts).
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file each test's database is copied from. */
    sqliteTemplate: string;
    /** The migrated PostgreSQL database each test's database is created from (`create database … template`). */
    postgresTemplate: string;
  }
}

const silent = pino({ level: "silent" });

async function migrateSqliteTemplate(dir: string): Promise<string> {
  const file = path.join(dir, "site.db");
  const db = createDatabase(`sqlite:${file}`, { logger: silent });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
  // A log left beside it would hold schema the copies lack.
  if (existsSync(`${file}-wal`)) throw new Error(`the SQLite template ${file} was not closed cleanly`);
  return file;
}

async function migratePostgresTemplate(name: string): Promise<void> {
  await pgQuery(adminUrl, `create database ${name}`);
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const db = createDatabase(databaseUrlFor(name), { logger: silent, poolSize: 1 });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}

/** The start of the names of the PostgreSQL databases made from `template` (so the run's end finds them). */
export function copyPrefix(template: string): string {
  return `${template.replace(/^t_template_/, "t_")}_`;
}

/** The run's template and whatever copies of it are still there. */
async function dropPostgresDatabases(template: string): Promise<void> {
  const copies = await pgQuery<{ name: string }>(
    adminUrl,
    "select datname as name from pg_database where starts_with(datname, $1)",
    [copyPrefix(template)],
  );
  for (const { name } of [...copies, { name: template }]) {
    await pgQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-template-"));
  const postgres = `t_template_${randomBytes(6).toString("hex")}`;
  const teardown = async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropPostgresDatabases(postgres);
  };
  try {
    project.provide("sqliteTemplate", await migrateSqliteTemplate(dir));
    await migratePostgresTemplate(postgres);
    project.provide("postgresTemplate", postgres);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
