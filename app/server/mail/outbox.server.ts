import { createHash } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { type Arg, prepared } from "~/server/db/prepared.server";
import { type DB, isoTime, type OutboxMessage } from "~/server/db/schema.server";

/** Which queued mail goes first: a lead's notification never waits behind a newsletter. */
export const MAIL_PRIORITY = {
  /** Notifications to sales about a lead. */
  lead: 0,
  /** Messages a visitor is waiting for: acknowledgements, confirmation links. */
  visitor: 5,
  /** Newsletter issues, sent throttled. */
  bulk: 10,
} as const;

/**
 * An e-mail as the site handles it, one shape from the service that writes it to the transport that
 * sends it: services build one and queue it (enqueueMail), the worker reads it back (emailFromRow) and
 * hands it to the transport with its Message-ID and attachments.
 */
export interface Email {
  /** What the message is about, e.g. contact_notification; for logs and exports. */
  kind: string;
  from: string;
  /**
   * One address; or, for a sales notification, several joined with ", ", all from the configuration
   * (a visitor's address is never one of several, so it can never add a recipient of its own).
   */
  to: string;
  /** Addresses in Cc, joined with ", " like `to`; configuration only. */
  cc?: string | null;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers, e.g. List-Unsubscribe; names and values must already be header-safe. */
  headers?: Readonly<Record<string, string>>;
  /** See MAIL_PRIORITY; leads by default. */
  priority?: number;
  /** When set, a message with the same key already queued (or sent) makes enqueueMail do nothing. */
  dedupeKey?: string;
  /** Ids of stored_files rows (see storeFile), attached in this order. */
  attachmentFileIds?: readonly number[];
}

/** An outbox row back as the Email it was queued as (its attachments are read by the worker). */
export function emailFromRow(row: OutboxMessage): Email {
  return {
    kind: row.kind,
    from: row.from_address,
    to: row.to_address,
    cc: row.cc_address,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
    priority: row.priority,
    dedupeKey: row.dedupe_key ?? undefined,
  };
}

/** What a queued message's row takes from its Email (status, attempts and the rest start as the table says). */
type OutboxRowValues = Required<
  Pick<
    Insertable<DB["email_outbox"]>,
    | "kind"
    | "from_address"
    | "to_address"
    | "cc_address"
    | "reply_to"
    | "subject"
    | "text_body"
    | "html_body"
    | "headers"
    | "priority"
    | "dedupe_key"
    | "next_attempt_at"
    | "created_at"
  >
>;

/** The outbox's insert, compiled once: every lead queues at least one message. */
const insertOutboxRow = prepared((db, arg: Arg<OutboxRowValues>) =>
  db
    .insertInto("email_outbox")
    .values({
      kind: arg("kind"),
      from_address: arg("from_address"),
      to_address: arg("to_address"),
      cc_address: arg("cc_address"),
      reply_to: arg("reply_to"),
      subject: arg("subject"),
      text_body: arg("text_body"),
      html_body: arg("html_body"),
      headers: arg("headers"),
      priority: arg("priority"),
      dedupe_key: arg("dedupe_key"),
      status: "queued",
      next_attempt_at: arg("next_attempt_at"),
      created_at: arg("created_at"),
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id"),
);

/**
 * Queues a message for the mail worker. Call it with the transaction that stores the data the
 * message is about, so both are kept or neither is (docs/decisions/0003-database-and-outbox.md).
 * Returns the outbox id, or null when `dedupeKey` names a message queued before.
 */
export async function enqueueMail(
  trx: Kysely<DB>,
  mail: Email,
  now: Date = new Date(),
): Promise<number | null> {
  const at = isoTime(now);
  const { rows } = await insertOutboxRow(trx, {
    kind: mail.kind,
    from_address: mail.from,
    to_address: mail.to,
    cc_address: mail.cc || null,
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    headers: mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null,
    priority: mail.priority ?? MAIL_PRIORITY.lead,
    dedupe_key: mail.dedupeKey ?? null,
    next_attempt_at: at,
    created_at: at,
  });
  const row = rows[0];
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
