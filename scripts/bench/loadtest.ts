/**
 * `npm run loadtest`: the form endpoints under load, against a built server, with the targets of
 * docs/benchmarks.md checked at the end (the exit code is 1 when one is missed):
 * - contact and newsletter posts from 50 connections, each post from its own client, on SQLite and on
 *   a temporary PostgreSQL database: requests/s, p50/p99 and server CPU per accepted post, then a check
 *   that every 2xx answer left exactly one stored row (and, for a contact, one notification);
 * - isolation: 50 connections posting junk (invalid posts, and valid ones from a few clients that soon
 *   hit their limit) as fast as they can while another client loads `/` and real leads arrive: the
 *   page's p99, and how soon each real lead's notification reaches a real SMTP peer;
 * - quote requests with one 10 MB drawing each (docs/quotes.md): LOADTEST_UPLOADS (default 30) over
 *   LOADTEST_UPLOAD_CONNECTIONS (default 4); the upload throughput and the server's peak memory until
 *   every one of them has been mailed to sales with its file;
 * - mail delivery, on SQLite and PostgreSQL (scripts/bench/loadtest-mail.ts): 10,000 queued lead
 *   notifications to a real SMTP peer, and how soon a lead posted behind them arrives.
 * Expects a build (BUILD_DIR, default build); talks to 127.0.0.1 only.
 *
 * LOADTEST_REQUESTS (per scenario, default 4000), LOADTEST_CONNECTIONS (default 50),
 * LOADTEST_SECONDS (isolation flood, default 10), LOADTEST_PORT (default 3950),
 * LOADTEST_MAIL_BACKLOG (mail scenario, default 10000),
 * TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import type { Request as RequestSpec } from "autocannon";
import { type SmtpPeer, startSmtpPeer } from "../../tests/support/smtp-peer";
import {
  clientAddress,
  mainThreadCpu,
  processCpu,
  type RunningServer,
  requireBuild,
  runLoad,
  startServer,
  summary,
} from "./load-lib";
import { deliveredLeads, junkPosts, postRealLeads } from "./loadtest-leads";
import { checkMail, mailScenario } from "./loadtest-mail";
import { postgresStore, type Store, sqliteStore } from "./loadtest-stores";
import { check, pad, percentile, targets } from "./loadtest-targets";
import { MAX_SECONDS, UPLOADS, uploadScenario } from "./loadtest-uploads";

const REQUESTS = Number(process.env.LOADTEST_REQUESTS ?? 4000);
const FLOOD_SECONDS = Number(process.env.LOADTEST_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 50);
const PORT = Number(process.env.LOADTEST_PORT ?? 3950);
const ONLY = new Set((process.env.LOADTEST_ONLY ?? "sqlite,postgres,isolation,uploads,mail").split(","));

type Form = "contact" | "newsletter";
/** What a request leaves for its answer (autocannon keeps one context per request in flight). */
type LoadContext = { email?: string };

interface PostFigures {
  perSecond: number;
  p99: number;
  /** The whole server process: main thread, mail thread, libuv's pool, garbage collection. */
  cpuMicros: number;
  /** The main thread alone: the request path (and the mail worker's database steps). */
  mainMicros: number;
  stored: boolean;
}

