import pino from "pino";
import { exportPersonalData, forgetPersonalData } from "~/features/privacy/privacy.server";
import { commandMain, runIfInvoked, UsageError } from "./cli";

export const USAGE = `Usage:
  npm run privacy -- export ADDRESS   print everything held about ADDRESS as JSON
  npm run privacy -- forget ADDRESS   delete all of it, in one transaction

Works on the database that DATABASE_URL names. The deletion is logged (to standard error) with counts
and a SHA-256 of the address, never the address itself.
`;

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain({
  name: "privacy",
  usage: USAGE,
  parse([verb, address, ...extra]) {
    if (verb === "--help" || verb === "-h") return "help";
    if ((verb !== "export" && verb !== "forget") || !address || !address.includes("@") || extra.length > 0) {
      throw new UsageError("expected 'export ADDRESS' or 'forget ADDRESS'");
    }
    return { verb, address };
  },
  // The deletion is logged (without the address), so this command logs at info.
  logger: (env) => pino({ level: env.LOG_LEVEL === "silent" ? "silent" : "info" }, pino.destination(2)),
  async run(db, { verb, address }, { io: out, logger }) {
    if (verb === "export") {
      out.stdout.write(`${JSON.stringify(await exportPersonalData(db, address), null, 2)}\n`);
    } else {
      const counts = await forgetPersonalData(db, address, logger);
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      out.stdout.write(`privacy: deleted ${total} records: ${JSON.stringify(counts)}\n`);
    }
    return 0;
  },
});

runIfInvoked(import.meta.url, main);
