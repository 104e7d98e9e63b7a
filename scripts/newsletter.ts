import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pino from "pino";
import { createDatabase, sqlitePathFromUrl } from "~/server/db/database.server";
import { migrate } from "~/server/db/migrations.server";
import type { Database } from "~/server/db/schema.server";
import { parseEnv } from "~/server/env.server";
import { IssueError, parseIssue, sendIssue, sendTestIssue } from "~/server/newsletter/issue.server";
import type { ExportIo } from "./export";

export const USAGE = `Usage:
  npm run newsletter -- send FILE.md [--test ADDRESS]

Queues a newsletter issue (Markdown with front matter: subject, preheader) for every confirmed
subscriber in the database that DATABASE_URL names; the running site's mail worker sends it,
MAIL_RATE_PER_MINUTE per minute. Sending the same file again mails nobody twice.
  --test ADDRESS  send one copy, marked [TEST], to ADDRESS only
`;

class UsageError extends Error {}

function readArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: { test: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parseCommand(argv: string[]) {
  const parsed = readArgs(argv);
  if (parsed.values.help) return { kind: "help" as const };
  const [verb, file, ...extra] = parsed.positionals;
  if (verb !== "send" || !file || extra.length > 0) throw new UsageError("expected 'send FILE.md'");
  if (parsed.values.test !== undefined && parsed.values.test.trim() === "")
    throw new UsageError("--test needs an address");
  return { kind: "send" as const, file, test: parsed.values.test };
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export async function main(argv: string[], io: ExportIo): Promise<number> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`newsletter: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout.write(USAGE);
    return 0;
  }
  let db: Database | undefined;
  try {
    const issue = parseIssue(command.file, await readFile(command.file, "utf8"));
    const env = parseEnv(io.env);
    if (env.DATABASE_URL.startsWith("sqlite:") && !existsSync(sqlitePathFromUrl(env.DATABASE_URL))) {
      io.stderr.write(
        `newsletter: no database at ${path.resolve(sqlitePathFromUrl(env.DATABASE_URL))} (check DATABASE_URL)\n`,
      );
      return 1;
    }
    const logger = pino({ level: "error" }, pino.destination(2));
    db = createDatabase(env.DATABASE_URL, { logger });
    await migrate(db);
    const settings = { siteUrl: env.SITE_URL, mailFrom: env.MAIL_FROM, salesEmail: env.SALES_EMAIL };
    if (command.test !== undefined) {
      await sendTestIssue(db, settings, issue, command.test);
      io.stdout.write(`newsletter: test copy of '${issue.id}' queued for ${command.test}\n`);
      return 0;
    }
    io.stdout.write(`newsletter: issue '${issue.id}': "${issue.subject}"\n`);
    const summary = await sendIssue(db, settings, issue, {
      onProgress: (progress) =>
        io.stdout.write(
          `  ${progress.queued + progress.skipped + progress.alreadySent} of ${progress.total} subscribers looked at\n`,
        ),
    });
    io.stdout.write(
      `newsletter: ${summary.queued} queued, ${summary.skipped} skipped, ${summary.alreadySent} already sent (of ${summary.total} confirmed subscribers)\n`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`newsletter: ${error instanceof IssueError ? "" : "failed: "}${message}\n`);
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
