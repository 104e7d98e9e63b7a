import { z } from "zod";
// Relative imports: vite.config.ts loads this module (through build-env.server.ts) without the "~" alias.
import { QUOTE_UPLOAD_CEILING_MS, QUOTE_UPLOAD_STALL_MS } from "../lib/quote-upload-limits";
import { parseWeeklyHours, type WeeklyHours } from "../lib/weekly-hours";
import { parseTrustProxy } from "./http/client-key.server";
import { parseWebhookEndpoints, type WebhookEndpoint } from "./webhooks/endpoints.server";

const DEFAULT_SALES_EMAIL = "sales@ridgeline-supply.example";

/** The company's time zone: what the sales e-mails show times in and count days by (docs/quotes.md). */
export const DEFAULT_SITE_TIME_ZONE = "America/New_York";

/** True for a time zone name this Node knows (IANA, e.g. America/Chicago; `UTC` too). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `BRANCH_EMAIL_ATLANTA`: the address of one branch of content/routing.yaml, set per deployment. */
export const BRANCH_EMAIL_PREFIX = "BRANCH_EMAIL_";

/** Visitor mail (acknowledgements and confirmations) per hour when VISITOR_MAIL_PER_HOUR is unset. */
export const DEFAULT_VISITOR_MAIL_PER_HOUR = 200;

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
    message: "must be sqlite:PATH (for example sqlite:./data/site.db) or a postgres:// URL",
  });

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const weeklyHours = z
  .string()
  .default("Mon-Fri 08:00-17:00")
  .transform((value, ctx): WeeklyHours => {
    const parsed = parseWeeklyHours(value);
    if ("error" in parsed) {
      ctx.issues.push({ code: "custom", input: value, message: parsed.error });
      return z.NEVER;
    }
    return parsed;
  });

const trustProxy = z
  .string()
  .default("false")
  .transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if ("error" in parsed) {
      ctx.issues.push({ code: "custom", input: value, message: parsed.error });
      return z.NEVER;
    }
    return parsed;
  });

/**
 * The canonical origin (docs/decisions/0008-run-time-site-url.md): read at start, so one build serves any address. Only the origin counts:
 * the site lives at the root of its host.
 */
export const siteUrlSchema = z
  .url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://www.example.com" })
  .transform((value) => new URL(value).origin)
  .optional();

