import { describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import { enqueueMail, storeFile } from "~/server/mail/outbox.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { testDialects } from "../../../tests/support/databases";
import { from, queue, sales, smtpTransport, workerFixture } from "./worker-fixture";

/*
 * The mail worker at work alongside others: several instances, several lanes, the attachment bytes
 * in flight, and the worker started, woken and stopped.
 */

describe.each(testDialects)("mail worker concurrency on $name", ({ create }) => {
  const fx = workerFixture(create);
  const { worker, outbox, log, cleanups } = fx;

  it("delivers each message once when two instances run workers on the same database", async () => {
    await queue(fx.t.db, 16, fx.clock);
    const workers = [worker({ batchSize: 5 }), worker({ db: fx.t.open(), batchSize: 5 })];
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
    const subjects = fx.peer.messages.map((m) => m.subject);
    expect(subjects).toHaveLength(16);
    expect(new Set(subjects).size).toBe(16);
  });

  it("sends several messages at once with concurrency, each once, over pooled SMTP connections", async () => {
    await queue(fx.t.db, 12, fx.clock);
    let inFlight = 0;
    let most = 0;
    const counting = fx.smtpThrough(async (mail, smtp) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await smtp.send(mail);
      } finally {
        inFlight -= 1;
      }
    });
    const w = worker({ transport: counting, concurrency: 4, batchSize: 12 });
    expect(await w.runOnce()).toBe(12);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    const subjects = fx.peer.messages.map((m) => m.subject);
    expect(new Set(subjects).size).toBe(12);
    expect(subjects).toHaveLength(12);
    expect((await outbox()).every((row) => row.status === "sent")).toBe(true);
  });

  it("keeps the attachment bytes in flight within its allowance, while mail without files goes on", async () => {
    const fileBytes = 300_000;
    await writeTransaction(fx.t.db, async (trx) => {
      const mail = { kind: "test", from, to: sales, text: "See the file" };
      for (let i = 0; i < 6; i++) {
        const file = await storeFile(
          trx,
          {
            fileName: `drawing-${i}.pdf`,
            contentType: "application/pdf",
            content: Buffer.alloc(fileBytes, i + 1),
          },
          fx.clock,
        );
        await enqueueMail(trx, { ...mail, subject: `Quote ${i}`, attachmentFileIds: [file] }, fx.clock);
      }
      // A file larger than the whole allowance still goes, alone.
      const large = await storeFile(
        trx,
        { fileName: "large.pdf", contentType: "application/pdf", content: Buffer.alloc(4 * fileBytes, 9) },
        fx.clock,
      );
      await enqueueMail(trx, { ...mail, subject: "Quote large", attachmentFileIds: [large] }, fx.clock);
      for (let i = 0; i < 3; i++)
        await enqueueMail(
          trx,
          { kind: "test", from, to: sales, subject: `Lead ${i}`, text: "Hello" },
          fx.clock,
        );
    });
    let bytesInFlight = 0;
    let mostBytes = 0;
    let withFiles = 0;
    let mostWithFiles = 0;
    const order: string[] = [];
    const measuring = fx.smtpThrough(async (mail, smtp) => {
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
    });
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
    const received = fx.peer.messages.filter((message) => message.subject?.startsWith("Quote"));
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
    const transport = smtpTransport(fx.peer);
    cleanups.push(() => transport.close());
    const running = startMailWorker({ db: fx.t.db, transport, logger: log.logger, pollMs: 60_000 });
    cleanups.push(() => running.stop());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queue(fx.t.db, 1, new Date());
    running.wakeUp();
    const deadline = Date.now() + 5000;
    while (fx.peer.messages.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(fx.peer.messages).toHaveLength(1);
  });

  it("on stop, finishes the message in flight and leaves the rest queued", async () => {
    let sendStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    const slow = fx.smtpThrough(async (mail, smtp) => {
      sendStarted();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return smtp.send(mail);
    });
    await queue(fx.t.db, 3, new Date());
    const running = startMailWorker({ db: fx.t.db, transport: slow, logger: log.logger, pollMs: 60_000 });
    await started;
    await running.stop();
    expect(fx.peer.messages).toHaveLength(1);
    expect((await outbox()).map((row) => row.status)).toEqual(["sent", "queued", "queued"]);
  });
});
