import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { createTransport, SMTP_CONNECTIONS } from "~/server/mail/transport.server";
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

  /** An SMTP peer and a transport that sends to it, both closed after the test. */
  async function smtpPeerAndTransport() {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.stop());
    const transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true } },
    );
    cleanups.push(() => transport.close());
    return { peer, transport };
  }

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
    const { peer, transport } = await smtpPeerAndTransport();
    expect(transport.kind).toBe("smtp");
    const result = await transport.send(mail);
    expect(result.response).toMatch(/^250/);
    expect(peer.messages.map((m) => m.subject)).toEqual([mail.subject]);
    expect(peer.messages[0]?.replyTo?.value.map((v) => v.address)).toEqual(["dana@example.com"]);
  });

  it("keeps its SMTP connections open between messages, at most SMTP_CONNECTIONS of them", async () => {
    const { peer, transport } = await smtpPeerAndTransport();
    for (let i = 0; i < 5; i++) await transport.send({ ...mail, subject: `One after another ${i}` });
    expect(peer.connections).toBe(1);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => transport.send({ ...mail, subject: `At once ${i}` })),
    );
    expect(peer.messages).toHaveLength(45);
    expect(peer.connections).toBeGreaterThan(1);
    expect(peer.connections).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });

  it("sends over TLS from the first byte to an smtps:// URL", async () => {
    const peer = await startSmtpPeer(0, { secure: true });
    cleanups.push(() => peer.stop());
    expect(peer.url).toMatch(/^smtps:/);
    const transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      // The test peer's certificate is self-signed and expired.
      { logger: memoryLogger().logger, smtpOptions: { tls: { rejectUnauthorized: false } } },
    );
    cleanups.push(() => transport.close());
    expect((await transport.send(mail)).response).toMatch(/^250/);
    expect(peer.messages.map((m) => m.subject)).toEqual([mail.subject]);
  });

  it("fails each send while nothing listens at the SMTP address, and sends again once the peer is back", async () => {
    const down = await startSmtpPeer();
    const port = down.port;
    await down.stop();
    const transport = createTransport(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_DIR: "unused" },
      { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
    );
    cleanups.push(() => transport.close());
    // More refusals than the pool has connections: none may keep its place in the pool.
    for (let i = 0; i < SMTP_CONNECTIONS + 2; i++)
      await expect(transport.send(mail)).rejects.toThrow(/ECONNREFUSED/);
    await expect(
      Promise.all(Array.from({ length: SMTP_CONNECTIONS }, () => transport.send(mail))),
    ).rejects.toThrow(/ECONNREFUSED/);

    const peer = await startSmtpPeer(port);
    cleanups.push(() => peer.stop());
    expect((await transport.send({ ...mail, subject: "After the outage" })).response).toMatch(/^250/);
    expect(peer.messages.map((m) => m.subject)).toEqual(["After the outage"]);
  });
});
