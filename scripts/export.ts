import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pino from "pino";
import { createDatabase, sqlitePathFromUrl } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { parseEnv } from "~/server/env.server";
import { toCsv } from "./export-csv";

export const USAGE = `Usage:
  npx tsx scripts/export.ts leads export [--since YYYY-MM-DD] [--out FILE]
  npx tsx scripts/export.ts subscribers export [--all] [--out FILE]

Writes CSV (RFC 4180) from the database that DATABASE_URL names (default sqlite:./data/site.db).
  --since YYYY-MM-DD  only leads received on or after that day (UTC)
  --all               subscribers: pending and unsubscribed too, with a status column
  --out FILE          write to FILE instead of standard output
`;

export type ExportCommand =
  | { kind: "leads"; since?: string; out?: string }
  | { kind: "subscribers"; out?: string; all?: boolean }
  | { kind: "help" };

export interface TextSink {
  write(text: string): unknown;
}

export interface ExportIo {
  env: NodeJS.ProcessEnv;
  stdout: TextSink;
  stderr: TextSink;
}

class UsageError extends Error {}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function readArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        since: { type: "string" },
        out: { type: "string" },
        all: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

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
  if (values.since !== undefined && !isCalendarDay(values.since)) {
    throw new UsageError(`--since must be a date as YYYY-MM-DD, got '${values.since}'`);
  }
  return { kind: "leads", since: values.since, out: values.out };
}

export async function buildCsv(db: Database, command: Exclude<ExportCommand, { kind: "help" }>) {
  if (command.kind === "subscribers") {
    // Consent records (docs/newsletter.md): confirmed subscribers, or everyone with --all.
    const rows = await db
      .selectFrom("newsletter_subscriptions")
      .select([
        "id",
        "email",
        "status",
        "subscribed_at",
        "confirmed_at",
        "unsubscribed_at",
        "consent_version",
        "client_key",
      ])
      .$if(!command.all, (qb) => qb.where("status", "=", "confirmed"))
      .orderBy("id")
      .execute();
    const consent = (row: (typeof rows)[number]) => [
      row.subscribed_at,
      row.confirmed_at,
      row.consent_version,
      row.client_key,
    ];
    const csv = command.all
      ? toCsv(
          [
            "id",
            "email",
            "status",
            "subscribed_at",
            "confirmed_at",
            "consent_version",
            "client_key",
            "unsubscribed_at",
          ],
          rows.map((row) => [row.id, row.email, row.status, ...consent(row), row.unsubscribed_at]),
        )
      : toCsv(
          ["id", "email", "subscribed_at", "confirmed_at", "consent_version", "client_key"],
          rows.map((row) => [row.id, row.email, ...consent(row)]),
        );
    return { csv, count: rows.length };
  }
  const rows = await db
    .selectFrom("contact_submissions")
    .select(["id", "created_at", "name", "email", "phone", "message", "reference"])
    .$if(command.since !== undefined, (qb) => qb.where("created_at", ">=", `${command.since}T00:00:00.000Z`))
    .orderBy("id")
    .execute();
  const csv = toCsv(
    ["id", "received_at", "name", "email", "phone", "message", "reference"],
    rows.map((row) => [row.id, row.created_at, row.name, row.email, row.phone, row.message, row.reference]),
  );
  return { csv, count: rows.length };
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export async function main(argv: string[], io: ExportIo): Promise<number> {
  let command: ExportCommand;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`export: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout.write(USAGE);
    return 0;
  }

  let db: Database | undefined;
  try {
    const { DATABASE_URL } = parseEnv(io.env);
    if (DATABASE_URL.startsWith("sqlite:")) {
      // Opening a missing SQLite file would create an empty database and export nothing, hiding a typo.
      const file = sqlitePathFromUrl(DATABASE_URL);
      if (!existsSync(file)) {
        io.stderr.write(`export: no database at ${path.resolve(file)} (check DATABASE_URL)\n`);
        return 1;
      }
    }
    db = createDatabase(DATABASE_URL, { logger: pino({ level: "error" }, pino.destination(2)) });
    const { csv, count } = await buildCsv(db, command);
    if (command.out) {
      await writeFile(command.out, csv);
      io.stderr.write(`export: wrote ${count} ${command.kind} to ${path.resolve(command.out)}\n`);
    } else {
      io.stdout.write(csv);
    }
    return 0;
  } catch (error) {
    io.stderr.write(`export failed: ${error instanceof Error ? error.message : String(error)}\n`);
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
