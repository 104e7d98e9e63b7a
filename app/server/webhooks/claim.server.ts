import { writeStatement } from "~/server/db/database.server";
import { type Database, isoTime, type WebhookDelivery } from "~/server/db/schema.server";

/**
 * Which deliveries a lane claims: those of one endpoint, or those of no endpoint configured any more
 * (they are marked failed).
 */
export type LaneFilter = { endpoint: string } | { notAmong: readonly string[] };

/**
 * Claims one due delivery of a lane (`lane`) in one statement: 'queued' and due, or 'sending' with a
 * claim that lapsed (its worker died mid-send), oldest first. The update marks it 'sending' until `lockMs` from now and
 * counts the attempt. On PostgreSQL, SKIP LOCKED lets several instances claim side by side without
 * waiting for or doubling each other; on SQLite the write queue serialises claims. Two workers can
 * therefore never hold the same row at once, as the mail outbox (app/server/mail/claim.server.ts).
 */
export function claimDelivery(
  db: Database,
  lockMs: number,
  at: Date,
  lane: LaneFilter,
): Promise<WebhookDelivery | undefined> {
  const now = isoTime(at);
  return writeStatement(db, (trx, dialect) =>
    trx
      .updateTable("webhook_deliveries")
      .set((eb) => ({
        status: "sending",
        locked_until: isoTime(new Date(at.getTime() + lockMs)),
        attempts: eb("attempts", "+", 1),
        first_attempt_at: eb.fn.coalesce("first_attempt_at", eb.val(now)),
      }))
      .where("id", "=", (eb) =>
        eb
          .selectFrom("webhook_deliveries")
          .select("id")
          .$if("endpoint" in lane, (qb) =>
            qb.where("endpoint_url", "=", "endpoint" in lane ? lane.endpoint : ""),
          )
          .$if("notAmong" in lane && lane.notAmong.length > 0, (qb) =>
            qb.where("endpoint_url", "not in", "notAmong" in lane ? [...lane.notAmong] : []),
          )
          .where((w) =>
            w.or([
              w.and([w("status", "=", "queued"), w("next_attempt_at", "<=", now)]),
              w.and([w("status", "=", "sending"), w("locked_until", "<=", now)]),
            ]),
          )
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(1)
          .$if(dialect === "postgres", (qb) => qb.forUpdate().skipLocked()),
      )
      .returningAll()
      .executeTakeFirst(),
  );
}
