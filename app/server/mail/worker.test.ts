import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { memoryLogger, type TestDatabase, testDialects } from "~/server/db/test-databases.server";
import { submitContact } from "~/server/forms/contact.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { type SmtpPeer, startSmtpPeer } from "~/server/mail/test-smtp-peer.server";
import { createTransport, type MailTransport } from "~/server/mail/transport.server";
import {
  createMailWorker,
  type MailWorkerOptions,
  retryDelayMs,
  startMailWorker,
} from "~/server/mail/worker.server";

const start = new Date("2025-06-02T14:30:00.000Z");
const sales = "sales@ridgeline-supply.example";
const from = "Ridgeline Website <website@ridgeline-supply.example>";

function smtpTransport(peerOrPort: SmtpPeer | number): MailTransport {
  const port = typeof peerOrPort === "number" ? peerOrPort : peerOrPort.port;
  return createTransport(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_DIR: "unused" },
    { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
  );
}

async function queue(db: Database, count: number, at: Date): Promise<void> {
  await writeTransaction(db, async (trx) => {
    for (let i = 0; i < count; i++) {
      await enqueueMail(
        trx,
        { kind: "test", from, to: sales, subject: `Message ${i}`, text: `Body ${i}` },
        at,
      );
    }
  });
}

describe("retryDelayMs", () => {
  it("doubles from 30 s and stops at one hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(19)).toBe(3_600_000);
  });
});

