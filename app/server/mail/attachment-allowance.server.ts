import { toCount } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";

/*
 * What the mail worker reads of a message's attachments, and how much of it at once: the files of the
 * messages being sent stay within an allowance of bytes however many lanes run
 * (docs/decisions/0025-attachment-memory.md).
 */

/**
 * Two quote requests' worth of files (25 MB each, docs/quotes.md). Reading a file costs about twice
 * its size for a moment on SQLite (SQLite's copy and the driver's Buffer) and up to six times on
 * PostgreSQL (it arrives as hex), so the files in the mail path stay within about 100 MB and 300 MB
 * however many lanes run and however many quotes arrive at once
 * (docs/decisions/0025-attachment-memory.md).
 */
export const ATTACHMENT_BYTES_IN_FLIGHT = 50 * 1024 * 1024;

/**
 * Bytes handed out up to a limit, to whoever asks first: `take(n)` resolves once n bytes fit (a
 * request over the whole limit waits until nothing else is out, then takes all of it) and returns the
 * function that gives them back.
 */
export function byteAllowance(limit: number): {
  take(bytes: number): Promise<() => void>;
  readonly out: number;
} {
  let out = 0;
  const waiting: Array<{ bytes: number; grant(): void }> = [];
  const grantWaiting = () => {
    while (waiting.length > 0) {
      const next = waiting[0];
      if (!next || out + next.bytes > limit) return;
      waiting.shift();
      next.grant();
    }
  };
  return {
    get out() {
      return out;
    },
    take(requested) {
      const bytes = Math.min(Math.max(0, requested), limit);
      return new Promise((resolve) => {
        const grant = () => {
          out += bytes;
          let given = false;
          resolve(() => {
            if (given) return;
            given = true;
            out -= bytes;
            grantWaiting();
          });
        };
        waiting.push({ bytes, grant });
        grantWaiting();
      });
    },
  };
}

/** A message's attachments in their order, ready for the transport. */
export async function attachmentsOf(db: Database, outboxId: number) {
  const rows = await db
    .selectFrom("email_attachments")
    .innerJoin("stored_files", "stored_files.id", "email_attachments.file_id")
    .select(["stored_files.file_name", "stored_files.content_type", "stored_files.content"])
    .where("email_attachments.outbox_id", "=", outboxId)
    .orderBy("email_attachments.position")
    .execute();
  // Handed on as the driver returned them, without a copy: both drivers give each file a Buffer of
  // its own (which lets the mail thread take its memory, see transport-thread.server.ts).
  return rows.map((row) => ({
    filename: row.file_name,
    contentType: row.content_type,
    content: Buffer.isBuffer(row.content)
      ? row.content
      : Buffer.from(
          (row.content as Uint8Array).buffer,
          (row.content as Uint8Array).byteOffset,
          (row.content as Uint8Array).byteLength,
        ),
  }));
}

/** The size of a message's attachments, from what was recorded when they were stored. */
export async function attachmentBytes(db: Database, outboxId: number): Promise<number> {
  const { bytes } = await db
    .selectFrom("email_attachments")
    .innerJoin("stored_files", "stored_files.id", "email_attachments.file_id")
    .select((eb) => eb.fn.sum<string | number | null>("stored_files.byte_size").as("bytes"))
    .where("email_attachments.outbox_id", "=", outboxId)
    .executeTakeFirstOrThrow();
  return toCount(bytes);
}
