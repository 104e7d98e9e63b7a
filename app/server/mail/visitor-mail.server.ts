import { type Kysely, sql } from "kysely";
import { dialectOf, writeStatement } from "~/server/db/database.server";
import { type Arg, prepared } from "~/server/db/prepared.server";
import { type Database, type DB, isoTime, type VisitorMailKind } from "~/server/db/schema.server";
import { DEFAULT_VISITOR_MAIL_PER_HOUR } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { mailboxHash } from "~/server/mail/mailbox.server";

/*
 * Mail to visitors, the people whose address a form was given: acknowledgements of leads and
 * newsletter confirmations. Anyone can type anyone's address, so this is mail to strangers, and a
 * domain that sends much of it is marked as a spammer (docs/decisions/0021-visitor-mail-limits.md).
 * Two limits (docs/product.md#visitor-mail), checked in the transaction that stores the lead or the
 * signup, so the lead is kept whatever they decide and only the visitor's e-mail is left out:
 * - per mailbox: one of each kind per normalised mailbox per rolling hour (normalizeMailbox);
 * - per hour: VISITOR_MAIL_PER_HOUR in all, per clock hour (UTC), across every instance, counted in
 *   the database.
 */

/** One mail of a kind per normalised mailbox per this long. */
export const VISITOR_MAIL_INTERVAL_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** How long the hourly counts are kept for the operator to read. */
export const VISITOR_MAIL_HOURS_KEPT_MS = 30 * 24 * HOUR_MS;

export interface VisitorMailSettings {
  logger: Logger;
  /** VISITOR_MAIL_PER_HOUR; the default when unset. */
  visitorMailPerHour?: number;
}

/** Whether the visitor mail may be queued, and if not, which limit left it out. */
export type VisitorMailDecision = "send" | "mailbox_limit" | "hourly_cap";

/** The start of the clock hour (UTC) `now` falls in, as stored in visitor_mail_hours. */
export function hourStartOf(now: Date): string {
  return isoTime(new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS));
}

/**
 * Decides, in the caller's transaction, whether one visitor mail of `kind` to `to` may be queued, and
 * records it: a mailbox mark and the hour's count when it may, the hour's skipped count when the cap
 * left it out. Over the cap it costs one statement that reads the count and records the skip, without
 * waiting for any other post (see VisitorMailHourTable).
 */
export async function admitVisitorMail(
  trx: Kysely<DB>,
  settings: VisitorMailSettings,
  mail: { kind: VisitorMailKind; to: string },
  now: Date,
): Promise<VisitorMailDecision> {
  const cap = settings.visitorMailPerHour ?? DEFAULT_VISITOR_MAIL_PER_HOUR;
  const hourStart = hourStartOf(now);
  if (await skipIfOverCap(trx, hourStart, cap)) return "hourly_cap";
  if (!(await claimMailbox(trx, mail, now))) return "mailbox_limit";
  const queued = await countQueued(trx, hourStart, cap);
  if (queued === undefined) {
    // Another post took the hour's last place between the check and this one.
    await skipIfOverCap(trx, hourStart, cap);
    return "hourly_cap";
  }
  if (queued === cap)
    settings.logger.warn(
      { cap, hourStart },
      "visitor mail: hourly cap reached; acknowledgements and confirmations are skipped until the hour ends (leads are still stored and notified)",
    );
  return "send";
}

/** The slot this connection counts its skips in: its own row, so concurrent posts never wait. */
function slotOf(trx: Kysely<DB>) {
  return dialectOf(trx) === "postgres" ? sql<number>`pg_backend_pid()` : sql<number>`0`;
}

/**
 * When the hour's count has reached the cap, counts one skipped mail and answers true; otherwise
 * changes nothing. One statement: an insert of the skip whose select yields a row only over the cap.
 */
function skipStatement(everyMail: boolean) {
  return prepared((db, arg: Arg<{ hourStart: string; cap: number }>) => {
    const queuedThisHour = db
      .selectFrom("visitor_mail_hours")
      .select("queued")
      .where("hour_start", "=", arg("hourStart"))
      .where("slot", "=", 0);
    const skip = db
      .selectNoFrom((eb) => [
        eb.val(arg("hourStart")).as("hour_start"),
        slotOf(db).as("slot"),
        eb.lit(0).as("queued"),
        eb.lit(1).as("skipped"),
      ])
      // No row for the hour yet reads as null, which is under any cap; a cap of 0 sends nothing.
      .where((eb) => (everyMail ? eb.lit(true) : eb(queuedThisHour, ">=", arg("cap"))));
    return db
      .insertInto("visitor_mail_hours")
      .columns(["hour_start", "slot", "queued", "skipped"])
      .expression(skip)
      .onConflict((oc) =>
        oc
          .columns(["hour_start", "slot"])
          .doUpdateSet((eb) => ({ skipped: eb("visitor_mail_hours.skipped", "+", 1) })),
      )
      .returning("skipped");
  });
}

