import { purgeOldCounts } from "~/features/analytics/retention.server";
import { purgeHeldLeads } from "~/features/leads/held.server";
import { purgeOldAttempts, purgeUnconfirmed } from "~/features/newsletter/subscriptions.server";
import { purgeExpiredQuotes } from "~/features/quote/server/retention.server";
import { pruneSearchMisses } from "~/features/search/misses.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { purgeVisitorMailRecords } from "~/server/mail/visitor-mail.server";
import { purgeOldDeliveries } from "~/server/webhooks/queue.server";

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

export interface HousekeepingOptions {
  /** ATTACHMENT_RETENTION_DAYS: quote requests and their files older than this are deleted. */
  attachmentRetentionDays?: number;
  /** ANALYTICS_RETENTION_MONTHS and SITE_TIME_ZONE: counts of older days are deleted. */
  analytics?: { retentionMonths: number; timeZone: string };
}

/**
 * Deletes unconfirmed signups older than 30 days and signup attempts older than the attempt window,
 * prunes the searches without results to the most frequent (docs/search.md#bounds) and, with
 * `attachmentRetentionDays`, deletes the quote requests and attachments that outlived it
 * (docs/quotes.md#retention), and forgets visitor-mail marks older than an hour and hourly
 * visitor-mail counts older than 30 days (docs/product.md#visitor-mail), deletes leads held as likely
 * spam and never released after 30 days (docs/spam.md#retention), and with `analytics` the counts
 * past their retention (docs/analytics.md#retention); shortly after start and then hourly. Every
 * instance runs it; the
 * deletes are bounded and idempotent, so running them twice costs a few cheap queries.
 */
export function startHousekeeping(
  db: Database,
  logger: Logger,
  options: HousekeepingOptions = {},
): () => void {
  const run = () => {
    pruneSearchMisses(db)
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted }, "search: old and rare searches without results deleted");
      })
      .catch((error: unknown) =>
        logger.warn({ err: error }, "search: could not prune the searches without results"),
      );
    const { attachmentRetentionDays } = options;
    if (attachmentRetentionDays !== undefined) {
      purgeExpiredQuotes(db, { retentionDays: attachmentRetentionDays })
        .then((deleted) => {
          if (deleted.files + deleted.requests + deleted.mail > 0)
            logger.info(
              { deleted, retentionDays: attachmentRetentionDays },
              "quotes: requests past retention deleted",
            );
        })
        .catch((error: unknown) =>
          logger.warn({ err: error }, "quotes: could not delete requests past retention"),
        );
      // Webhook deliveries copy the lead: kept no longer than the quote requests (docs/webhooks.md#retries).
      purgeOldDeliveries(db, { retentionDays: attachmentRetentionDays })
        .then((deleted) => {
          if (deleted > 0) logger.info({ deleted }, "webhooks: finished deliveries past retention deleted");
        })
        .catch((error: unknown) => logger.warn({ err: error }, "webhooks: could not delete old deliveries"));
    }
    purgeHeldLeads(db)
      .then((deleted) => {
        if (deleted.contact + deleted.quote > 0)
          logger.info({ deleted }, "spam: held leads older than 30 days deleted");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "spam: could not delete old held leads"));
    purgeUnconfirmed(db)
      .then((deleted) => {
        if (deleted > 0)
          logger.info({ deleted }, "newsletter: unconfirmed signups older than 30 days deleted");
      })
      .catch((error: unknown) =>
        logger.warn({ err: error }, "newsletter: could not delete old unconfirmed signups"),
      );
    purgeOldAttempts(db).catch((error: unknown) =>
      logger.warn({ err: error }, "newsletter: could not delete old signup attempts"),
    );
    const { analytics } = options;
    if (analytics) {
      purgeOldCounts(db, { months: analytics.retentionMonths, timeZone: analytics.timeZone })
        .then((deleted) => {
          if (deleted > 0) logger.info({ deleted }, "analytics: counts past retention deleted");
        })
        .catch((error: unknown) => logger.warn({ err: error }, "analytics: could not delete old counts"));
    }
    purgeVisitorMailRecords(db).catch((error: unknown) =>
      logger.warn({ err: error }, "visitor mail: could not delete old mailbox marks and hourly counts"),
    );
  };
  const first = setTimeout(run, 10_000);
  first.unref();
  const timer = setInterval(run, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
