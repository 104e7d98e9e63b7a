import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { ROUTE_GROUPS } from "~/lib/route-groups";
import { dialectOf, postgresPoolStats, writeQueueDepth } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { clientAddress, isTrustedPeer, type TrustProxy } from "~/server/http/client-key.server";
import type { Logger } from "~/server/logger.server";
import type { MailTransport } from "~/server/mail/transport.server";
import type { AttemptOutcome } from "~/server/webhooks/worker.server";

/**
 * Prometheus metrics (docs/deploy.md#metrics): requests by route group and status, a latency
 * histogram, the process's default metrics (event-loop delay, memory, CPU), the outbox's depth and
 * oldest age by kind, deliveries and failures, and
 * the database's connections (PostgreSQL's pool, or SQLite's write queue). Labels are fixed sets or mail kinds, never a URL,
 * an address or anything a visitor typed. Features register their own series into `registry`
 * (the leads held as likely spam, for one).
 */
export interface Metrics {
  registry: Registry;
  /** Counts a request and its time once its answer is finished. */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** The transport, counting each delivery and failure by kind. */
  countDeliveries(transport: MailTransport): MailTransport;
  /** Counts one webhook attempt's outcome, by event (the webhook worker's onAttempt). */
  countWebhook(event: string, outcome: AttemptOutcome): void;
  /** Answers GET /metrics. */
  serve(res: ServerResponse): Promise<void>;
}

/**
 * The route label: a small fixed set of path groups. Anything else is `other`, so a scanner trying a
 * thousand URLs adds no series.
 */
export function routeGroup(pathname: string): string {
  if (pathname === "/healthz" || pathname === "/metrics") return pathname;
  if (pathname === "/") return "/";
  const first = /^\/([a-z-]+)(?:\/|$)/.exec(pathname)?.[1];
  if (first && ROUTE_GROUPS.includes(first)) return `/${first}`;
  if (/\.[a-z0-9]+$/i.test(pathname)) return "static";
  return "other";
}

/** What the URL parser would change in a path: escapes, backslashes, dot segments, a second leading slash. */
const PATH_NEEDS_PARSING = /%|\\|\/\.|^\/\/|[^\x21-\x7e]/;

/** The path of a request target, or "" when it is not one (the pipeline answers those 400). */
export function pathOf(target: string | undefined): string {
  // Most targets are a plain path and query: cut at the query, without building a URL for every request.
  if (target?.startsWith("/") && !PATH_NEEDS_PARSING.test(target)) {
    const end = target.search(/[?#]/);
    return end === -1 ? target : target.slice(0, end);
  }
  try {
    return new URL(target ?? "/", "http://site.invalid").pathname;
  } catch {
    return "";
  }
}

/** True for an address of this machine's loopback interface (IPv4, IPv6 or IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The headers by which a proxy says it passed a request on. A proxy on the same machine connects from
 * loopback too, and may send any one of them alone (nginx's `proxy_set_header X-Real-IP` is common).
 */
const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-real-ip",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-server",
  "x-original-forwarded-for",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "via",
] as const;

/**
 * Whether the request came from this machine: from a loopback address that no proxy passed on. A
 * request carrying any forwarding header is not local, unless its peer is a proxy TRUST_PROXY trusts
 * and the client that proxy names in X-Forwarded-For is itself on loopback.
 */
function isLocal(
  request: { remoteAddress: string | undefined; headers: IncomingMessage["headers"] },
  trust: TrustProxy,
): boolean {
  if (!isLoopback(request.remoteAddress)) return false;
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!forwarded) return true;
  const named = request.headers["x-forwarded-for"];
  if (!isTrustedPeer(trust, request.remoteAddress) || !named) return false;
  return isLoopback(clientAddress(named, request.remoteAddress, trust));
}

/**
 * Whether a request may read /metrics: from this machine (isLocal), or with
 * `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. Anyone else gets the site's 404.
 */
export function metricsAllowed(
  request: { remoteAddress: string | undefined; headers: IncomingMessage["headers"] },
  token: string | undefined,
  trust: TrustProxy,
): boolean {
  if (isLocal(request, trust)) return true;
  if (!token) return false;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (given === undefined) return false;
  return timingSafeEqual(digest(given), digest(token));
}

export function createMetrics(db: Database, logger: Logger): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Registered in this order, which is the order /metrics lists them in.
  const track = requestMetrics(registry);
  const countDeliveries = mailMetrics(registry, db, logger);
  const countWebhook = webhookMetrics(registry, db, logger);
  databaseMetrics(registry, db);
  return {
    registry,
    track,
    countDeliveries,
    countWebhook,
    async serve(res) {
      const body = await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
      res.end(body);
    },
  };
}

