import type { Kysely } from "kysely";
import { dialectOf, toCount, writeStatement, writeTransaction } from "~/server/db/database.server";
import { type Arg, prepared } from "~/server/db/prepared.server";
import { type Database, type DB, isoTime, type OutboxMessage } from "~/server/db/schema.server";
import { MAIL_PRIORITY } from "~/server/mail/outbox.server";

/** A claimed message, with whether it has attachments to read before the send. */
export type ClaimedMessage = OutboxMessage & { has_attachments: unknown };

/**
 * Which due message a claim takes, within the most urgent priority that has one
 * (docs/decisions/0021-visitor-mail-limits.md):
 * - `oldest`: the one due longest, so a backlog drains in the order it came;
 * - `newest`: the one that became due last, so a lead posted during or after a burst is sent at once
 *   instead of after the whole backlog. The worker's lanes take turns, so a backlog drains from both
 *   ends and no message waits longer than it would in order of arrival.
 */
export type ClaimOrder = "oldest" | "newest";

export interface ClaimSettings {
  /** How long the claim lasts without renewal. */
  lockMs: number;
  /** Bulk mail (MAIL_PRIORITY.bulk and above) per rolling minute across instances; unset: no limit. */
  bulkRatePerMinute?: number;
}

/**
 * Claims one due message: 'queued' and due, or 'sending' with a claim that expired (its worker died
 * mid-send; always the oldest first). Mail more urgent than bulk is claimed in one statement, without
 * counting anything. Only when none is due and a bulk message is, the bulk mail of the last minute is
 * counted first (one transaction with the claim), so a burst of leads never pays for the newsletter
 * throttle.
 */
export async function claimMessage(
  db: Database,
  settings: ClaimSettings,
  pick: { status: "queued" | "sending"; order: ClaimOrder },
  at: Date,
): Promise<ClaimedMessage | undefined> {
  const order = pick.status === "sending" ? "oldest" : pick.order;
  const rate = settings.bulkRatePerMinute;
  const take = (trx: Kysely<DB>, belowBulk: boolean) =>
    takeOne(trx, { ...pick, order, belowBulk, lockMs: settings.lockMs }, at);
  if (rate === undefined) return writeStatement(db, (trx) => take(trx, false));
  const urgent = await writeStatement(db, (trx) => take(trx, true));
  if (urgent || !(await bulkDue(db, pick.status, at))) return urgent;
  return writeTransaction(db, async (trx) =>
    (await bulkOverRate(trx, rate, at)) ? undefined : take(trx, false),
  );
}

/** Whether a bulk message is waiting to be claimed (a read; most runs find leads and never ask). */
async function bulkDue(db: Database, status: "queued" | "sending", at: Date): Promise<boolean> {
  const row = await db
    .selectFrom("email_outbox")
    .select("id")
    .where("status", "=", status)
    .where("priority", ">=", MAIL_PRIORITY.bulk)
    .where(status === "queued" ? "next_attempt_at" : "locked_until", "<=", isoTime(at))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Bulk messages sent in the last minute or being sent now: a claim counts before its send ends. */
async function bulkOverRate(trx: Kysely<DB>, rate: number, at: Date): Promise<boolean> {
  const since = isoTime(new Date(at.getTime() - 60_000));
  const { sent } = await trx
    .selectFrom("email_outbox")
    .select((eb) => eb.fn.countAll<string | number>().as("sent"))
    .where("priority", ">=", MAIL_PRIORITY.bulk)
    .where((eb) =>
      eb.or([
        eb("sent_at", ">=", since),
        eb.and([eb("status", "=", "sending"), eb("locked_until", ">", isoTime(at))]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return toCount(sent) >= rate;
}

interface ClaimPick {
  status: "queued" | "sending";
  order: ClaimOrder;
  belowBulk: boolean;
}

interface ClaimArgs {
  /** Due by then: next_attempt_at for a queued message, locked_until for an expired claim. */
  dueBy: string;
  lockedUntil: string;
}

/**
 * One claim in one statement: a subquery picks the message along an index on (status, priority,
 * next_attempt_at, id), one for each order, and the update around it marks it 'sending'. On PostgreSQL,
 * SKIP LOCKED lets several instances claim side by side without waiting for or doubling each other;
 * on SQLite the write queue serialises claims. The update also says whether the message has
 * attachments, so most deliveries never look for them. Each kind of claim is compiled once (prepared).
 */
function claimStatement(pick: ClaimPick) {
  const direction = pick.order === "newest" ? "desc" : "asc";
  return prepared((db, arg: Arg<ClaimArgs>) =>
    db
      .updateTable("email_outbox")
      .set((eb) => ({
        status: "sending",
        locked_until: arg("lockedUntil"),
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", (eb) =>
        eb
          .selectFrom("email_outbox")
          .select("id")
          .where("status", "=", pick.status)
          .where(pick.status === "queued" ? "next_attempt_at" : "locked_until", "<=", arg("dueBy"))
          .$if(pick.belowBulk, (qb) => qb.where("priority", "<", MAIL_PRIORITY.bulk))
          .orderBy("priority")
          .orderBy("next_attempt_at", direction)
          .orderBy("id", direction)
          .limit(1)
          .$if(dialectOf(db) === "postgres", (qb) => qb.forUpdate().skipLocked()),
      )
      .returningAll()
      .returning((eb) =>
        eb
          .exists(
            eb
              .selectFrom("email_attachments")
              .select("email_attachments.file_id")
              .whereRef("email_attachments.outbox_id", "=", "email_outbox.id"),
          )
          .as("has_attachments"),
      ),
  );
}

const claimStatements = new Map<string, ReturnType<typeof claimStatement>>();

async function takeOne(
  trx: Kysely<DB>,
  pick: ClaimPick & { lockMs: number },
  at: Date,
): Promise<ClaimedMessage | undefined> {
  const key = `${pick.status} ${pick.order} ${pick.belowBulk}`;
  let statement = claimStatements.get(key);
  if (statement === undefined) {
    statement = claimStatement(pick);
    claimStatements.set(key, statement);
  }
  const { rows } = await statement(trx, {
    dueBy: isoTime(at),
    lockedUntil: isoTime(new Date(at.getTime() + pick.lockMs)),
  });
  return rows[0];
}
