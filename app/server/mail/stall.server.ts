import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { MAIL_PRIORITY } from "~/server/mail/outbox.server";

/** What /healthz says about the lead notifications (docs/deploy.md#health-checks). */
export interface OutboxHealth {
  /** True while the oldest undelivered lead notification has waited longer than the alert time. */
  stalled: boolean;
  /** Whole minutes the oldest undelivered lead notification has waited; 0 when none waits. */
  oldestMinutes: number;
  /** Lead notifications not delivered yet (queued, or being sent). */
  pending: number;
}

export interface OutboxWatchOptions {
  /** A lead notification undelivered longer than this is a stall (ALERT_AFTER_MINUTES). */
  alertAfterMs: number;
  /** How long one answer is reused: a load balancer polling every second costs one query per this. */
  cacheMs?: number;
  now?: () => Date;
}

export interface OutboxWatch {
  /** The current state, at most cacheMs old; undefined when the database did not answer. */
  check(): Promise<OutboxHealth | undefined>;
}

/** Default reuse of one outbox answer. */
export const OUTBOX_HEALTH_CACHE_MS = 5_000;

/**
 * Watches the lead notifications (MAIL_PRIORITY.lead: the sales notifications of every form) for a
 * stall: the oldest one not delivered yet, whatever the reason (the SMTP peer down or refusing, the
 * worker stuck, every attempt failing), has waited longer than the alert time. Mail to visitors and
 * bulk mail may wait by design (limits, throttles) and never count.
 *
 * One aggregate over the claim index (status, priority, …) per check; callers share the query in
 * flight and its answer for cacheMs. The watch logs one error line when a stall begins and one info
 * line when it ends, however often it is asked in between.
 */
export function createOutboxWatch(db: Database, logger: Logger, options: OutboxWatchOptions): OutboxWatch {
  const now = options.now ?? (() => new Date());
  const cacheMs = options.cacheMs ?? OUTBOX_HEALTH_CACHE_MS;
  let inFlight: Promise<OutboxHealth | undefined> | undefined;
  let cached: { at: number; health: OutboxHealth | undefined } | undefined;
  let stalled = false;

  const report = (health: OutboxHealth) => {
    if (health.stalled === stalled) return;
    stalled = health.stalled;
    const outbox = { oldestMinutes: health.oldestMinutes, pending: health.pending };
    if (stalled)
      logger.error(
        { outbox, alertAfterMinutes: Math.round(options.alertAfterMs / 60_000) },
        "outbox stalled: a lead notification has waited longer than the alert time",
      );
    else logger.info({ outbox }, "outbox stall cleared: lead notifications are delivered again");
  };

  const query = async (): Promise<OutboxHealth | undefined> => {
    const at = now();
    try {
      const row = await db
        .selectFrom("email_outbox")
        .select((eb) => [
          eb.fn.countAll<string | number>().as("pending"),
          eb.fn.min<string | null>("created_at").as("oldest"),
        ])
        .where("status", "in", ["queued", "sending"])
        .where("priority", "=", MAIL_PRIORITY.lead)
        .executeTakeFirstOrThrow();
      const waitedMs = row.oldest ? Math.max(0, at.getTime() - Date.parse(row.oldest)) : 0;
      const health: OutboxHealth = {
        stalled: row.oldest !== null && waitedMs > options.alertAfterMs,
        oldestMinutes: Math.floor(waitedMs / 60_000),
        pending: Number(row.pending),
      };
      report(health);
      return health;
    } catch (error) {
      // The database probe of /healthz reports an unreachable database; this only says nothing.
      logger.debug({ err: error }, "outbox health check failed");
      return undefined;
    }
  };

  return {
    check() {
      const at = now().getTime();
      if (cached && at - cached.at < cacheMs && at >= cached.at) return Promise.resolve(cached.health);
      inFlight ??= query()
        .then((health) => {
          cached = { at, health };
          return health;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
  };
}
