import { PassThrough, pipeline, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { ReactNode } from "react";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { acceptsGzip } from "~/lib/gzip-pieces.server";
import { NonceProvider } from "~/lib/nonce";
import { PLACEHOLDER_NONCE, pageCache, pageCacheKeyOf } from "~/lib/page-cache.server";
import { handleWantsNoScripts } from "~/lib/page-scripts";
import { requestContext } from "~/load-context";
import { paintFirstStream } from "~/server/http/paint-first.server";

export const streamTimeout = 5_000;

// The site's start (server.ts calls it): part of this build, so every module exists once at run time.
export { startSite } from "~/site/start.server";

/**
 * Renders a page on request. Its inline scripts carry the request's CSP nonce (set by the server in
 * the load context); pages prerendered at build time have none and are covered by script hashes.
 * Like the prerendered pages, it paints before its scripts load (paint-first.server.ts); the
 * development server keeps React Router's output as it is, for hot reloading.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The request context is null while pages are prerendered at build time.
  const site = loadContext.get(requestContext);
  const nonce: string | undefined = site?.cspNonce;
  const scripts = pageHasScripts(routerContext);
  // A page without scripts (decision 0023) gets no hydration data either: React Router would stream it
  // in inline scripts that nothing reads.
  const context: EntryContext = scripts ? routerContext : withoutHandoffStream(routerContext);
  // Pages without scripts whose route names a cache key are rendered once per key (decision 0075).
  if (!scripts && nonce && responseStatusCode === 200 && !import.meta.env.DEV) {
    const kept = keptPage(request, context, nonce, responseHeaders, loadContext);
    if (kept) return kept;
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering get the whole page at once; people get the shell as soon as it is ready.
    // So does a page without scripts: nothing could fill in a part sent later.
    const readyOption: keyof RenderToPipeableStreamOptions =
      !scripts || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          // pipeline() passes an error of the render on, so the answer ends instead of hanging.
          const page =
            import.meta.env.DEV || !scripts ? body : pipeline(body, paintFirstStream(), () => undefined);
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject above and are logged by React Router.
          if (shellRendered) {
            if (site) site.services.logger.error({ err: error }, "error while streaming a page");
            else console.error(error);
          }
        },
      },
    );
  });
}

/**
 * The page from the page cache, rendered into it first if need be; undefined when the route names no
 * key. A client that accepts gzip gets it compressed from the pieces kept compressed (docs/decisions/0078).
 */
function keptPage(
  request: Request,
  context: EntryContext,
  nonce: string,
  headers: Headers,
  holder: object,
): Promise<Response> | undefined {
  const key = pageKeyOf(request, context);
  if (!key) return undefined;
  const encoding = acceptsGzip(request.headers.get("accept-encoding")) ? "gzip" : "identity";
  const answer = (page: Buffer) => {
    const compressed = encoding === "gzip" ? pageCache.get(key, nonce, "gzip", holder) : undefined;
    if (!compressed) return htmlResponse(page, 200, headers);
    headers.set("Content-Encoding", "gzip");
    headers.append("Vary", "Accept-Encoding");
    return htmlResponse(compressed, 200, headers);
  };
  const kept = pageCache.get(key, nonce, "identity", holder);
  if (kept) return Promise.resolve(answer(kept));
  return renderWhole(<ServerRouter context={context} url={request.url} nonce={PLACEHOLDER_NONCE} />).then(
    (html) => answer(pageCache.put(key, html, nonce)),
  );
}

/** The deepest matched route's page cache key (its data's `pageCacheKey`). */
function pageKeyOf(request: Request, context: EntryContext): string | undefined {
  const leaf = context.staticHandlerContext.matches.at(-1);
  if (!leaf || request.method.toUpperCase() !== "GET") return undefined;
  return pageCacheKeyOf(context.staticHandlerContext.loaderData[leaf.route.id]);
}

function htmlResponse(body: Buffer, status: number, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A Buffer made by Buffer.concat lies on a plain ArrayBuffer, never a shared one.
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
  return new Response(bytes, { status, headers });
}

/**
 * A page without scripts rendered whole with the placeholder nonce, for the page cache; rejected when
 * React reports an error, so that a broken page is never kept.
 */
function renderWhole(router: ReactNode): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed: unknown;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        if (failed === undefined) resolve(Buffer.concat(chunks));
        else reject(failed);
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={PLACEHOLDER_NONCE}>{router}</NonceProvider>,
      {
        nonce: PLACEHOLDER_NONCE,
        onAllReady: () => pipe(sink),
        onShellError: (error: unknown) => {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError: (error: unknown) => {
          failed ??= error;
        },
      },
    );
  });
}

/** False when the deepest matched route's `handle` asks for no scripts (app/lib/page-scripts.ts). */
function pageHasScripts(context: EntryContext): boolean {
  const leaf = context.staticHandlerContext.matches.at(-1);
  return !leaf || !handleWantsNoScripts(context.routeModules[leaf.route.id]?.handle);
}

function withoutHandoffStream(context: EntryContext): EntryContext {
  context.serverHandoffStream?.cancel().catch(() => undefined);
  return { ...context, serverHandoffStream: undefined };
}
