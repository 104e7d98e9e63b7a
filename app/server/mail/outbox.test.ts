import { createHash, randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import { enqueueMail, MAIL_PRIORITY, storeFile } from "~/server/mail/outbox.server";
import { createTransport } from "~/server/mail/transport.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { memoryLogger, type TestDatabase, testDialects } from "../../../tests/support/databases";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";

const from = "Ridgeline Website <website@ridgeline-supply.example>";
const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

describe.each(testDialects)("outbox extras on $name", ({ create }) => {
  let t: TestDatabase;
  let peer: SmtpPeer;

  beforeEach(async () => {
    t = await create();
    peer = await startSmtpPeer();
  });
  afterEach(async () => {
    await peer.stop();
    await t.cleanup();
  });

  function worker() {
    const transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
    );
    return { worker: createMailWorker({ db: t.db, transport, logger: memoryLogger().logger }), transport };
  }

  it("delivers extra headers and stored attachments, byte for byte, to a real SMTP peer", async () => {
    const drawing = randomBytes(300_000);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2000)]);
    await writeTransaction(t.db, async (trx) => {
      const first = await storeFile(trx, {
        fileName: "part.dxf",
        contentType: "image/vnd.dxf",
        content: drawing,
      });
      const second = await storeFile(trx, {
        fileName: "spec.pdf",
        contentType: "application/pdf",
        content: pdf,
      });
      await enqueueMail(trx, {
        kind: "test",
        from,
        to: "sales@ridgeline-supply.example",
        subject: "With files",
        text: "See attached.",
        headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        attachmentFileIds: [first, second],
      });
    });
    const { worker: mailWorker, transport } = worker();
    expect(await mailWorker.runOnce()).toBe(1);
    transport.close();

    const [message] = peer.messages;
    // mailparser folds List-* headers into one object; the raw line is what a mail client reads.
    expect(message?.headerLines.find((header) => header.key === "list-unsubscribe-post")?.line).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(message?.attachments.map((file) => file.filename)).toEqual(["part.dxf", "spec.pdf"]);
    expect(message?.attachments.map((file) => sha256(file.content))).toEqual([sha256(drawing), sha256(pdf)]);
  });

  it("sends a lead's notification before bulk mail queued earlier", async () => {
    const earlier = new Date(Date.now() - 60_000);
    await writeTransaction(t.db, async (trx) => {
      for (let i = 0; i < 3; i++) {
        await enqueueMail(
          trx,
          {
            kind: "bulk",
            from,
            to: `reader${i}@example.com`,
            subject: `Issue ${i}`,
            text: "News",
            priority: MAIL_PRIORITY.bulk,
          },
          earlier,
        );
      }
      await enqueueMail(trx, {
        kind: "lead",
        from,
        to: "sales@ridgeline-supply.example",
        subject: "Lead",
        text: "A lead",
      });
    });
    const { worker: mailWorker, transport } = worker();
    await mailWorker.runOnce();
    transport.close();
    expect(peer.messages.map((message) => message.subject)).toEqual([
      "Lead",
      "Issue 0",
      "Issue 1",
      "Issue 2",
    ]);
  });

  it("queues a message with a key once, however often it is asked to", async () => {
    const ids = await writeTransaction(t.db, async (trx) => {
      const mail = {
        kind: "bulk",
        from,
        to: "reader@example.com",
        subject: "Issue",
        text: "News",
        dedupeKey: "issue-1:reader@example.com",
      };
      return [await enqueueMail(trx, mail), await enqueueMail(trx, mail)];
    });
    expect(ids[0]).toEqual(expect.any(Number));
    expect(ids[1]).toBeNull();
    expect(await t.db.selectFrom("email_outbox").select("id").execute()).toHaveLength(1);
  });
});
