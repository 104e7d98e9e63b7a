import { writeStatement } from "~/server/db/database.server";
import { type Database, isoTime, type WebhookDelivery } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { createPolling, type Polling } from "~/server/polling.server";
import { claimDelivery, type LaneFilter } from "./claim.server";
import { postWebhook, WEBHOOK_TIMEOUT_MS } from "./deliver.server";
import type { WebhookEndpoint } from "./endpoints.server";
import { signWebhook } from "./signing.server";

/** Pauses after the 1st, 2nd, ... failed attempt; every further one waits as long as the last. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
] as const;

/** A delivery still failing this long after its first attempt is marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** The pause before the next attempt after `attempts` failed ones. */
export function webhookRetryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(1, attempts), WEBHOOK_RETRY_DELAYS_MS.length) - 1;
  return WEBHOOK_RETRY_DELAYS_MS[index] ?? WEBHOOK_RETRY_DELAYS_MS[0];
}

/** What became of one attempt: counted by /metrics. */
export type AttemptOutcome = "delivered" | "retry" | "failed";

export interface WebhookWorkerOptions {
  db: Database;
  /** The configured endpoints with their secrets (WEBHOOK_ENDPOINTS). */
  endpoints: readonly WebhookEndpoint[];
  logger: Logger;
  /** How long a receiver has to answer (WEBHOOK_TIMEOUT_MS, default 10 s). */
  timeoutMs?: number;
  /** Pause between polls when nothing is due. */
  pollMs?: number;
  /** Deliveries per run of one lane before it looks again. */
  batchSize?: number;
  /** Told of every attempt's outcome (the metrics count them). */
  onAttempt?: (event: string, outcome: AttemptOutcome) => void;
  now?: () => Date;
}

export interface WebhookWorker {
  /** Attempts every due delivery (up to batchSize per lane); resolves with how many were attempted. */
  runOnce(): Promise<number>;
  start(): void;
  /** Looks at the queue now instead of at the next poll. */
  wakeUp(): void;
  /** Stops polling and waits for the attempts in flight. */
  stop(): Promise<void>;
}

/** What an attempt needs: the database, the endpoints' secrets, the timeout and who is told. */
interface AttemptSettings {
  db: Database;
  logger: Logger;
  secrets: ReadonlyMap<string, string>;
  timeoutMs: number;
  onAttempt: WebhookWorkerOptions["onAttempt"];
  now: () => Date;
}

/**
 * A worker that does nothing until start(); tests drive it with runOnce(). Each endpoint has a lane of
 * its own (docs/decisions/0051-a-lane-per-webhook-endpoint.md): a lane claims only its endpoint's
 * deliveries, one at a time, oldest due first, and polls and wakes on its own, so a receiver that
 * hangs until the timeout delays its own deliveries and no other endpoint's. One more lane fails the
 * deliveries of endpoints no longer configured.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, logger } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 50;
  const now = options.now ?? (() => new Date());
  // An attempt ends within timeoutMs (the abort signal covers the answer), so the claim outlives it
  // with room to spare and needs no renewal.
  const lockMs = timeoutMs + 60_000;
  const settings: AttemptSettings = {
    db,
    logger,
    secrets: new Map(options.endpoints.map((endpoint) => [endpoint.url, endpoint.secret])),
    timeoutMs,
    onAttempt: options.onAttempt,
    now,
  };

  const lane = (filter: LaneFilter, what: string) =>
    createPolling({
      what,
      logger,
      batchSize,
      pollMs,
      maxBackoffMs: 60_000,
      run: async (isStopped) => {
        let handled = 0;
        while (handled < batchSize && !isStopped()) {
          const delivery = await claimDelivery(db, lockMs, now(), filter);
          if (!delivery) break;
          handled += 1;
          await attemptDelivery(settings, delivery);
        }
        return handled;
      },
    });
  const urls = [...new Set(options.endpoints.map((endpoint) => endpoint.url))];
  return allLanes([
    ...urls.map((url) => lane({ endpoint: url }, `webhook worker (${new URL(url).origin})`)),
    lane({ notAmong: urls }, "webhook worker (endpoints no longer configured)"),
  ]);
}

/** The lanes driven as one worker. */
function allLanes(lanes: readonly Polling[]): WebhookWorker {
  return {
    async runOnce() {
      const handled = await Promise.all(lanes.map((each) => each.runOnce()));
      return handled.reduce((sum, count) => sum + count, 0);
    },
    start: () => {
      for (const each of lanes) each.start();
    },
    wakeUp: () => {
      for (const each of lanes) each.wakeUp();
    },
    async stop() {
      await Promise.all(lanes.map((each) => each.stop()));
    },
  };
}

/** Records an attempt's outcome; only the claim's owner does (a lapsed claim matches no row). */
async function recordAttempt(
  db: Database,
  delivery: WebhookDelivery,
  changes: Partial<WebhookDelivery>,
): Promise<void> {
  await writeStatement(db, (trx) =>
    trx
      .updateTable("webhook_deliveries")
      .set({ ...changes, locked_until: null })
      .where("id", "=", delivery.id)
      .where("attempts", "=", delivery.attempts)
      .where("status", "=", "sending")
      .execute(),
  );
}

/** Posts one claimed delivery, signed, and records what became of it: delivered, retried or failed. */
async function attemptDelivery(settings: AttemptSettings, delivery: WebhookDelivery): Promise<void> {
  const { db, logger, now } = settings;
  const secret = settings.secrets.get(delivery.endpoint_url);
  const context = {
    webhookId: delivery.message_id,
    event: delivery.event_type,
    endpoint: new URL(delivery.endpoint_url).origin,
    attempts: delivery.attempts,
  };
  const outcome = secret
    ? await postWebhook(
        delivery.endpoint_url,
        signWebhook(secret, delivery.message_id, now(), delivery.payload),
        delivery.payload,
        settings.timeoutMs,
      )
    : { ok: false as const, status: null, error: "endpoint no longer in WEBHOOK_ENDPOINTS" };
  const at = now();
  if (outcome.ok) {
    await recordAttempt(db, delivery, {
      status: "delivered",
      delivered_at: isoTime(at),
      last_status: outcome.status,
      last_error: null,
    });
    settings.onAttempt?.(delivery.event_type, "delivered");
    logger.info({ ...context, status: outcome.status }, "webhook delivered");
    return;
  }
  const firstAttempt = Date.parse(delivery.first_attempt_at ?? isoTime(at));
  const giveUp = !secret || at.getTime() - firstAttempt >= WEBHOOK_RETRY_WINDOW_MS;
  const next = new Date(at.getTime() + webhookRetryDelayMs(delivery.attempts));
  await recordAttempt(db, delivery, {
    status: giveUp ? "failed" : "queued",
    last_status: outcome.status,
    last_error: outcome.error,
    next_attempt_at: giveUp ? delivery.next_attempt_at : isoTime(next),
  });
  settings.onAttempt?.(delivery.event_type, giveUp ? "failed" : "retry");
  const details = { ...context, status: outcome.status, error: outcome.error };
  if (giveUp)
    logger.error(details, "webhook delivery failed for good; `npm run webhooks -- retry` sends it again");
  else logger.warn({ ...details, nextAttemptAt: isoTime(next) }, "webhook delivery failed; will retry");
}
