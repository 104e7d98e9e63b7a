import pino, { type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";
import { type LineOutput, turnOutput } from "./log-output.server";

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

/** Request headers that carry a visitor's or staff member's credentials: never written. */
const SECRET_HEADERS = new Set(["cookie", "authorization"]);

/**
 * A logged `req` without its credential headers. A serializer rather than pino's `redact`: redaction
 * walked and cloned every line, a request's line included, for about 2 µs each; this runs only on a
 * `req` key and copies only when it holds headers.
 */
function withoutSecretHeaders(req: unknown): unknown {
  if (req === null || typeof req !== "object" || !("headers" in req)) return req;
  const { headers } = req as { headers: unknown };
  if (headers === null || typeof headers !== "object") return req;
  const kept = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !SECRET_HEADERS.has(name.toLowerCase())),
  );
  return { ...req, headers: kept };
}

// In a worker thread process.stdout.fd is undefined; pino writes to descriptor 1 there as well.
const stdout: LogOutput = { fd: process.stdout.fd ?? 1, isTTY: process.stdout.isTTY };

/**
 * One structured logger for the whole server, on stdout; errors are logged without the e-mail addresses
 * they may name. A terminal gets readable lines (pino-pretty, formatted in this thread and written
 * synchronously, so the last lines before an exit are never lost and the bundled server needs no worker
 * file); anything else (a pipe, a file, journald) gets one JSON object per line, the lines of a turn of
 * the event loop written together at its end (log-output.server.ts).
 */
export function createLogger(
  level: string = process.env.LOG_LEVEL ?? "info",
  output: LogOutput = stdout,
): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: "ridgeline-site" },
    serializers: {
      err: (error: Error) => withoutAddresses(pino.stdSerializers.err(error)),
      req: withoutSecretHeaders,
    },
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
  const lines = turnOutput(output.fd);
  exitWrites.add(lines);
  return pino(options, lines);
}

/** Every JSON output made, so lines still waiting are written when the process (or thread) exits. */
const exitWrites = new Set<LineOutput>();
process.once("exit", () => {
  for (const lines of exitWrites) lines.flushSync();
});

export const logger = createLogger();
