import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { ownBytes } from "~/lib/own-bytes.server";
import { inlineScriptHashes, pagePolicy, RESOURCE_POLICY } from "./csp.server";
import { securityHeaders } from "./security-headers.server";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".pdf": "application/pdf",
  ".woff2": "font/woff2",
};

const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".data",
  ".txt",
  ".xml",
  ".svg",
  ".webmanifest",
  ".ico",
]);

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, must-revalidate";
const ONE_DAY = "public, max-age=86400";

interface Representation {
  body: Buffer;
  etag: string;
}

export interface StaticFile {
  contentType: string;
  cacheControl: string;
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
  /** Suggested name when the client asks for a download (`?download`). */
  downloadName: string;
  /** Pages: their own policy, listing the hashes of their inline scripts; other files: nothing may run. */
  contentSecurityPolicy: string;
}

export type StaticFiles = ReadonlyMap<string, StaticFile>;

/** Variants written by precompressDirectory; served as encodings of their file, never on their own. */
const PRECOMPRESSED = [".br", ".gz"];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !PRECOMPRESSED.includes(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** "/about/index.html" is served at "/about", and "/index.html" at "/". */
export function urlPathFor(relativePath: string): string {
  const posix = `/${relativePath.split(path.sep).join("/")}`;
  if (posix === "/index.html") return "/";
  if (posix.endsWith("/index.html")) return posix.slice(0, -"/index.html".length);
  return posix;
}

function cacheControlFor(urlPath: string, extension: string): string {
  if (urlPath.startsWith("/assets/")) return IMMUTABLE;
  if (extension === ".html" || extension === ".data" || extension === ".xml" || extension === ".txt") {
    return REVALIDATE;
  }
  return ONE_DAY;
}

function etagOf(body: Buffer, suffix = ""): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}${suffix}"`;
}

function isCompressible(file: string, size: number): boolean {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase()) && size > 512;
}

/** Brotli's best (build time, and in the background after start) and a quick one (at start). */
const BEST = 11;
const QUICK = 5;

async function compress(body: Buffer, quality = BEST): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  // zlib answers with a slice of its 64 KB output buffer: kept, it would hold all of it.
  return { br: ownBytes(br), gz: ownBytes(gz) };
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the client build, once, at build
 * time: brotli at its best setting is too slow to run for every start (or every request).
 */
export async function precompressDirectory(
  root: string,
): Promise<{ files: number; bytes: number; compressed: number }> {
  let files = 0;
  let bytes = 0;
  let compressed = 0;
  for (const file of await listFiles(root)) {
    const body = await readFile(file);
    if (!isCompressible(file, body.length)) continue;
    const { br, gz } = await compress(body);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    files += 1;
    bytes += body.length;
    compressed += br.length;
  }
  return { files, bytes, compressed };
}

/** Files that can hold the placeholder origin: prerendered pages, their data, sitemap and robots.txt. */
const ORIGIN_BEARING = new Set([".html", ".data", ".xml", ".txt"]);

export interface LoadOptions {
  /** Written wherever the build wrote `placeholder` (the canonical origin, decided at start). */
  origin?: string;
  placeholder?: string;
}

/**
 * Reads every file of the client build into memory once, with its precompressed variants, so a
 * page costs no disk read and no compression per request. Where the build wrote the placeholder
 * origin, the real one is written in and the variants are made again; variants missing from the
 * build are made here too.
 */
export async function loadStaticFiles(root: string, options: LoadOptions = {}): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  const refine: StaticFile[] = [];
  const { origin, placeholder } = options;
  for (const file of await listFiles(root)) {
    const extension = path.extname(file).toLowerCase();
    const urlPath = urlPathFor(path.relative(root, file));
    let body = await readFile(file);
    let rewritten = false;
    if (origin && placeholder && ORIGIN_BEARING.has(extension)) {
      const text = body.toString("utf8");
      if (text.includes(placeholder)) {
        body = Buffer.from(text.replaceAll(placeholder, origin), "utf8");
        rewritten = true;
      }
    }
    const entry: StaticFile = {
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      cacheControl: cacheControlFor(urlPath, extension),
      identity: { body, etag: etagOf(body) },
      downloadName: path.basename(file),
      contentSecurityPolicy:
        extension === ".html" ? pagePolicy(inlineScriptHashes(body.toString("utf8"))) : RESOURCE_POLICY,
    };
    if (isCompressible(file, body.length)) {
      let br = rewritten ? undefined : await readIfPresent(`${file}.br`);
      let gz = rewritten ? undefined : await readIfPresent(`${file}.gz`);
      if (!br || !gz) ({ br, gz } = await compress(body, rewritten ? QUICK : BEST));
      if (br.length < body.length) entry.br = { body: br, etag: etagOf(body, "-br") };
      if (gz.length < body.length) entry.gzip = { body: gz, etag: etagOf(body, "-gz") };
      if (rewritten && entry.br) refine.push(entry);
    }
    files.set(urlPath, entry);
  }
  // Pages whose origin was written in at start are compressed quickly first (about 0.1 s for all of
  // them instead of 2.4 s at the best setting), then made smaller here, one at a time on zlib's
  // thread pool, while the server already answers. The ETag belongs to the content, not to the
  // compressed bytes, so a browser's copy stays valid across the swap. A failure only leaves the
  // quick variant in place.
  void (async () => {
    for (const entry of refine) {
      const br = await brotliAsync(entry.identity.body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BEST },
      });
      if (entry.br && br.length < entry.br.body.length)
        entry.br = { body: ownBytes(br), etag: entry.br.etag };
    }
  })().catch(() => undefined);
  return files;
}

