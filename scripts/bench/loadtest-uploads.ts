/** The load test's upload scenario: held and flooding quote uploads, and the memory they may take. */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Request as RequestSpec } from "autocannon";
import { clientAddress, type RunningServer, requestsPerSecond, runLoad, sleep, summary } from "./load-lib";
import type { Store } from "./loadtest-stores";
import { check } from "./loadtest-targets";

/** The longest any one load run may take, whatever its own bounds say. */
export const MAX_SECONDS = 120;
export const UPLOADS = Number(process.env.LOADTEST_UPLOADS ?? 30);
const UPLOAD_CONNECTIONS = Number(process.env.LOADTEST_UPLOAD_CONNECTIONS ?? 4);
const UPLOAD_BYTES = 10 * 1024 * 1024;
/** LOADTEST_ONLY: a comma-separated subset of sqlite, postgres, isolation, uploads, mail (default: all). */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/** UPLOADS quote requests, each with a 10 MB PDF, each from its own client; memory must stay bounded. */
export async function uploadScenario(
  server: RunningServer,
  store: Store,
  clientOffset: number,
): Promise<boolean> {
  const run = randomBytes(3).toString("hex");
  const { boundary, body } = await uploadBody(server.origin, run);
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
  const uploaded = memoryMb(server.pid);
  // The files are mailed after the answers (sales gets each request with its files attached): the
  // peak that counts includes that, so the check waits until every notification of the run left.
  const { mailed, unsent } = await untilMailed(store, run, accepted);
  const after = memoryMb(server.pid);
  const megabytesPerSecond = (requestsPerSecond(result) * body.length) / (1024 * 1024);
  console.info(
    `${"".padEnd(34)}  throughput ${megabytesPerSecond.toFixed(1)} MB/s uploaded; server memory ` +
      `${before.rss} MB before (peak ${before.peak} MB), ${uploaded.rss} MB after the uploads (peak ${uploaded.peak} MB), ` +
      `${after.rss} MB once their ${mailed} notifications were mailed (peak ${after.peak} MB)`,
  );
  const stored = await store.counts(
    `select r.company as k, count(*) as n from quote_requests r join quote_files f on f.request_id = r.id where r.company = 'Load Test ${run}' group by r.company`,
  );
  const count = stored.get(`Load Test ${run}`) ?? 0;
  // Each upload is stored (one file in memory at a time per upload) and then mailed to sales with its
  // file; a few at once must not grow the server without bound (connections × 25 MB is the worst
  // case, plus the database's and the mail's copies).
  const limit = before.peak + UPLOAD_CONNECTIONS * 60 + 200;
  const bounded = after.peak < limit;
  const met = count === accepted && accepted > 0 && unsent === 0 && bounded;
  console.info(
    `${"".padEnd(34)}  check: ${accepted} accepted, ${count} stored with their file, ${mailed} mailed; ` +
      `peak ${after.peak} MB against ${limit} MB: memory ${bounded ? "bounded" : "NOT bounded"}: ${met ? "ok" : "FAILED"}`,
  );
  check(
    "quote uploads: each accepted one stored and mailed, memory bounded",
    `${count}/${accepted}, ${mailed} mailed, peak ${after.peak} MB < ${limit} MB`,
    met,
  );
  return met;
}

/** A quote post with one 10 MB PDF, its token from a fresh form, sent no sooner than a person could. */
async function uploadBody(origin: string, run: string): Promise<{ boundary: string; body: Buffer }> {
  const page = await (await fetch(`${origin}/quote`)).text();
  const token = /name="startedAt" value="([^"]+)"/.exec(page)?.[1] ?? "";
  // The form refuses posts sent sooner than a person could fill it in.
  await sleep(3100);
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
  return { boundary, body };
}

/**
 * Waits until every notification of the run left (up to MAX_SECONDS). A request the load generator
 * gave up on may still have been stored: it is mailed too.
 */
async function untilMailed(
  store: Store,
  run: string,
  accepted: number,
): Promise<{ mailed: number; unsent: number }> {
  const mailedBy = Date.now() + MAX_SECONDS * 1000;
  let mailed = 0;
  let unsent = accepted;
  while (unsent > 0 && Date.now() < mailedBy) {
    const statuses = await store.counts(
      `select status as k, count(*) as n from email_outbox where kind = 'quote_notification' and subject like '%Load Test ${run}%' group by status`,
    );
    mailed = statuses.get("sent") ?? 0;
    const notYet = [...statuses].reduce((sum, [status, n]) => (status === "sent" ? sum : sum + n), 0);
    unsent = Math.max(accepted - mailed, notYet);
    if (unsent > 0) await sleep(250);
  }
  return { mailed, unsent };
}
