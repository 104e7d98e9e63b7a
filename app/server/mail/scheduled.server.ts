import { writeStatement } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { type PeriodicOptions, startPeriodicCheck } from "~/server/periodic.server";
import { type Email, enqueueMail } from "./outbox.server";

/*
 * Mail sent once a period (a daily notice, a weekly digest): each is queued under a dedupe key of its
 * period, which the outbox's unique index holds to one message however many instances check.
 */

/** Whether a message with this dedupe key is in the outbox already. */
export async function isQueued(db: Database, dedupeKey: string): Promise<boolean> {
  const queued = await db
    .selectFrom("email_outbox")
    .where("dedupe_key", "=", dedupeKey)
    .select("id")
    .executeTakeFirst();
  return queued !== undefined;
}

/**
 * Queues `mail` under `dedupeKey` in one insert (no attachments), through the write queue like every
 * write on SQLite: "already" when another instance queued the period's message first.
 */
export async function queueOnce(
  db: Database,
  mail: Email,
  dedupeKey: string,
  now: Date,
): Promise<"queued" | "already"> {
  const id = await writeStatement(db, (conn) => enqueueMail(conn, { ...mail, dedupeKey }, now));
  return id === null ? "already" : "queued";
}

/**
 * Checks every `checkEveryMs` (a minute), first 5 s after start, whether the period's mail is due,
 * with `queue`; logs at info once it is queued and at warn when a check fails. Returns the stop.
 */
export function startScheduledMail(
  queue: (now: Date) => Promise<string>,
  logger: Logger,
  log: { kind: string; queued: string; failed: string },
  options: PeriodicOptions = {},
): () => void {
  const check = async (now: Date) => {
    if ((await queue(now)) === "queued") logger.info({ kind: log.kind }, log.queued);
  };
  return startPeriodicCheck(check, (error) => logger.warn({ err: error }, log.failed), {
    ...options,
    defaultFirstMs: 5_000,
  });
}
