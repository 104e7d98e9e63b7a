import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { createTransport } from "~/server/mail/transport.server";
import { memoryLogger } from "../../../tests/support/databases";
import { startSmtpPeer } from "../../../tests/support/smtp-peer";

const mail = {
  kind: "test",
  from: "Ridgeline Website <website@ridgeline-supply.example>",
  to: "sales@ridgeline-supply.example",
  replyTo: "dana@example.com",
  subject: "New website inquiry from Dana",
  text: "Hello\nthere",
  html: "<p>Hello</p>",
};

describe("createTransport", () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("writes each message as an .eml file under MAIL_DIR when SMTP_URL is unset, and says so", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-mail-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const mailDir = path.join(dir, "mail");
    const { logger, lines } = memoryLogger();
    const transport = createTransport({ SMTP_URL: undefined, MAIL_DIR: mailDir }, { logger });
    expect(transport.kind).toBe("file");
    expect(lines.some((line) => line.mailDir === mailDir)).toBe(true);

    const first = await transport.send(mail);
    await transport.send({ ...mail, subject: "Second" });
    const files = readdirSync(mailDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith(".eml"))).toBe(true);
    expect(first.file && path.dirname(first.file)).toBe(mailDir);
    expect(lines.some((line) => line.file === first.file)).toBe(true);

    const parsed = await simpleParser(readFileSync(first.file ?? ""));
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.replyTo?.text).toBe("dana@example.com");
    expect(parsed.text?.trim()).toBe("Hello\nthere");
  });

  it("sends over SMTP when SMTP_URL is set", async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true } },
    );
    cleanups.push(() => transport.close());
    expect(transport.kind).toBe("smtp");
    const result = await transport.send(mail);
    expect(result.response).toMatch(/^250/);
    expect(peer.messages.map((m) => m.subject)).toEqual([mail.subject]);
    expect(peer.messages[0]?.replyTo?.value.map((v) => v.address)).toEqual(["dana@example.com"]);
  });
});
