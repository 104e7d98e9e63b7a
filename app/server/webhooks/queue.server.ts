import type { Kysely } from "kysely";
import { writeStatement } from "~/server/db/database.server";
import { type Database, type DB, isoTime } from "~/server/db/schema.server";
import { newMessageId } from "./signing.server";

/**
 * An event's type, as the feature that sends it names it (docs/webhooks.md#events): the queue knows
 * none of them. `webhook.test` is the command's own.
 */
export type WebhookEvent = string;

/** What a feature needs to queue webhooks: where they go, and a nudge for the worker. */
export interface WebhookSettings {
  /** The configured endpoints (WEBHOOK_ENDPOINTS); only their URLs are used here. */
  endpoints: ReadonlyArray<{ url: string }>;
  /** Tells the webhook worker a delivery was queued, so it goes out at once instead of at the next poll. */
  wake?(): void;
}

/** The body every endpoint receives, as the Standard Webhooks specification shapes it. */
export function webhookBody(type: string, data: unknown, at: Date): string {
  return JSON.stringify({ type, timestamp: isoTime(at), data });
}

/**
 * Queues one delivery of an event per configured endpoint, in the caller's transaction (the one that
 * stores the lead), so an event is queued exactly when its lead is stored. Each row gets its own
 * stable `webhook-id`. Without endpoints (or settings) nothing is written. Returns how many were queued.
 */
export async function queueWebhooks(
  trx: Kysely<DB>,
  settings: WebhookSettings | undefined,
  type: WebhookEvent,
  data: unknown,
  now: Date,
): Promise<number> {
  const endpoints = settings?.endpoints ?? [];
  if (endpoints.length === 0) return 0;
  const payload = webhookBody(type, data, now);
  await trx
    .insertInto("webhook_deliveries")
    .values(
      endpoints.map((endpoint) => ({
        message_id: newMessageId(),
        endpoint_url: endpoint.url,
        event_type: type,
        payload,
        status: "queued" as const,
        next_attempt_at: isoTime(now),
        created_at: isoTime(now),
      })),
    )
    .execute();
  return endpoints.length;
}

/** Nudges the worker after the transaction committed; a failing nudge leaves the delivery to the poll. */
export function wakeWebhookWorker(settings: WebhookSettings | undefined, queued: number): void {
  if (queued === 0) return;
  try {
    settings?.wake?.();
  } catch {
    // The row is committed and the worker's poll finds it.
  }
}

/**
 * Deletes delivered and failed deliveries queued more than `retentionDays` ago (they copy a lead's
 * details, which the site keeps no longer than that), at most `batch` per call; returns how many.
 * Deliveries still queued or being sent are never deleted.
 */
export async function purgeOldDeliveries(
  db: Database,
  options: { retentionDays: number; batch?: number },
  now: Date = new Date(),
): Promise<number> {
  const before = isoTime(new Date(now.getTime() - options.retentionDays * 24 * 60 * 60_000));
  const result = await writeStatement(db, (trx) =>
    trx
      .deleteFrom("webhook_deliveries")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("status", "in", ["delivered", "failed"])
          .where("created_at", "<", before)
          .orderBy("id")
          .limit(options.batch ?? 500),
      )
      .executeTakeFirst(),
  );
  return Number(result.numDeletedRows);
}
