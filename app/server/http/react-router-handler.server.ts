import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { acceptsGzip } from "~/lib/gzip-pieces.server";
import { type PageEncoding, PLACEHOLDER_NONCE } from "~/lib/page-cache.server";
import { type RequestContext, requestContext } from "~/load-context";
import { createNonce, pagePolicy } from "./csp.server";
import type { RequestTarget } from "./request-target.server";

/** The client went away before its request body arrived; nobody is left to answer. */
export class ClientAbortedError extends Error {
  constructor() {
    super("the client closed the connection before sending the whole body");
    this.name = "ClientAbortedError";
  }
}

/**
 * Bodies the pipeline read itself before handing the request on (a chunked one-click unsubscribe,
 * one-click.server.ts): the route gets them as the request's body.
 */
const readBodies = new WeakMap<IncomingMessage, Buffer>();

export function rememberBody(req: IncomingMessage, body: Buffer): void {
  readBodies.set(req, body);
}

/** The body the pipeline already bounded by its Content-Length, read whole (forms are small). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.destroy();
        settle(new ClientAbortedError());
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => settle(null));
    req.once("error", () => settle(new ClientAbortedError()));
    req.once("close", () => settle(req.complete ? null : new ClientAbortedError()));
  });
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  development: boolean;
  maxBodyBytes: number;
  /** The services handed to loaders and actions, for this request; `cspNonce` is filled in here. */
  loadContext: (req: IncomingMessage) => Omit<RequestContext, "cspNonce">;
  protocol: (req: IncomingMessage) => "http" | "https";
  /**
   * Pages kept rendered (app/lib/page-cache.server.ts), answered here without React Router: `keyOf` names
   * the key a GET's address would be kept under (undefined: none), `get` the page with this response's
   * nonce. Only pages whose route names such a key are kept; `serving`, told of each kept page answered,
   * does what the route's loader would have done besides the page (count a search) and names the
   * answer's own headers (its Cache-Control).
   */
  keptPages?: {
    keyOf: (url: URL) => string | undefined;
    get: (key: string, nonce: string, encoding: PageEncoding) => Buffer | undefined;
    serving?: (key: string, req: IncomingMessage) => Record<string, string> | undefined;
  };
  /**
   * Pages a feature fills in itself for some GETs, without React Router (the results page from its
   * template: docs/decisions/0086). Asked after the kept pages; resolves to the answer, or to undefined
   * for React Router to answer. It must not throw.
   */
  ownPages?: (ask: OwnPageAsk) => Promise<OwnPage | undefined> | undefined;
}

/** A GET that ownPages may answer. */
export interface OwnPageAsk {
  req: IncomingMessage;
  url: URL;
  /** This response's CSP nonce. */
  nonce: string;
  /** Whether the client accepts a gzip answer. */
  gzip: boolean;
  /**
   * Renders an address through React Router as a template: its inline scripts carry PLACEHOLDER_NONCE
   * and its loaders find `slots` as the request context's pageTemplate. The page's HTML; rejects unless
   * the answer is a 200 page.
   */
  render(path: string, slots: Slots): Promise<string>;
}

/** An own page's answer: its HTML, gzip-compressed when `encoding` says so, and headers of its own. */
export interface OwnPage {
  body: Buffer;
  encoding?: "gzip";
  headers?: Readonly<Record<string, string>>;
}

/**
 * Answers a request through React Router. `streamed` holds what a feature read of a post's body before
 * (PipelineOptions.streamedPosts); the route gets it as context.streamedBody and an empty body.
 */
export type AppHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
  streamed?: { body: unknown },
) => Promise<void>;

/** Writes a kept page when there is one for this GET: true when it did. */
function answerKept(
  kept: NonNullable<ReactRouterHandlerOptions["keptPages"]>,
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
  nonce: string,
): boolean {
  const key = req.method === "GET" ? kept.keyOf(target.url) : undefined;
  if (key === undefined) return false;
  // Compressed from pieces compressed once (docs/decisions/0078); the compression middleware leaves
  // an answer that names its encoding alone.
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const page = kept.get(key, nonce, gzip ? "gzip" : "identity");
  if (!page) return false;
  writePage(res, page, gzip, kept.serving?.(key, req));
  return true;
}

type Slots = Readonly<Record<string, string>>;

/**
 * The headers React Router's Request gets: the client's, with the checked host, and the body's length
 * when the pipeline read it first (`preRead`); none of the body's when a feature streamed it.
 */
