import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  createDatabase,
  type DatabaseOptions,
  dialectOf,
  isUniqueViolation,
  settleWriteAheadLog,
  toCount,
  writeTransaction,
} from "~/server/db/database.server";
import { PLANNED_EACH_RUN } from "~/server/db/postgres-pool.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import { migrate } from "~/site/migrations.server";
import {
  createPostgresSchema,
  freshDatabaseEach,
  silentLogger,
  type TestDatabase,
  testDialects,
  testPostgresUrl,
} from "../../tests/support/databases";

/**
 * A SQLite database at `relative` in a folder of its own (silent logger unless `options` says
 * otherwise), destroyed with its folder once `use` has finished.
 */
async function withSqliteFile(
  options: DatabaseOptions,
  use: (db: Database, file: string) => Promise<void>,
  relative = "site.db",
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-db-"));
  const file = path.join(dir, relative);
  const db = createDatabase(`sqlite:${file}`, { logger: silentLogger, ...options });
  try {
    await use(db, file);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("createDatabase (sqlite)", () => {
  it("creates the parent folder and opens the file in WAL mode with foreign keys on", async () => {
    await withSqliteFile(
      {},
      async (db) => {
        expect(dialectOf(db)).toBe("sqlite");
        const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
        const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
        const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
        expect(journal.rows[0]?.journal_mode).toBe("wal");
        expect(keys.rows[0]?.foreign_keys).toBe(1);
        expect(busy.rows[0]?.timeout).toBeGreaterThan(0);
      },
      path.join("nested", "deeper", "site.db"),
    );
  });

  it("waits for another process's write lock as long as SQLITE_BUSY_TIMEOUT_MS says, and no longer", async () => {
    await withSqliteFile({ sqliteBusyTimeoutMs: 200 }, async (db, file) => {
      // Another process holding the write lock, as a long `npm run leads` or a second server would.
      const other = new BetterSqlite3(file);
      try {
        await migrate(db);
        const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
        expect(busy.rows[0]?.timeout).toBe(200);

        other.exec("begin immediate");
        const started = performance.now();
        const write = writeTransaction(db, (trx) =>
          trx
            .insertInto("newsletter_subscriptions")
            .values({ email: "l@b.co", subscribed_at: isoTime(new Date()) })
            .execute(),
        );
        await expect(write).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
        // A few busy timeouts at most (the default would keep the visitor waiting 15 s).
        expect(performance.now() - started).toBeLessThan(3000);
        other.exec("rollback");

        await writeTransaction(db, (trx) =>
          trx
            .insertInto("newsletter_subscriptions")
            .values({ email: "l@b.co", subscribed_at: isoTime(new Date()) })
            .execute(),
        );
        // writeTransaction turns the busy timeout off while it retries; it must put the configured one back.
        const after = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
        expect(after.rows[0]?.timeout).toBe(200);
      } finally {
        other.close();
      }
    });
  });

  it("acknowledges a write only once its log is synced, and refuses it when the sync fails", async () => {
    await withSqliteFile({}, async (db, file) => {
      const memory = createDatabase("sqlite::memory:", { logger: silentLogger });
      try {
        await migrate(db);
        // The commit itself does not wait for the disk (NORMAL); writeTransaction syncs the log. An
        // in-memory database has no log: SQLite's own FULL applies.
        const level = async (of: typeof db) =>
          (await sql<{ synchronous: number }>`pragma synchronous`.execute(of)).rows[0]?.synchronous;
        expect(await level(db)).toBe(1);
        expect(await level(memory)).toBe(2);
        const at = isoTime(new Date());
        const subscribe = (email: string) =>
          writeTransaction(db, (trx) =>
            trx.insertInto("newsletter_subscriptions").values({ email, subscribed_at: at }).execute(),
          );
        await subscribe("first@b.co");
        // The log file taken away under the open connection: SQLite goes on writing to it, but the
        // server can no longer make it durable, so the visitor must not be told it was stored.
        rmSync(`${file}-wal`);
        await expect(subscribe("second@b.co")).rejects.toMatchObject({ code: "ENOENT" });
      } finally {
        await memory.destroy();
      }
    });
  });

  it("copies the log into the database on another thread, not in the commits of the writing connection", async () => {
    await withSqliteFile({ sqliteCheckpointDelayMs: 20 }, async (db, file) => {
      await migrate(db);
      const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(auto.rows[0]?.wal_autocheckpoint).toBe(10_000);
      // Enough rows to need new pages; far fewer than the writing connection's own threshold, so the
      // database file can only have grown by a checkpoint made elsewhere.
      const sizeBefore = statSync(file).size;
      const at = isoTime(new Date());
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          writeTransaction(db, (trx) =>
            trx
              .insertInto("newsletter_subscriptions")
              .values({ email: `reader-${i}-${"x".repeat(200)}@b.co`, subscribed_at: at })
              .execute(),
          ),
        ),
      );
      await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(sizeBefore);
      // The copy is SQLite's own: another connection reading the file sees every row.
      const reader = new BetterSqlite3(file, { readonly: true });
      try {
        expect(reader.prepare("select count(*) as n from newsletter_subscriptions").get()).toEqual({
          n: 200,
        });
      } finally {
        reader.close();
      }
    });
  });

  it("settleWriteAheadLog waits for the checkpoint thread to copy the whole log, long before its own delay", async () => {
    // A delay no test waits for: only the calls below can make the thread copy the log in time (two at
    // once: both answered by checkpoints that began after them).
    await withSqliteFile({ sqliteCheckpointDelayMs: 600_000 }, async (db, file) => {
      await migrate(db);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      const at = isoTime(new Date());
      await writeTransaction(db, (trx) =>
        trx
          .insertInto("newsletter_subscriptions")
          .values(
            Array.from({ length: 300 }, (_, i) => ({
              email: `s-${i}-${"x".repeat(200)}@b.co`,
              subscribed_at: at,
            })),
          )
          .execute(),
      );
      const sizeBefore = statSync(file).size;
      await Promise.all([settleWriteAheadLog(db), settleWriteAheadLog(db)]);
      // Copied into the database file by the thread: the writing connection would not before 10,000 pages.
      expect(statSync(file).size).toBeGreaterThan(sizeBefore);
    });
  });

  it("commits concurrent writes together, and a failing write fails alone", async () => {
    await withSqliteFile({}, async (db) => {
      await migrate(db);
      const at = isoTime(new Date());
      const subscribe = (email: string) =>
        writeTransaction(db, async (trx) => {
          await trx.insertInto("newsletter_attempts").values({ email, attempted_at: at }).execute();
          await trx.insertInto("newsletter_subscriptions").values({ email, subscribed_at: at }).execute();
          return email;
        });
      // Twenty writes queued at once, two of them for an address already taken by an earlier one.
      const emails = Array.from({ length: 20 }, (_, i) => `u${i % 18}@b.co`);
      const outcomes = await Promise.allSettled(emails.map(subscribe));
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(18);
      const failed = outcomes.filter((o) => o.status === "rejected");
      expect(failed).toHaveLength(2);
      expect(failed.every((o) => isUniqueViolation(o.reason))).toBe(true);
      // The failed writes left nothing behind, not even their first statement.
      const counts = await sql<{ attempts: number; subscriptions: number }>`
        select (select count(*) from newsletter_attempts) as attempts,
               (select count(*) from newsletter_subscriptions) as subscriptions`.execute(db);
      expect(counts.rows[0]).toEqual({ attempts: 18, subscriptions: 18 });
      // And the connection is out of any transaction: a new write commits on its own.
      await subscribe("later@b.co");
      expect(
        await sql`select 1 from newsletter_subscriptions where email = 'later@b.co'`.execute(db),
      ).toMatchObject({
        rows: [{ 1: 1 }],
      });
    });
  });
  it("refuses a URL it does not understand", () => {
    expect(() => createDatabase("mysql://localhost/site")).toThrow(/sqlite:PATH or a postgres/);
  });
});

