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
});
