import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { resolveLegacyRedirect } from "~/content/redirects";
import { withoutTrailingSlashes } from "~/lib/paths";
import { hasResourceFilters } from "~/lib/resource-search";
import { type FormApiOptions, isFormApi, serveFormApi } from "~/server/forms/form-request.server";
import type { Logger } from "~/server/logger.server";
import { createQuoteGate, isQuietAnswer } from "~/server/quotes/quote-gate.server";
import {
  MAX_QUOTE_BODY_BYTES,
  QUOTE_UPLOAD_PATHS,
  rememberQuoteUpload,
  UploadAbortedError,
} from "~/server/quotes/quote-upload.server";
import { createUploadSlots, type UploadSlots } from "~/server/quotes/upload-slots.server";
import { clientAddress, forwardedProto, isTrustedPeer, type TrustProxy } from "./client-key.server";
import { isChunkedOneClick, ONE_CLICK_MAX_BYTES, readCappedBody } from "./one-click.server";
import { type AppHandler, ClientAbortedError, rememberBody } from "./react-router-handler.server";
import { parseRequestTarget } from "./request-target.server";
import { redirect, sendError } from "./responses.server";
import { setSecurityHeaders } from "./security-headers.server";
import { type StaticFiles, serveStatic } from "./static-files.server";

export const MAX_BODY_BYTES = 32 * 1024;
const ALLOWED_METHODS = "GET, HEAD, POST";
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export interface PipelineOptions {
  logger: Logger;
  /** Prerendered pages and assets; absent in development, where Vite serves them. */
  staticFiles?: StaticFiles;
  /** Vite's dev middlewares, in development only. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** React Router, for everything that is not a static file or a form endpoint. */
  appHandler: AppHandler;
  /** The form endpoints' services (/api/contact, /api/newsletter); absent, React Router answers them (404). */
  formApi?: Omit<FormApiOptions, "maxBodyBytes">;
  trustProxy: TrustProxy;
  isHealthy: () => Promise<boolean>;
  /** Longest time a quote upload may take (docs/quotes.md); the parser's default when unset. */
  quoteUploadTimeoutMs?: number;
  /** Longest wait for a quote upload's next bytes; the parser's default when unset. */
  quoteUploadStallMs?: number;
  /** Quote uploads read at once (QUOTE_UPLOAD_CONCURRENCY); the default slots when unset. */
  quoteUploadSlots?: UploadSlots;
}

export function isHttps(req: IncomingMessage, trustProxy: TrustProxy): boolean {
  return forwardedProto(req.headers["x-forwarded-proto"], req.socket.remoteAddress, trustProxy) === "https";
}

/**
 * A form post from another site is refused: the browser says so (`Sec-Fetch-Site: cross-site`), or its
 * Origin names another host. Clients that send neither (scripts, old browsers) are let through; the
 * forms hold nothing that a forged post could steal.
 */
export function isCrossSitePost(req: IncomingMessage, trustProxy: TrustProxy): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  if (origin === "null") return true;
  const forwardedHost = isTrustedPeer(trustProxy, req.socket.remoteAddress)
    ? req.headers["x-forwarded-host"]
    : undefined;
  const host = (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost) ?? req.headers.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** A POST must say what it carries, and how much, and not carry too much: refused before React Router. */
function rejectBadBody(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  // A one-click unsubscribe may come chunked: read under a cap of its own (one-click.server.ts).
  const oneClick = isChunkedOneClick(req, pathname);
  if (req.headers["content-length"] === undefined && !oneClick) {
    // Without a length a chunked body could outgrow the limit unseen; browsers always send one.
    sendError(req, res, 411, "Length Required", "Send the form with a Content-Length header.", {
      Connection: "close",
    });
    return true;
  }
  const length = oneClick ? 0 : Number(req.headers["content-length"]);
  // The quote request carries drawings and artwork; its body is parsed as a stream with its own limits.
  const upload = QUOTE_UPLOAD_PATHS.has(pathname);
  if (!Number.isFinite(length) || length > (upload ? MAX_QUOTE_BODY_BYTES : MAX_BODY_BYTES)) {
    sendError(req, res, 413, "Request Too Large", "The request body is larger than this site accepts.", {
      Connection: "close",
    });
    return true;
  }
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const accepted = pathname.startsWith("/api/") && !upload ? [...FORM_TYPES, "application/json"] : FORM_TYPES;
  if (!accepted.includes(type)) {
    sendError(req, res, 415, "Unsupported Content Type", `Send the form as ${accepted.join(" or ")}.`, {
      Accept: accepted.join(", "),
    });
    return true;
  }
  return false;
}