describe.each(testDialects)("database on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("creates every table, and migrating again changes nothing", async () => {
    const tables = (await t.db.introspection.getTables()).map((table) => table.name).sort();
    expect(tables).toEqual(
      expect.arrayContaining([
        "contact_submissions",
        "email_outbox",
        "newsletter_attempts",
        "newsletter_subscriptions",
        "rate_limit_hits",
      ]),
    );
    expect(await migrate(t.db)).toEqual([]);
  });

  it("refuses to run on a database that a newer version of the site has migrated further", async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_site', '2026-11-28T00:00:00.000Z')`.execute(
      t.db,
    );
    await expect(migrate(t.db)).rejects.toThrow("Database migration failed");
  });

  it("generates ids, keeps null phones, and reports unique violations the same way", async () => {
    const at = isoTime(new Date("2025-03-01T12:00:00Z"));
    const first = await t.db
      .insertInto("contact_submissions")
      .values({ name: "A", email: "a@b.co", phone: null, message: "m", client_key: null, created_at: at })
      .returning(["id", "phone"])
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ id: 1, phone: null });

    await t.db
      .insertInto("newsletter_subscriptions")
      .values({ email: "a@b.co", subscribed_at: at })
      .execute();
    const duplicate = await t.db
      .insertInto("newsletter_subscriptions")
      .values({ email: "a@b.co", subscribed_at: at })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
  });

  it("compares ISO timestamps as times on both dialects", async () => {
    const times = ["2025-01-02T00:00:00.000Z", "2024-12-31T23:59:59.999Z", "2025-01-01T00:00:00.000Z"];
    for (const attempted_at of times) {
      await t.db.insertInto("newsletter_attempts").values({ email: "x@y.zz", attempted_at }).execute();
    }
    const { n } = await t.db
      .selectFrom("newsletter_attempts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("attempted_at", ">=", "2025-01-01T00:00:00.000Z")
      .executeTakeFirstOrThrow();
    expect(toCount(n)).toBe(2);
    const ordered = await t.db
      .selectFrom("newsletter_attempts")
      .select("attempted_at")
      .orderBy("attempted_at")
      .execute();
    expect(ordered.map((row) => row.attempted_at)).toEqual([...times].sort());
  });

  it("rolls a write transaction back completely when it throws", async () => {
    const at = isoTime(new Date());
    await expect(
      writeTransaction(t.db, async (trx) => {
        await trx
          .insertInto("newsletter_subscriptions")
          .values({ email: "r@b.co", subscribed_at: at })
          .execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const rows = await t.db.selectFrom("newsletter_subscriptions").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("rejects an unknown outbox status", async () => {
    const at = isoTime(new Date());
    const insert = t.db
      .insertInto("email_outbox")
      .values({
        kind: "k",
        from_address: "a@b.co",
        to_address: "c@d.co",
        cc_address: null,
        reply_to: null,
        subject: "s",
        text_body: "t",
        html_body: null,
        // Deliberately outside the union: the database must refuse it too.
        status: "lost" as "queued",
        next_attempt_at: at,
        created_at: at,
      })
      .execute();
    await expect(insert).rejects.toThrow();
  });
});

describe("createDatabase (postgres)", () => {
  it("bounds each statement, and each idle transaction, on the server too", async () => {
    const db = createDatabase(testPostgresUrl, { logger: silentLogger, poolSize: 1, queryTimeoutMs: 1500 });
    try {
      const setting = async (name: string) =>
        (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(db)).rows[0]?.value;
      expect(await setting("statement_timeout")).toBe("1500ms");
      expect(await setting("idle_in_transaction_session_timeout")).toBe("3s");
      const slow = await sql`select pg_sleep(10)`.execute(db).catch((error: unknown) => error);
      expect(slow).toMatchObject({ code: "57014" });
    } finally {
      await db.destroy();
    }
  });

  it("prepares statements once per connection, and recovers when a table changes under one", async () => {
    const table = `prepared_${Math.random().toString(16).slice(2, 12)}`;
    const db = createDatabase(testPostgresUrl, { logger: silentLogger, poolSize: 1 });
    const other = createDatabase(testPostgresUrl, { logger: silentLogger, poolSize: 1 });
    try {
      await sql.raw(`create table ${table} (id integer primary key, name text)`).execute(db);
      await sql.raw(`insert into ${table} values (1, 'drum labels')`).execute(db);
      const read = () => sql`select * from ${sql.table(table)} where id = ${1}`.execute(db);
      await read();
      const prepared = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements where statement like ${`%${table}%`}`.execute(
        db,
      );
      expect(prepared.rows[0]?.n).toBe(1);
      // A statement marked to be planned for each run's values is never prepared by name.
      const each = () =>
        sql`${sql.raw(PLANNED_EACH_RUN)}select name from ${sql.table(table)} where id = ${1}`.execute(db);
      for (let run = 0; run < 7; run++) expect((await each()).rows).toEqual([{ name: "drum labels" }]);
      const named = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements where statement like ${`%${table}%`}`.execute(
        db,
      );
      expect(named.rows[0]?.n).toBe(1);
      // Another instance's migration changes the table: the prepared statement's result no longer fits.
      await sql.raw(`alter table ${table} add column note text`).execute(other);
      await expect(read()).rejects.toMatchObject({ code: "0A000" });
      // That connection is dropped; the next query prepares on a new one and sees the new column.
      expect((await read()).rows).toEqual([{ id: 1, name: "drum labels", note: null }]);
    } finally {
      await sql.raw(`drop table if exists ${table}`).execute(other);
      await db.destroy();
      await other.destroy();
    }
  });
});

describe("migrate on postgres beside another schema with Kysely's tables", () => {
  it("creates its own bookkeeping tables instead of reusing the other schema's", async () => {
    const other = `t_${Math.random().toString(16).slice(2, 14).padEnd(12, "0")}`;
    const admin = createDatabase(testPostgresUrl, { logger: silentLogger, poolSize: 1 });
    await sql.raw(`create schema ${other}`).execute(admin);
    let t: TestDatabase | undefined;
    try {
      await sql
        .raw(`create table ${other}.kysely_migration (name text primary key, timestamp text)`)
        .execute(admin);
      await sql
        .raw(`create table ${other}.kysely_migration_lock (id text primary key, is_locked integer)`)
        .execute(admin);
      t = await createPostgresSchema();
      expect(await migrate(t?.db ?? admin)).toEqual([]);
    } finally {
      await t?.cleanup();
      await sql.raw(`drop schema ${other} cascade`).execute(admin);
      await admin.destroy();
    }
  });
});
