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
 * a legacy path's redirect, or a prerendered file from memory (unless `fileTried`: answerFile found
 * none already). Says who answered, or undefined. The redirects need the security headers set before;
 * a file sends them itself.
 */
export function answerUnrendered(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: UnrenderedOptions,
  { https, fileTried }: { https: boolean; fileTried: boolean },
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
  if (fileTried) return undefined;
  const file = fileFor(url, options);
  if (!file) return undefined;
  serveStatic(file, search, req, res, https);
  return { source: "file", file };
}

/**
 * A prerendered file, answered before anything else of the request is set: it writes its whole header
 * list, security headers included, at once (static-files.server.ts). Undefined, having written
 * nothing, when the address is not a file's, or is a legacy redirect's, or its page renders on request.
 */
export function answerFile(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: UnrenderedOptions,
  https: boolean,
): StaticFile | undefined {
  const file = fileFor(url, options);
  // A file's own path never ends in a slash, and no legacy path should be a file's: were one, its
  // redirect goes first all the same.
  if (!file || resolveLegacyRedirect(url.pathname)) return undefined;
  serveStatic(file, url.search, req, res, https);
  return file;
}

/** The prerendered file at the URL's path, unless its page renders on request (its content depends on the query). */
function fileFor(url: URL, options: UnrenderedOptions): StaticFile | undefined {
  const file = options.staticFiles?.get(url.pathname);
  return file && !options.rendersOnRequest?.(url) ? file : undefined;
}
