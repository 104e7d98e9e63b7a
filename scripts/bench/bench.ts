/**
 * `npm run bench`: the prerendered home page from our server and from nginx (when installed) serving
 * the same build/client folder, in one run, plus POST throughput of both forms on our server on SQLite
 * and of contact posts on PostgreSQL. The page is also served by a second server of ours with
 * ANALYTICS=off: counting (docs/analytics.md) may cost at most 5 % more server CPU per request.
 * Expects a build (BUILD_DIR, default build); talks to 127.0.0.1 only.
 *
 * BENCH_ONLY (a comma-separated subset of pages, counting, posts, postgres; default all),
 * BENCH_SECONDS (per measurement, default 10), BENCH_ROUNDS (default 2), BENCH_CONNECTIONS (default 50),
 * BENCH_PORT (default 3960; nginx gets the next port, the servers with ANALYTICS=on and off the two after,
 * the PostgreSQL server the one after those), BENCH_COUNTING_PAIRS (default 7) and BENCH_COUNTING_SECONDS
 * (default 5): the counting comparison; TEST_POSTGRES_URL: the PostgreSQL server where the bench creates
 * and drops its database (default postgres://postgres@127.0.0.1:5432/test).
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Result } from "autocannon";
import { type NginxServer, nginxVersion, startNginx } from "./bench-nginx";
import { measurePostgresPosts, measureSqlitePosts } from "./bench-posts";
import {
  childrenOf,
  mainThreadCpu,
  processCpu,
  requireBuild,
  runLoad,
  startServer,
  summary,
} from "./load-lib";
import { postgresStore } from "./loadtest-stores";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3960);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** A browser's user agent: a request without one is not counted, so the bench sends one. */
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** The most counting may add to the server CPU per page request. */
const COUNTING_MAX_OVERHEAD = 0.05;
/** A prerendered page's server CPU (brotli), absolute and against nginx serving the same file (requests per CPU second). */
const PAGE_MAX_CPU_MICROS = 60;
const NGINX_RATIO = 0.6;
/** Side-by-side runs of the counting and the uncounted server, and seconds each. */
const COUNTING_PAIRS = Number(process.env.BENCH_COUNTING_PAIRS ?? 7);
const COUNTING_SECONDS = Number(process.env.BENCH_COUNTING_SECONDS ?? 5);

interface Probe {
  status: number;
  encoding: string;
  length: number;
  type: string;
}

/** What a server answers for one GET: status and the representation it chose. */
function probe(origin: string, acceptEncoding: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": acceptEncoding, "user-agent": BROWSER };
    const request = http.get(`${origin}/`, { headers }, (response) => {
      let length = 0;
      response.on("data", (chunk: Buffer) => {
        length += chunk.length;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers["content-encoding"] ?? "identity"),
          length,
          type: String(response.headers["content-type"] ?? ""),
        }),
      );
    });
    request.on("error", reject);
  });
}

interface GetMeasurement {
  result: Result;
  /** Server CPU time per answered request, in microseconds. */
  cpuMicros: number;
}

async function measureGet(
  label: string,
  origin: string,
  acceptEncoding: string,
  serverPids: () => number[],
): Promise<GetMeasurement> {
  const served = await probe(origin, acceptEncoding);
  const options = {
    url: `${origin}/`,
    connections: CONNECTIONS,
    headers: { "accept-encoding": acceptEncoding, "user-agent": BROWSER },
  };
  await runLoad({ ...options, duration: 2 }, 10);
  const pids = serverPids();
  const cpu = processCpu(pids);
  const result = await runLoad({ ...options, duration: SECONDS }, SECONDS + 30);
  const cpuMicros = cpu(result.requests.total);
  console.info(`${summary(label, result)}  server CPU ${cpuMicros.toFixed(0)} µs/req`);
  console.info(
    `${"".padEnd(34)}  Accept-Encoding: ${acceptEncoding} -> ${served.status} ${served.encoding}, ` +
      `${served.length} bytes, ${served.type}`,
  );
  return { result, cpuMicros };
}

/**
 * Counting on against off: both servers loaded at the same time, half the connections each, so
 * whatever else the machine does in those seconds weighs on both alike, and the main thread's CPU
 * (the request path, where counting runs) read for each. Measured one after the other, the load of
 * other processes changed between two runs by more than the 5 % looked for.
 */