/**
 * A URL as it may be logged: the value of a `token` parameter (the newsletter's confirm and unsubscribe
 * links) is a key to someone's subscription, and anyone who reads the logs could use it.
 */
export function withoutSecrets(url: string | undefined): string | undefined {
  return url?.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

/**
 * One JSON line per request once its answer is done: `reqId`, `req` (method, url, userAgent), `res`
 * (statusCode), `responseTime`, at info, warn (4xx) or error (5xx, with `err`). This is the line
 * pino-http wrote, without the two child loggers it built for every request, which cost more than
 * serving a page from memory.
 */
function requestLogger(logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  let lastId = 0;
  return (req, res) => {
    lastId = lastId >= Number.MAX_SAFE_INTEGER ? 1 : lastId + 1;
    const reqId = lastId;
    const start = Date.now();
    // 'close' follows every answer, finished or cut off.
    res.once("close", () => {
      const status = res.statusCode;
      // A busy server's refusals of quote uploads are logged by their gate, once a minute.
      const level = isQuietAnswer(res) ? "debug" : status >= 500 ? "error" : status >= 400 ? "warn" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        reqId,
        req: { method: req.method, url: withoutSecrets(req.url), userAgent: req.headers["user-agent"] },
        res: { statusCode: status },
        responseTime: Date.now() - start,
        ...(status >= 500 ? { err: new Error(`failed with status code ${status}`) } : {}),
      };
      logger[level](line, `${req.method} ${line.req.url} ${status}`);
    });
  };
}

/**
 * The whole request's time limit for every body but a quote upload's. The server's own
 * `requestTimeout` is raised to the quote upload's ceiling (server.ts), so the other routes keep
 * their 30 s here: a body not whole by then gets 408 and its connection closed.
 */
export const REQUEST_BODY_TIMEOUT_MS = 30_000;

function limitBodyTime(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || QUOTE_UPLOAD_PATHS.has(new URL(req.url ?? "/", "http://x").pathname)) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (!res.headersSent) {
      res.writeHead(408, { Connection: "close", "Content-Length": "0" });
      res.end();
    }
    req.socket.destroy();
  }, REQUEST_BODY_TIMEOUT_MS);
  const done = () => clearTimeout(timer);
  req.once("end", done);
  req.once("close", done);
  res.once("close", done);
}

