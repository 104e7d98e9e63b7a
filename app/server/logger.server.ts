import { isMainThread } from "node:worker_threads";
import pino, { type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** Where the log lines go: a file descriptor, and whether it is a terminal. */
export interface LogOutput {
  fd: number;
  isTTY?: boolean;
}

const EMAIL_ADDRESS = /[\w.!#$%&'*+=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/g;

/**
 * A copy of a logged value with every e-mail address in its strings written as `[address]`: an SMTP
 * server's refusal names the recipient in the error's message, response and `rejected` list.
 */
function withoutAddresses(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return value.replace(EMAIL_ADDRESS, "[address]");
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => withoutAddresses(item, seen));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutAddresses(item, seen)]));
}

// In a worker thread process.stdout.fd is undefined; pino writes to descriptor 1 there as well.
const stdout: LogOutput = { fd: process.stdout.fd ?? 1, isTTY: process.stdout.isTTY };

/**
 * One structured logger for the whole server, on stdout; errors are logged without the e-mail addresses
 * they may name. A terminal gets readable lines (pino-pretty, formatted in this thread and written
 * synchronously, so the last lines before an exit are never lost and the bundled server needs no worker
 * file); anything else (a pipe, a file, journald) gets one JSON object per line, written in batches.
 */
export function createLogger(
  level: string = process.env.LOG_LEVEL ?? "info",
  output: LogOutput = stdout,
): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: "ridgeline-site" },
    redact: { paths: ["req.headers.cookie", "req.headers.authorization"], remove: true },
    serializers: { err: (error: Error) => withoutAddresses(pino.stdSerializers.err(error)) },
  };
  if (output.isTTY) {
    return pino(
      options,
      pretty({
        sync: true,
        destination: output.fd,
        singleLine: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname,service",
      }),
    );
  }
  // On the main thread, lines are gathered into writes of about 4 KB: one write per line cost a busy server a
  // fifth of the CPU of answering a page. A quiet server's lines still leave within a quarter of a second, and
  // pino writes what is left when the process exits, a crash included. A worker thread (the mail thread) has
  // no such exit hook, so it writes each line at once.
  const batched = isMainThread ? { minLength: LOG_WRITE_BYTES, periodicFlush: LOG_FLUSH_MS } : {};
  return pino(options, pino.destination({ dest: output.fd, ...batched }));
}

/** The size of the writes the JSON log gathers its lines into, and the longest a line waits. */
export const LOG_WRITE_BYTES = 4096;
export const LOG_FLUSH_MS = 250;

export const logger = createLogger();
