/**
 * `npm run loadtest`: concurrent contact submissions and newsletter sign-ups against a built server,
 * on SQLite and on a temporary PostgreSQL database, then a check that every 2xx answer left exactly
 * one stored row (and, for a contact, one queued notification). Expects a build (BUILD_DIR, default
 * build); talks to 127.0.0.1 only.
 *
 * LOADTEST_REQUESTS (per scenario, default 2000), LOADTEST_CONNECTIONS (default 50),
 * LOADTEST_PORT (default 3950), TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Context, RequestSpec } from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import { clientAddress, type RunningServer, requireBuild, runLoad, startServer, summary } from "./load-lib";

const REQUESTS = Number(process.env.LOADTEST_REQUESTS ?? 2000);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 50);
const PORT = Number(process.env.LOADTEST_PORT ?? 3950);
const MAX_SECONDS = 120;
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Store {
  name: string;
  url: string;
  /** `select k, n`: how many rows each key has. */
  counts(sql: string): Promise<Map<string, number>>;
  remove(): Promise<void>;
}

function sqliteStore(dir: string): Store {
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

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

async function postgresStore(): Promise<Store> {
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

type Form = "contact" | "newsletter";

/** Fires REQUESTS posts of one form, each from its own client with its own address; returns the 2xx ones. */
async function scenario(
  server: RunningServer,
  store: Store,
  form: Form,
  clientOffset: number,
): Promise<boolean> {
  const run = randomBytes(3).toString("hex");
  let sequence = 0;
  const acknowledged: string[] = [];
  const request: RequestSpec = {
    method: "POST",
    path: `/api/${form}`,
    headers: { "content-type": "application/json" },
    // With one request per connection in flight, the context set here is the one its answer sees.
    setupRequest(base: RequestSpec, context: Context) {
      const index = sequence++;
      const email = `lt-${form}-${run}-${index}@example.com`;
      context.email = email;
      const body =
        form === "contact"
          ? { name: "Load Test", email, phone: "555-0100", message: `Request ${index}: 200 drum labels` }
          : { email };
      return {
        ...base,
        headers: { ...base.headers, "x-forwarded-for": clientAddress(clientOffset + index) },
        body: JSON.stringify(body),
      };
    },
    onResponse(status: number, _body: string, context: Context) {
      if (status >= 200 && status < 300 && typeof context.email === "string")
        acknowledged.push(context.email);
    },
  };
  const result = await runLoad(
    { url: server.origin, connections: CONNECTIONS, pipelining: 1, amount: REQUESTS, requests: [request] },
    MAX_SECONDS,
  );
  console.info(summary(`${store.name} ${form}`, result));

  const table = form === "contact" ? "contact_submissions" : "newsletter_subscriptions";
  const stored = await store.counts(`select email as k, count(*) as n from ${table} group by email`);
  const queued =
    form === "contact"
      ? await store.counts("select reply_to as k, count(*) as n from email_outbox group by reply_to")
      : undefined;
  const wrong = acknowledged.filter(
    (email) => stored.get(email) !== 1 || (queued && queued.get(email) !== 1),
  );
  const ofRun = [...stored.keys()].filter((email) => email.startsWith(`lt-${form}-${run}-`)).length;
  const verdict =
    wrong.length === 0 ? "ok" : `FAILED for ${wrong.length}, e.g. ${wrong.slice(0, 3).join(", ")}`;
  console.info(
    `${"".padEnd(34)}  check: ${acknowledged.length} acknowledged, ${ofRun} stored` +
      `${queued ? ", one notification each" : ""}: ${verdict}`,
  );
  return wrong.length === 0 && acknowledged.length > 0;
}

async function main(): Promise<void> {
  requireBuild();
  console.info(
    `${REQUESTS} posts per scenario over ${CONNECTIONS} connections, each from its own client address`,
  );
  let passed = true;
  const dir = mkdtempSync(path.join(tmpdir(), "site-loadtest-"));
  try {
    for (const makeStore of [async () => sqliteStore(dir), postgresStore]) {
      const store = await makeStore();
      const server = await startServer(PORT, {
        DATABASE_URL: store.url,
        MAIL_DIR: path.join(dir, `mail-${store.name}`),
        TRUST_PROXY: "true",
      });
      try {
        passed = (await scenario(server, store, "contact", 0)) && passed;
        passed = (await scenario(server, store, "newsletter", 1 << 20)) && passed;
      } finally {
        await server.stop();
        await store.remove();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.info(passed ? "loadtest: every acknowledged post is stored once" : "loadtest: FAILED");
  process.exitCode = passed ? 0 : 1;
}

await main();
