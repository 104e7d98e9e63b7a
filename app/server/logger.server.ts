import pino, { type Logger } from "pino";

export type { Logger };

/** One structured logger for the whole server; JSON lines on stdout. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    level,
    base: { service: "ridgeline-site" },
    redact: { paths: ["req.headers.cookie", "req.headers.authorization"], remove: true },
  });
}

export const logger = createLogger();