/** A contact or newsletter post from its own client address, with an e-mail unique to `run`. */
function postSpec(
  form: Form,
  run: string,
  clientOffset: number,
  onAccepted?: (email: string) => void,
): RequestSpec {
  let sequence = 0;
  return {
    method: "POST",
    path: `/api/${form}`,
    headers: { "content-type": "application/json" },
    // With one request per connection in flight, the context set here is the one its answer sees.
    setupRequest(base: RequestSpec, context: LoadContext) {
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
    onResponse(status: number, _body: string, context: LoadContext) {
      if (status >= 200 && status < 300 && typeof context.email === "string") onAccepted?.(context.email);
    },
  };
}

/**
 * Fires REQUESTS posts of one form, each from its own client; prints requests/s, percentiles and the
 * server's CPU per accepted post, and checks that every 2xx answer left one row (and one notification).
 */
async function scenario(
  server: RunningServer,
  store: Store,
  form: Form,
  clientOffset: number,
): Promise<PostFigures> {
  // A short warm-up first, so the figures are of a running server, not of its JIT compiler.
  await runLoad(
    {
      url: server.origin,
      connections: CONNECTIONS,
      amount: 500,
      requests: [postSpec(form, `w${randomBytes(3).toString("hex")}`, clientOffset + (1 << 19))],
    },
    MAX_SECONDS,
  );
  const run = randomBytes(3).toString("hex");
  const acknowledged: string[] = [];
  const cpu = processCpu([server.pid]);
  const mainThread = mainThreadCpu(server.pid);
  const result = await runLoad(
    {
      url: server.origin,
      connections: CONNECTIONS,
      pipelining: 1,
      amount: REQUESTS,
      requests: [postSpec(form, run, clientOffset, (email) => acknowledged.push(email))],
    },
    MAX_SECONDS,
  );
  const cpuMicros = cpu(acknowledged.length);
  const mainMicros = mainThread(acknowledged.length);
  console.info(
    `${summary(`${store.name} ${form}`, result)}  CPU ${cpuMicros.toFixed(0)} µs/post, main thread ${mainMicros.toFixed(0)} µs`,
  );

  const table = form === "contact" ? "contact_submissions" : "newsletter_subscriptions";
  const stored = await store.counts(`select email as k, count(*) as n from ${table} group by email`);
  const queued =
    form === "contact"
      ? await store.counts(
          "select reply_to as k, count(*) as n from email_outbox where kind = 'contact_notification' group by reply_to",
        )
      : undefined;
  const wrong = acknowledged.filter(
    (email) => stored.get(email) !== 1 || (queued && queued.get(email) !== 1),
  );
  const ofRun = [...stored.keys()].filter((email) => email.startsWith(`lt-${form}-${run}-`)).length;
  const verdict =
    wrong.length === 0 ? "ok" : `FAILED for ${wrong.length}, e.g. ${wrong.slice(0, 3).join(", ")}`;
  console.info(
    `${pad}  check: ${acknowledged.length} acknowledged, ${ofRun} stored` +
      `${queued ? ", one notification each" : ""}: ${verdict}`,
  );
  return {
    perSecond: acknowledged.length / Math.max(result.duration, 0.001),
    p99: result.latency.p99,
    cpuMicros,
    mainMicros,
    stored: wrong.length === 0 && acknowledged.length === REQUESTS,
  };
}

/** The targets of a post scenario (docs/benchmarks.md#targets). */
function checkPosts(store: Store, form: Form, figures: PostFigures): void {
  const label = `${store.name} ${form}`;
  check(`${label}: every 2xx stored once`, figures.stored ? "yes" : "no", figures.stored);
  if (store.name === "sqlite") {
    check(`${label}: p99 <= 50 ms`, `${figures.p99} ms`, figures.p99 <= 50);
    // On a small machine the load generator runs out of CPU first; the CPU per post then says what
    // the server could accept with a core of its own. Posts are accepted on the main thread (e-mail
    // is built and sent on another, after the answer), so that thread's CPU is the one compared; the
    // whole process's is printed beside it.
    const met = figures.perSecond >= 2000 || figures.mainMicros <= 400;
    check(
      `${label}: >= 2,000 posts/s or <= 400 µs main-thread CPU/post`,
      `${figures.perSecond.toFixed(0)}/s, ${figures.mainMicros.toFixed(0)} µs (process ${figures.cpuMicros.toFixed(0)} µs)`,
      met,
    );
  } else {
    check(`${label}: p99 <= 100 ms`, `${figures.p99} ms`, figures.p99 <= 100);
    check(`${label}: >= 1,000 posts/s`, `${figures.perSecond.toFixed(0)}/s`, figures.perSecond >= 1000);
  }
}

/**
 * GET / at a steady rate from a process of its own, so its timings are not delayed by the flood's
 * generator (a thread inside the generator's process measured the generator's own pauses: p99 ten
 * times the separate process's). Resolves with the latencies in milliseconds.
 */
function pageProbe(origin: string, seconds: number, rate: number): Promise<number[]> {
  const code = `
    const http = require("node:http");
    const [origin, seconds, rate] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const latencies = [];
    const end = Date.now() + seconds * 1000;
    let inFlight = 0;
    const timer = setInterval(() => {
      if (Date.now() >= end) {
        clearInterval(timer);
        const wait = () => (inFlight === 0 ? process.stdout.write(JSON.stringify(latencies)) : setTimeout(wait, 50));
        wait();
        return;
      }
      inFlight++;
      const started = process.hrtime.bigint();
      http.get(origin + "/", { agent, headers: { "accept-encoding": "br" } }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          inFlight--;
        });
      }).on("error", () => { latencies.push(null); inFlight--; });
    }, 1000 / rate);
  `;
  return new Promise((resolve, reject) => {
    const probe = spawn(process.execPath, ["-e", code, origin, String(seconds), String(rate)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    probe.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    probe.once("error", reject);
    probe.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`the page probe exited with ${code}`));
      // A failed request (null in JSON) counts as infinitely slow.
      resolve((JSON.parse(output) as Array<number | null>).map((ms) => ms ?? Number.POSITIVE_INFINITY));
    });
  });
}

/**
 * 50 connections post junk as fast as they can: invalid posts, and valid ones from eight clients (soon
 * over their limit). Meanwhile another client loads `/` 100 times a second and a real lead arrives
 * every half second; each lead's notification must reach the SMTP peer.
 */
