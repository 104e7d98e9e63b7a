import { createDatabase } from "~/server/db/database.server";
import { parseEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { migrate } from "~/site/migrations.server";

/** Brings the database that DATABASE_URL names up to date: npx tsx scripts/ops/db-migrate.ts */
async function run(): Promise<number> {
  const env = parseEnv();
  const db = createDatabase(env.DATABASE_URL, { logger });
  try {
    const applied = await migrate(db, logger);
    if (applied.length === 0) logger.info("database schema is up to date");
    return 0;
  } catch (error) {
    logger.error({ err: error }, "database migration failed");
    return 1;
  } finally {
    await db.destroy();
  }
}

run().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    logger.fatal({ err: error }, "database migration could not run");
    process.exitCode = 1;
  },
);
