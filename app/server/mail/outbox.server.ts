import type { Kysely } from "kysely";
import { type DB, isoTime } from "~/server/db/schema.server";

export interface QueuedMail {
  kind: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Queues a message for the mail worker. Call it with the transaction that stores the data the
 * message is about, so both are kept or neither is (D6). Returns the outbox id.
 */
export async function enqueueMail(
  trx: Kysely<DB>,
  mail: QueuedMail,
  now: Date = new Date(),
): Promise<number> {
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
      status: "queued",
      next_attempt_at: at,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
