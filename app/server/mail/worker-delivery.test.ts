import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import { enqueueMail, storeFile } from "~/server/mail/outbox.server";
import { createTransport } from "~/server/mail/transport.server";
import { retryDelayMs } from "~/server/mail/worker.server";
import { testDialects } from "../../../tests/support/databases";
import { startSmtpPeer } from "../../../tests/support/smtp-peer";
import { from, queue, sales, smtpTransport, start, workerFixture } from "./worker-fixture";

/*
 * The mail worker delivers: attachments in order, retries with backoff, gives up in the end, and
 * writes .eml files when there is no SMTP server.
 */

describe("retryDelayMs", () => {
  it("doubles from 30 s and stops at one hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(19)).toBe(3_600_000);
  });
});

describe.each(testDialects)("mail worker delivery on $name", ({ create }) => {
  const fx = workerFixture(create);
  const { worker, advance, outbox, log, cleanups } = fx;

  it("sends a message's attachments in order, and none with a message that has none", async () => {
    await writeTransaction(fx.t.db, async (trx) => {
      const drawing = await storeFile(
        trx,
        { fileName: "bracket.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 bracket") },
        fx.clock,
      );
      const photo = await storeFile(
        trx,
        { fileName: "pallet.png", contentType: "image/png", content: Buffer.from("PNG pallet") },
        fx.clock,
      );
      const mail = { kind: "test", from, to: sales, text: "See the files" };
      await enqueueMail(
        trx,
        { ...mail, subject: "With files", attachmentFileIds: [photo, drawing] },
        fx.clock,
      );
      await enqueueMail(trx, { ...mail, subject: "Without files" }, fx.clock);
    });

    expect(await worker().runOnce()).toBe(2);
    const bySubject = (subject: string) => fx.peer.messages.find((message) => message.subject === subject);
    expect(
      bySubject("With files")?.attachments.map((file) => [file.filename, file.content.toString()]),
    ).toEqual([
      ["pallet.png", "PNG pallet"],
      ["bracket.pdf", "%PDF-1.4 bracket"],
    ]);
    expect(bySubject("Without files")?.attachments).toEqual([]);
  });

  it("retries with backoff when the peer refuses, and delivers later", async () => {
    await queue(fx.t.db, 1, fx.clock);
    const w = worker();
    fx.peer.refuse = true;
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
      next_attempt_at: new Date(fx.clock.getTime() + 60_000).toISOString(),
    });

    fx.peer.refuse = false;
    advance(59_999);
    expect(await w.runOnce()).toBe(0);
    advance(1);
    expect(await w.runOnce()).toBe(1);
    expect(fx.peer.messages.map((m) => m.subject)).toEqual(["Message 0"]);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("loses nothing while the peer is down and delivers everything exactly once when it is back", async () => {
    const port = fx.peer.port;
    await fx.peer.stop();
    await queue(fx.t.db, 3, fx.clock);
    const w = worker({ transport: smtpTransport(port) });

    expect(await w.runOnce()).toBe(3);
    expect((await outbox()).map((row) => row.status)).toEqual(["queued", "queued", "queued"]);

    fx.peer = await startSmtpPeer(port);
    advance(30_000);
    expect(await w.runOnce()).toBe(3);
    advance(3_600_000);
    expect(await w.runOnce()).toBe(0);
    expect(fx.peer.messages.map((m) => m.subject).sort()).toEqual(["Message 0", "Message 1", "Message 2"]);
    expect((await outbox()).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("marks a message failed after the last attempt, keeps it, and logs an error", async () => {
    await queue(fx.t.db, 1, fx.clock);
    fx.peer.refuse = true;
    const w = worker({ maxAttempts: 2 });
    await w.runOnce();
    advance(30_000);
    await w.runOnce();
    advance(24 * 3_600_000);
    expect(await w.runOnce()).toBe(0);
    expect(await outbox()).toMatchObject([{ status: "failed", attempts: 2 }]);
    expect(log.lines.some((line) => line.level === 50 && line.msg.includes("failed for good"))).toBe(true);
  });

  it("writes .eml files through the file transport", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-outbox-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const transport = createTransport({ SMTP_URL: undefined, MAIL_DIR: dir }, { logger: log.logger });
    await queue(fx.t.db, 2, fx.clock);
    expect(await worker({ transport }).runOnce()).toBe(2);
    expect(readdirSync(dir).filter((file) => file.endsWith(".eml"))).toHaveLength(2);
    expect((await outbox()).map((row) => row.status)).toEqual(["sent", "sent"]);
  });
});
