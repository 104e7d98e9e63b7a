import { createDatabase } from "~/server/db/database.server";
import { migrate } from "~/server/db/migrations.server";
import type { Database } from "~/server/db/schema.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { createTransport } from "~/server/mail/transport.server";
import { type MailWorker, startMailWorker } from "~/server/mail/worker.server";

/** What the server runs besides HTTP: the database and the mail worker. */
export interface Services {
  db: Database;
  mailWorker: MailWorker;
  salesEmail: string;
  mailFrom: string;
  isHealthy(): Promise<boolean>;
  /** Stops the worker (waiting for a message in flight) and closes the database. */
  close(): Promise<void>;
}

export async function startServices(env: Env, logger: Logger): Promise<Services> {
  const db = createDatabase(env.DATABASE_URL, { logger });
  await migrate(db, logger);
  const transport = createTransport(env, { logger });
  const mailWorker = startMailWorker({ db, transport, logger, baseDelayMs: env.MAIL_RETRY_BASE_MS });
  logger.info({ database: env.DATABASE_URL.startsWith("sqlite:") ? "sqlite" : "postgres" }, "database ready");

  return {
    db,
    mailWorker,
    salesEmail: env.SALES_EMAIL,
    mailFrom: env.MAIL_FROM,
    async isHealthy() {
      try {
        await db.selectFrom("newsletter_subscriptions").select("id").limit(1).execute();
        return true;
      } catch (error) {
        logger.error({ err: error }, "health check: database unreachable");
        return false;
      }
    },
    async close() {
      await mailWorker.stop();
      transport.close();
      await db.destroy();
    },
  };
}
