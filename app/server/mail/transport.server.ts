import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Env } from "~/server/env.server";
import { logger as defaultLogger, type Logger } from "~/server/logger.server";
import type { Email } from "~/server/mail/outbox.server";

/** Messages the mail worker sends at the same time, and SMTP connections kept open for them. */
export const MAIL_CONCURRENCY = 4;

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
  smtpOptions?: SMTPTransport.Options;
}

function toNodemailer(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    // An address object is used as given; a string would be parsed and could turn into several
    // recipients if it held a comma.
    replyTo: mail.replyTo ? { name: "", address: mail.replyTo } : undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    messageId: mail.messageId,
    headers: mail.headers ? { ...mail.headers } : undefined,
    attachments: mail.attachments?.map((file) => ({ ...file })),
  };
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
    const transporter = nodemailer.createTransport({
      url: env.SMTP_URL,
      // Connections stay open between messages (a new one per message cost a TCP and TLS handshake
      // each); as many as the mail worker sends at once.
      pool: true,
      maxConnections: MAIL_CONCURRENCY,
      // nodemailer waits up to 10 minutes on a silent socket by default; the worker's claim on a
      // message must outlast one attempt, so attempts are kept well under it.
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
      ...options.smtpOptions,
    });
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
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
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
      await writeFile(partial, info.message);
      await rename(partial, file);
      log.info({ file, messageId: info.messageId }, "e-mail written to file");
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}