/** The origin when SITE_URL is unset: this machine, on the port the server listens on. */
export const localOrigin = (port: number) => `http://localhost:${port}`;

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: siteUrlSchema,
  DATABASE_URL: databaseUrl.default("sqlite:./data/site.db"),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587")
    .optional(),
  MAIL_DIR: z.string().trim().min(1).default("./data/mail"),
  SALES_EMAIL: z.email({ message: "must be an e-mail address" }).default(DEFAULT_SALES_EMAIL),
  /** Where the weekly digest goes, Monday morning in SITE_TIME_ZONE (docs/report.md); unset: no digest. */
  REPORT_EMAIL: z.email({ message: "must be an e-mail address, e.g. owner@example.com" }).optional(),
  /** How often each instance checks whether the weekly digest is due (docs/report.md#weekly-digest). */
  REPORT_CHECK_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds, e.g. 60000" })
    .int("must be a whole number of milliseconds, e.g. 60000")
    .min(1_000, "must be at least 1000 (one second)")
    .max(3_600_000, "must be at most 3600000 (an hour)")
    .default(60_000),
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, {
      message: "must be an IANA time zone name such as America/New_York, America/Chicago or America/Denver",
    })
    .default(DEFAULT_SITE_TIME_ZONE),
  MAIL_FROM: z.string().trim().min(3).default("Ridgeline Website <website@ridgeline-supply.example>"),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /** Newsletter issues sent per minute, across all instances; leads never wait for them (docs/newsletter.md). */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Acknowledgements and newsletter confirmations queued per clock hour, across all instances; over
   * it the visitor mail is skipped, never the lead (docs/product.md#visitor-mail). 0 sends none.
   */
  VISITOR_MAIL_PER_HOUR: z.coerce
    .number({ message: "must be a whole number of e-mails per hour, e.g. 200" })
    .int("must be a whole number of e-mails per hour, e.g. 200")
    .min(0, "must be 0 or more")
    .max(1_000_000, "must be at most 1000000")
    .default(DEFAULT_VISITOR_MAIL_PER_HOUR),
  BROCHURE_BASE_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  TRUST_PROXY: trustProxy,
  CLIENT_KEY_SECRET: z
    .string()
    .min(16, "must be at least 16 characters (for example: openssl rand -hex 32)")
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  DB_QUERY_TIMEOUT_MS: milliseconds(10_000),
  DB_IDLE_TIMEOUT_MS: milliseconds(30_000),
  SQLITE_BUSY_TIMEOUT_MS: milliseconds(5_000),
  /**
   * Longest time a whole quote upload may take, however steadily it arrives (docs/quotes.md): the
   * ceiling a 25 MB upload at 2 Mbit/s (about 110 s) fits within, and a trickling client does not.
   */
  QUOTE_UPLOAD_TIMEOUT_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds, e.g. 180000" })
    .int("must be a whole number of milliseconds, e.g. 180000")
    .min(1_000, "must be at least 1000 (one second)")
    .max(600_000, "must be at most 600000 (ten minutes: an upload holds a slot that long)")
    .default(QUOTE_UPLOAD_CEILING_MS),
  /** Longest wait for a quote upload's next bytes; used as the ceiling when it is longer. */
  QUOTE_UPLOAD_STALL_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds, e.g. 20000" })
    .int("must be a whole number of milliseconds, e.g. 20000")
    .min(1_000, "must be at least 1000 (one second)")
    .max(120_000, "must be at most 120000 (two minutes without a byte)")
    .default(QUOTE_UPLOAD_STALL_MS),
  /** Quote uploads one instance reads at once, each holding up to 26 MB (docs/quotes.md). */
  QUOTE_UPLOAD_CONCURRENCY: z.coerce
    .number({ message: "must be a whole number of uploads, e.g. 4" })
    .int("must be a whole number of uploads, e.g. 4")
    .min(1, "must be at least 1 (upload at a time)")
    .max(100, "must be at most 100 (each upload may hold 26 MB in memory)")
    .default(4),
  /** Days a quote request and its attachments are kept, then deleted (docs/quotes.md#retention). */
  ATTACHMENT_RETENTION_DAYS: z.coerce
    .number({ message: "must be a whole number of days, e.g. 365" })
    .int("must be a whole number of days, e.g. 365")
    .min(1, "must be at least 1 (day)")
    .max(3650, "must be at most 3650 (ten years)")
    .default(365),
  /**
   * Minutes a lead notification may wait undelivered before /healthz says the outbox is stalled and
   * the server logs an error (docs/deploy.md#health-checks).
   */
  ALERT_AFTER_MINUTES: z.coerce
    .number({ message: "must be a whole number of minutes, e.g. 15" })
    .int("must be a whole number of minutes, e.g. 15")
    .min(1, "must be at least 1 (minute)")
    .max(1440, "must be at most 1440 (a day)")
    .default(15),
  /**
   * Lets a scraper that is not on this machine read /metrics with `Authorization: Bearer <token>`
   * (docs/deploy.md#metrics); without it only loopback may.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, "must be at least 16 characters (for example: openssl rand -hex 32)")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (for example: openssl rand -hex 32)")
    .optional(),
  /** How long a webhook receiver has to answer, in milliseconds (docs/webhooks.md#retries). */
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds, e.g. 10000" })
    .int("must be a whole number of milliseconds, e.g. 10000")
    .min(100, "must be at least 100")
    .max(60_000, "must be at most 60000 (a minute)")
    .default(10_000),
  /** First-party counting (docs/analytics.md): on, or off to count nothing. */
  ANALYTICS: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  /** Months the daily counts are kept, then deleted (docs/analytics.md#retention). */
  ANALYTICS_RETENTION_MONTHS: z.coerce
    .number({ message: "must be a whole number of months, e.g. 25" })
    .int("must be a whole number of months, e.g. 25")
    .min(1, "must be at least 1 (month)")
    .max(120, "must be at most 120 (ten years)")
    .default(25),
  /**
   * Seconds between two writes of the counts (docs/analytics.md#how-it-is-written): what a crash
   * may lose at most.
   */
  ANALYTICS_FLUSH_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds, e.g. 10" })
    .int("must be a whole number of seconds, e.g. 10")
    .min(1, "must be at least 1 (second)")
    .max(300, "must be at most 300 (five minutes)")
    .default(10),
  /**
   * The hours a lead's response time is counted in, on each branch's own clock (docs/desk.md#response-time),
   * e.g. `Mon-Fri 08:00-17:00`.
   */
  DESK_BUSINESS_HOURS: weeklyHours,
  /** Business minutes a lead may stay New before it is overdue and its branch is reminded (docs/desk.md#overdue). */
  DESK_OVERDUE_MINUTES: z.coerce
    .number({ message: "must be a whole number of minutes, e.g. 30" })
    .int("must be a whole number of minutes, e.g. 30")
    .min(1, "must be at least 1 (minute)")
    .max(10_080, "must be at most 10080 (a week)")
    .default(30),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = Omit<z.infer<typeof envSchema>, "SITE_URL"> & {
  /** SITE_URL's origin, or without it http://localhost:PORT, so links lead back to this server. */
  SITE_URL: string;
  /** Where SITE_URL came from: the variable, or PORT when it is unset (said in the start line). */
  SITE_URL_FROM: "SITE_URL" | "PORT";
  /**
   * The BRANCH_EMAIL_<BRANCH> variables by branch id as content/routing.yaml writes it (`ATLANTA` is
   * `atlanta`, `SALT_LAKE` is `salt-lake`); whether each names a branch is checked where the routing
   * file is read.
   */
  BRANCH_EMAILS: Readonly<Record<string, string>>;
  /** WEBHOOK_ENDPOINTS read (docs/webhooks.md): every receiver with its secret; empty when unset. */
  WEBHOOK_ENDPOINTS: readonly WebhookEndpoint[];
};

const branchEmail = z.email({ message: "must be an e-mail address, e.g. atlanta@example.com" });

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Reads and validates the environment once. Empty strings count as unset, so `SMTP_URL=` in a
 * shell or an .env file falls back to the default instead of failing.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
  const branchEmails: Record<string, string> = {};
  for (const [name, value] of Object.entries(cleaned)) {
    if (!name.startsWith(BRANCH_EMAIL_PREFIX) || value === undefined) continue;
    const branch = name.slice(BRANCH_EMAIL_PREFIX.length);
    if (!/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(branch)) {
      problems.push(`${name}: must be BRANCH_EMAIL_ and a branch id in capitals, e.g. BRANCH_EMAIL_ATLANTA`);
      continue;
    }
    const address = branchEmail.safeParse(value.trim());
    if (!address.success) problems.push(`${name}: ${address.error.issues[0]?.message}`);
    else branchEmails[branch.toLowerCase().replace(/_/g, "-")] = address.data;
  }
  // Read here rather than in the schema: a problem names the entry, never the secret in it.
  const webhooks = parseWebhookEndpoints(cleaned.WEBHOOK_ENDPOINTS);
  for (const problem of webhooks.problems) problems.push(`WEBHOOK_ENDPOINTS: ${problem}`);
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const siteUrl = result.data.SITE_URL;
  return {
    ...result.data,
    SITE_URL: siteUrl ?? localOrigin(result.data.PORT),
    SITE_URL_FROM: siteUrl ? "SITE_URL" : "PORT",
    BRANCH_EMAILS: branchEmails,
    WEBHOOK_ENDPOINTS: webhooks.endpoints,
  };
}

/** An address in a domain reserved for examples (`.example`): no mail sent there reaches anyone. */
export const isExampleAddress = (address: string) => /\.example$/i.test(address.split("@").pop() ?? "");

/**
 * With SMTP_URL set, mail goes out for real, and every lead reaches SALES_EMAIL (alone, or in Cc when
 * a branch has it): left at its example default it would reach no one, so the server does not start.
 * Checked at the server's start only: the commands send to the addresses the running site stored
 * (app/server/mail/site-mail-settings.server.ts), not their own.
 */
export function checkMailGoesSomewhere(env: Pick<Env, "SMTP_URL" | "SALES_EMAIL">): void {
  if (env.SMTP_URL && isExampleAddress(env.SALES_EMAIL))
    throw new EnvError([
      `SALES_EMAIL: ${env.SALES_EMAIL} is an example address that no mail reaches; with SMTP_URL set, set SALES_EMAIL to the inbox that receives leads`,
    ]);
}
