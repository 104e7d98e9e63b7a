import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { purgeOldAttempts, purgeUnconfirmed } from "~/server/newsletter/subscriptions.server";

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes unconfirmed signups older than 30 days and signup attempts older than the attempt window,
 * shortly after start and then hourly. Every instance runs it; the deletes are bounded and
 * idempotent, so running them twice costs a few cheap queries.
 */
export function startNewsletterHousekeeping(db: Database, logger: Logger): () => void {
  const run = () => {
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
