/**
 * Starts the site: validates the environment, serves the prerendered pages from memory and everything
 * else through React Router, and shuts down gracefully on SIGTERM/SIGINT. It is part of the server
 * build (entry.server.tsx exports it), so the site's modules exist once at run time: server.ts only
 * loads the build and calls this.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import type { ServerBuild } from "react-router";
import { loadRouting, type Routing } from "~/features/leads/routing/routing.server";
import { ORIGIN_PLACEHOLDER } from "~/lib/site";
import { checkMailGoesSomewhere, type Env, EnvError, isExampleAddress, parseEnv } from "~/server/env.server";
import { clientAddress } from "~/server/http/client-key.server";
import {
  createRequestPipeline,
  isHttps,
  MAX_BODY_BYTES,
  REQUEST_BODY_TIMEOUT_MS,
} from "~/server/http/pipeline.server";
import { type AppHandler, createReactRouterHandler } from "~/server/http/react-router-handler.server";
import { loadStaticFiles } from "~/server/http/static-files.server";
import { createLogger, type Logger } from "~/server/logger.server";
import { metricsAllowed, pathOf } from "~/server/metrics.server";
import { clientKeyForIp } from "~/server/rate-limit.server";
import { type Services, startServices } from "~/site/services.server";
import { keptPages, type SiteCatalogue, siteCatalogue } from "./catalogue.server";
import { searchPages } from "./search-page.server";
import { featureJobs, featureRequests, siteAnalytics } from "./site.server";

export interface StartOptions {
  /** The server build, or in development a function that loads it afresh (it changes as files are edited). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The build folder (BUILD_DIR): the client files and the mail thread's script are read from it. */
  buildDir: string;
  /** Vite's dev middlewares, in development only. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export async function startSite(options: StartOptions): Promise<void> {
  const { env, routing, catalogue } = readConfiguration();
  const logger = createLogger(env.LOG_LEVEL);
  const development = env.NODE_ENV === "development";
  const { build, devMiddleware, buildDir } = options;
  const staticFiles = development ? undefined : await loadPrerendered(env, buildDir, logger);

  const analytics = siteAnalytics(env);
  const services = await startServices(env, logger, {
    mailThread: development ? undefined : path.join(buildDir, "mail-thread.js"),
    jobs: [...featureJobs(env, analytics, routing), catalogue.job],
    routing,
    catalogue: catalogue.open,
    counting: analytics.counting,
  });

  const clientKey = (req: IncomingMessage) =>
    clientKeyForIp(
      clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, env.TRUST_PROXY),
      services.clientKeySecret,
    );
  const reactRouter = await createReactRouterHandler({
    build,
    development,
    maxBodyBytes: MAX_BODY_BYTES,
    protocol: (req) => (isHttps(req, env.TRUST_PROXY) ? "https" : "http"),
    loadContext: (req) => ({ services: services.site, clientKey: clientKey(req) }),
    keptPages: keptPages(services.site, clientKey),
    ownPages: searchPages(services.site, clientKey),
  });
  const pipeline = createRequestPipeline({
    logger,
    staticFiles,
    devMiddleware,
    appHandler: compressed(reactRouter),
    ...featureRequests(env, services.site, clientKey, analytics),
    trustProxy: env.TRUST_PROXY,
    checkHealth: () => services.checkHealth(),
  });
  const site = createSiteServer(env, services, pipeline, logger);
  await listen(site.server, env, logger);
  warnOfExampleBranches(env, routing, logger);
  const shutdown = (signal: string) => site.shutdown(signal);
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  handleLastResorts(logger);
}

/**
 * The environment, content/routing.yaml with the BRANCH_EMAIL_ variables, and
 * content/catalogue/families.yaml: a mistake in any stops the start with its message.
 */
function readConfiguration(): { env: Env; routing: Routing; catalogue: SiteCatalogue } {
  try {
    const env = parseEnv();
    checkMailGoesSomewhere(env);
    return { env, routing: loadRouting(env), catalogue: siteCatalogue() };
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The prerendered pages and assets, read into memory with the site's origin in their links. */
async function loadPrerendered(env: Env, buildDir: string, logger: Logger) {
  const started = Date.now();
  const staticFiles = await loadStaticFiles(path.join(buildDir, "client"), {
    origin: env.SITE_URL,
    placeholder: ORIGIN_PLACEHOLDER,
  });
  logger.info(
    { files: staticFiles.size, ms: Date.now() - started, origin: env.SITE_URL },
    "static files loaded",
  );
  return staticFiles;
}

/** React Router's answers, compressed when the client accepts it. */
function compressed(reactRouter: AppHandler): AppHandler {
  const compress = compression();
  return (req, res, target, streamed) =>
    new Promise<void>((resolve, reject) => {
      compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
        reactRouter(req, res, target, streamed).then(resolve, reject);
      });
    });
}

