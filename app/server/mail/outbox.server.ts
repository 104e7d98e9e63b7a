import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { type DB, isoTime } from "~/server/db/schema.server";

/** Which queued mail goes first: a lead's notification never waits behind a newsletter. */
export const MAIL_PRIORITY = {
  /** Notifications to sales about a lead. */
  lead: 0,
  /** Messages a visitor is waiting for: acknowledgements, confirmation links. */
  visitor: 5,
  /** Newsletter issues, sent throttled. */
  bulk: 10,
} as const;

export interface QueuedMail {
  kind: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers, e.g. List-Unsubscribe; names and values must already be header-safe. */
  headers?: Readonly<Record<string, string>>;
  priority?: number;
  /** When set, a message with the same key already queued (or sent) makes this call do nothing. */
  dedupeKey?: string;
  /** Ids of stored_files rows (see storeFile), attached in this order. */
  attachmentFileIds?: readonly number[];
}

/**
 * Queues a message for the mail worker. Call it with the transaction that stores the data the
 * message is about, so both are kept or neither is (docs/decisions/0003-database-and-outbox.md).
 * Returns the outbox id, or null when `dedupeKey` names a message queued before.
 */
export async function enqueueMail(
  trx: Kysely<DB>,
  mail: QueuedMail,
  now: Date = new Date(),
): Promise<number | null> {
  const at = isoTime(now);
  const row = await trx
    .insertInto("email_outbox")
    .values({
      kind: mail.kind,
      from_address: mail.from,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      headers: mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null,
      priority: mail.priority ?? MAIL_PRIORITY.lead,
      dedupe_key: mail.dedupeKey ?? null,
      status: "queued",
      next_attempt_at: at,
      created_at: at,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return null;
  const fileIds = mail.attachmentFileIds ?? [];
  if (fileIds.length > 0) {
    await trx
      .insertInto("email_attachments")
      .values(fileIds.map((fileId, position) => ({ outbox_id: row.id, position, file_id: fileId })))
      .execute();
  }
  return row.id;
}

export interface FileToStore {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Keeps a file in the database, in the caller's transaction; returns its id. */
export async function storeFile(trx: Kysely<DB>, file: FileToStore, now: Date = new Date()): Promise<number> {
  const row = await trx
    .insertInto("stored_files")
    .values({
      file_name: file.fileName,
      content_type: file.contentType,
      byte_size: file.content.length,
      sha256: createHash("sha256").update(file.content).digest("hex"),
      content: file.content,
      created_at: isoTime(now),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
