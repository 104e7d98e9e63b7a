import { deleteAttributions } from "~/features/leads/attribution/attribution.server";
import { ACKNOWLEDGEMENT_KIND, acknowledgementText } from "~/features/leads/intake/acknowledgement.server";
import { writeTransaction } from "~/server/db/database.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import { QUOTE_NOTIFICATION_KIND } from "../email/quote-email.server";

/*
 * Quote requests are kept for ATTACHMENT_RETENTION_DAYS (docs/quotes.md#retention), then deleted by the
 * hourly housekeeping: first their attachments, then the request itself with its line items and the
 * two e-mails about it (the sales notification, which carried copies of the files, and the buyer's
 * acknowledgement). A request and its files are one lead: the files alone are most of what is kept,
 * and the request alone is the buyer's name, address and needs, kept for no purpose once it is that old.
 *
 * Each step deletes a bounded batch in a write transaction of its own, so a large backlog (the first
 * run on a database that has kept everything) never holds the write lock for long; what a run leaves
 * is taken by the next. Several instances running it at once delete the same rows at most once.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Files per transaction: each may be 10 MB, so a batch reads (and frees) at most 250 MB. */
export const FILES_PER_BATCH = 25;
/** Requests (with their items and two e-mails) per transaction. */
export const REQUESTS_PER_BATCH = 100;
/** Batches of each kind per run: 500 files and 2,000 requests an hour at most. */
export const BATCHES_PER_RUN = 20;

/** Mail that has not gone out yet keeps its attachments, and so its quote's files, until it has. */
const UNFINISHED_MAIL = ["queued", "sending"] as const;

export interface RetentionOptions {
  retentionDays: number;
  now?: Date;
  filesPerBatch?: number;
  requestsPerBatch?: number;
  batchesPerRun?: number;
}

export interface RetentionResult {
  files: number;
  requests: number;
  mail: number;
}

/** The time before which a quote request has outlived the retention. */
export function retentionCutoff(retentionDays: number, now: Date): string {
  return isoTime(new Date(now.getTime() - retentionDays * DAY_MS));
}

/** Deletes one batch of the attachments of expired requests; returns how many files went. */
async function deleteExpiredFiles(db: Database, cutoff: string, limit: number): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom("quote_files")
      .innerJoin("quote_requests", "quote_requests.id", "quote_files.request_id")
      .select("quote_files.file_id")
      .where("quote_requests.created_at", "<", cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("email_attachments")
              .innerJoin("email_outbox", "email_outbox.id", "email_attachments.outbox_id")
              .select("email_attachments.file_id")
              .whereRef("email_attachments.file_id", "=", "quote_files.file_id")
              .where("email_outbox.status", "in", UNFINISHED_MAIL),
          ),
        ),
      )
      .orderBy("quote_files.request_id")
      .orderBy("quote_files.position")
      .limit(limit)
      .execute();
    // One statement per file and table, each of the same text whatever the batch holds: the SQLite
    // connection keeps its statements prepared by text.
    let deleted = 0;
    for (const { file_id: fileId } of rows) {
      // The notification's copies of the file: that message has been sent (or given up on).
      await trx.deleteFrom("email_attachments").where("file_id", "=", fileId).execute();
      await trx.deleteFrom("quote_files").where("file_id", "=", fileId).execute();
      const result = await trx.deleteFrom("stored_files").where("id", "=", fileId).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  });
}

/**
 * Deletes one batch of expired requests that have no files left, with their items and their finished
 * notification and acknowledgement e-mails; returns how many requests and e-mails went.
 */
async function deleteExpiredRequests(
  db: Database,
  cutoff: string,
  limit: number,
): Promise<{ requests: number; mail: number }> {
  return writeTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom("quote_requests")
      .select(["id", "reference"])
      .where("created_at", "<", cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("quote_files")
              .select("quote_files.request_id")
              .whereRef("quote_files.request_id", "=", "quote_requests.id"),
          ),
        ),
      )
      .orderBy("created_at")
      .limit(limit)
      .execute();
    let requests = 0;
    let mail = 0;
    for (const { id, reference } of rows) {
      // The e-mails name their request only by its reference: the notification's subject starts with it
      // in brackets, and the acknowledgement's subject is fixed but for it.
      const sent = await trx
        .deleteFrom("email_outbox")
        .where("status", "not in", UNFINISHED_MAIL)
        .where((eb) =>
          eb.or([
            eb.and([eb("kind", "=", QUOTE_NOTIFICATION_KIND), eb("subject", "like", `[${reference}] %`)]),
            eb.and([
              eb("kind", "=", ACKNOWLEDGEMENT_KIND),
              eb("subject", "=", acknowledgementText("quote", reference).subject),
            ]),
          ]),
        )
        .executeTakeFirst();
      await trx.deleteFrom("quote_items").where("request_id", "=", id).execute();
      await deleteAttributions(trx, "quote", [id]);
      const request = await trx.deleteFrom("quote_requests").where("id", "=", id).executeTakeFirst();
      mail += Number(sent.numDeletedRows);
      requests += Number(request.numDeletedRows);
    }
    return { requests, mail };
  });
}

/**
 * One run of the retention: the files of requests older than `retentionDays`, then the requests that
 * have none left. Bounded to `batchesPerRun` batches of each.
 */
export async function purgeExpiredQuotes(db: Database, options: RetentionOptions): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const cutoff = retentionCutoff(options.retentionDays, now);
  const filesPerBatch = options.filesPerBatch ?? FILES_PER_BATCH;
  const requestsPerBatch = options.requestsPerBatch ?? REQUESTS_PER_BATCH;
  const batches = options.batchesPerRun ?? BATCHES_PER_RUN;
  const result: RetentionResult = { files: 0, requests: 0, mail: 0 };
  for (let batch = 0; batch < batches; batch += 1) {
    const files = await deleteExpiredFiles(db, cutoff, filesPerBatch);
    result.files += files;
    if (files < filesPerBatch) break;
  }
  for (let batch = 0; batch < batches; batch += 1) {
    const { requests, mail } = await deleteExpiredRequests(db, cutoff, requestsPerBatch);
    result.requests += requests;
    result.mail += mail;
    if (requests < requestsPerBatch) break;
  }
  return result;
}