async function isolationScenario(server: RunningServer, peer: SmtpPeer, clientOffset: number): Promise<void> {
  const junk = junkPosts(clientOffset);
  // The flood runs for two seconds before anything is measured, as the post scenarios warm up first:
  // the figures are of a server in the middle of a flood, not of its JIT compiler meeting one.
  await runLoad({ url: server.origin, connections: CONNECTIONS, duration: 2, requests: [junk] }, MAX_SECONDS);
  const floodEnds = Date.now() + FLOOD_SECONDS * 1000;
  const leads = postRealLeads(server.origin, clientOffset, floodEnds);
  const cpu = processCpu([server.pid]);
  const mainThread = mainThreadCpu(server.pid);
  const [flood, latencies, posted] = await Promise.all([
    runLoad(
      { url: server.origin, connections: CONNECTIONS, duration: FLOOD_SECONDS, requests: [junk] },
      MAX_SECONDS,
    ),
    pageProbe(server.origin, FLOOD_SECONDS, 100),
    leads,
  ]);
  const cpuMicros = cpu(flood.requests.total);
  const mainMicros = mainThread(flood.requests.total);
  console.info(
    `${summary("isolation: junk posts", flood)}  CPU ${cpuMicros.toFixed(0)} µs/post, main thread ${mainMicros.toFixed(0)} µs`,
  );
  const pageP50 = percentile(latencies, 50);
  const pageP99 = percentile(latencies, 99);
  console.info(
    `${"isolation: GET / beside it".padEnd(34)}  ${String(latencies.length).padStart(7)} req  p50 ${pageP50.toFixed(1)} ms  p99 ${pageP99.toFixed(1)} ms  max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  check("isolation: GET / p99 <= 20 ms during the flood", `${pageP99.toFixed(1)} ms`, pageP99 <= 20);

  const delivered = await deliveredLeads(peer, posted);
  const delays = [...posted].map(([email, at]) => (delivered.get(email) ?? Number.POSITIVE_INFINITY) - at);
  const late = delays.filter((delay) => delay > 10_000).length;
  console.info(
    `${pad}  real leads: ${posted.size} posted, ${delivered.size} notifications delivered; ` +
      `delay p50 ${percentile(delays, 50).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms`,
  );
  check(
    "isolation: every real lead's notification delivered within 10 s",
    `${delivered.size}/${posted.size}, ${late} late`,
    posted.size > 0 && late === 0,
  );
}

/** Resident memory of a process in MB: now (VmRSS) and its peak so far (VmHWM). Linux only. */
async function main(): Promise<void> {
  requireBuild();
  const [load1] = os.loadavg();
  console.info(
    `${REQUESTS} posts per scenario over ${CONNECTIONS} connections, each from its own client address; ` +
      `${os.cpus().length} CPUs, load average ${load1?.toFixed(2)}`,
  );
  const dir = mkdtempSync(path.join(tmpdir(), "site-loadtest-"));
  const peer = await startSmtpPeer();
  try {
    const stores = [
      ...(ONLY.has("sqlite") ? [async () => sqliteStore(dir)] : []),
      ...(ONLY.has("postgres") ? [postgresStore] : []),
    ];
    for (const makeStore of stores) {
      const store = await makeStore();
      const server = await startServer(PORT, {
        DATABASE_URL: store.url,
        MAIL_DIR: path.join(dir, `mail-${store.name}`),
        TRUST_PROXY: "true",
      });
      try {
        checkPosts(store, "contact", await scenario(server, store, "contact", 0));
        checkPosts(store, "newsletter", await scenario(server, store, "newsletter", 1 << 20));
        if (UPLOADS > 0 && ONLY.has("uploads")) await uploadScenario(server, store, 2 << 20);
      } finally {
        await server.stop();
        await store.remove();
      }
    }
    if (ONLY.has("isolation")) {
      const isolated = await startServer(PORT, {
        DATABASE_URL: `sqlite:${path.join(dir, "isolation.db")}`,
        SMTP_URL: peer.url,
        TRUST_PROXY: "true",
      });
      try {
        await isolationScenario(isolated, peer, 3 << 20);
      } finally {
        await isolated.stop();
      }
    }
    if (ONLY.has("mail")) {
      // Both databases, whatever else was chosen: the worker's claims and records differ between them.
      for (const makeStore of [
        async () => sqliteStore(mkdtempSync(path.join(dir, "mail-"))),
        postgresStore,
      ]) {
        const store = await makeStore();
        try {
          checkMail(store.name, await mailScenario(store, PORT), check);
        } finally {
          await store.remove();
        }
      }
    }
  } finally {
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.info(`\ntargets (load average now ${os.loadavg()[0]?.toFixed(2)}):`);
  for (const target of targets)
    console.info(`  ${target.met ? "met    " : "MISSED "} ${target.what.padEnd(58)} ${target.figure}`);
  const missed = targets.filter((target) => !target.met).length;
  console.info(missed === 0 ? "loadtest: every target met" : `loadtest: ${missed} target(s) missed`);
  process.exitCode = missed === 0 ? 0 : 1;
}

await main();
