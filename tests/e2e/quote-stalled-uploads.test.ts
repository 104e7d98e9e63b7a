import { expect, test } from "@playwright/test";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import {
  BOUNDARY,
  closing,
  field,
  fileHead,
  formToken,
  type HeldPost,
  nextClientAddress,
  openPost,
} from "./upload-support";

/*
 * Four slow uploads must not shut the quote form (docs/quotes.md#limits-and-checks). Four clients open
 * a quote post announcing 20 MB, send the form and a file's first bytes, then one byte every two
 * seconds: each holds one of the four upload slots, never silent long enough for the old stall rule.
 * Meanwhile a quote without files, sent any way a buyer sends one, gets its reference; a file finds
 * every slot taken and is told to go without its files for now; and at the stall limit each trickling
 * upload loses its slot, so files are accepted again.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 410;
const STALL_MS = 20_000;

test.describe.configure({ mode: "serial" });

let server: SpawnedServer | undefined;
let token = "";
const holders: HeldPost[] = [];
const trickles: NodeJS.Timeout[] = [];

const buyer = (company: string) => [
  field("company", company),
  field("name", "Rae Lindqvist"),
  field("email", "rae@example.com"),
  field("items[0].description", "18 inch stretch film 80 gauge"),
  field("items[0].quantity", "24"),
  field("items[0].unit", "roll"),
];

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await spawnServer(PORT, { TRUST_PROXY: "true", QUOTE_UPLOAD_STALL_MS: String(STALL_MS) });
  token = await formToken(server.origin);
});

test.afterAll(async () => {
  for (const timer of trickles) clearInterval(timer);
  for (const holder of holders) holder.destroy();
  await server?.stop();
});

/** A quote without files, as the page's script sends it to /api/quote, from a client of its own. */
async function sendWithoutFiles(extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append("startedAt", token);
  for (const [name, value] of Object.entries({
    company: "Text Only Supply",
    name: "Sam Ortiz",
    email: "sam@example.com",
    "items[0].description": "4x6 direct thermal labels",
    "items[0].quantity": "40",
    "items[0].unit": "roll",
    ...extra,
    intent: "send",
  }))
    form.append(name, value);
  const response = await fetch(`${server?.origin}/api/quote`, {
    method: "POST",
    headers: { "X-Forwarded-For": nextClientAddress(), Accept: "application/json" },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as { reference?: string; title: string } };
}

test("with four uploads trickling a byte every two seconds, a quote without files gets its reference", async () => {
  test.setTimeout(120_000);
  const origin = server?.origin ?? "";
  const started = Date.now();
  for (let i = 0; i < 4; i++) {
    const start = Buffer.concat([
      field("startedAt", token),
      ...buyer(`Slow Loris ${i}`),
      fileHead("big.pdf"),
    ]);
    const holder = openPost(PORT, nextClientAddress(), 20 * 1024 * 1024, start);
    holders.push(holder);
    trickles.push(setInterval(() => void holder.write(Buffer.from("A")), 2_000));
  }
  // The four are held: a file now finds every slot taken, and is told what to do instead.
  await expect
    .poll(async () => {
      const post = openPost(
        PORT,
        nextClientAddress(),
        100_000,
        Buffer.concat([field("startedAt", token), ...buyer("Files Co"), fileHead("drawing.pdf")]),
      );
      const status = await post.status(5_000);
      const answer = post.answer();
      post.destroy();
      return (
        status === 503 &&
        answer.includes("Send yours now without the files and attach them later by replying")
      );
    })
    .toBe(true);

  // Without files: from the script (JSON answer), as the script's retry without the files, and
  // without JavaScript (the form's empty file input still sends a part).
  const fromScript = await sendWithoutFiles();
  expect(fromScript.status).toBe(200);
  expect(fromScript.json.reference).toMatch(/^Q-/);
  const resent = await sendWithoutFiles({ filesNotSent: "drawing.pdf" });
  expect(resent.status).toBe(200);
  expect(resent.json.reference).toMatch(/^Q-/);
  const body = Buffer.concat([
    field("startedAt", token),
    ...buyer("No Script Packaging"),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
    ),
    field("intent", "send"),
    closing.subarray(2),
  ]);
  const plain = openPost(PORT, nextClientAddress(), body.length, body);
  expect(await plain.status(10_000)).toBe(200);
  await expect.poll(() => plain.answer()).toMatch(/Your reference: <strong[^>]*>Q-/);
  plain.destroy();
  // Every trickling upload is still held at this point: nothing above waited for one to end.
  expect(Date.now() - started).toBeLessThan(STALL_MS);
  expect(await Promise.all(holders.map((holder) => holder.status(0)))).toEqual([-1, -1, -1, -1]);

  // At the stall limit each loses its slot (answered: its request kept without the file, as a slow
  // line's is), well before the three-minute ceiling, and a file is accepted again.
  const ended = await Promise.all(holders.map((holder) => holder.status(STALL_MS + 15_000)));
  const heldFor = Date.now() - started;
  console.info(
    `four trickling uploads lost their slots after ${heldFor} ms (stall limit ${STALL_MS} ms): ${ended.join(", ")}`,
  );
  expect(ended.every((status) => status > 0)).toBe(true);
  expect(heldFor).toBeLessThan(STALL_MS + 15_000);
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n");
  const withFile = new FormData();
  withFile.append("startedAt", token);
  for (const [name, value] of Object.entries({
    company: "Files Again Co",
    name: "Rae Lindqvist",
    email: "rae@example.com",
    "items[0].description": "Foam insert",
    "items[0].quantity": "250",
    "items[0].unit": "each",
    intent: "send",
  }))
    withFile.append(name, value);
  withFile.append("files", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "drawing.pdf");
  const accepted = await fetch(`${origin}/api/quote`, {
    method: "POST",
    headers: { "X-Forwarded-For": nextClientAddress() },
    body: withFile,
  });
  expect(accepted.status).toBe(200);
});
