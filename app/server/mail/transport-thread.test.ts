import { afterEach, describe, expect, it } from "vitest";
import type { MailTransport } from "~/server/mail/transport.server";
import { createThreadedTransport } from "~/server/mail/transport-thread.server";
import { memoryLogger } from "../../../tests/support/databases";

// A stand-in for the bundled mail thread that speaks the same protocol: it answers each send, and ends
// itself (as a crash would) when asked to send a message with the subject "crash".
const thread = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from "node:worker_threads";
    parentPort.on("message", ({ id, mail }) => {
      if (mail.subject === "crash") process.exit(3);
      if (mail.subject === "files") {
        // Answers with what arrived: each attachment's size and a sum of its bytes.
        const files = mail.attachments.map((file) => file.content.byteLength + ":" + file.content.reduce((sum, byte) => (sum + byte) % 65521, 0));
        parentPort.postMessage({ id, result: { messageId: "files", response: files.join(" ") } });
        return;
      }
      parentPort.postMessage({ id, result: { messageId: mail.subject, response: "250 accepted " + mail.subject } });
    });
  `)}`,
);

const mail = (subject: string) => ({
  kind: "test",
  from: "web@ridgeline.test",
  to: "sales@ridgeline.test",
  subject,
  text: "Body",
});

describe("mail transport on its own thread", () => {
  let transport: MailTransport | undefined;
  afterEach(() => transport?.close());

  it("fails the sends in flight when the thread dies, and starts a new thread for the next", async () => {
    const log = memoryLogger();
    transport = createThreadedTransport(
      thread,
      { env: { MAIL_DIR: "unused", LOG_LEVEL: "silent" }, isTTY: false },
      log.logger,
    );
    expect(await transport.send(mail("first"))).toMatchObject({ response: "250 accepted first" });

    // Both in flight when the thread ends: neither may hang.
    const outcomes = await Promise.allSettled([
      transport.send(mail("crash")),
      transport.send(mail("queued")),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain(
      "the mail thread exited (code 3)",
    );

    expect(await transport.send(mail("after"))).toMatchObject({ response: "250 accepted after" });
  });

  it("moves a large attachment to the thread instead of copying it, and copies only what it cannot move", async () => {
    transport = createThreadedTransport(
      thread,
      { env: { MAIL_DIR: "unused", LOG_LEVEL: "silent" }, isTTY: false },
      memoryLogger().logger,
    );
    const checksum = (content: Uint8Array) =>
      `${content.byteLength}:${content.reduce((sum, byte) => (sum + byte) % 65521, 0)}`;
    // A drawing as the database hands it over (a Buffer of its own), a small Buffer from Node's shared
    // pool, and a slice of a larger buffer.
    const drawing = Buffer.alloc(10 * 1024 * 1024);
    for (let index = 0; index < drawing.length; index += 4093) drawing[index] = index % 251;
    const small = Buffer.from("PNG pallet");
    const whole = Buffer.alloc(64 * 1024, 7);
    const slice = whole.subarray(1024, 2048);
    const expected = [drawing, small, slice].map(checksum).join(" ");

    const result = await transport.send({
      ...mail("files"),
      attachments: [
        { filename: "drawing.pdf", contentType: "application/pdf", content: drawing },
        { filename: "pallet.png", contentType: "image/png", content: small },
        { filename: "part.bin", contentType: "application/octet-stream", content: slice },
      ],
    });

    expect(result.response).toBe(expected);
    // The drawing's 10 MB now belong to the thread: no second copy stays behind on this side.
    expect(drawing.byteLength).toBe(0);
    // The others were copied: the pool and the larger buffer still hold them.
    expect(small.toString()).toBe("PNG pallet");
    expect(slice.byteLength).toBe(1024);
    expect(whole.byteLength).toBe(64 * 1024);
  });
});
