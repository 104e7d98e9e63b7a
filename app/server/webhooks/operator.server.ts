import { writeStatement } from "~/server/db/database.server";
import { type Database, isoTime, type WebhookDelivery, type WebhookStatus } from "~/server/db/schema.server";
import { type PostOutcome, postWebhook } from "./deliver.server";
import type { WebhookEndpoint } from "./endpoints.server";
import { webhookBody } from "./queue.server";
import { newMessageId, signWebhook } from "./signing.server";

/** What the operator reads of a delivery (never its payload, which holds the lead's details). */
export type DeliverySummary = Pick<
  WebhookDelivery,
  | "id"
  | "message_id"
  | "event_type"
  | "endpoint_url"
  | "status"
  | "attempts"
  | "last_status"
  | "last_error"
  | "created_at"
  | "next_attempt_at"
  | "delivered_at"
>;

/** The most recent deliveries first, optionally of one status. */
export function listDeliveries(
  db: Database,
  options: { limit: number; status?: WebhookStatus },
): Promise<DeliverySummary[]> {
  return db
    .selectFrom("webhook_deliveries")
    .select([
      "id",
      "message_id",
      "event_type",
      "endpoint_url",
      "status",
      "attempts",
      "last_status",
      "last_error",
      "created_at",
      "next_attempt_at",
      "delivered_at",
    ])
    .$if(options.status !== undefined, (qb) => qb.where("status", "=", options.status as WebhookStatus))
    .orderBy("id", "desc")
    .limit(options.limit)
    .execute();
}

/**
 * Puts a failed delivery back in the queue, due now, with a new 24-hour retry window; its
 * `webhook-id` stays, so a receiver that did get it after all can drop the repeat. Answers what it
 * found: `queued`, `not-failed` (with the status it has) or `unknown`.
 */
export async function retryDelivery(
  db: Database,
  id: string,
  now: Date,
): Promise<
  { outcome: "queued" } | { outcome: "not-failed"; status: WebhookStatus } | { outcome: "unknown" }
> {
  const byMessageId = id.startsWith("msg_");
  if (!byMessageId && !/^\d{1,12}$/.test(id)) return { outcome: "unknown" };
  const row = await db
    .selectFrom("webhook_deliveries")
    .select(["id", "status"])
    .$if(byMessageId, (qb) => qb.where("message_id", "=", id))
    .$if(!byMessageId, (qb) => qb.where("id", "=", Number(id)))
    .executeTakeFirst();
  if (!row) return { outcome: "unknown" };
  if (row.status !== "failed") return { outcome: "not-failed", status: row.status };
  await writeStatement(db, (trx) =>
    trx
      .updateTable("webhook_deliveries")
      .set({ status: "queued", next_attempt_at: isoTime(now), first_attempt_at: null, locked_until: null })
      .where("id", "=", row.id)
      .where("status", "=", "failed")
      .execute(),
  );
  return { outcome: "queued" };
}

/** Sends a signed `webhook.test` event to one configured endpoint now (not queued) and answers what it said. */
export async function sendTestWebhook(
  endpoint: WebhookEndpoint,
  timeoutMs: number,
  now: Date = new Date(),
): Promise<PostOutcome & { messageId: string }> {
  const messageId = newMessageId();
  const body = webhookBody("webhook.test", { message: "A test from the Ridgeline website." }, now);
  const outcome = await postWebhook(
    endpoint.url,
    signWebhook(endpoint.secret, messageId, now, body),
    body,
    timeoutMs,
  );
  return { ...outcome, messageId };
}