/** Over a cap, and with a cap of 0 (every visitor mail skipped). */
const skipOverCap = skipStatement(false);
const skipEveryMail = skipStatement(true);

async function skipIfOverCap(trx: Kysely<DB>, hourStart: string, cap: number): Promise<boolean> {
  const { rows } = await (cap <= 0 ? skipEveryMail : skipOverCap)(trx, { hourStart, cap });
  return rows.length > 0;
}

const markMailbox = prepared(
  (db, arg: Arg<{ kind: VisitorMailKind; mailboxHash: string; now: string; cutoff: string }>) =>
    db
      .insertInto("visitor_mail_marks")
      .values({ kind: arg("kind"), mailbox_hash: arg("mailboxHash"), last_sent_at: arg("now") })
      .onConflict((oc) =>
        oc
          .columns(["kind", "mailbox_hash"])
          .doUpdateSet({ last_sent_at: arg("now") })
          .where("visitor_mail_marks.last_sent_at", "<=", arg("cutoff")),
      )
      .returning("kind"),
);

/**
 * Marks the mailbox as sent this kind of mail now, unless it was within the interval; true when it
 * was marked. The check and the mark are one upsert, so two posts at once cannot both pass.
 */
async function claimMailbox(
  trx: Kysely<DB>,
  mail: { kind: VisitorMailKind; to: string },
  now: Date,
): Promise<boolean> {
  const { rows } = await markMailbox(trx, {
    kind: mail.kind,
    mailboxHash: mailboxHash(mail.to),
    now: isoTime(now),
    cutoff: isoTime(new Date(now.getTime() - VISITOR_MAIL_INTERVAL_MS)),
  });
  return rows.length > 0;
}

const countOneQueued = prepared((db, arg: Arg<{ hourStart: string; cap: number }>) =>
  db
    .insertInto("visitor_mail_hours")
    .values({ hour_start: arg("hourStart"), slot: 0, queued: 1, skipped: 0 })
    .onConflict((oc) =>
      oc
        .columns(["hour_start", "slot"])
        .doUpdateSet((eb) => ({ queued: eb("visitor_mail_hours.queued", "+", 1) }))
        .where("visitor_mail_hours.queued", "<", arg("cap")),
    )
    .returning("queued"),
);

/** Counts one queued visitor mail in the hour if the count is under the cap; its new value, or undefined. */
async function countQueued(trx: Kysely<DB>, hourStart: string, cap: number): Promise<number | undefined> {
  const row = (await countOneQueued(trx, { hourStart, cap })).rows[0];
  return row === undefined ? undefined : Number(row.queued);
}

/** The hour's figures, summed over its slots (what an operator reads; see README, Operations). */
export async function visitorMailHour(
  db: Kysely<DB>,
  now: Date,
): Promise<{ hourStart: string; queued: number; skipped: number }> {
  const hourStart = hourStartOf(now);
  const row = await db
    .selectFrom("visitor_mail_hours")
    .select((eb) => [
      eb.fn.sum<string | number>("queued").as("queued"),
      eb.fn.sum<string | number>("skipped").as("skipped"),
    ])
    .where("hour_start", "=", hourStart)
    .executeTakeFirst();
  return { hourStart, queued: Number(row?.queued ?? 0), skipped: Number(row?.skipped ?? 0) };
}

/**
 * Deletes mailbox marks older than the interval (they no longer hold anything back), in batches of
 * about `batch`, and hourly counts older than 30 days; returns how many marks it deleted.
 */
export async function purgeVisitorMailRecords(
  db: Database,
  now: Date = new Date(),
  batch = 500,
): Promise<number> {
  const cutoff = isoTime(new Date(now.getTime() - VISITOR_MAIL_INTERVAL_MS));
  await writeStatement(db, (trx) =>
    trx
      .deleteFrom("visitor_mail_hours")
      .where("hour_start", "<", isoTime(new Date(now.getTime() - VISITOR_MAIL_HOURS_KEPT_MS)))
      .execute(),
  );
  let deleted = 0;
  for (;;) {
    // The time of the batch's last mark bounds each delete, so each stays a short write.
    const edge = await db
      .selectFrom("visitor_mail_marks")
      .select("last_sent_at")
      .where("last_sent_at", "<", cutoff)
      .orderBy("last_sent_at")
      .offset(batch - 1)
      .limit(1)
      .executeTakeFirst();
    const result = await writeStatement(db, (trx) =>
      trx
        .deleteFrom("visitor_mail_marks")
        .where("last_sent_at", "<", cutoff)
        .$if(edge !== undefined, (qb) => qb.where("last_sent_at", "<=", edge?.last_sent_at ?? cutoff))
        .executeTakeFirst(),
    );
    deleted += Number(result.numDeletedRows);
    if (!edge) return deleted;
  }
}
