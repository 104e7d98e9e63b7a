import { contactRows } from "~/features/leads/export/contact-rows.server";
import { subscriberRows } from "~/features/leads/export/subscriber-rows.server";
import type { Database } from "~/server/db/schema.server";
import { checkSince, commandMain, readArguments, runIfInvoked, UsageError, writeOutput } from "./cli";
import { toCsv } from "./export-csv";

export const USAGE = `Usage:
  npx tsx scripts/ops/export.ts leads export [--since YYYY-MM-DD] [--out FILE]
  npx tsx scripts/ops/export.ts subscribers export [--all] [--out FILE]

Writes CSV (RFC 4180) from the database that DATABASE_URL names (default sqlite:./data/site.db).
  --since YYYY-MM-DD  only leads received on or after that day (UTC)
  --all               subscribers: pending and unsubscribed too, with a status column
  --out FILE          write to FILE instead of standard output
`;

export type ExportCommand =
  | { kind: "leads"; since?: string; out?: string }
  | { kind: "subscribers"; out?: string; all?: boolean }
  | { kind: "help" };

const readArgs = (argv: string[]) =>
  readArguments(argv, {
    since: { type: "string" },
    out: { type: "string" },
    all: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });

export function parseCommand(argv: string[]): ExportCommand {
  const { values, positionals } = readArgs(argv);
  if (values.help) return { kind: "help" };
  const [subject, verb, ...extra] = positionals;
  if ((subject !== "leads" && subject !== "subscribers") || verb !== "export" || extra.length > 0) {
    throw new UsageError("expected 'leads export' or 'subscribers export'");
  }
  if (values.out !== undefined && values.out.trim() === "") throw new UsageError("--out needs a file name");
  if (subject === "subscribers") {
    if (values.since !== undefined) throw new UsageError("--since applies to leads only");
    return values.all
      ? { kind: "subscribers", out: values.out, all: true }
      : { kind: "subscribers", out: values.out };
  }
  if (values.all) throw new UsageError("--all applies to subscribers only");
  checkSince(values.since);
  return { kind: "leads", since: values.since, out: values.out };
}

export async function buildCsv(db: Database, command: Exclude<ExportCommand, { kind: "help" }>) {
  const table =
    command.kind === "subscribers"
      ? await subscriberRows(db, { all: command.all })
      : await contactRows(db, {
          from: command.since === undefined ? undefined : `${command.since}T00:00:00.000Z`,
        });
  return { csv: toCsv(table.header, table.rows), count: table.rows.length };
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain({
  name: "export",
  usage: USAGE,
  parse: parseCommand,
  async run(db, command, { io: out }) {
    const { csv, count } = await buildCsv(db, command);
    await writeOutput(out, "export", { text: csv, out: command.out, what: `${count} ${command.kind}` });
    return 0;
  },
});

runIfInvoked(import.meta.url, main);
