import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressObject } from "mailparser";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { REFERENCE_PATTERN } from "~/features/leads/reference.server";
import { QUOTE_ERRORS, QUOTE_MAX_ITEMS, QUOTE_SUCCESS, QUOTE_TOO_FAST } from "~/features/quote/quote";
import type { QuoteServices } from "~/load-context";
import { createTransport } from "~/server/mail/transport.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { memoryLogger, type TestDatabase, testDialects } from "../../../tests/support/databases";
import { pngOfSize } from "../../../tests/support/files";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";
import { submitQuote } from "./quote.server";
import { signFormStart } from "./quote-token.server";
import { type QuoteUpload, type QuoteUploadFile, UPLOAD_ERRORS } from "./quote-upload.server";
import { sniffFileType } from "./sniff.server";

const secret = "test-secret-0123456789";
const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");
const opened = new Date("2025-06-02T14:29:00.000Z");
const now = new Date("2025-06-02T14:30:00.000Z");

const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), randomBytes(40_000)]);
const png = pngOfSize(20_008);
// Where the server keeps an upload's files until they are stored (upload-spool.server.ts).
const spoolDir = mkdtempSync(path.join(tmpdir(), "quote-test-"));
afterAll(() => rmSync(spoolDir, { recursive: true, force: true }));
let spooled = 0;
const fileOf = async (fileName: string, content: Buffer): Promise<QuoteUploadFile> => {
  const type = await sniffFileType(content);
  if (!type) throw new Error("test file of unknown type");
  const file = path.join(spoolDir, String(spooled++));
  writeFileSync(file, content);
  return { fileName, type, path: file, size: content.length };
};

const fields = (extra: Record<string, string> = {}): Record<string, string> => ({
  company: "Acme Widgets <Ltd>",
  name: "Dana Price",
  email: "dana@example.com",
  phone: "555-0100",
  postalCode: "30336",
  neededBy: "2025-07-01",
  poReference: "PO-991",
  "items[0].area": "labels",
  "items[0].description": "4x6 direct thermal labels",
  "items[0].quantity": "40",
  "items[0].unit": "roll",
  "items[0].notes": "1 inch core",
  "items[1].area": "die-cut-foams",
  "items[1].description": "Foam insert for gauge",
  "items[1].quantity": "1,200",
  "items[1].unit": "each",
  "items[2].area": "packaging",
  "items[2].description": "Stretch film 18in",
  "items[2].quantity": "12",
  "items[2].unit": "case",
  "labels.width": "4",
  "labels.height": "6",
  "labels.sizeUnit": "in",
  "labels.printer": "Zebra ZT411",
  "foam.dimensions": "10 x 6 x 2 in",
  startedAt: signFormStart(secret, opened),
  website: "",
  ...extra,
});
const upload = (f: Record<string, string>, files: QuoteUploadFile[] = []): QuoteUpload => ({
  fields: f,
  files,
  error: null,
  complete: true,
});

