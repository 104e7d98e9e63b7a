import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { inlineScriptHashes, pagePolicy } from "./csp.server";

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
  /** Pages only: their Content-Security-Policy, listing the hashes of their inline scripts. */
  contentSecurityPolicy?: string;
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

async function compress(body: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gz };
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

/**
 * Reads every file of the client build into memory once, with its precompressed variants, so a
 * page costs no disk read and no compression per request. Variants missing from the build are
 * made here.
 */
export async function loadStaticFiles(root: string): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  for (const file of await listFiles(root)) {
    const extension = path.extname(file).toLowerCase();
    const urlPath = urlPathFor(path.relative(root, file));
    const body = await readFile(file);
    const entry: StaticFile = {
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      cacheControl: cacheControlFor(urlPath, extension),
      identity: { body, etag: etagOf(body) },
      downloadName: path.basename(file),
    };
    if (extension === ".html") {
      entry.contentSecurityPolicy = pagePolicy(inlineScriptHashes(body.toString("utf8")));
    }
    if (isCompressible(file, body.length)) {
      let br = await readIfPresent(`${file}.br`);
      let gz = await readIfPresent(`${file}.gz`);
      if (!br || !gz) ({ br, gz } = await compress(body));
      if (br.length < body.length) entry.br = { body: br, etag: etagOf(body, "-br") };
      if (gz.length < body.length) entry.gzip = { body: gz, etag: etagOf(body, "-gz") };
    }
    files.set(urlPath, entry);
  }
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

/** Answers a GET or HEAD from memory; returns false when no such file exists. */
export function serveStatic(
  files: StaticFiles,
  pathname: string,
  search: string,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const file = files.get(pathname);
  if (!file) return false;

  const encoding = pickEncoding(req.headers["accept-encoding"], file);
  const representation = (encoding && file[encoding]) || file.identity;
  const headers: Record<string, string | number> = {
    "Content-Type": file.contentType,
    "Cache-Control": file.cacheControl,
    ETag: representation.etag,
  };
  if (file.br || file.gzip) headers.Vary = "Accept-Encoding";
  if (file.contentSecurityPolicy) headers["Content-Security-Policy"] = file.contentSecurityPolicy;
  if (encoding) headers["Content-Encoding"] = encoding;
  if (new URLSearchParams(search).has("download")) {
    headers["Content-Disposition"] = `attachment; filename="${file.downloadName.replace(/["\\\r\n]/g, "")}"`;
  }

  if (etagMatches(req.headers["if-none-match"], representation.etag)) {
    res.writeHead(304, {
      ETag: headers.ETag as string,
      "Cache-Control": file.cacheControl,
      ...(headers.Vary ? { Vary: headers.Vary } : {}),
    });
    res.end();
    return true;
  }
  headers["Content-Length"] = representation.body.length;
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : representation.body);
  return true;
}
