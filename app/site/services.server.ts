import { loadRouting, type Routing } from "~/features/leads/routing/routing.server";
import { registerHeldLeadsMetric } from "~/features/leads/spam/held-metrics.server";
import type { SiteCounting, SiteServices } from "~/load-context";
import { loadClientKeySecret } from "~/server/client-key-secret.server";
import { createDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import type { Env } from "~/server/env.server";
import {
  createHealthCheck,
  type HealthReport,
  healthReport,
  OUTBOX_WATCH_INTERVAL_MS,
} from "~/server/health.server";
import type { Logger } from "~/server/logger.server";
import { createDeliveryWatch } from "~/server/mail/delivery-watch.server";
import { siteMailSettingsOf, storeSiteMailSettings } from "~/server/mail/site-mail-settings.server";
import { createOutboxWatch } from "~/server/mail/stall.server";
import { createTransport, MAIL_CONCURRENCY, type MailTransport } from "~/server/mail/transport.server";
import { createThreadedTransport } from "~/server/mail/transport-thread.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { createMetrics, type Metrics } from "~/server/metrics.server";
import { fileLinkSecret } from "~/server/webhooks/file-links.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";
import { migrate } from "~/site/migrations.server";

/**
 * What the server runs besides HTTP: the database, the mail worker and the features' jobs, and the
 * services built on them.
 */
export interface Services {
  /** Handed unchanged to every loader, action and form service. */
  site: SiteServices;
  /** Keys the per-client hashes (docs/decisions/0010-client-address-behind-proxies.md): from CLIENT_KEY_SECRET or generated once and kept in the database. */
  clientKeySecret: string;
  /** Prometheus metrics, served on /metrics (docs/deploy.md#metrics). */
  metrics: Metrics;
  /** What /healthz answers (see HealthReport). */
  checkHealth(): Promise<HealthReport>;
  /** Stops the worker (waiting for a message in flight) and closes the database. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  /**
   * The bundled mail thread's script: e-mail is then built and sent on that thread, off the request
   * path. Without it (development, tests) the transport runs on the main thread.
   */
  mailThread?: string;
  /**
   * Background jobs of the features (housekeeping), started once the database is ready; each returns
   * its stop function, called on close and awaited before the database closes (a last write).
   */
  jobs?: ReadonlyArray<(db: Database, logger: Logger) => () => void | Promise<void>>;
  /** The features' counting, handed to routes and forms as SiteServices.counting. */
  counting?: SiteCounting;
  /** The routing read at start (loadRouting); read here when not given. */
  routing?: Routing;
  /**
   * Opens the catalogue's reader once the database is migrated, before the jobs start. Without it
   * (tests of the mail path) SiteServices.catalogue throws when read.
   */
  catalogue?: (db: Database, logger: Logger) => Promise<SiteServices["catalogue"]>;
}

const NO_CATALOGUE: SiteServices["catalogue"] = {
  current() {
    throw new Error("these services were started without a catalogue");
  },
};

export async function startServices(
  env: Env,
  logger: Logger,
  options: ServiceOptions = {},
): Promise<Services> {
  const routing = options.routing ?? loadRouting(env);
  const db = await openDatabase(env, logger);
  const clientKeySecret = await loadClientKeySecret(db, env.CLIENT_KEY_SECRET);
  // For the commands that queue a lead's mail: they address it as this site does.
  await storeSiteMailSettings(db, siteMailSettingsOf(env, fileLinkSecret(clientKeySecret)), new Date());
  const catalogue = options.catalogue ? await options.catalogue(db, logger) : NO_CATALOGUE;
  const metrics = createMetrics(db, logger);
  // The features register their own series; the platform's metrics name no feature.
  registerHeldLeadsMetric(metrics.registry, db, logger);
  const alertAfterMs = env.ALERT_AFTER_MINUTES * 60_000;
  const deliveryWatch = createDeliveryWatch(logger, { alertAfterMs });
  const transport = metrics.countDeliveries(
    deliveryWatch.watch(mailTransport(env, logger, options.mailThread)),
  );
  const { mailWorker, webhookWorker } = startWorkers(env, db, logger, transport, metrics);
  const stopJobs = (options.jobs ?? []).map((start) => start(db, logger));
  const health = createHealthCheck(db, logger);
  const outboxWatch = createOutboxWatch(db, logger, { alertAfterMs });
  // Looked at without a load balancer polling too, so a stall is logged (once) either way.
  const watchTimer = setInterval(() => void outboxWatch.check(), OUTBOX_WATCH_INTERVAL_MS);
  watchTimer.unref();
  logger.info({ database: env.DATABASE_URL.startsWith("sqlite:") ? "sqlite" : "postgres" }, "database ready");

  return {
    site: {
      db,
      logger,
      salesEmail: env.SALES_EMAIL,
      mailFrom: env.MAIL_FROM,
      routing,
      timeZone: env.SITE_TIME_ZONE,
      desk: { hours: env.DESK_BUSINESS_HOURS, overdueMinutes: env.DESK_OVERDUE_MINUTES },
      siteUrl: env.SITE_URL,
      formSecret: clientKeySecret,
      wakeMailWorker: () => mailWorker.wakeUp(),
      visitorMailPerHour: env.VISITOR_MAIL_PER_HOUR,
      webhooks: { endpoints: env.WEBHOOK_ENDPOINTS, wake: () => webhookWorker.wakeUp() },
      fileLinkSecret: fileLinkSecret(clientKeySecret),
      attachmentRetentionDays: env.ATTACHMENT_RETENTION_DAYS,
      ...(options.counting ? { counting: options.counting } : {}),
      catalogue,
    },
    clientKeySecret,
    metrics,
    checkHealth: () => healthReport(health, outboxWatch, deliveryWatch),
    async close() {
      clearInterval(watchTimer);
      await stopAll(stopJobs, logger);
      await Promise.all([mailWorker.stop(), webhookWorker.stop()]);
      transport.close();
      await db.destroy();
    },
  };
}

/** The database as DATABASE_URL names it, migrated to the latest schema. */
async function openDatabase(env: Env, logger: Logger): Promise<Database> {
  const db = createDatabase(env.DATABASE_URL, {
    logger,
    poolSize: env.DB_POOL_SIZE,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    idleTimeoutMs: env.DB_IDLE_TIMEOUT_MS,
    sqliteBusyTimeoutMs: env.SQLITE_BUSY_TIMEOUT_MS,
  });
  await migrate(db, logger);
  return db;
}

/** SMTP or the mail directory: on the mail thread when its script is given, else on this thread. */
function mailTransport(env: Env, logger: Logger, mailThread: string | undefined): MailTransport {
  if (!mailThread) return createTransport(env, { logger });
  return createThreadedTransport(
    mailThread,
    {
      env: { SMTP_URL: env.SMTP_URL, MAIL_DIR: env.MAIL_DIR, LOG_LEVEL: env.LOG_LEVEL },
      isTTY: process.stdout.isTTY === true,
    },
    logger,
  );
}

/** The mail worker, started, and the webhook worker, started when endpoints are configured. */
function startWorkers(env: Env, db: Database, logger: Logger, transport: MailTransport, metrics: Metrics) {
  const mailWorker = startMailWorker({
    db,
    transport,
    logger,
    baseDelayMs: env.MAIL_RETRY_BASE_MS,
    concurrency: MAIL_CONCURRENCY,
    // A run ends after this many messages and then looks again for claims that lapsed; long enough
    // that its lanes stay open through a backlog.
    batchSize: 200,
    bulkRatePerMinute: env.MAIL_RATE_PER_MINUTE,
  });
  const webhookWorker = createWebhookWorker({
    db,
    endpoints: env.WEBHOOK_ENDPOINTS,
    logger,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    onAttempt: (event, outcome) => metrics.countWebhook(event, outcome),
  });
  // Without endpoints nothing is queued and the worker does not poll; deliveries left from an earlier
  // configuration wait until endpoints are configured again (then those whose endpoint is gone fail).
  if (env.WEBHOOK_ENDPOINTS.length > 0) webhookWorker.start();
  return { mailWorker, webhookWorker };
}

/** Calls every job's stop function and waits for them all; a failure is logged, not thrown. */
async function stopAll(stops: ReadonlyArray<() => void | Promise<void>>, logger: Logger): Promise<void> {
  await Promise.all(
    stops.map((stop) =>
      Promise.resolve()
        .then(stop)
        .catch((error: unknown) => logger.error({ err: error }, "a job failed to stop")),
    ),
  );
}

export type { HealthReport };