/** Requests by route group and status, and their time by route group. */
function requestMetrics(registry: Registry): Metrics["track"] {
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route group and status code.",
    labelNames: ["route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route group.",
    labelNames: ["route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Each series' child kept, so a request finds its counter without hashing its labels again.
  const requestSeries = new Map<string, ReturnType<typeof requests.labels>>();
  const requestsOf = (route: string, status: number) => {
    const key = `${route} ${status}`;
    const known = requestSeries.get(key);
    if (known) return known;
    const child = requests.labels({ route, status: String(status) });
    requestSeries.set(key, child);
    return child;
  };
  const durationSeries = new Map<string, ReturnType<typeof duration.labels>>();
  const durationOf = (route: string) => {
    const known = durationSeries.get(route);
    if (known) return known;
    const child = duration.labels({ route });
    durationSeries.set(route, child);
    return child;
  };
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const route = routeGroup(pathOf(req.url));
      requestsOf(route, res.statusCode).inc();
      durationOf(route).observe(Number(process.hrtime.bigint() - started) / 1e9);
    });
  };
}

/** Deliveries and failures by kind, and the outbox's depth and oldest age by kind. */
function mailMetrics(registry: Registry, db: Database, logger: Logger): Metrics["countDeliveries"] {
  const deliveries = new Counter({
    name: "mail_deliveries_total",
    help: "E-mails the SMTP server (or the mail directory) accepted, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: "mail_delivery_failures_total",
    help: "Delivery attempts that failed (each retry counts), by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const depth = new Gauge({
    name: "outbox_pending_messages",
    help: "E-mails queued or being sent, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect: () => readOutbox(),
  });
  const age = new Gauge({
    name: "outbox_oldest_age_seconds",
    help: "How long the oldest e-mail not yet sent has waited, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect: () => readOutbox(),
  });
  // The registry collects every metric at once: both outbox gauges share one grouped query per scrape.
  let reading: Promise<void> | undefined;
  const readOutbox = (): Promise<void> => {
    reading ??= readOutboxInto(db, logger, depth, age).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  return (transport) => ({
    get kind() {
      return transport.kind;
    },
    close: () => transport.close(),
    async send(mail) {
      try {
        const result = await transport.send(mail);
        deliveries.inc({ kind: mail.kind });
        return result;
      } catch (error) {
        failures.inc({ kind: mail.kind });
        throw error;
      }
    },
  });
}

/** One grouped query sets both outbox gauges. */
async function readOutboxInto(
  db: Database,
  logger: Logger,
  depth: Gauge<"kind">,
  age: Gauge<"kind">,
): Promise<void> {
  try {
    const rows = await db
      .selectFrom("email_outbox")
      .select((eb) => [
        "kind",
        eb.fn.countAll<string | number>().as("pending"),
        eb.fn.min<string | null>("created_at").as("oldest"),
      ])
      .where("status", "in", ["queued", "sending"])
      .groupBy("kind")
      .execute();
    const now = Date.now();
    depth.reset();
    age.reset();
    for (const row of rows) {
      depth.set({ kind: row.kind }, Number(row.pending));
      if (row.oldest) age.set({ kind: row.kind }, Math.max(0, (now - Date.parse(row.oldest)) / 1000));
    }
  } catch (error) {
    logger.debug({ err: error }, "metrics: outbox query failed");
  }
}

/** Webhook attempts by event and outcome, and the webhook queue's depth. */
function webhookMetrics(registry: Registry, db: Database, logger: Logger): Metrics["countWebhook"] {
  const webhookDeliveries = new Counter({
    name: "webhook_deliveries_total",
    help: "Webhooks a receiver accepted (2xx), by event.",
    labelNames: ["event"] as const,
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: "webhook_delivery_failures_total",
    help: "Webhook attempts that failed (each retry counts), by event and whether it will be retried.",
    labelNames: ["event", "final"] as const,
    registers: [registry],
  });
  const webhookDepth = new Gauge({
    name: "webhook_queue_depth",
    help: "Webhook deliveries queued or being sent.",
    registers: [registry],
    collect: async () => {
      try {
        const row = await db
          .selectFrom("webhook_deliveries")
          .select((eb) => eb.fn.countAll<string | number>().as("pending"))
          .where("status", "in", ["queued", "sending"])
          .executeTakeFirstOrThrow();
        webhookDepth.set(Number(row.pending));
      } catch (error) {
        logger.debug({ err: error }, "metrics: webhook queue query failed");
      }
    },
  });
  return (event, outcome) => {
    if (outcome === "delivered") webhookDeliveries.inc({ event });
    else webhookFailures.inc({ event, final: outcome === "failed" ? "yes" : "no" });
  };
}

/** PostgreSQL's pool connections, or SQLite's write queue. */
function databaseMetrics(registry: Registry, db: Database): void {
  if (dialectOf(db) === "postgres") {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool: connections open (total), idle, and callers waiting for one (waiting).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = postgresPoolStats(db);
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  } else {
    new Gauge({
      name: "db_write_queue_depth",
      help: "SQLite: writes waiting for the next commit.",
      registers: [registry],
      collect() {
        this.set(writeQueueDepth(db));
      },
    });
  }
}