export function createRequestPipeline(options: PipelineOptions): RequestListener {
  const { logger, staticFiles, appHandler, trustProxy } = options;
  const logRequest = requestLogger(logger);
  const uploadSlots = options.quoteUploadSlots ?? createUploadSlots();
  // The per-client limits' key (IPv6 by /64), else the client's address.
  const quoteClient = (req: IncomingMessage) =>
    options.formApi?.clientKey(req) ??
    clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustProxy);
  const readQuotePost = options.formApi
    ? createQuoteGate({
        services: options.formApi.services,
        clientKey: quoteClient,
        slots: uploadSlots,
        timeoutMs: options.quoteUploadTimeoutMs,
        stallMs: options.quoteUploadStallMs,
      })
    : undefined;

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    setSecurityHeaders(res, { https: isHttps(req, trustProxy) });
    const method = req.method ?? "GET";
    limitBodyTime(req, res);
    const checked = parseRequestTarget(req);
    if (!checked.ok) {
      sendError(req, res, 400, "Bad Request", checked.message, { Connection: "close" });
      return;
    }
    const { target } = checked;
    const { pathname, search } = target.url;

    if (pathname === "/healthz" && (method === "GET" || method === "HEAD")) {
      const healthy = await options.isHealthy().catch(() => false);
      const body = JSON.stringify({ status: healthy ? "ok" : "unavailable" });
      res.writeHead(healthy ? 200 : 503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(method === "HEAD" ? undefined : body);
      return;
    }
    if (!["GET", "HEAD", "POST"].includes(method)) {
      sendError(req, res, 405, "Method Not Allowed", `This site answers ${ALLOWED_METHODS} only.`, {
        Allow: ALLOWED_METHODS,
      });
      return;
    }
    const formApi = options.formApi && isFormApi(pathname) ? options.formApi : undefined;
    if (formApi && method !== "POST") {
      await serveFormApi(req, res, pathname, { ...formApi, maxBodyBytes: MAX_BODY_BYTES });
      return;
    }
    if (method !== "POST") {
      // One URL per page, without a trailing slash (docs/product.md#urls).
      if (pathname.length > 1 && pathname.endsWith("/")) {
        redirect(res, `${withoutTrailingSlashes(pathname)}${search}`);
        return;
      }
      const legacyTarget = resolveLegacyRedirect(pathname, search);
      if (legacyTarget) {
        redirect(res, legacyTarget);
        return;
      }
      // The one page whose content depends on its query string: /resources filters its two lists from
      // it, and its prerendered file shows them unfiltered, so a filtered URL is rendered on request.
      const filtered = pathname === "/resources" && hasResourceFilters(target.url.searchParams);
      if (staticFiles && !filtered && serveStatic(staticFiles, pathname, search, req, res)) return;
    } else if (isCrossSitePost(req, trustProxy)) {
      sendError(req, res, 403, "Forbidden", "Forms on this site can only be sent from this site.");
      return;
    } else if (rejectBadBody(req, res, pathname)) {
      return;
    } else if (isChunkedOneClick(req, pathname)) {
      const body = await readCappedBody(req, ONE_CLICK_MAX_BYTES);
      if (!body) {
        sendError(req, res, 413, "Request Too Large", "The request body is larger than this site accepts.", {
          Connection: "close",
        });
        return;
      }
      rememberBody(req, body);
    } else if (formApi) {
      await serveFormApi(req, res, pathname, { ...formApi, maxBodyBytes: MAX_BODY_BYTES });
      return;
    } else if (QUOTE_UPLOAD_PATHS.has(pathname)) {
      // Read here, as a stream, and handed to the route as context.upload (docs/decisions/0011-quote-uploads.md):
      // the per-client limits first, then in one of a few slots, its files on disk, the form's token
      // checked as it arrives (quote-gate.server.ts, docs/decisions/0020-quote-uploads-under-attack.md).
      if (!readQuotePost) throw new Error("quote posts need the site's services (formApi)");
      const upload = await readQuotePost(req, res).catch((error: unknown) => {
        throw error instanceof UploadAbortedError ? new ClientAbortedError() : error;
      });
      rememberQuoteUpload(req, upload);
      if (!upload.complete) res.setHeader("Connection", "close");
    }

    const { devMiddleware } = options;
    if (devMiddleware) {
      await new Promise<void>((resolve, reject) => {
        // Vite answers its own files without calling next.
        res.once("close", resolve);
        devMiddleware(req, res, () => appHandler(req, res, target).then(resolve, reject));
      });
      return;
    }
    await appHandler(req, res, target);
  };

  return (req, res) => {
    logRequest(req, res);
    route(req, res).catch((error: unknown) => {
      if (error instanceof ClientAbortedError) {
        logger.debug({ url: withoutSecrets(req.url) }, "client went away mid-request");
        res.destroy();
        return;
      }
      logger.error({ err: error, url: withoutSecrets(req.url) }, "request failed");
      try {
        sendError(req, res, 500, "Server Error", "Something went wrong on our side. Please try again.");
      } catch (answerError) {
        logger.error({ err: answerError }, "could not answer a failed request");
        res.destroy();
      }
    });
  };
}
