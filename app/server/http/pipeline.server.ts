import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { HealthReport } from "~/server/health.server";
import type { Logger } from "~/server/logger.server";
import { forwardedProto, isTrustedPeer, type TrustProxy } from "./client-key.server";
import { isChunkedOneClick, ONE_CLICK_MAX_BYTES, readCappedBody } from "./one-click.server";
import { type AppHandler, ClientAbortedError, rememberBody } from "./react-router-handler.server";
import { parseRequestTarget } from "./request-target.server";
import { isQuietAnswer, sendError } from "./responses.server";
import { setSecurityHeaders } from "./security-headers.server";
import type { StaticFiles } from "./static-files.server";
import { answerFile, answerUnrendered } from "./unrendered.server";

export const MAX_BODY_BYTES = 32 * 1024;
const ALLOWED_METHODS = "GET, HEAD, POST";
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export interface PipelineOptions {
  logger: Logger;
  /** Prerendered pages and assets; absent in development, where Vite serves them. */
  staticFiles?: StaticFiles;
  /** Vite's dev middlewares, in development only. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** React Router, for everything that is not a static file or an endpoint of the pipeline's own. */
  appHandler: AppHandler;
  /**
   * Paths answered here, without React Router, by a feature (the forms' JSON endpoints). Any method
   * reaches them; a POST only after the checks every post passes (cross-site, length, size, type).
   */
  endpoints?: ReadonlyMap<string, Endpoint>;
  /**
   * Posts whose body a feature reads as a stream before React Router (the quote form's files), by
   * path: what it reads reaches the route as `context.streamedBody`.
   */
  streamedPosts?: ReadonlyMap<string, StreamedPost>;
  /**
   * GET requests rendered on request although a prerendered file has their path: their query changes
   * the page (the /resources filters).
   */
  rendersOnRequest?: (url: URL) => boolean;
  trustProxy: TrustProxy;
  /** What /healthz answers: 503 when `unavailable`, 200 otherwise, the report as JSON. */
  checkHealth: () => Promise<HealthReport>;
  /**
   * Told of every GET, HEAD or POST answered by a file from memory, a legacy path's redirect or React
   * Router, once its answer is written (not /healthz, the endpoints or the pipeline's refusals): what
   * the site counts (docs/analytics.md). It runs on the request path, so it must be cheap and not throw.
   */
  onAnswered?: (answer: Answered) => void;
}

/** A request the pipeline answered, as onAnswered is told of it. */
export interface Answered {
  req: IncomingMessage;
  /** The checked target. */
  url: URL;
  /** The status sent. */
  status: number;
  /** The answer's Content-Type, "" when it had none. */
  contentType: string;
  /** Who answered: a prerendered page or file from memory, a legacy path's redirect, or React Router. */
  source: "file" | "legacy" | "rendered";
}

