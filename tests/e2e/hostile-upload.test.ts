import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { serverForFile } from "./spawned-server";
import {
  BOUNDARY,
  closing,
  field,
  fileHead,
  nextClientAddress,
  openPost,
  formToken as tokenFrom,
} from "./upload-support";

const formToken = () => tokenFrom(server().origin);
const openUpload = (client: string, length: number, start: Buffer) => openPost(PORT, client, length, start);

/*
 * The quote upload path as an attacker uses it, against a production server of our own: a paste list
 * built to make a backtracking parser slow, a hundred bodies of 24 MB held open at once, and twenty uploads
 * from one client at once. Figures are printed; the bounds are the ones docs/quotes.md states.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
const FILE_BYTES = 24 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 0x41);

test.describe.configure({ mode: "serial" });

const server = serverForFile(PORT, { TRUST_PROXY: "true" });
const clientAddress = nextClientAddress;

const contactFields = (token: string) =>
  Buffer.concat([
    field("startedAt", token),
    field("company", "Hostile Test Co"),
    field("name", "Hostile Tester"),
    field("email", "hostile@example.com"),
    field("items[0].description", "4x6 thermal labels"),
    field("items[0].quantity", "24"),
  ]);

/** Resident set size of the server: now and its high-water mark, in MB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), hwm: Math.round(kb("VmHWM") / 1024) };
}

/** Times of GET /about, one after another, until `until` settles. */
async function probePages(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done && times.length < 2_000) {
    const started = performance.now();
    const response = await fetch(`${server().origin}/about`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

test("a 39 KB paste list built to make a parser backtrack is answered at once, and pages keep answering", async () => {
  const token = await formToken();
  // Digits followed by what no quantity pattern accepts, on one long line: the shape that made the
  // earlier parser quadratic (5.4 s for one post).
  const pastes = ["1a".repeat(19_500), "1, ".repeat(13_000), `${"9".repeat(20_000)}x${" 1".repeat(9_000)}`];
  const postTimes: number[] = [];
  const posts = (async () => {
    for (const paste of pastes) {
      for (const intent of ["add-rows", "send"]) {
        // With the form's token, and without it (the no-JavaScript 'Add rows' once needed none).
        for (const withToken of [true, false]) {
          const body = Buffer.concat([
            withToken ? field("startedAt", token) : Buffer.alloc(0),
            field("intent", intent),
            field("pasteList", paste),
            Buffer.from(`--${BOUNDARY}--\r\n`),
          ]);
          const started = performance.now();
          const response = await fetch(`${server().origin}/quote`, {
            method: "POST",
            headers: {
              "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
              "X-Forwarded-For": clientAddress(),
            },
            body,
          });
          await response.arrayBuffer();
          postTimes.push(performance.now() - started);
          expect(response.status, `paste of ${paste.length} characters`).toBeLessThan(500);
        }
      }
    }
  })();
  const pageTimes = await probePages(posts);
  await posts;
  const health = await fetch(`${server().origin}/healthz`);
  expect(health.status).toBe(200);
  const round = (values: number[]) => values.map((value) => Math.round(value));
  console.info(
    `paste posts: median ${Math.round(median(postTimes))} ms, max ${Math.round(Math.max(...postTimes))} ms ` +
      `(${round(postTimes).join(", ")}); GET /about beside them: median ${Math.round(median(pageTimes))} ms, ` +
      `max ${Math.round(Math.max(...pageTimes))} ms over ${pageTimes.length}`,
  );
  // The speed itself is the benchmarks' to measure; these bounds only catch the backtracking parser, which took
  // seconds per post and held every page behind it. A busy test machine answers in tens of milliseconds.
  expect(median(postTimes)).toBeLessThan(500);
  expect(median(pageTimes)).toBeLessThan(500);
  expect(Math.max(...postTimes, ...pageTimes)).toBeLessThan(2_000);
});

test("a hundred 24 MB bodies held open keep the server's memory bounded, and pages answer", async () => {
  test.setTimeout(120_000);
  const pid = server().child.pid;
  if (!pid) throw new Error("no server process");
  const token = await formToken();
  const before = memory(pid);
  const start = Buffer.concat([contactFields(token), fileHead("drawing.pdf")]);
  const length = start.length + FILE_BYTES + closing.length;
  const uploads = Array.from({ length: 100 }, () => openUpload(clientAddress(), length, start));
  // Each sends its 24 MB (all but the closing boundary) unless the server has answered it already.
  await Promise.all(
    uploads.map(async (upload) => {
      let answered = false;
      void upload.answered.then(() => {
        answered = true;
      });
      for (let sent = 0; sent + CHUNK.length <= FILE_BYTES && !answered; sent += CHUNK.length) {
        if (!(await upload.write(CHUNK))) break;
      }
    }),
  );
  const held = memory(pid);
  const pageStarted = performance.now();
  const page = await fetch(`${server().origin}/about`);
  await page.arrayBuffer();
  const pageMs = Math.round(performance.now() - pageStarted);
  const settled = await Promise.all(
    uploads.map((upload) => Promise.race([upload.answered, Promise.resolve(-1)])),
  );
  const refused = settled.filter((status) => status === 503);
  console.info(
    `100 held uploads: RSS ${before.rss} MB before, ${held.rss} MB held, peak (VmHWM) ${held.hwm} MB; ` +
      `${refused.length} refused with 503, ${settled.filter((status) => status === -1).length} still open; ` +
      `GET /about ${pageMs} ms`,
  );
  for (const upload of uploads) upload.destroy();
  expect(page.status).toBe(200);
  // The refused bodies are read and dropped (2.3 GB through the server in seconds), so the peak
  // depends on when the garbage collector runs: 105 to 175 MB over the idle server in eight runs on
  // one machine. Held in memory, the hundred bodies would be 2.4 GB.
  expect(held.hwm - before.rss).toBeLessThan(250);
  for (const upload of uploads.filter((_, index) => settled[index] === 503)) {
    expect(upload.answer()).toMatch(/\r\nretry-after: \d+\r\n/i);
  }
  // The server is still whole once they are gone.
  await expect.poll(async () => (await fetch(`${server().origin}/healthz`)).status).toBe(200);
});

test("twenty uploads from one client at once: all but one are refused before their bodies are sent", async () => {
  const token = await formToken();
  const client = clientAddress();
  const start = Buffer.concat([contactFields(token), fileHead("drawing.pdf")]);
  const length = start.length + FILE_BYTES + closing.length;
  const uploads = Array.from({ length: 20 }, () => openUpload(client, length, start));
  // Nothing past the first bytes of the file is sent: an answer now was decided before the body was read.
  const statuses = await Promise.all(
    uploads.map((upload) =>
      Promise.race([upload.answered, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5_000))]),
    ),
  );
  for (const upload of uploads) upload.destroy();
  const refused = statuses.filter((status) => status === 429 || status === 503);
  console.info(`20 uploads from one client: ${refused.length} refused early (${statuses.join(", ")})`);
  expect(refused.length).toBe(19);
  expect(statuses.filter((status) => status === -1)).toHaveLength(1);
  for (const [index, upload] of uploads.entries()) {
    if (statuses[index] !== -1) expect(upload.answer()).toMatch(/\r\nretry-after: \d+\r\n/i);
  }
});
