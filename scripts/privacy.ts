import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { createDatabase, sqlitePathFromUrl } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { parseEnv } from "~/server/env.server";
import { exportPersonalData, forgetPersonalData } from "~/server/privacy.server";
import type { ExportIo } from "./export";

export const USAGE = `Usage:
  npm run privacy -- export ADDRESS   print everything held about ADDRESS as JSON
  npm run privacy -- forget ADDRESS   delete all of it, in one transaction

Works on the database that DATABASE_URL names. The deletion is logged (to standard error) with counts
and a SHA-256 of the address, never the address itself.
`;

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export async function main(argv: string[], io: ExportIo): Promise<number> {
  const [verb, address, ...extra] = argv;
  if (verb === "--help" || verb === "-h") {
    io.stdout.write(USAGE);
    return 0;
  }
  if ((verb !== "export" && verb !== "forget") || !address || !address.includes("@") || extra.length > 0) {
    io.stderr.write(`privacy: expected 'export ADDRESS' or 'forget ADDRESS'\n\n${USAGE}`);
    return 2;
  }
  let db: Database | undefined;
  try {
    const { DATABASE_URL, LOG_LEVEL } = parseEnv(io.env);
    if (DATABASE_URL.startsWith("sqlite:") && !existsSync(sqlitePathFromUrl(DATABASE_URL))) {
      io.stderr.write(
        `privacy: no database at ${path.resolve(sqlitePathFromUrl(DATABASE_URL))} (check DATABASE_URL)\n`,
      );
      return 1;
    }
    const logger = pino({ level: LOG_LEVEL === "silent" ? "silent" : "info" }, pino.destination(2));
    db = createDatabase(DATABASE_URL, { logger });
    if (verb === "export") {
      io.stdout.write(`${JSON.stringify(await exportPersonalData(db, address), null, 2)}\n`);
    } else {
      const counts = await forgetPersonalData(db, address, logger);
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      io.stdout.write(`privacy: deleted ${total} records: ${JSON.stringify(counts)}\n`);
    }
    return 0;
  } catch (error) {
    io.stderr.write(`privacy failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db?.destroy();
  }
}

const invokedPath = process.argv[1] ? path.resolve(process.argv[1]) : "";
if (invokedPath === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
    (code) => {
      process.exitCode = code;
    },
  );
}