/** Answers a request completely; the pipeline has checked it (see PipelineOptions.endpoints). */
export type Endpoint = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface StreamedPost {
  /** The largest body it takes (Content-Length); larger, 413 before a byte is read. */
  maxBodyBytes: number;
  /**
   * Reads the body as it arrives. It may answer the request itself (a refusal); it resolves to what
   * the route gets, and whether the whole body was read (if not, the connection closes after the
   * answer). It rejects with ClientAbortedError when the client went away.
   */
  read(req: IncomingMessage, res: ServerResponse): Promise<{ body: unknown; complete: boolean }>;
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
function rejectBadBody(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  streamed: StreamedPost | undefined,
): boolean {
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
  // A streamed post (the quote request with its drawings) is parsed as a stream with its own limits.
  if (!Number.isFinite(length) || length > (streamed?.maxBodyBytes ?? MAX_BODY_BYTES)) {
    sendError(req, res, 413, "Request Too Large", "The request body is larger than this site accepts.", {
      Connection: "close",
    });
    return true;
  }
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const accepted =
    pathname.startsWith("/api/") && !streamed ? [...FORM_TYPES, "application/json"] : FORM_TYPES;
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
  // Most targets have no parameter at all: no regular expression runs for them.
  return url?.includes("=") ? url.replace(TOKEN_PARAMETER, "$1[redacted]") : url;
}

const TOKEN_PARAMETER = /([?&]token=)[^&#]*/gi;

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
 * `requestTimeout` is raised to the quote upload's ceiling (app/site/start.server.ts), so the other routes keep
 * their 30 s here: a body not whole by then gets 408 and its connection closed.
 */
export const REQUEST_BODY_TIMEOUT_MS = 30_000;

/** Whether the request says it carries a body (a length above zero, or chunks). */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

function limitBodyTime(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
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
  const { logger } = options;
  const logRequest = requestLogger(logger);
  const answered = answeredNotice(options.onAnswered);

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const https = isHttps(req, options.trustProxy);
    const method = req.method ?? "GET";
    const checked = parseRequestTarget(req);
    // Most requests are for a prerendered file: answered first, with its headers written at once.
    const fileTried = checked.ok && isPlainFileRequest(req, method, checked.target.url.pathname, options);
    if (fileTried) {
      const file = answerFile(req, res, checked.target.url, options, https);
      if (file) {
        answered(req, res, checked.target.url, "file", file.contentType);
        return;
      }
    }
    setSecurityHeaders(res, { https });
    if (!checked.ok) {
      sendError(req, res, 400, "Bad Request", checked.message, { Connection: "close" });
      return;
    }
    const { target } = checked;
    const { pathname } = target.url;
    // A streamed post (the quote upload) keeps its own limits: a stall time and a ceiling.
    if (declaresBody(req) && !options.streamedPosts?.has(pathname)) limitBodyTime(req, res);

    if (pathname === "/healthz" && (method === "GET" || method === "HEAD")) {
      await answerHealth(res, method, options.checkHealth);
      return;
    }
    if (!["GET", "HEAD", "POST"].includes(method)) {
      sendError(req, res, 405, "Method Not Allowed", `This site answers ${ALLOWED_METHODS} only.`, {
        Allow: ALLOWED_METHODS,
      });
      return;
    }
    const endpoint = options.endpoints?.get(pathname);
    if (endpoint && method !== "POST") {
      await endpoint(req, res);
      return;
    }
    let streamedBody: { body: unknown } | undefined;
    if (method !== "POST") {
      const unrendered = answerUnrendered(req, res, target.url, options, { https, fileTried });
      if (unrendered) {
        const type = unrendered.source === "file" ? unrendered.file.contentType : undefined;
        if (unrendered.source !== "redirect") answered(req, res, target.url, unrendered.source, type);
        return;
      }
    } else {
      const post = await readPost(req, res, pathname, endpoint, options);
      if (post.answered) return;
      streamedBody = post.streamedBody;
    }
    await render(req, res, target, streamedBody, options);
    // In development Vite may have answered instead, and nothing is counted.
    if (!options.devMiddleware) answered(req, res, target.url, "rendered");
  };

  return (req, res) => {
    logRequest(req, res);
    route(req, res).catch((error: unknown) => answerFailure(req, res, error, logger));
  };
}

/**
 * A GET or HEAD that nothing but a file could answer: no body to time, not /healthz, not an endpoint.
 * Anything else goes the whole way (and may still be answered by a file, after the checks before it).
 */
function isPlainFileRequest(
  req: IncomingMessage,
  method: string,
  pathname: string,
  options: PipelineOptions,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  return !declaresBody(req) && pathname !== "/healthz" && !options.endpoints?.has(pathname);
}

/** Tells onAnswered of an answer, with its status and Content-Type. */
function answeredNotice(onAnswered: PipelineOptions["onAnswered"]) {
  return (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    source: Answered["source"],
    contentType?: string,
  ) => {
    if (!onAnswered) return;
    // A file's headers are written at once, not set one by one: its type is told. The other answers'
    // headers were set with setHeader after the security headers, so they are readable.
    const type = contentType ?? res.getHeader("content-type");
    onAnswered({
      req,
      url,
      status: res.statusCode,
      contentType: typeof type === "string" ? type : "",
      source,
    });
  };
}

/** /healthz: the report as JSON, 503 when unavailable. */
async function answerHealth(
  res: ServerResponse,
  method: string,
  checkHealth: PipelineOptions["checkHealth"],
): Promise<void> {
  const report = await checkHealth().catch((): HealthReport => ({ status: "unavailable" }));
  const body = JSON.stringify(report);
  res.writeHead(report.status === "unavailable" ? 503 : 200, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
  });
  res.end(method === "HEAD" ? undefined : body);
}

/**
 * A POST's checks and reading: refused (cross-site, bad body), answered by an endpoint, or read for
 * React Router (a chunked one-click unsubscribe under its cap, a streamed post as a stream).
 */
async function readPost(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  endpoint: Endpoint | undefined,
  options: PipelineOptions,
): Promise<{ answered: true } | { answered: false; streamedBody?: { body: unknown } }> {
  const streamed = options.streamedPosts?.get(pathname);
  if (isCrossSitePost(req, options.trustProxy)) {
    sendError(req, res, 403, "Forbidden", "Forms on this site can only be sent from this site.");
    return { answered: true };
  }
  if (rejectBadBody(req, res, pathname, streamed)) return { answered: true };
  if (isChunkedOneClick(req, pathname)) {
    const body = await readCappedBody(req, ONE_CLICK_MAX_BYTES);
    if (!body) {
      sendError(req, res, 413, "Request Too Large", "The request body is larger than this site accepts.", {
        Connection: "close",
      });
      return { answered: true };
    }
    rememberBody(req, body);
    return { answered: false };
  }
  if (endpoint) {
    await endpoint(req, res);
    return { answered: true };
  }
  if (!streamed) return { answered: false };
  // Read here, as a stream, and handed to the route (docs/decisions/0011-quote-uploads.md).
  const { body, complete } = await streamed.read(req, res);
  if (!complete) res.setHeader("Connection", "close");
  if (res.headersSent || res.writableEnded) return { answered: true };
  return { answered: false, streamedBody: { body } };
}

/** React Router answers, behind Vite's dev middlewares in development. */
async function render(
  req: IncomingMessage,
  res: ServerResponse,
  target: Parameters<AppHandler>[2],
  streamedBody: { body: unknown } | undefined,
  options: PipelineOptions,
): Promise<void> {
  const { devMiddleware, appHandler } = options;
  if (!devMiddleware) return appHandler(req, res, target, streamedBody);
  await new Promise<void>((resolve, reject) => {
    // Vite answers its own files without calling next.
    res.once("close", resolve);
    devMiddleware(req, res, () => appHandler(req, res, target, streamedBody).then(resolve, reject));
  });
}

/** A request that failed: a client gone away is dropped; anything else is logged and answered 500. */
function answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown, logger: Logger): void {
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
}
