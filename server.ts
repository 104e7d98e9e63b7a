/**
 * The Node entry: validates the environment, serves the prerendered pages from memory and
 * everything else through React Router, and shuts down gracefully on SIGTERM/SIGINT.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestListener } from "@react-router/node";
import compression from "compression";
import type { ServerBuild } from "react-router";
import { EnvError, parseEnv } from "~/server/env.server";
import { clientAddress } from "~/server/http/client-key.server";
import { createNonce, pagePolicy } from "~/server/http/csp.server";
import { createRequestPipeline } from "~/server/http/pipeline.server";
import { loadStaticFiles } from "~/server/http/static-files.server";
import { createLogger } from "~/server/logger.server";
import { clientKeyForIp } from "~/server/rate-limit.server";
import { startServices } from "~/server/services.server";

const here = path.dirname(fileURLToPath(import.meta.url));
// Bundled, this file sits in the build folder beside server/index.js (whatever BUILD_DIR named it);
// run from source (development), it sits at the root.
const buildDir = existsSync(path.join(here, "server", "index.js")) ? here : path.join(here, "build");

/** The CSP nonce of the request being handled, for React Router's load context. */
const requestNonce = new AsyncLocalStorage<string>();

async function main(): Promise<void> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const development = env.NODE_ENV === "development";

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let devMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  let staticFiles: Awaited<ReturnType<typeof loadStaticFiles>> | undefined;
  if (development) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    devMiddleware = devServer.middlewares;
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
    staticFiles = await loadStaticFiles(path.join(buildDir, "client"));
    logger.info({ files: staticFiles.size }, "static files loaded");
  }

  const services = await startServices(env, logger);

  const reactRouter = createRequestListener({
    build,
    mode: development ? "development" : "production",
    getLoadContext: (request, client) => {
      const address = clientAddress(request.headers.get("x-forwarded-for"), client.address, env.TRUST_PROXY);
      return {
        logger,
        cspNonce: requestNonce.getStore() ?? "",
        clientKey: clientKeyForIp(address),
        db: services.db,
        salesEmail: services.salesEmail,
        mailFrom: services.mailFrom,
        wakeMailWorker: () => services.mailWorker.wakeUp(),
      };
    },
  });
  const compress = compression();
  const appHandler = (req: IncomingMessage, res: ServerResponse) => {
    // Pages rendered on request carry a fresh nonce on each inline script; see entry.server.tsx.
    const nonce = createNonce();
    if (!development) res.setHeader("Content-Security-Policy", pagePolicy([`'nonce-${nonce}'`]));
    requestNonce.run(nonce, () =>
      compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
        reactRouter(req, res);
      }),
    );
  };

  const pipeline = createRequestPipeline({
    logger,
    staticFiles,
    devMiddleware,
    appHandler,
    trustProxy: env.TRUST_PROXY,
    isHealthy: () => services.isHealthy(),
  });
  // Answers still to be written when a shutdown starts. They are sent with `Connection: close`:
  // otherwise their keep-alive connections stay open for more requests until they idle out, and
  // the exit waits for that.
  const unanswered = new Set<ServerResponse>();
  let stopping = false;
  const server = http.createServer(
    { requestTimeout: 30_000, headersTimeout: 15_000, keepAliveTimeout: 5_000 },
    (req, res) => {
      if (stopping) res.setHeader("Connection", "close");
      else {
        unanswered.add(res);
        res.once("close", () => unanswered.delete(res));
      }
      pipeline(req, res);
    },
  );

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, url: `http://localhost:${port}` }, "server listening");

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
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
