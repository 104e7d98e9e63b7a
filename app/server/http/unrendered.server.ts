import type { IncomingMessage, ServerResponse } from "node:http";
import { resolveLegacyRedirect } from "~/content/redirects";
import { withoutTrailingSlashes } from "~/lib/paths";
import { redirect } from "./responses.server";
import { type StaticFile, type StaticFiles, serveStatic } from "./static-files.server";

/** What answering without React Router needs of the pipeline's options. */
export interface UnrenderedOptions {
  staticFiles?: StaticFiles;
  rendersOnRequest?: (url: URL) => boolean;
}

/** Who answered without React Router, and for a file, the file. */
export type Unrendered = { source: "redirect" | "legacy" } | { source: "file"; file: StaticFile };

/**
 * A GET or HEAD answered without React Router: the redirect away from a trailing slash (not counted),
 * a legacy path's redirect, or a prerendered file from memory. Says who answered, or undefined. The
 * redirects need the security headers set before; a file sends them itself.
 */
export function answerUnrendered(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: UnrenderedOptions,
  https: boolean,
): Unrendered | undefined {
  const { pathname, search } = url;
  // One URL per page, without a trailing slash (docs/product.md#urls).
  if (pathname.length > 1 && pathname.endsWith("/")) {
    redirect(res, `${withoutTrailingSlashes(pathname)}${search}`);
    return { source: "redirect" };
  }
  const legacyTarget = resolveLegacyRedirect(pathname, search);
  if (legacyTarget) {
    redirect(res, legacyTarget);
    return { source: "legacy" };
  }
  const file = answerFile(req, res, url, options, https);
  return file ? { source: "file", file } : undefined;
}

/**
 * A prerendered file, answered before anything else of the request is set: it writes its whole header
 * list, security headers included, at once (static-files.server.ts). Undefined, having written
 * nothing, when the address is not a file's, or is a redirect's, or its page renders on request.
 */
export function answerFile(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: UnrenderedOptions,
  https: boolean,
): StaticFile | undefined {
  const { staticFiles } = options;
  if (!staticFiles?.has(url.pathname)) return undefined;
  // A page whose content depends on its query string has a prerendered file without it.
  if (options.rendersOnRequest?.(url)) return undefined;
  // A file's own path never ends in a slash, and no legacy path is a file's: the redirects go first all the same.
  if (resolveLegacyRedirect(url.pathname, url.search)) return undefined;
  return serveStatic(staticFiles, url, req, res, https);
}
