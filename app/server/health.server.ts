import { sql } from "kysely";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import type { DeliveryHealth } from "~/server/mail/delivery-watch.server";
import type { OutboxHealth, OutboxWatch } from "~/server/mail/stall.server";

/*
 * What /healthz reports (docs/deploy.md#health-checks): the database probe, the outbox's stall and the
 * latest deliveries.
 */

/** How often the server looks at the outbox by itself, besides /healthz asking. */
export const OUTBOX_WATCH_INTERVAL_MS = 30_000;

/**
 * The body of /healthz (docs/deploy.md#health-checks): `ok`; `degraded` while lead notifications are
 * stalled or their last deliveries all failed, naming which (HTTP 200 still: the instance serves pages and keeps leads, a load balancer should keep it);
 * or `unavailable` when the database does not answer (HTTP 503).
 */
export type HealthReport =
  | { status: "ok" }
  | { status: "degraded"; outbox?: OutboxHealth; deliveries?: DeliveryHealth }
  | { status: "unavailable" };

/** The database probe first; only when it answers, the outbox and the latest deliveries. */
export async function healthReport(
  database: { check(): Promise<boolean> },
  outbox: OutboxWatch,
  deliveries?: { check(): DeliveryHealth },
): Promise<HealthReport> {
  if (!(await database.check())) return { status: "unavailable" };
  const state = await outbox.check();
  const delivery = deliveries?.check();
  if (!state?.stalled && !delivery?.failing) return { status: "ok" };
  return {
    status: "degraded",
    ...(state?.stalled ? { outbox: state } : {}),
    ...(delivery?.failing ? { deliveries: delivery } : {}),
  };
}

/** How long the health check waits for the database, whatever DB_QUERY_TIMEOUT_MS allows a query. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/**
 * Answers false within timeoutMs when the database does not answer, so /healthz says 503 quickly.
 * Callers share one probe while it is running: a load balancer polling a dead database must not tie
 * up a pooled connection per poll until each probe's query times out.
 */
export function createHealthCheck(
  db: Database,
  logger: Logger,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): { check(): Promise<boolean> } {
  let probe: Promise<boolean> | undefined;
  let lastHealthy = true;
  const report = (healthy: boolean, error?: unknown) => {
    // Once per change: a polling load balancer would otherwise log every few seconds of an outage.
    if (healthy === lastHealthy) return;
    lastHealthy = healthy;
    if (healthy) logger.info("health check: database reachable again");
    else logger.error({ err: error }, "health check: database unreachable");
  };
  return {
    async check() {
      probe ??= sql`select 1`
        .execute(db)
        .then(
          () => true,
          (error: unknown) => {
            report(false, error);
            return false;
          },
        )
        .finally(() => {
          probe = undefined;
        });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
      });
      const healthy = await Promise.race([probe, timedOut]);
      clearTimeout(timer);
      if (healthy) report(true);
      else report(false, new Error(`no answer within ${timeoutMs} ms`));
      return healthy;
    },
  };
}