describe.each(testDialects)("mail worker on $name", ({ create }) => {
  let t: TestDatabase;
  let peer: SmtpPeer;
  let clock: Date;
  const cleanups: Array<() => unknown> = [];
  const log = memoryLogger();

  const worker = (overrides: Partial<MailWorkerOptions> = {}) => {
    const transport = overrides.transport ?? smtpTransport(peer);
    cleanups.push(() => transport.close());
    return createMailWorker({ db: t.db, transport, logger: log.logger, now: () => clock, ...overrides });
  };
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const outbox = () => t.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();

  beforeEach(async () => {
    t = await create();
    peer = await startSmtpPeer();
    clock = start;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await peer.stop();
    await t.cleanup();
  });

  it("delivers a contact notification with the right headers and bodies", async () => {
    const deps = { db: t.db, logger: log.logger, salesEmail: sales, mailFrom: from, now: () => clock };
    const input = {
      name: "Dana <b>Price</b>\r\nBcc: victim@example.com",
      email: "dana@example.com",
      phone: "555-0100",
      message: "Need <script>alert(1)</script> & 40 rolls",
    };
    expect((await submitContact(deps, input, "client")).status).toBe(200);

    expect(await worker().runOnce()).toBe(1);
    expect(peer.messages).toHaveLength(1);
    const mail = peer.messages[0];
    expect(mail?.to && !Array.isArray(mail.to) && mail.to.value.map((v) => v.address)).toEqual([sales]);
    expect(mail?.replyTo?.value.map((v) => v.address)).toEqual(["dana@example.com"]);
    expect(mail?.subject).toBe("New website inquiry from Dana <b>Price</b> Bcc: victim@example.com");
    expect(mail?.headers.has("bcc")).toBe(false);
    expect(mail?.text).toContain("Name: Dana <b>Price</b>\nBcc: victim@example.com");
    expect(mail?.text).toContain("Phone: 555-0100");
    expect(mail?.text).toContain("Need <script>alert(1)</script> & 40 rolls");
    expect(mail?.text).toContain("Submission: #1");
    expect(mail?.text).toContain("Received: 2025-06-02 14:30:00 UTC");
    expect(mail?.html).toContain("Need &lt;script&gt;alert(1)&lt;/script&gt; &amp; 40 rolls");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.messageId).toMatch(/^<outbox-1-\d+@ridgeline-supply\.example>$/);

    expect(await outbox()).toMatchObject([
      { status: "sent", attempts: 1, sent_at: start.toISOString(), locked_until: null, last_error: null },
    ]);
  });

  it("retries with backoff when the peer refuses, and delivers later", async () => {
    await queue(t.db, 1, clock);
    const w = worker();
    peer.refuse = true;
    expect(await w.runOnce()).toBe(1);
    expect(await outbox()).toMatchObject([
      { status: "queued", attempts: 1, next_attempt_at: new Date(start.getTime() + 30_000).toISOString() },
    ]);
    expect((await outbox())[0]?.last_error).toMatch(/451/);

    expect(await w.runOnce()).toBe(0);
    advance(30_000);
    expect(await w.runOnce()).toBe(1);
    expect((await outbox())[0]).toMatchObject({
      status: "queued",
      attempts: 2,
      next_attempt_at: new Date(clock.getTime() + 60_000).toISOString(),
    });

    peer.refuse = false;
    advance(59_999);
    expect(await w.runOnce()).toBe(0);
    advance(1);
    expect(await w.runOnce()).toBe(1);
    expect(peer.messages.map((m) => m.subject)).toEqual(["Message 0"]);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("loses nothing while the peer is down and delivers everything exactly once when it is back", async () => {
    const port = peer.port;
    await peer.stop();
    await queue(t.db, 3, clock);
    const w = worker({ transport: smtpTransport(port) });

    expect(await w.runOnce()).toBe(3);
    expect((await outbox()).map((row) => row.status)).toEqual(["queued", "queued", "queued"]);

    peer = await startSmtpPeer(port);
    advance(30_000);
    expect(await w.runOnce()).toBe(3);
    advance(3_600_000);
    expect(await w.runOnce()).toBe(0);
    expect(peer.messages.map((m) => m.subject).sort()).toEqual(["Message 0", "Message 1", "Message 2"]);
    expect((await outbox()).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("marks a message failed after the last attempt, keeps it, and logs an error", async () => {
    await queue(t.db, 1, clock);
    peer.refuse = true;
    const w = worker({ maxAttempts: 2 });
    await w.runOnce();
    advance(30_000);
    await w.runOnce();
    advance(24 * 3_600_000);
    expect(await w.runOnce()).toBe(0);
    expect(await outbox()).toMatchObject([{ status: "failed", attempts: 2 }]);
    expect(log.lines.some((line) => line.level === 50 && line.msg.includes("failed for good"))).toBe(true);
  });

  it("takes over a message whose claim expired (a worker died mid-send)", async () => {
    await queue(t.db, 1, clock);
    await t.db
      .updateTable("email_outbox")
      .set({ status: "sending", attempts: 1, locked_until: new Date(start.getTime() + 1000).toISOString() })
      .execute();
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    advance(1000);
    expect(await w.runOnce()).toBe(1);
    expect(peer.messages).toHaveLength(1);
  });

  it("delivers each message once when two instances run workers on the same database", async () => {
    await queue(t.db, 16, clock);
    const workers = [worker({ batchSize: 5 }), worker({ db: t.open(), batchSize: 5 })];
    const drain = async (w: ReturnType<typeof worker>) => {
      let handled = 0;
      for (;;) {
        const n = await w.runOnce();
        if (n === 0) return handled;
        handled += n;
      }
    };
    const handled = await Promise.all(workers.map(drain));
    expect(handled[0] ?? 0).toBeGreaterThan(0);
    expect(handled[1] ?? 0).toBeGreaterThan(0);
    expect((handled[0] ?? 0) + (handled[1] ?? 0)).toBe(16);
    const subjects = peer.messages.map((m) => m.subject);
    expect(subjects).toHaveLength(16);
    expect(new Set(subjects).size).toBe(16);
  });

  it("sends promptly on wakeUp", async () => {
    const transport = smtpTransport(peer);
    cleanups.push(() => transport.close());
    const running = startMailWorker({ db: t.db, transport, logger: log.logger, pollMs: 60_000 });
    cleanups.push(() => running.stop());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queue(t.db, 1, new Date());
    running.wakeUp();
    const deadline = Date.now() + 5000;
    while (peer.messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(peer.messages).toHaveLength(1);
  });

  it("on stop, finishes the message in flight and leaves the rest queued", async () => {
    const smtp = smtpTransport(peer);
    cleanups.push(() => smtp.close());
    let sendStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    const slow: MailTransport = {
      kind: "smtp",
      async send(mail) {
        sendStarted();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return smtp.send(mail);
      },
      close: () => undefined,
    };
    await queue(t.db, 3, new Date());
    const running = startMailWorker({ db: t.db, transport: slow, logger: log.logger, pollMs: 60_000 });
    await started;
    await running.stop();
    expect(peer.messages).toHaveLength(1);
    expect((await outbox()).map((row) => row.status)).toEqual(["sent", "queued", "queued"]);
  });

  it("writes .eml files through the file transport", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-outbox-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const transport = createTransport({ SMTP_URL: undefined, MAIL_DIR: dir }, { logger: log.logger });
    await queue(t.db, 2, clock);
    expect(await worker({ transport }).runOnce()).toBe(2);
    expect(readdirSync(dir).filter((file) => file.endsWith(".eml"))).toHaveLength(2);
    expect((await outbox()).map((row) => row.status)).toEqual(["sent", "sent"]);
  });
});
