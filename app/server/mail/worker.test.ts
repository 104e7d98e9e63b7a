import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { enqueueMail, storeFile } from "~/server/mail/outbox.server";
import { createTransport, type MailTransport } from "~/server/mail/transport.server";
import {
  createMailWorker,
  type MailWorkerOptions,
  retryDelayMs,
  startMailWorker,
} from "~/server/mail/worker.server";
import { memoryLogger, type TestDatabase, testDialects } from "../../../tests/support/databases";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";

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

  it("sends a message's attachments in order, and none with a message that has none", async () => {
    await writeTransaction(t.db, async (trx) => {
      const drawing = await storeFile(
        trx,
        { fileName: "bracket.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 bracket") },
        clock,
      );
      const photo = await storeFile(
        trx,
        { fileName: "pallet.png", contentType: "image/png", content: Buffer.from("PNG pallet") },
        clock,
      );
      const mail = { kind: "test", from, to: sales, text: "See the files" };
      await enqueueMail(trx, { ...mail, subject: "With files", attachmentFileIds: [photo, drawing] }, clock);
      await enqueueMail(trx, { ...mail, subject: "Without files" }, clock);
    });

    expect(await worker().runOnce()).toBe(2);
    const bySubject = (subject: string) => peer.messages.find((message) => message.subject === subject);
    expect(
      bySubject("With files")?.attachments.map((file) => [file.filename, file.content.toString()]),
    ).toEqual([
      ["pallet.png", "PNG pallet"],
      ["bracket.pdf", "%PDF-1.4 bracket"],
    ]);
    expect(bySubject("Without files")?.attachments).toEqual([]);
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

  it("claims a message for 30 s, so a worker killed mid-send leaves it to another within a minute", async () => {
    await queue(t.db, 1, clock);
    // The first worker's send never finishes and it never renews: the process died during the send.
    let abandon: (error: Error) => void = () => undefined;
    const hanging: MailTransport = {
      kind: "smtp",
      send: () =>
        new Promise((_, reject) => {
          abandon = reject;
        }),
      close: () => undefined,
    };
    const dead = worker({ transport: hanging, renewMs: 3_600_000 });
    const deadRun = dead.runOnce();
    await expect.poll(async () => (await outbox())[0]?.status).toBe("sending");
    expect((await outbox())[0]?.locked_until).toBe(new Date(start.getTime() + 30_000).toISOString());

    const smtp = smtpTransport(peer);
    cleanups.push(() => smtp.close());
    let finishSend: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finishSend = resolve;
    });
    const other = worker({
      transport: {
        kind: "smtp",
        async send(mail) {
          await held;
          return smtp.send(mail);
        },
        close: () => undefined,
      },
    });
    expect(await other.runOnce()).toBe(0);
    advance(29_999);
    expect(await other.runOnce()).toBe(0);
    advance(1);
    const otherRun = other.runOnce();
    await expect.poll(async () => (await outbox())[0]?.attempts).toBe(2);

    // Should the first worker come back while the other sends, its late failure must not hand the
    // message to a third worker, nor undo the delivery.
    abandon(new Error("connection lost"));
    expect(await deadRun).toBe(1);
    expect((await outbox())[0]).toMatchObject({ status: "sending", attempts: 2, last_error: null });
    finishSend();
    expect(await otherRun).toBe(1);
    expect(peer.messages.map((m) => m.subject)).toEqual(["Message 0"]);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("renews its claim while a slow send runs, so no other worker takes the message mid-send", async () => {
    await queue(t.db, 1, clock);
    const smtp = smtpTransport(peer);
    cleanups.push(() => smtp.close());
    let finishSend: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finishSend = resolve;
    });
    const slow: MailTransport = {
      kind: "smtp",
      async send(mail) {
        await held;
        return smtp.send(mail);
      },
      close: () => undefined,
    };
    const sending = worker({ transport: slow, renewMs: 20 });
    const run = sending.runOnce();
    await expect.poll(async () => (await outbox())[0]?.status).toBe("sending");

    // Far past the first claim; the renewals keep moving it on.
    advance(5 * 60_000);
    const renewedUntil = new Date(clock.getTime() + 30_000).toISOString();
    await expect.poll(async () => (await outbox())[0]?.locked_until).toBe(renewedUntil);
    expect(await worker().runOnce()).toBe(0);

    finishSend();
    expect(await run).toBe(1);
    expect(peer.messages).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 1, locked_until: null });
  });

  it("records a delivery the database failed to record at once, instead of sending it again", async () => {
    await queue(t.db, 1, clock);
    let down = false;
    const flaky = t.db.withPlugin({
      transformQuery(args) {
        if (down) throw new Error("database unreachable (test)");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const smtp = smtpTransport(peer);
    cleanups.push(() => smtp.close());
    const w = worker({
      db: flaky,
      transport: {
        kind: "smtp",
        async send(mail) {
          const result = await smtp.send(mail);
          // The database goes away between the peer's acceptance and the 'sent' update.
          down = true;
          return result;
        },
        close: () => undefined,
      },
    });
    await expect(w.runOnce()).rejects.toThrow(/unreachable/);
    expect((await outbox())[0]).toMatchObject({ status: "sending" });

    down = false;
    advance(60_000);
    expect(await w.runOnce()).toBe(0);
    expect(peer.messages).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("backs off while the database fails, logs the outage once, and recovers by itself", async () => {
    let down = true;
    let failedQueries = 0;
    let claims = 0;
    // Every query through this handle fails while `down`, as when the database does not answer.
    const flaky = t.db.withPlugin({
      transformQuery(args) {
        if (down) {
          failedQueries += 1;
          throw new Error("database unreachable (test)");
        }
        // Each run tries to claim a due message (an update); with nothing queued, counting them counts
        // the polls.
        if (args.node.kind === "UpdateQueryNode") claims += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const transport = smtpTransport(peer);
    cleanups.push(() => transport.close());
    const running = startMailWorker({
      db: flaky,
      transport,
      logger: log.logger,
      pollMs: 50,
      maxBackoffMs: 5000,
    });
    cleanups.push(() => running.stop());
    const logged = (text: string) => log.lines.filter((line) => line.msg.includes(text)).length;

    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Polling every 50 ms would have made about 30 runs; doubling pauses make about 5.
    expect(failedQueries).toBeGreaterThanOrEqual(2);
    expect(failedQueries).toBeLessThanOrEqual(12);
    expect(logged("mail worker run failed")).toBe(1);

    down = false;
    await queue(t.db, 1, new Date());
    await expect.poll(() => peer.messages.length, { timeout: 8000 }).toBe(1);
    // Logged when the run that delivered it ends, a moment after the peer has the message.
    await expect.poll(() => logged("mail worker reached the database again"), { timeout: 5000 }).toBe(1);

    // Back to polling every 50 ms at once, not at the pause reached during the outage (1.6 s or more).
    const claimsBefore = claims;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(claims - claimsBefore).toBeGreaterThanOrEqual(4);
    expect(logged("mail worker run failed")).toBe(1);
    expect(logged("mail worker reached the database again")).toBe(1);
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

  it("sends several messages at once with concurrency, each once, over pooled SMTP connections", async () => {
    await queue(t.db, 12, clock);
    let inFlight = 0;
    let most = 0;
    const smtp = smtpTransport(peer);
    cleanups.push(() => smtp.close());
    const counting: MailTransport = {
      kind: "smtp",
      async send(mail) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          return await smtp.send(mail);
        } finally {
          inFlight -= 1;
        }
      },
      close: () => smtp.close(),
    };
    const w = worker({ transport: counting, concurrency: 4, batchSize: 12 });
    expect(await w.runOnce()).toBe(12);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    const subjects = peer.messages.map((m) => m.subject);
    expect(new Set(subjects).size).toBe(12);
    expect(subjects).toHaveLength(12);
    expect((await outbox()).every((row) => row.status === "sent")).toBe(true);
  });

  it("keeps the attachment bytes in flight within its allowance, while mail without files goes on", async () => {
    const fileBytes = 300_000;
    await writeTransaction(t.db, async (trx) => {
      const mail = { kind: "test", from, to: sales, text: "See the file" };
      for (let i = 0; i < 6; i++) {
        const file = await storeFile(
          trx,
          {
            fileName: `drawing-${i}.pdf`,
            contentType: "application/pdf",
            content: Buffer.alloc(fileBytes, i + 1),
          },
          clock,
        );
        await enqueueMail(trx, { ...mail, subject: `Quote ${i}`, attachmentFileIds: [file] }, clock);
      }
      // A file larger than the whole allowance still goes, alone.
      const large = await storeFile(
        trx,
        { fileName: "large.pdf", contentType: "application/pdf", content: Buffer.alloc(4 * fileBytes, 9) },
        clock,
      );
      await enqueueMail(trx, { ...mail, subject: "Quote large", attachmentFileIds: [large] }, clock);
      for (let i = 0; i < 3; i++)
        await enqueueMail(trx, { kind: "test", from, to: sales, subject: `Lead ${i}`, text: "Hello" }, clock);
    });
    const smtp = smtpTransport(peer);
    cleanups.push(() => smtp.close());
    let bytesInFlight = 0;
    let mostBytes = 0;
    let withFiles = 0;
    let mostWithFiles = 0;
    const order: string[] = [];
    const measuring: MailTransport = {
      kind: "smtp",
      async send(mail) {
        const bytes = (mail.attachments ?? []).reduce((sum, file) => sum + file.content.length, 0);
        bytesInFlight += bytes;
        mostBytes = Math.max(mostBytes, bytesInFlight);
        if (bytes > 0) withFiles += 1;
        mostWithFiles = Math.max(mostWithFiles, withFiles);
        try {
          // Slow enough that every lane has a message in hand at once.
          await new Promise((resolve) => setTimeout(resolve, 30));
          return await smtp.send(mail);
        } finally {
          bytesInFlight -= bytes;
          if (bytes > 0) withFiles -= 1;
          order.push(mail.subject);
        }
      },
      close: () => smtp.close(),
    };
    const w = worker({
      transport: measuring,
      concurrency: 8,
      batchSize: 20,
      attachmentBytesInFlight: 2 * fileBytes,
    });
    expect(await w.runOnce()).toBe(10);
    // Two files at a time, never the seven the lanes could hold; the large one alone.
    expect(mostWithFiles).toBe(2);
    expect(mostBytes).toBe(4 * fileBytes);
    expect(order).toHaveLength(10);
    // Leads were not held back by the files waiting for their turn.
    const lastLead = Math.max(...["Lead 0", "Lead 1", "Lead 2"].map((subject) => order.indexOf(subject)));
    expect(lastLead).toBeLessThan(order.length - 3);
    const received = peer.messages.filter((message) => message.subject?.startsWith("Quote"));
    expect(received).toHaveLength(7);
    // Each file arrives whole, sent in many pieces.
    for (const message of received) {
      const [file] = message.attachments;
      const large = message.subject === "Quote large";
      const fill = large ? 9 : Number(message.subject?.slice("Quote ".length)) + 1;
      expect(file?.content.equals(Buffer.alloc(large ? 4 * fileBytes : fileBytes, fill))).toBe(true);
    }
    expect((await outbox()).every((row) => row.status === "sent")).toBe(true);
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
