import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import nodemailer from "nodemailer";
// The file, not the folder: Node loads a package's inner modules by file name only.
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Env } from "~/server/env.server";
import { logger as defaultLogger, type Logger } from "~/server/logger.server";
import type { Email } from "~/server/mail/outbox.server";

/**
 * SMTP connections kept open to the peer. Four, as before: some providers refuse more than a few
 * concurrent connections from one client, and over a local network four carry hundreds of messages a
 * second (docs/benchmarks.md#mail-delivery).
 */
export const SMTP_CONNECTIONS = 4;

/**
 * Messages the mail worker has in hand at the same time: twice the connections, so that while some
 * messages are being claimed or recorded in the database the connections still have one to send.
 */
export const MAIL_CONCURRENCY = 2 * SMTP_CONNECTIONS;

/** An Email as it goes out: with its Message-ID and the content of its attachments. */
export type OutgoingMail = Email & {
  /** A stable Message-ID lets the recipient's client fold a rare duplicate delivery. */
  messageId?: string;
  attachments?: ReadonlyArray<{ filename: string; contentType: string; content: Buffer }>;
};

export interface SendResult {
  messageId: string;
  /** The SMTP peer's answer, when sent over SMTP. */
  response?: string;
  /** Where the message was written, with the file transport. */
  file?: string;
}

export interface MailTransport {
  readonly kind: "smtp" | "file";
  /** Resolves once the peer accepted the message (or the file is on disk); rejects otherwise. */
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

export interface TransportOptions {
  logger?: Logger;
  /** Extra nodemailer SMTP options (tests pass `ignoreTLS`). */
  smtpOptions?: Omit<SMTPPool.Options, "pool">;
}

/**
 * Bytes of an attachment handed to nodemailer at a time: 1,024 lines of base64 (57 bytes make one
 * 76-character line), so no chunk leaves a remainder to join to the next. nodemailer encodes each chunk
 * it is given as one string, wraps it and copies it into a buffer: given a 10 MB file at once, that
 * was some 50 MB of strings and buffers for a moment, per message.
 */
export const ATTACHMENT_CHUNK_BYTES = 57 * 1024;

/** The attachment as a stream of views into its buffer (no copy), ATTACHMENT_CHUNK_BYTES each. */
function inChunks(content: Buffer): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= content.length) {
        this.push(null);
        return;
      }
      const end = Math.min(offset + ATTACHMENT_CHUNK_BYTES, content.length);
      const chunk = content.subarray(offset, end);
      offset = end;
      this.push(chunk);
    },
  });
}

function toNodemailer(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    cc: mail.cc || undefined,
    // An address object is used as given; a string would be parsed and could turn into several
    // recipients if it held a comma.
    replyTo: mail.replyTo ? { name: "", address: mail.replyTo } : undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    messageId: mail.messageId,
    headers: mail.headers ? { ...mail.headers } : undefined,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: inChunks(file.content),
    })),
  };
}

/**
 * Opens the TCP connection to the SMTP peer with Nagle's algorithm off. nodemailer writes a message's
 * closing dot as a small write of its own; with Nagle on, that write waits for the peer to acknowledge
 * the body, which a peer that delays its acknowledgements does after 40 ms: 40 ms per message on every
 * connection. The socket is handed to nodemailer while it is still connecting, and nodemailer treats it
 * as its own: it waits for the greeting (its greeting timeout bounds a peer that never answers), speaks
 * STARTTLS or, for smtps://, TLS over it, and a refused or broken connection reaches it as a socket
 * error, which drops the connection from the pool and fails the message. Reporting a failed connect
 * through getSocket's error instead leaves the pool's slot taken for good (nodemailer releases it only
 * on a connection's own error): after four refusals nothing was sent again.
 */
function connectWithoutDelay(settings: SMTPPool.Options): { connection: net.Socket } {
  // nodemailer's own defaults: port 465 for smtps://, 587 otherwise.
  const port = Number(settings.port) || (settings.secure ? 465 : 587);
  return { connection: net.connect({ host: settings.host ?? "localhost", port, noDelay: true }) };
}

function smtpTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "(unparsable SMTP_URL)";
  }
}

/**
 * SMTP when SMTP_URL is set (docs/product.md#mail-transport); otherwise every message becomes an .eml
 * file under MAIL_DIR, so a fresh machine works and nothing is lost.
 */
export function createTransport(
  env: Pick<Env, "SMTP_URL" | "MAIL_DIR">,
  options: TransportOptions = {},
): MailTransport {
  const log = options.logger ?? defaultLogger;

  if (env.SMTP_URL) {
    // The pool is made here and handed to nodemailer, which reads a `url` it is given alone and drops
    // every option beside it: that had left the pool, the connection count and the timeouts below
    // unused (a new connection per message, 100 ms of greeting delay each at a peer that waits for
    // early talkers). The pool itself reads the URL and keeps the options.
    const pool = new SMTPPool({
      url: env.SMTP_URL,
      // Connections stay open between messages (a new one per message cost a TCP and TLS handshake
      // each).
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // nodemailer waits up to 10 minutes on a silent socket by default; the worker's claim on a
      // message must outlast one attempt, so attempts are kept well under it.
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
      getSocket: (settings, done) => done(null, connectWithoutDelay(settings)),
      ...options.smtpOptions,
    });
    const transporter = nodemailer.createTransport(pool);
    log.info({ smtp: smtpTarget(env.SMTP_URL) }, "e-mail is sent over SMTP");
    return {
      kind: "smtp",
      async send(mail) {
        const info = await transporter.sendMail(toNodemailer(mail));
        return { messageId: info.messageId, response: info.response };
      },
      close: () => transporter.close(),
    };
  }

  const dir = path.resolve(env.MAIL_DIR);
  // The message is streamed to its file as it is built, never held whole in memory.
  const transporter = nodemailer.createTransport({ streamTransport: true, newline: "windows" });
  log.warn({ mailDir: dir }, "SMTP_URL is not set: e-mail is written as .eml files instead of being sent");
  return {
    kind: "file",
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      // Written under a temporary name first, so a reader of the folder never sees half a message.
      const partial = `${file}.partial`;
      try {
        await pipeline(info.message, createWriteStream(partial, { flags: "wx" }));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      log.info({ file, messageId: info.messageId }, "e-mail written to file");
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}
