import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_FAILURE } from "~/features/contact/contact";
import { submitContact } from "~/features/contact/contact.server";
import { validContact as contact } from "~/features/contact/contact-fixture";
import { createDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { createHealthCheck } from "~/server/health.server";
import { migrate } from "~/site/migrations.server";
import { memoryLogger, silentLogger, testPostgresUrl } from "../support/databases";
import { pgQuery } from "../support/postgres";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/*
 * A PostgreSQL that accepts connections but stops answering, made real with a TCP proxy that stops
 * passing bytes: requests must fail within the timeouts instead of hanging, and once the database
 * answers again the same pool must serve every request without a restart.
 */

const POOL_SIZE = 3;
const TIMEOUTS = { connectTimeoutMs: 1000, queryTimeoutMs: 1000, idleTimeoutMs: 30_000 };
const schema = `t_${randomBytes(6).toString("hex")}`;

const admin = (text: string) => pgQuery(testPostgresUrl, text);

/** The test database's URL through the proxy, in this file's own schema. */
function urlThrough(proxy: TcpProxy): string {
  const url = new URL(testPostgresUrl);
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T | Error; ms: number }> {
  const started = performance.now();
  const value = await work().catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  return { value, ms: performance.now() - started };
}

const backendPid = async (db: Database) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

/** Runs `count` queries side by side; each holds its connection a moment, so the pool fills up. */
const concurrentQueries = (db: Database, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      sql<{ n: number }>`select ${i}::int as n from pg_sleep(0.05)`.execute(db).then((r) => r.rows[0]?.n),
    ),
  );

describe("PostgreSQL that stops answering (through a freezing TCP proxy)", () => {
  let proxy: TcpProxy;
  let db: Database;
  const log = memoryLogger();
  const deps = () => ({
    db,
    logger: log.logger,
    salesEmail: "sales@ridgeline-supply.example",
    mailFrom: "Ridgeline Website <website@ridgeline-supply.example>",
  });

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    const target = new URL(testPostgresUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    db = createDatabase(urlThrough(proxy), { logger: silentLogger, poolSize: POOL_SIZE, ...TIMEOUTS });
    await migrate(db);
  });
  afterEach(() => proxy.thaw());
  afterAll(async () => {
    // The proxy first: a frozen connection would hold the pool's end.
    await proxy.close();
    await db.destroy();
    await admin(`drop schema if exists ${schema} cascade`);
  });

  it("fails queries, the health check and a contact post within seconds, then recovers without a restart", async () => {
    // Fill the pool first, so the frozen proxy holds open connections as well as new ones.
    expect(await concurrentQueries(db, POOL_SIZE)).toEqual([0, 1, 2]);
    proxy.freeze();

    const queries = await Promise.all(
      Array.from({ length: POOL_SIZE + 2 }, () => timed(() => sql`select 1`.execute(db))),
    );
    for (const query of queries) {
      expect(query.value).toBeInstanceOf(Error);
      expect(query.ms).toBeLessThan(6000);
    }

    const health = await timed(() => createHealthCheck(db, silentLogger).check());
    expect(health.value).toBe(false);
    expect(health.ms).toBeLessThan(3500);

    const post = await timed(() => submitContact(deps(), contact, "client-frozen"));
    expect(post.value).toEqual({ ok: false, status: 500, ...CONTACT_FAILURE });
    expect(post.ms).toBeLessThan(6000);

    // The database answers again, but the sessions it had are gone without a reset reaching us: only
    // a pool that dropped the connections that timed out can serve from here.
    proxy.thaw({ keepExistingFrozen: true });
    const started = performance.now();
    // Twice the pool size side by side: a pool still holding a dead connection would fail some.
    expect(await concurrentQueries(db, 2 * POOL_SIZE)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await createHealthCheck(db, silentLogger).check()).toBe(true);
    expect(await submitContact(deps(), contact, "client-thawed")).toMatchObject({ ok: true, status: 200 });
    const stored = await db.selectFrom("contact_submissions").select("client_key").execute();
    expect(stored.map((row) => row.client_key)).toEqual(["client-thawed"]);
  }, 40_000);

  it("drops a connection whose query got no answer, and keeps one whose query the server timed out", async () => {
    const single = createDatabase(urlThrough(proxy), { logger: silentLogger, poolSize: 1, ...TIMEOUTS });
    try {
      const first = await backendPid(single);

      // The server cancels the statement itself (statement_timeout): the connection is fine.
      const slow = await timed(() => sql`select pg_sleep(5)`.execute(single));
      expect(slow.value).toBeInstanceOf(pg.DatabaseError);
      expect(slow.ms).toBeLessThan(4000);
      expect(await backendPid(single)).toBe(first);

      // No answer at all: the client gives up and must not reuse that connection.
      proxy.freeze();
      const lost = await timed(() => backendPid(single));
      expect(lost.value).toBeInstanceOf(Error);
      expect(lost.ms).toBeLessThan(4000);
      proxy.thaw();
      const next = await backendPid(single);
      expect(next).toEqual(expect.any(Number));
      expect(next).not.toBe(first);
    } finally {
      await single.destroy();
    }
  }, 30_000);

  it("a transaction on a frozen connection fails within one query timeout, not one per statement", async () => {
    const single = createDatabase(urlThrough(proxy), {
      logger: silentLogger,
      poolSize: 1,
      ...TIMEOUTS,
      queryTimeoutMs: 2000,
    });
    try {
      await backendPid(single);
      const work = timed(() =>
        single.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          proxy.freeze();
          await sql`select 2`.execute(trx);
        }),
      );
      const result = await work;
      expect(result.value).toBeInstanceOf(Error);
      // One client-side timeout (2 s plus grace); the rollback on the dead connection must not add another.
      expect(result.ms).toBeLessThan(4000);
      proxy.thaw();
      expect(await backendPid(single)).toEqual(expect.any(Number));
    } finally {
      await single.destroy();
    }
  }, 30_000);
});