/**
 * The HTTP server: /metrics for the scraper, everything else through the pipeline, and a shutdown
 * that finishes the answers in flight before the services close.
 */
function createSiteServer(
  env: Env,
  services: Services,
  pipeline: RequestListener,
  logger: Logger,
): { server: http.Server; shutdown: (signal: string) => void } {
  // Answers still to be written when a shutdown starts. They are sent with `Connection: close`:
  // otherwise their keep-alive connections stay open for more requests until they idle out, and
  // the exit waits for that.
  const unanswered = new Set<ServerResponse>();
  let stopping = false;
  // A client gets 15 s to send its headers and 30 s for the whole request. Node checks those limits
  // only every connectionsCheckingInterval (30 s by default), which let a slow client hold its
  // connection for up to 45 s and 60 s; checked every second, each acts within a second of its time.
  // A quote upload may take up to its own ceiling (QUOTE_UPLOAD_TIMEOUT_MS, three minutes by default,
  // with a stall limit inside it): Node's limit is raised to that, and the pipeline holds every other
  // body to the 30 s (REQUEST_BODY_TIMEOUT_MS).
  const server = http.createServer(
    {
      requestTimeout: Math.max(REQUEST_BODY_TIMEOUT_MS, env.QUOTE_UPLOAD_TIMEOUT_MS + 5_000),
      headersTimeout: 15_000,
      connectionsCheckingInterval: 1_000,
      keepAliveTimeout: 5_000,
    },
    (req, res) => {
      if (stopping) res.setHeader("Connection", "close");
      else {
        unanswered.add(res);
        res.once("close", () => unanswered.delete(res));
      }
      services.metrics.track(req, res);
      if (!answerMetrics(req, res, env, services, logger)) pipeline(req, res);
    },
  );
  // CONNECT (a proxy tunnel) never reaches the request handler; without this the connection would
  // simply be dropped.
  server.on("connect", (_req, socket) => {
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    );
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish in 10 s; closing connections");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      services
        .close()
        .catch((error: unknown) => logger.error({ err: error }, "error while closing services"))
        .finally(() => {
          logger.info("server stopped");
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  return { server, shutdown };
}

/** /metrics for the scraper only; anyone else gets the site's own 404 from the pipeline. */
function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  env: Env,
  services: Services,
  logger: Logger,
): boolean {
  if (req.method !== "GET" || pathOf(req.url) !== "/metrics") return false;
  const remote = { remoteAddress: req.socket.remoteAddress, headers: req.headers };
  if (!metricsAllowed(remote, env.METRICS_TOKEN, env.TRUST_PROXY)) return false;
  services.metrics.serve(res).catch((error: unknown) => {
    logger.error({ err: error }, "metrics: could not answer");
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
  return true;
}

/** Listens on HOST:PORT and logs where, with the origin of every link in pages and mail. */
async function listen(server: http.Server, env: Env, logger: Logger): Promise<void> {
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(
    {
      port,
      url: `http://localhost:${port}`,
      origin: env.SITE_URL,
      originFrom: env.SITE_URL_FROM,
      node: process.version,
    },
    // The origin of every link in pages and mail, and whether SITE_URL set it or PORT did.
    "server listening",
  );
}

/**
 * Every promise of a request is awaited or caught (pipeline.server.ts), so these are last resorts.
 * A rejected promise leaves no half-done synchronous work behind: log it and keep serving. An
 * exception thrown past every handler may have left any state half-changed: log it and exit, and
 * the supervisor (systemd, see docs/deploy.md) starts a clean process.
 */
function handleLastResorts(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection; serving continues");
  });
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception; exiting so the supervisor restarts the server");
    process.exit(1);
  });
}

/**
 * SALES_EMAIL gets every lead (checkMailGoesSomewhere); a branch left at the routing file's example
 * address gets its own notifications nowhere but in SALES_EMAIL's Cc, so the start says which to set.
 */
function warnOfExampleBranches(env: Env, routing: Routing, logger: Logger): void {
  if (!env.SMTP_URL) return;
  for (const branch of routing.branches)
    if (isExampleAddress(branch.email))
      logger.warn(
        { branch: branch.id, variable: `BRANCH_EMAIL_${branch.id.toUpperCase().replace(/-/g, "_")}` },
        "a branch's address is an example address no mail reaches; its quote requests reach SALES_EMAIL in Cc only",
      );
}
