/**
 * What the operator commands (leads and subscribers export, quotes, newsletter, privacy, search) share:
 * arguments refused with the usage text, the database DATABASE_URL names opened and closed, and one
 * line on standard error for a failure. Each command's `main` resolves with its exit code: 0, 1 for a
 * failure, 2 for bad arguments.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseArgsConfig, parseArgs } from "node:util";
import pino from "pino";
import { createDatabase, sqlitePathFromUrl } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { type Env, parseEnv } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";

export interface TextSink {
  write(text: string): unknown;
}

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdout: TextSink;
  stderr: TextSink;
}

/** Bad arguments: the message is shown above the usage text. */
export class UsageError extends Error {}

export interface CommandContext {
  io: CommandIo;
  env: Env;
  logger: Logger;
}

/** What a command's parser answers for --help. */
export interface HelpCommand {
  kind: "help";
}

export interface CommandSpec<C> {
  /** The command's name, which starts every line it writes to standard error. */
  name: string;
  usage: string;
  /** Reads the arguments (throwing UsageError), or answers "help" or `{ kind: "help" }`. */
  parse(argv: string[]): C | HelpCommand | "help";
  /** Work on the arguments before the database opens (reading a file the command names, say). */
  prepare?: (command: C) => Promise<C>;
  /** Where its log lines go; errors only, on standard error, unless it says otherwise. */
  logger?: (env: Env) => Logger;
  run(db: Database, command: C, context: CommandContext): Promise<number>;
  /** The line for a failure; `<name> failed: <message>` unless it says otherwise. */
  describeFailure?: (error: unknown) => string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The command's options and positional words; an unknown or malformed option is a UsageError. */
export function readArguments<const O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: string[],
  options: O,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** `--since YYYY-MM-DD`, checked to be a real day. */
export function checkSince(since: string | undefined): string | undefined {
  if (since !== undefined && !isCalendarDay(since)) {
    throw new UsageError(`--since must be a date as YYYY-MM-DD, got '${since}'`);
  }
  return since;
}

function isHelp<C>(parsed: C | HelpCommand | "help"): parsed is HelpCommand | "help" {
  return (
    parsed === "help" ||
    (typeof parsed === "object" && parsed !== null && "kind" in parsed && parsed.kind === "help")
  );
}

export async function runCommand<C>(spec: CommandSpec<C>, argv: string[], io: CommandIo): Promise<number> {
  let parsed: C | HelpCommand | "help";
  try {
    parsed = spec.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`${spec.name}: ${error.message}\n\n${spec.usage}`);
    return 2;
  }
  if (isHelp(parsed)) {
    io.stdout.write(spec.usage);
    return 0;
  }
  let command = parsed;
  let db: Database | undefined;
  try {
    if (spec.prepare) command = await spec.prepare(command);
    const env = parseEnv(io.env);
    if (env.DATABASE_URL.startsWith("sqlite:")) {
      // Opening a missing SQLite file would create an empty database and answer nothing, hiding a typo.
      const file = sqlitePathFromUrl(env.DATABASE_URL);
      if (!existsSync(file)) {
        io.stderr.write(`${spec.name}: no database at ${path.resolve(file)} (check DATABASE_URL)\n`);
        return 1;
      }
    }
    const logger = spec.logger?.(env) ?? pino({ level: "error" }, pino.destination(2));
    db = createDatabase(env.DATABASE_URL, { logger });
    return await spec.run(db, command, { io, env, logger });
  } catch (error) {
    io.stderr.write(`${spec.describeFailure?.(error) ?? `${spec.name} failed: ${messageOf(error)}`}\n`);
    return 1;
  } finally {
    await db?.destroy();
  }
}

/** A command's `main`: runs its command line and resolves with the exit code. */
export function commandMain<C>(spec: CommandSpec<C>): (argv: string[], io: CommandIo) => Promise<number> {
  return (argv, io) => runCommand(spec, argv, io);
}

/**
 * Writes what a command made to the file its --out names, saying on standard error
 * `<name>: wrote <what> to <path>`; without --out, to standard output.
 */
export async function writeOutput(
  io: CommandIo,
  name: string,
  output: { text: string; out: string | undefined; what: string },
): Promise<void> {
  if (output.out) {
    await writeFile(output.out, output.text);
    io.stderr.write(`${name}: wrote ${output.what} to ${path.resolve(output.out)}\n`);
  } else {
    io.stdout.write(output.text);
  }
}

/** Runs `main` with the process's arguments when the module is the script node was started with. */
export function runIfInvoked(
  moduleUrl: string,
  main: (argv: string[], io: CommandIo) => Promise<number>,
): void {
  const invokedPath = process.argv[1] ? path.resolve(process.argv[1]) : "";
  if (invokedPath !== fileURLToPath(moduleUrl)) return;
  main(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
    (code) => {
      process.exitCode = code;
    },
  );
}