function requestHeaders(
  req: IncomingMessage,
  target: RequestTarget,
  streamed: boolean,
): { headers: Headers; preRead: Buffer | undefined } {
  const preRead = readBodies.get(req);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? "";
    const lower = name.toLowerCase();
    if (lower === "host" || (streamed && (lower === "content-length" || lower === "content-type"))) continue;
    if (preRead && lower === "transfer-encoding") continue;
    headers.append(name, req.rawHeaders[i + 1] ?? "");
  }
  headers.set("host", target.host);
  if (preRead) headers.set("content-length", String(preRead.length));
  return { headers, preRead };
}

/** Writes the page ownPages answers for this GET, if it does: true when it did. */
async function answerOwn(
  own: NonNullable<ReactRouterHandlerOptions["ownPages"]>,
  ask: Omit<OwnPageAsk, "gzip">,
  res: ServerResponse,
): Promise<boolean> {
  const gzip = acceptsGzip(ask.req.headers["accept-encoding"]);
  const page = await own({ ...ask, gzip });
  if (page) writePage(res, page.body, page.encoding === "gzip", page.headers);
  return page !== undefined;
}

/** Writes a page answered without React Router; the compression middleware leaves a gzip one alone. */
function writePage(
  res: ServerResponse,
  page: Buffer,
  gzip: boolean,
  headers: Readonly<Record<string, string>> | undefined,
): void {
  res.writeHead(200, {
    ...headers,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": page.length,
    Vary: "Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(page);
}

/**
 * Hands a request to React Router and writes its answer. The request's URL is built from the
 * checked target (request-target.server.ts), never from raw headers, and every step is awaited, so
 * a failure reaches the pipeline's error handling instead of ending the process.
 */
export async function createReactRouterHandler(options: ReactRouterHandlerOptions): Promise<AppHandler> {
  // Imported here, not at the top: React picks its development or production build from NODE_ENV when it
  // is first loaded, and server.ts settles NODE_ENV before calling this.
  const { createRequestHandler, RouterContextProvider } = await import("react-router");
  const handleRequest = createRequestHandler(
    options.build,
    options.development ? "development" : "production",
  );

  const kept = options.development ? undefined : options.keptPages;
  const own = options.development ? undefined : options.ownPages;
  /** A request's context for React Router: the services, this request's own, and `extra`. */
  const contextFor = (req: IncomingMessage, extra: Omit<RequestContext, "services" | "clientKey">) => {
    const context = new RouterContextProvider();
    context.set(requestContext, { ...options.loadContext(req), ...extra });
    return context;
  };
  const renderTemplate = async (req: IncomingMessage, target: RequestTarget, path: string, slots: Slots) => {
    const url = new URL(path, `${options.protocol(req)}://${target.host}`);
    const context = contextFor(req, { cspNonce: PLACEHOLDER_NONCE, pageTemplate: slots });
    const response = await handleRequest(new Request(url), context);
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`${url.pathname} rendered as a template answered ${response.status}`);
    return html;
  };
  return async (req, res, target, streamed) => {
    // Pages rendered on request carry a fresh nonce on each inline script; see entry.server.tsx.
    const nonce = createNonce();
    if (!options.development) res.setHeader("Content-Security-Policy", pagePolicy([`'nonce-${nonce}'`]));
    if (kept && answerKept(kept, req, res, target, nonce)) return;
    if (own && req.method === "GET") {
      const render = (path: string, slots: Slots) => renderTemplate(req, target, path, slots);
      if (await answerOwn(own, { req, url: target.url, nonce, render }, res)) return;
    }

    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const method = req.method ?? "GET";
    const { headers, preRead } = requestHeaders(req, target, streamed !== undefined);
    const body =
      method === "GET" || method === "HEAD" || streamed
        ? undefined
        : new Uint8Array(preRead ?? (await readBody(req, options.maxBodyBytes)));
    const url = new URL(
      `${target.url.pathname}${target.url.search}`,
      `${options.protocol(req)}://${target.host}`,
    );
    const request = new Request(url, { method, headers, body, signal: controller.signal });

    const context = contextFor(req, {
      cspNonce: nonce,
      ...(streamed ? { streamedBody: streamed.body } : {}),
    });
    const response = await handleRequest(request, context);
    const outgoing: Record<string, string | string[]> = {};
    for (const [name, value] of response.headers) if (name !== "set-cookie") outgoing[name] = value;
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) outgoing["set-cookie"] = cookies;
    res.writeHead(response.status, outgoing);
    if (!response.body || method === "HEAD") {
      await response.body?.cancel();
      res.end();
      return;
    }
    for await (const chunk of response.body) {
      if (res.destroyed) break; // leaving the loop cancels the stream
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  };
}
