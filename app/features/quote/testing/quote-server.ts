import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach } from "vitest";
import type { QuoteServices } from "~/load-context";
import { createTransport } from "~/server/mail/transport.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { memoryLogger, type TestDatabase } from "../../../../tests/support/databases";
import { pngOfSize } from "../../../../tests/support/files";
import { type SmtpPeer, startSmtpPeer } from "../../../../tests/support/smtp-peer";
import { signFormStart } from "../server/quote-token.server";
import type { QuoteUpload, QuoteUploadFile } from "../upload/quote-upload.server";
import { sniffFileType } from "../upload/sniff.server";

/*
 * What submitQuote's tests share (quote-notify, quote-files and quote-refusals .test.ts): a filled-in
 * form, its files, and per test a fresh database, an SMTP peer and the mail worker to deliver to it.
 */

export const secret = "test-secret-0123456789";
export const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");
export const opened = new Date("2025-06-02T14:29:00.000Z");
export const now = new Date("2025-06-02T14:30:00.000Z");

export const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), randomBytes(40_000)]);
export const png = pngOfSize(20_008);

export const fields = (extra: Record<string, string> = {}): Record<string, string> => ({
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
  "items[0].labels.width": "4",
  "items[0].labels.height": "6",
  "items[0].labels.sizeUnit": "in",
  "items[0].labels.printer": "Zebra ZT411",
  "foam.dimensions": "10 x 6 x 2 in",
  startedAt: signFormStart(secret, opened),
  website: "",
  ...extra,
});
export const upload = (f: Record<string, string>, files: QuoteUploadFile[] = []): QuoteUpload => ({
  fields: f,
  files,
  error: null,
  complete: true,
});

export interface QuoteFixture {
  readonly t: TestDatabase;
  readonly deps: QuoteServices;
  readonly peer: SmtpPeer;
  /** A file as the upload left it on disk (upload-spool.server.ts), its type recognised. */
  fileOf(fileName: string, content: Buffer): Promise<QuoteUploadFile>;
  /** How many rows the request left in each table. */
  counts(): Promise<{ requests: number; items: number; files: number; outbox: number }>;
  /** One run of the mail worker against the peer; resolves with how many messages it attempted. */
  deliver(): Promise<number>;
}

/** Sets up each test of the enclosing describe block; call it once there. */
export function quoteFixture(create: () => Promise<TestDatabase>): QuoteFixture {
  let t: TestDatabase | undefined;
  let deps: QuoteServices | undefined;
  let peer: SmtpPeer | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the quote fixture is used outside a test");
    return value;
  };

  // Where the server keeps an upload's files until they are stored (upload-spool.server.ts).
  const spoolDir = mkdtempSync(path.join(tmpdir(), "quote-test-"));
  afterAll(() => rmSync(spoolDir, { recursive: true, force: true }));
  let spooled = 0;

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
    await peer?.stop();
    await t?.cleanup();
  });

  const fixture: QuoteFixture = {
    get t() {
      return ready(t);
    },
    get deps() {
      return ready(deps);
    },
    get peer() {
      return ready(peer);
    },
    async fileOf(fileName, content) {
      const type = await sniffFileType(content);
      if (!type) throw new Error("test file of unknown type");
      const file = path.join(spoolDir, String(spooled++));
      writeFileSync(file, content);
      return { fileName, type, path: file, size: content.length };
    },
    counts: async () => {
      const db = fixture.t.db;
      return {
        requests: (await db.selectFrom("quote_requests").select("id").execute()).length,
        items: (await db.selectFrom("quote_items").select("position").execute()).length,
        files: (await db.selectFrom("stored_files").select("id").execute()).length,
        outbox: (await db.selectFrom("email_outbox").select("id").execute()).length,
      };
    },
    async deliver() {
      const transport = createTransport(
        { SMTP_URL: fixture.peer.url, MAIL_DIR: "unused" },
        { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
      );
      const worker = createMailWorker({ db: fixture.t.db, transport, logger: memoryLogger().logger });
      const sent = await worker.runOnce();
      transport.close();
      return sent;
    },
  };
  return fixture;
}
