/**
 * `npm run loadtest`: concurrent contact submissions and newsletter sign-ups against a built server,
 * on SQLite and on a temporary PostgreSQL database, then a check that every 2xx answer left exactly
 * one stored row (and, for a contact, one queued notification). Expects a build (BUILD_DIR, default
 * build); talks to 127.0.0.1 only.
 *
 * LOADTEST_REQUESTS (per scenario, default 2000), LOADTEST_CONNECTIONS (default 50),
 * LOADTEST_PORT (default 3950), TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
 *
 * Then quote requests with one 10 MB drawing each (docs/quotes.md): LOADTEST_UPLOADS (default 30) over
 * LOADTEST_UPLOAD_CONNECTIONS (default 4); prints the upload throughput and the server's peak memory
 * (resident set, VmHWM), and checks each accepted upload is stored once with its file.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Context, RequestSpec } from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import {
  clientAddress,
  type RunningServer,
  requestsPerSecond,
  requireBuild,
  runLoad,
  sleep,
  startServer,
  summary,
} from "./load-lib";

const REQUESTS = Number(process.env.LOADTEST_REQUESTS ?? 2000);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 50);
const PORT = Number(process.env.LOADTEST_PORT ?? 3950);
const MAX_SECONDS = 120;
const UPLOADS = Number(process.env.LOADTEST_UPLOADS ?? 30);
const UPLOAD_CONNECTIONS = Number(process.env.LOADTEST_UPLOAD_CONNECTIONS ?? 4);
const UPLOAD_BYTES = 10 * 1024 * 1024;
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

/** Resident memory of a process in MB: now (VmRSS) and its peak so far (VmHWM). Linux only. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/** UPLOADS quote requests, each with a 10 MB PDF, each from its own client; memory must stay bounded. */
async function uploadScenario(server: RunningServer, store: Store, clientOffset: number): Promise<boolean> {
  const page = await (await fetch(`${server.origin}/quote`)).text();
  const token = /name="startedAt" value="([^"]+)"/.exec(page)?.[1] ?? "";
  // The form refuses posts sent sooner than a person could fill it in.
  await sleep(3100);
  const run = randomBytes(3).toString("hex");
  const boundary = `----loadtest${run}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      field("company", `Load Test ${run}`) +
        field("name", "Load Test") +
        field("email", `lt-quote-${run}@example.com`) +
        field("items[0].area", "die-cut-foams") +
        field("items[0].description", "Foam insert per drawing") +
        field("items[0].quantity", "500") +
        field("items[0].unit", "each") +
        field("startedAt", token) +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="drawing.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    ),
    randomBytes(UPLOAD_BYTES - 9),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let sequence = 0;
  let accepted = 0;
  const before = memoryMb(server.pid);
  const request: RequestSpec = {
    method: "POST",
    path: "/api/quote",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    setupRequest(base: RequestSpec) {
      return {
        ...base,
        headers: { ...base.headers, "x-forwarded-for": clientAddress(clientOffset + sequence++) },
      };
    },
    onResponse(status: number) {
      if (status === 200) accepted++;
    },
  };
  const result = await runLoad(
    {
      url: server.origin,
      connections: UPLOAD_CONNECTIONS,
      pipelining: 1,
      amount: UPLOADS,
      requests: [request],
    },
    MAX_SECONDS,
  );
  console.info(summary(`${store.name} quote 10 MB uploads`, result));
  const after = memoryMb(server.pid);
  const megabytesPerSecond = (requestsPerSecond(result) * body.length) / (1024 * 1024);
  console.info(
    `${"".padEnd(34)}  throughput ${megabytesPerSecond.toFixed(1)} MB/s uploaded; server memory ` +
      `${before.rss} MB before, ${after.rss} MB after, peak ${after.peak} MB`,
  );
  const stored = await store.counts(
    `select r.company as k, count(*) as n from quote_requests r join quote_files f on f.request_id = r.id where r.company = 'Load Test ${run}' group by r.company`,
  );
  const count = stored.get(`Load Test ${run}`) ?? 0;
  // Each upload is held in memory while it is checked and stored; a few at once must not grow the
  // server without bound (connections × 25 MB is the worst case, plus the database's copy).
  const bounded = after.peak < before.peak + UPLOAD_CONNECTIONS * 60 + 200;
  console.info(
    `${"".padEnd(34)}  check: ${accepted} accepted, ${count} stored with their file; memory ${bounded ? "bounded" : "NOT bounded"}: ${
      count === accepted && accepted > 0 && bounded ? "ok" : "FAILED"
    }`,
  );
  return count === accepted && accepted > 0 && bounded;
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
        passed = (await uploadScenario(server, store, 2 << 20)) && passed;
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
