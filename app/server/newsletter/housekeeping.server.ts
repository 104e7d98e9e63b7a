import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { purgeUnconfirmed } from "~/server/newsletter/subscriptions.server";

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes unconfirmed signups older than 30 days, shortly after start and then hourly. Every instance
 * runs it; the delete is bounded and idempotent, so running it twice costs one cheap query.
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