describe.each(testDialects)("submitQuote on $name", ({ create }) => {
  let t: TestDatabase;
  let deps: QuoteServices;
  let peer: SmtpPeer;

  beforeEach(async () => {
    t = await create();
    peer = await startSmtpPeer();
    deps = {
      db: t.db,
      logger: memoryLogger().logger,
      salesEmail: "sales@ridgeline-supply.example",
      mailFrom: "Ridgeline Website <website@ridgeline-supply.example>",
      formSecret: secret,
      now: () => now,
    };
  });
  afterEach(async () => {
    await peer.stop();
    await t.cleanup();
  });

  const counts = async () => ({
    requests: (await t.db.selectFrom("quote_requests").select("id").execute()).length,
    items: (await t.db.selectFrom("quote_items").select("position").execute()).length,
    files: (await t.db.selectFrom("stored_files").select("id").execute()).length,
    outbox: (await t.db.selectFrom("email_outbox").select("id").execute()).length,
  });

  async function deliver() {
    const transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
    );
    const worker = createMailWorker({ db: t.db, transport, logger: memoryLogger().logger });
    const sent = await worker.runOnce();
    transport.close();
    return sent;
  }

  it("keeps a request whose files timed out without them, and tells sales which files to expect", async () => {
    const timedOut: QuoteUpload = {
      fields: fields(),
      files: [],
      error: UPLOAD_ERRORS.timeout,
      complete: false,
      unfinishedFiles: ["drawing.pdf"],
    };
    const result = await submitQuote(deps, timedOut, "client-late");
    expect(result).toMatchObject({ ok: true, status: 200, filesNotArrived: ["drawing.pdf"] });
    expect(await counts()).toEqual({ requests: 1, items: 3, files: 0, outbox: 2 });
    const reference = result.ok ? result.reference : "";
    expect(await deliver()).toBe(2);
    const sales = peer.messages.find((message) => message.subject?.startsWith(`[${reference}]`));
    expect(sales?.attachments).toHaveLength(0);
    expect(sales?.text).toContain("Files that did not arrive");
    expect(sales?.text).toContain("drawing.pdf");

    // The browser's own fallback names the files it gave up on; 'Add item' that timed out stores nothing.
    const named = await submitQuote(deps, upload(fields({ filesNotSent: "a.pdf\nb.png" })), "client-late-2");
    expect(named).toMatchObject({ ok: true, filesNotArrived: ["a.pdf", "b.png"] });
    const rows = await submitQuote(
      deps,
      { ...timedOut, fields: fields({ intent: "add-rows" }) },
      "client-late-3",
    );
    expect(rows).toMatchObject({ ok: false, status: 408 });
    // A request cut off before its fields were whole is not kept.
    const partial = await submitQuote(
      deps,
      { ...timedOut, fields: { startedAt: fields().startedAt ?? "", company: "Acme" } },
      "client-late-4",
    );
    expect(partial).toMatchObject({ ok: false, status: 408, title: "Upload Timed Out" });
    expect((await counts()).requests).toBe(2);
  });

  it("stores a request with three items and two files once, and the SMTP peer gets both e-mails", async () => {
    const wakeMailWorker = vi.fn();
    const result = await submitQuote(
      { ...deps, wakeMailWorker },
      upload(fields(), [await fileOf("drawing.pdf", pdf), await fileOf("artwork.png", png)]),
      "client-a",
    );
    expect(result).toMatchObject({ ok: true, status: 200, ...QUOTE_SUCCESS });
    const reference = result.ok ? result.reference : "";
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(reference.startsWith("Q-")).toBe(true);
    expect(wakeMailWorker).toHaveBeenCalledOnce();
    expect(await counts()).toEqual({ requests: 1, items: 3, files: 2, outbox: 2 });
    const items = await t.db.selectFrom("quote_items").selectAll().orderBy("position").execute();
    expect(items.map((item) => [item.area, item.quantity, item.unit])).toEqual([
      ["labels", 40, "roll"],
      ["die-cut-foams", 1200, "each"],
      ["packaging", 12, "case"],
    ]);

    expect(await deliver()).toBe(2);
    const sales = peer.messages.find(
      (message) => message.subject?.includes(reference) && message.attachments.length,
    );
    expect(sales?.subject).toBe(
      `[${reference}] Atlanta: ship-to 30336, Georgia · Labels, Foam, Packaging · needed Jul 1 (29 days) · Acme Widgets <Ltd>`,
    );
    expect(sales?.replyTo?.value[0]?.address).toBe("dana@example.com");
    expect(sales?.attachments.map((file) => file.filename)).toEqual(["drawing.pdf", "artwork.png"]);
    expect(sales?.attachments.map((file) => sha256(file.content))).toEqual([sha256(pdf), sha256(png)]);
    expect(sales?.html || "").toContain("<td");
    expect(sales?.html || "").toContain("Acme Widgets &lt;Ltd&gt;");
    expect(sales?.text).toContain("Zebra ZT411");

    const ack = peer.messages.find((message) => message !== sales);
    expect(ack?.to && "text" in ack.to ? ack.to.text : "").toBe("dana@example.com");
    expect(ack?.subject).toContain(reference);
    expect(ack?.text).toContain(reference);
    expect(ack?.text).toContain("(800) 555-0199");
    expect(ack?.text).toContain("Monday - Friday");
    for (const typed of ["Acme", "Dana", "thermal", "Zebra", "PO-991", "555-0100"]) {
      expect(`${ack?.subject} ${ack?.text} ${ack?.html}`).not.toContain(typed);
    }
    expect(ack?.attachments).toHaveLength(0);
  });

  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((one) => one.value.map((v) => v.address));

  it("sends a request shipping to 30301 To the Atlanta branch with sales in Cc, and the buyer's replies to Atlanta", async () => {
    const result = await submitQuote(deps, upload(fields({ postalCode: "30301" })), "client-a");
    const reference = result.ok ? result.reference : "";
    expect(await deliver()).toBe(2);
    const sales = peer.messages.find((message) => message.subject?.startsWith(`[${reference}]`));
    expect(addresses(sales?.to)).toEqual(["atlanta@ridgeline-supply.example"]);
    expect(addresses(sales?.cc)).toEqual(["sales@ridgeline-supply.example"]);
    expect(sales?.subject).toMatch(new RegExp(`^\\[${reference}\\] Atlanta: ship-to 30301, Georgia · `));
    expect(sales?.text?.split("\n")[0]).toMatch(
      /^Atlanta: ship-to 30301, Georgia · Labels, Foam, Packaging · /,
    );
    // The peer was handed both recipients: the branch and sales each get the one message.
    expect(peer.recipients[sales ? peer.messages.indexOf(sales) : -1]?.sort()).toEqual([
      "atlanta@ridgeline-supply.example",
      "sales@ridgeline-supply.example",
    ]);

    const ack = peer.messages.find((message) => message !== sales);
    expect(addresses(ack?.to)).toEqual(["dana@example.com"]);
    expect(addresses(ack?.replyTo)).toEqual(["atlanta@ridgeline-supply.example"]);
    expect(ack?.text).toContain("our Atlanta branch");
    expect(ack?.text).toContain(
      `keep the reference ${reference} in the subject: your reply reaches our Atlanta branch`,
    );
    expect(ack?.text).toContain("Reply with the files attached.");
  });

  it("marks a request needed in 3 days urgent in the sales subject", async () => {
    const result = await submitQuote(deps, upload(fields({ neededBy: "2025-06-05" })), "client-a");
    expect(result.ok).toBe(true);
    expect(await deliver()).toBe(2);
    const sales = peer.messages.find(
      (message) => message.attachments.length === 0 && /Acme/.test(message.subject ?? ""),
    );
    expect(sales?.subject).toMatch(/urgent/i);
    expect(sales?.subject).toContain("needed Jun 5 (3 days)");
    expect(sales?.text?.split("\n")[0]).toMatch(/^URGENT · /);
  });

  it.each([
    ["", "No branch: no ship-to ZIP code given; sent to sales"],
    ["K1A 0B1", "No branch: ship-to K1A 0B1 is a Canadian postal code; sent to sales"],
  ])(
    "sends a request shipping to %j to sales alone, and the buyer's replies to sales",
    async (postalCode, why) => {
      const result = await submitQuote(deps, upload(fields({ postalCode })), "client-a");
      const reference = result.ok ? result.reference : "";
      expect(await deliver()).toBe(2);
      const sales = peer.messages.find((message) => message.subject?.startsWith(`[${reference}]`));
      expect(addresses(sales?.to)).toEqual(["sales@ridgeline-supply.example"]);
      expect(sales?.cc).toBeUndefined();
      expect(sales?.text?.split("\n")[0]).toContain(why);
      expect(sales?.subject).not.toContain("No branch");
      const ack = peer.messages.find((message) => message !== sales);
      expect(addresses(ack?.replyTo)).toEqual(["sales@ridgeline-supply.example"]);
      expect(ack?.text).toContain("your reply reaches our sales team");
    },
  );

  it("turns a pasted list into items", async () => {
    const f = fields({ pasteList: "ITEM-123, 500\n4x6 thermal labels 12 rolls\n" });
    const result = await submitQuote(deps, upload(f), "client-a");
    expect(result.ok).toBe(true);
    const items = await t.db.selectFrom("quote_items").selectAll().orderBy("position").execute();
    expect(items.slice(3).map((item) => [item.description, item.quantity, item.unit])).toEqual([
      ["ITEM-123", 500, "each"],
      ["4x6 thermal labels", 12, "roll"],
    ]);
  });

  it("refuses bad fields with a message per field and stores nothing", async () => {
    const result = await submitQuote(
      deps,
      upload(fields({ email: "dana@", "items[1].quantity": "0", "items[2].unit": "barrel" })),
      "client-a",
    );
    expect(result).toMatchObject({ ok: false, status: 400, ...QUOTE_ERRORS.emailInvalid });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      email: QUOTE_ERRORS.emailInvalid.message,
      "items.1.quantity": QUOTE_ERRORS.quantityInvalid.message,
      "items.2.unit": QUOTE_ERRORS.unitInvalid.message,
    });
    // What was typed comes back.
    expect(result.ok ? null : result.values?.company).toBe("Acme Widgets <Ltd>");
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it(`refuses more than ${QUOTE_MAX_ITEMS} items`, async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < QUOTE_MAX_ITEMS + 1; i++) {
      many[`items[${i}].description`] = `Part ${i}`;
      many[`items[${i}].quantity`] = "1";
      many[`items[${i}].unit`] = "each";
    }
    const result = await submitQuote(deps, upload({ ...fields(), ...many }), "client-a");
    expect(result).toMatchObject({ ok: false, status: 400, ...QUOTE_ERRORS.tooManyItems });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("answers a filled honeypot as success, storing and sending nothing", async () => {
    const result = await submitQuote(deps, upload(fields({ website: "http://spam.example" })), "client-a");
    expect(result).toMatchObject({ ok: true, status: 200, ...QUOTE_SUCCESS });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("refuses a post sent sooner than a person could fill the form, or with a forged start time", async () => {
    const fast = await submitQuote(
      deps,
      upload(fields({ startedAt: signFormStart(secret, now) })),
      "client-a",
    );
    expect(fast).toMatchObject({ ok: false, status: 400, ...QUOTE_TOO_FAST });
    const forged = await submitQuote(
      deps,
      upload(fields({ startedAt: signFormStart("another-secret-123456", opened) })),
      "client-a",
    );
    expect(forged).toMatchObject({ ok: false, status: 400 });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("refuses the sixth request from one client in ten minutes with 429", async () => {
    for (let i = 0; i < 5; i++)
      expect((await submitQuote(deps, upload(fields()), "client-b")).status).toBe(200);
    const refused = await submitQuote(deps, upload(fields()), "client-b");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await counts()).requests).toBe(5);
  });

  it("counts refused posts against the client too, but not the server's own 'Server Busy'", async () => {
    const busy = { status: 503, title: "Server Busy", message: "Busy", retryAfterSeconds: 30 } as const;
    for (let i = 0; i < 3; i++)
      expect((await submitQuote(deps, { ...upload(fields()), error: busy }, "client-d")).status).toBe(503);
    expect((await submitQuote(deps, upload(fields({ email: "dana@" })), "client-d")).status).toBe(400);
    expect((await submitQuote(deps, upload(fields({ startedAt: "forged" })), "client-d")).status).toBe(400);
    const tooLong = { status: 413, title: "Entry Too Long", message: "Too long" } as const;
    expect((await submitQuote(deps, { ...upload(fields()), error: tooLong }, "client-d")).status).toBe(413);
    expect((await submitQuote(deps, upload(fields({ website: "spam" })), "client-d")).status).toBe(200);
    expect((await submitQuote(deps, upload(fields()), "client-d")).status).toBe(200);
    // Five counted: the sixth post is refused, whatever it carries.
    const refused = await submitQuote(deps, upload(fields()), "client-d");
    expect(refused).toMatchObject({ ok: false, status: 429, title: "Too Many Requests" });
    expect((await counts()).requests).toBe(1);
  });

  it("refuses a label size unit that is not one of the form's choices", async () => {
    const result = await submitQuote(deps, upload(fields({ "labels.sizeUnit": "roll" })), "client-e");
    expect(result).toMatchObject({ ok: false, status: 400, ...QUOTE_ERRORS.sizeUnitInvalid });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      "labels.sizeUnit": QUOTE_ERRORS.sizeUnitInvalid.message,
    });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("stores a file under its non-ASCII name, byte for byte from disk", async () => {
    const result = await submitQuote(
      deps,
      upload(fields(), [await fileOf("Größe Ø 40.pdf", pdf)]),
      "client-f",
    );
    expect(result.ok).toBe(true);
    const stored = await t.db.selectFrom("stored_files").select(["file_name", "content"]).execute();
    expect(stored.map((file) => file.file_name)).toEqual(["Größe Ø 40.pdf"]);
    expect(sha256(Buffer.from(stored[0]?.content ?? []))).toBe(sha256(pdf));
  });

  it("acknowledges an address at most once an hour, across quotes and contact messages", async () => {
    const ackCount = async () =>
      (
        await t.db
          .selectFrom("email_outbox")
          .select("id")
          .where("kind", "=", "lead_acknowledgement")
          .execute()
      ).length;
    expect((await submitQuote(deps, upload(fields()), "client-c")).ok).toBe(true);
    expect((await submitQuote(deps, upload(fields({ email: "DANA@example.com" })), "client-d")).ok).toBe(
      true,
    );
    const contact = await submitContact(
      { ...deps, now: () => new Date(now.getTime() + 30 * 60_000) },
      { name: "Dana", email: "dana@example.com", phone: "", message: "Any news?" },
      "client-e",
    );
    expect(contact.ok).toBe(true);
    expect(contact.reference).toMatch(/^C-/);
    expect(await ackCount()).toBe(1);
    const later = { ...deps, now: () => new Date(now.getTime() + 61 * 60_000) };
    expect(
      (await submitQuote(later, upload(fields({ startedAt: signFormStart(secret, now) })), "client-f")).ok,
    ).toBe(true);
    expect(await ackCount()).toBe(2);
    // Sales hears of every lead.
    expect(
      (
        await t.db
          .selectFrom("email_outbox")
          .select("id")
          .where("kind", "!=", "lead_acknowledgement")
          .execute()
      ).length,
    ).toBe(4);
  });

  it("keeps nothing when storing fails halfway, and reports a failure", async () => {
    const failing = {
      ...deps,
      // The notification is queued after the request, items and files are written in the transaction;
      // a From the database refuses (none) fails it there.
      mailFrom: undefined as unknown as string,
    };
    const result = await submitQuote(
      failing,
      upload(fields(), [await fileOf("drawing.pdf", pdf)]),
      "client-a",
    );
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("loses nothing while SMTP is down: the mail is delivered, files intact, once the server answers", async () => {
    const result = await submitQuote(deps, upload(fields(), [await fileOf("drawing.pdf", pdf)]), "client-a");
    expect(result.ok).toBe(true);
    peer.refuse = true;
    await deliver();
    expect(peer.messages).toHaveLength(0);
    expect(
      (await t.db.selectFrom("email_outbox").select("status").execute()).map((row) => row.status).sort(),
    ).toEqual(["queued", "queued"]);
    peer.refuse = false;
    await t.db
      .updateTable("email_outbox")
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    expect(await deliver()).toBe(2);
    const sales = peer.messages.find((message) => message.attachments.length > 0);
    expect(sha256(sales?.attachments[0]?.content ?? Buffer.alloc(0))).toBe(sha256(pdf));
  });
});
