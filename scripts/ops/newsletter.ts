import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import {
  IssueError,
  type NewsletterIssue,
  parseIssue,
  sendIssue,
  sendTestIssue,
} from "~/features/newsletter/issue.server";
import { migrate } from "~/site/migrations.server";
import { commandMain, type HelpCommand, runIfInvoked, UsageError } from "./cli";

export const USAGE = `Usage:
  npm run newsletter -- send FILE.md [--test ADDRESS]

Queues a newsletter issue (Markdown with front matter: subject, preheader) for every confirmed
subscriber in the database that DATABASE_URL names; the running site's mail worker sends it,
MAIL_RATE_PER_MINUTE per minute. Sending the same file again mails nobody twice.
  --test ADDRESS  send one copy, marked [TEST], to ADDRESS only
`;

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

interface SendCommand {
  kind: "send";
  file: string;
  test: string | undefined;
  issue: NewsletterIssue | undefined;
}

function parseCommand(argv: string[]): SendCommand | HelpCommand {
  const parsed = readArgs(argv);
  if (parsed.values.help) return { kind: "help" };
  const [verb, file, ...extra] = parsed.positionals;
  if (verb !== "send" || !file || extra.length > 0) throw new UsageError("expected 'send FILE.md'");
  if (parsed.values.test !== undefined && parsed.values.test.trim() === "")
    throw new UsageError("--test needs an address");
  return { kind: "send", file, test: parsed.values.test, issue: undefined };
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain({
  name: "newsletter",
  usage: USAGE,
  parse: parseCommand,
  // A broken issue file is named before anything else is looked at.
  prepare: async (command) => ({
    ...command,
    issue: parseIssue(command.file, await readFile(command.file, "utf8")),
  }),
  async run(db, command, { io: out, env }) {
    const { issue } = command;
    if (!issue) throw new Error("the issue was not read");
    await migrate(db);
    const settings = { siteUrl: env.SITE_URL, mailFrom: env.MAIL_FROM, salesEmail: env.SALES_EMAIL };
    if (command.test !== undefined) {
      await sendTestIssue(db, settings, issue, command.test);
      out.stdout.write(`newsletter: test copy of '${issue.id}' queued for ${command.test}\n`);
      return 0;
    }
    out.stdout.write(`newsletter: issue '${issue.id}': "${issue.subject}"\n`);
    const summary = await sendIssue(db, settings, issue, {
      onProgress: (progress) =>
        out.stdout.write(
          `  ${progress.queued + progress.skipped + progress.alreadySent} of ${progress.total} subscribers looked at\n`,
        ),
    });
    out.stdout.write(
      `newsletter: ${summary.queued} queued, ${summary.skipped} skipped, ${summary.alreadySent} already sent (of ${summary.total} confirmed subscribers)\n`,
    );
    return 0;
  },
  describeFailure(error) {
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof IssueError ? `newsletter: ${message}` : `newsletter failed: ${message}`;
  },
});

runIfInvoked(import.meta.url, main);