async function measureCounting(
  on: { origin: string; pid: number },
  off: { origin: string; pid: number },
): Promise<{ on: number; off: number }> {
  const options = (origin: string) => ({
    url: `${origin}/`,
    connections: Math.max(1, Math.floor(CONNECTIONS / 2)),
    headers: { "accept-encoding": "br, gzip", "user-agent": BROWSER },
  });
  const onCpu = mainThreadCpu(on.pid);
  const offCpu = mainThreadCpu(off.pid);
  const [onResult, offResult] = await Promise.all(
    [on, off].map((server) =>
      runLoad({ ...options(server.origin), duration: COUNTING_SECONDS }, COUNTING_SECONDS + 30),
    ),
  );
  if (!onResult || !offResult) throw new Error("a counting measurement did not run");
  const measured = { on: onCpu(onResult.requests.total), off: offCpu(offResult.requests.total) };
  console.info(
    `counting on/off GET / (br)  ${onResult.requests.total} / ${offResult.requests.total} req, ` +
      `main thread CPU ${measured.on.toFixed(1)} / ${measured.off.toFixed(1)} µs/req: ` +
      `${((measured.on / measured.off - 1) * 100).toFixed(1)} %`,
  );
  return measured;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Sums of several rounds: requests/s over all of them, CPU per request weighted by requests. */
function combine(measurements: GetMeasurement[]): { perSecond: number; cpuMicros: number } {
  const requests = measurements.reduce((sum, m) => sum + m.result.requests.total, 0);
  const seconds = measurements.reduce((sum, m) => sum + m.result.duration, 0);
  const cpu = measurements.reduce((sum, m) => sum + m.cpuMicros * m.result.requests.total, 0);
  return { perSecond: requests / seconds, cpuMicros: cpu / requests };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** What a run measures: BENCH_ONLY, a comma-separated subset; all of them by default. */
const PARTS = ["pages", "counting", "posts", "postgres"] as const;
const ONLY = new Set((process.env.BENCH_ONLY ?? PARTS.join(",")).split(","));

async function main(): Promise<void> {
  requireBuild();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const nginx = nginxVersion();
  console.info(
    `node ${process.version}, ${nginx ? `nginx ${nginx}` : "nginx not installed"}, ${os.cpus().length} × ${cpu}, ` +
      `${os.type()} ${os.release()}; ${CONNECTIONS} connections, ${SECONDS} s per GET measurement`,
  );
  const unknown = [...ONLY].filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
  const missed: string[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "site-bench-"));
  try {
    if (ONLY.has("pages") || ONLY.has("posts")) await benchOurs(dir, nginx !== undefined, missed);
    if (ONLY.has("counting")) await benchCounting(dir, missed);
    if (ONLY.has("postgres")) await benchPostgres(dir, missed);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.info(
    missed.length === 0
      ? `bench: every target met (load average ${os.loadavg()[0]?.toFixed(2)})`
      : `bench: target missed: ${missed.join("; ")}`,
  );
  process.exitCode = missed.length === 0 ? 0 : 1;
}

/** Our server on SQLite: the page against nginx, then the posts. */
async function benchOurs(dir: string, withNginx: boolean, missed: string[]): Promise<void> {
  const ours = await startServer(PORT, {
    DATABASE_URL: `sqlite:${path.join(dir, "site.db")}`,
    MAIL_DIR: path.join(dir, "mail"),
    TRUST_PROXY: "true",
  });
  const nginxServer = withNginx && ONLY.has("pages") ? await startNginx(dir, PORT + 1) : undefined;
  try {
    if (ONLY.has("pages")) {
      const pages = await measurePages(ours, nginxServer, missed);
      if (pages.nginxGzip) compareWithNginx(pages.oursBr, pages.oursGzip, pages.nginxGzip, missed);
    }
    if (ONLY.has("posts")) await measureSqlitePosts(ours, missed);
  } finally {
    await nginxServer?.stop();
    await ours.stop();
  }
}

/** The counting comparison: two more servers, started and warmed alike, one counting and one not. */
async function benchCounting(dir: string, missed: string[]): Promise<void> {
  const analyticsServer = (analytics: "on" | "off", port: number) =>
    startServer(port, {
      DATABASE_URL: `sqlite:${path.join(dir, `analytics-${analytics}.db`)}`,
      MAIL_DIR: path.join(dir, `mail-${analytics}`),
      TRUST_PROXY: "true",
      ANALYTICS: analytics,
    });
  const [counted, uncounted] = await Promise.all([
    analyticsServer("on", PORT + 2),
    analyticsServer("off", PORT + 3),
  ]);
  try {
    await measureCountingCost(counted, uncounted, missed);
  } finally {
    await Promise.all([counted.stop(), uncounted.stop()]);
  }
}

/** Contact posts on a PostgreSQL database of their own (TEST_POSTGRES_URL's server), dropped afterwards. */
async function benchPostgres(dir: string, missed: string[]): Promise<void> {
  const store = await postgresStore();
  try {
    const ours = await startServer(PORT + 4, {
      DATABASE_URL: store.url,
      MAIL_DIR: path.join(dir, "mail-postgres"),
      TRUST_PROXY: "true",
    });
    try {
      await measurePostgresPosts(ours, missed);
    } finally {
      await ours.stop();
    }
  } finally {
    await store.remove();
  }
}

type Combined = ReturnType<typeof combine>;

/** GET / from ours (br, gzip) and nginx (gzip_static), in interleaved rounds; the page's CPU target. */
async function measurePages(ours: Server, nginxServer: NginxServer | undefined, missed: string[]) {
  const oursPids = () => [ours.pid];
  const nginxPids = () => (nginxServer ? [nginxServer.pid, ...childrenOf(nginxServer.pid)] : []);
  const runs: Record<"oursBr" | "oursGzip" | "nginxGzip", GetMeasurement[]> = {
    oursBr: [],
    oursGzip: [],
    nginxGzip: [],
  };
  // Interleaved rounds, so a change in the machine's other load hits both servers alike.
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.info(`round ${round} of ${ROUNDS}`);
    runs.oursBr.push(await measureGet("ours GET / (br)", ours.origin, "br, gzip", oursPids));
    runs.oursGzip.push(await measureGet("ours GET / (gzip)", ours.origin, "gzip", oursPids));
    if (nginxServer) {
      const origin = `http://127.0.0.1:${PORT + 1}`;
      runs.nginxGzip.push(await measureGet("nginx GET / (gzip_static)", origin, "gzip", nginxPids));
    }
  }
  const oursBr = combine(runs.oursBr);
  const oursGzip = combine(runs.oursGzip);
  console.info(
    `ours: ${oursBr.perSecond.toFixed(0)} req/s, ${oursBr.cpuMicros.toFixed(0)} µs CPU/req (br); ` +
      `${oursGzip.perSecond.toFixed(0)} req/s, ${oursGzip.cpuMicros.toFixed(0)} µs CPU/req (gzip); ` +
      `target <= ${PAGE_MAX_CPU_MICROS} µs (br): ${oursBr.cpuMicros <= PAGE_MAX_CPU_MICROS ? "met" : "NOT met"}`,
  );
  if (oursBr.cpuMicros > PAGE_MAX_CPU_MICROS) {
    missed.push(`GET / ${oursBr.cpuMicros.toFixed(0)} µs CPU/req (br) > ${PAGE_MAX_CPU_MICROS} µs`);
  }
  return { oursBr, oursGzip, nginxGzip: nginxServer ? combine(runs.nginxGzip) : undefined };
}

/** Counting's cost: pairs of side-by-side runs; the median of their ratios, which one disturbed pair cannot move. */
async function measureCountingCost(counted: Server, uncounted: Server, missed: string[]): Promise<void> {
  const pairs: Array<{ on: number; off: number }> = [];
  // Warmed up alike, side by side.
  await Promise.all(
    [counted, uncounted].map((server) =>
      runLoad(
        {
          url: `${server.origin}/`,
          connections: Math.floor(CONNECTIONS / 2),
          duration: 3,
          headers: { "accept-encoding": "br, gzip", "user-agent": BROWSER },
        },
        15,
      ),
    ),
  );
  for (let pair = 0; pair < COUNTING_PAIRS; pair += 1) {
    pairs.push(
      await measureCounting(
        { origin: counted.origin, pid: counted.pid },
        { origin: uncounted.origin, pid: uncounted.pid },
      ),
    );
  }
  const overhead = median(pairs.map((pair) => pair.on / pair.off)) - 1;
  console.info(
    `counting: main thread CPU/req with ANALYTICS=on ${median(pairs.map((pair) => pair.on)).toFixed(1)} µs, ` +
      `off ${median(pairs.map((pair) => pair.off)).toFixed(1)} µs (medians of ${pairs.length} pairs); ` +
      `median difference ${(overhead * 100).toFixed(1)} %; target <= ${COUNTING_MAX_OVERHEAD * 100} %: ` +
      `${overhead <= COUNTING_MAX_OVERHEAD ? "met" : "NOT met"}`,
  );
  if (overhead > COUNTING_MAX_OVERHEAD) {
    missed.push(`counting costs ${(overhead * 100).toFixed(1)} % CPU per page request > 5 %`);
  }
}

/** Ours against nginx: requests a second (not a target) and requests per CPU second (a target). */
function compareWithNginx(oursBr: Combined, oursGzip: Combined, base: Combined, missed: string[]): void {
  const ratio = oursBr.perSecond / base.perSecond;
  console.info(`nginx: ${base.perSecond.toFixed(0)} req/s, ${base.cpuMicros.toFixed(0)} µs CPU/req (gzip)`);
  console.info(
    `ratio ours/nginx, requests/s: ${ratio.toFixed(2)} (ours br), ` +
      `${(oursGzip.perSecond / base.perSecond).toFixed(2)} (ours gzip, the bytes nginx sends); ` +
      "(the generator's share of the machine bounds this one; not a target)",
  );
  const perCpu = base.cpuMicros / oursBr.cpuMicros;
  console.info(
    `ratio ours/nginx, requests per CPU second: ${perCpu.toFixed(2)} (ours br), ` +
      `${(base.cpuMicros / oursGzip.cpuMicros).toFixed(2)} (ours gzip); target >= ${NGINX_RATIO}: ${perCpu >= NGINX_RATIO ? "met" : "NOT met"}`,
  );
  // Requests/s depend on the load generator's share of the machine; CPU per request does not.
  if (perCpu < NGINX_RATIO)
    missed.push(`requests per CPU second ours/nginx ${perCpu.toFixed(2)} < ${NGINX_RATIO}`);
}

await main();
