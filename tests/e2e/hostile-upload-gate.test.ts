import { expect, test } from "@playwright/test";
import { startSmtpPeer } from "../support/smtp-peer";
import { serverForFile, spawnServer } from "./spawned-server";
import {
  BOUNDARY,
  closing,
  field,
  fileHead,
  formToken,
  nextClientAddress,
  openPost as openPostOn,
} from "./upload-support";

const openPost = (client: string, length: number, start: Buffer) => openPostOn(PORT, client, length, start);

/*
 * What a quote post must get past before the server reads its files (docs/quotes.md#limits-and-checks),
 * against a production server of our own: the form's token, sent first and checked as it arrives, and
 * the per-client limit, checked before any of the body is read. Each upload below announces 20 MB and
 * sends only its first bytes: an answer is proof that it was decided before the file was read.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 172;
const ANNOUNCED = 20 * 1024 * 1024;

test.describe.configure({ mode: "serial" });

const server = serverForFile(PORT, { TRUST_PROXY: "true" });
const clientAddress = nextClientAddress;

const buyer = [
  field("company", "Gate Test Co"),
  field("name", "Gate Tester"),
  field("email", "gate@example.com"),
  field("items[0].description", "4x6 thermal labels"),
  field("items[0].quantity", "24"),
  field("items[0].unit", "roll"),
];

test("a file sent before the form's token is refused before any of it is read", async () => {
  const post = openPost(
    clientAddress(),
    ANNOUNCED,
    Buffer.concat([...buyer, fileHead("drawing.pdf"), Buffer.alloc(1024, 0x41)]),
  );
  try {
    expect(await post.status(5_000)).toBe(400);
    expect(post.answer()).toContain("The form was sent in an order this site does not accept.");
  } finally {
    post.destroy();
  }
});

test("a forged token is answered before the file's body is sent, the form filled in again", async () => {
  // (A genuine token that is only too young is not: its files are passed over unread and the route
  // answers, so a visitor's quick 'Add rows' without JavaScript still works.)
  for (const [token, title] of [[`${Date.now() - 60_000}.${"A".repeat(32)}`, "Please Try Again"]] as const) {
    const post = openPost(
      clientAddress(),
      ANNOUNCED,
      Buffer.concat([field("startedAt", token), ...buyer, fileHead("drawing.pdf")]),
    );
    try {
      expect(await post.status(5_000)).toBe(400);
      expect(post.answer()).toContain(title);
      // The page comes back with what was typed (the company is a box that grows with its text).
      expect(post.answer()).toMatch(/name="company"[^>]*>Gate Test Co<\/textarea>/);
    } finally {
      post.destroy();
    }
  }
});

test("twenty uploads one after another from one client: five accepted, fifteen refused 429 before their bodies are sent", async () => {
  test.setTimeout(90_000);
  const token = await formToken(server().origin);
  const client = clientAddress();
  const start = Buffer.concat([field("startedAt", token), ...buyer, fileHead("drawing.pdf")]);
  const rest = Buffer.concat([Buffer.alloc(200 * 1024, 0x41), closing]);
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    // Headers only: an answer now was decided before a byte of the body arrived.
    const post = openPost(client, start.length + rest.length, Buffer.alloc(0));
    try {
      const early = await post.status(800);
      if (early !== -1) {
        expect(post.answer()).toMatch(/\r\nretry-after: \d+\r\n/i);
        statuses.push(early);
        continue;
      }
      post.write(Buffer.concat([start, rest]));
      const status = await post.status(10_000);
      if (status === 200) expect(post.answer()).toMatch(/Your reference: <strong[^>]*>Q-/);
      statuses.push(status === 200 ? 200 : status + 1000);
    } finally {
      post.destroy();
    }
  }
  console.info(
    `20 sequential uploads from one client: ${statuses.join(", ")} (1xxx: answered after the body)`,
  );
  expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(15).fill(429)]);
});

test("a buyer without JavaScript can add rows many times and still send", async () => {
  const token = await formToken(server().origin);
  const client = clientAddress();
  const post = async (intent: string) => {
    const body = Buffer.concat([
      field("startedAt", token),
      ...buyer,
      field("intent", intent),
      closing.subarray(2),
    ]);
    const response = await fetch(`${server().origin}/quote`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "X-Forwarded-For": client },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  for (let i = 0; i < 16; i++) expect(await post("add-rows")).toBe(200);
  expect(await post("send")).toBe(200);
});

test("a file named in UTF-8 reaches sales under its own name", async () => {
  test.setTimeout(60_000);
  const peer = await startSmtpPeer();
  const mailed = await spawnServer(PORT + 1, { SMTP_URL: peer.url, SALES_EMAIL: "quotes@ridgeline.test" });
  try {
    const token = await formToken(mailed.origin);
    const form = new FormData();
    form.append("startedAt", token);
    for (const [name, value] of Object.entries({
      company: "Größe Werkzeugbau",
      name: "Jürgen Ørsted",
      email: "jurgen@example.com",
      "items[0].description": "Schaumeinlage",
      "items[0].quantity": "40",
      "items[0].unit": "each",
      intent: "send",
    }))
      form.append(name, value);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n");
    form.append(
      "files",
      new Blob([new Uint8Array(pdf)], { type: "application/pdf" }),
      "Größe Ø 40 – Zeichnung.pdf",
    );
    const response = await fetch(`${mailed.origin}/api/quote`, { method: "POST", body: form });
    expect(response.status).toBe(200);
    await expect
      .poll(() => peer.messages.filter((mail) => mail.attachments.length > 0).length, { timeout: 15_000 })
      .toBe(1);
    const sales = peer.messages.find((mail) => mail.attachments.length > 0);
    expect(sales?.attachments.map((file) => file.filename)).toEqual(["Größe Ø 40 – Zeichnung.pdf"]);
    expect(sales?.text).toContain("Größe Ø 40 – Zeichnung.pdf");
  } finally {
    await mailed.stop();
    await peer.stop();
  }
});