function pickEncoding(acceptEncoding: string | undefined, file: StaticFile): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  if (file.br && /\bbr\b/.test(acceptEncoding)) return "br";
  if (file.gzip && /\bgzip\b/.test(acceptEncoding)) return "gzip";
  return undefined;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/**
 * Every header of a file's answer but its length. A 200, a 304 and a HEAD all take theirs from
 * here: a browser applies a 304's headers to the copy it holds, so a 304 that said less (or other
 * things) than the 200 would change the page under the visitor, as a file's policy on a page once
 * turned off every script and stylesheet on a return visit.
 */
export function fileHeaders(
  file: StaticFile,
  encoding: "br" | "gzip" | undefined,
  download: boolean,
): Record<string, string> {
  const representation = (encoding && file[encoding]) || file.identity;
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Cache-Control": file.cacheControl,
    ETag: representation.etag,
    "Content-Security-Policy": file.contentSecurityPolicy,
  };
  if (file.br || file.gzip) headers.Vary = "Accept-Encoding";
  if (encoding) headers["Content-Encoding"] = encoding;
  if (download) {
    headers["Content-Disposition"] = `attachment; filename="${file.downloadName.replace(/["\\\r\n]/g, "")}"`;
  }
  return headers;
}

/**
 * Each representation's answer header lists, by scheme and status (answerHeaders). Keyed by the
 * representation (the bytes of one encoding), not the file: a page's brotli bytes are replaced by
 * smaller ones after the start (loadStaticFiles), and its length must follow.
 */
const headerLists = new WeakMap<Representation, Map<string, readonly string[]>>();

/**
 * A file's whole answer headers as one flat list (name, value, …): the headers every response carries,
 * the file's own (its policy in place of theirs) and, for a 200, its length. Written with one writeHead,
 * they cost a request none of setHeader's work; made once per representation, scheme and status,
 * except for a download's.
 */
function answerHeaders(
  file: StaticFile,
  encoding: "br" | "gzip" | undefined,
  { https, status, download }: { https: boolean; status: 200 | 304; download: boolean },
): readonly string[] {
  const representation = (encoding && file[encoding]) || file.identity;
  const key = `${https} ${status}`;
  const kept = download ? undefined : headerLists.get(representation)?.get(key);
  if (kept) return kept;
  const own = fileHeaders(file, encoding, download);
  const list: string[] = [];
  for (const [name, value] of securityHeaders(https)) if (!(name in own)) list.push(name, value);
  for (const [name, value] of Object.entries(own)) list.push(name, value);
  if (status === 200) list.push("Content-Length", String(representation.body.length));
  if (!download) {
    const lists = headerLists.get(representation) ?? new Map<string, readonly string[]>();
    lists.set(key, list);
    headerLists.set(representation, lists);
  }
  return list;
}

/**
 * Answers a GET or HEAD for a file from memory, with every header it carries (security headers
 * included, whether or not they were set before). `search` is the target's query (`?download`).
 */
export function serveStatic(
  file: StaticFile,
  search: string,
  req: IncomingMessage,
  res: ServerResponse,
  https: boolean,
): void {
  const encoding = pickEncoding(req.headers["accept-encoding"], file);
  const representation = (encoding && file[encoding]) || file.identity;
  const download = search !== "" && new URLSearchParams(search).has("download");
  if (etagMatches(req.headers["if-none-match"], representation.etag)) {
    res.writeHead(304, answerHeaders(file, encoding, { https, status: 304, download }) as string[]);
    res.end();
    return;
  }
  res.writeHead(200, answerHeaders(file, encoding, { https, status: 200, download }) as string[]);
  res.end(req.method === "HEAD" ? undefined : representation.body);
}
