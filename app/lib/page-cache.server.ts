import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { deflatePiece, joinGzip, type PieceSum, pieceSum } from "./gzip-pieces.server";
import { exactCopy } from "./own-bytes.server";

/*
 * Rendered pages kept for reuse (docs/decisions/0075): a page rendered on request whose route's data
 * names a `pageCacheKey` (a string that changes whenever anything the page shows changes: for a
 * catalogue page, the catalogue version and the address) is rendered by React once per key and then
 * served from here. The only part of such a page that differs between two requests is the CSP nonce
 * of its inline scripts, so a page is rendered with a placeholder nonce, kept as the bytes between the
 * placeholders, and each answer joins them with the request's own nonce. A key the request handler
 * can compute from the address alone (`keyOf` in its options) is answered before React Router runs.
 * A client that accepts gzip gets the page compressed from pieces compressed once (gzip-pieces.server.ts,
 * docs/decisions/0078), not compressed anew for every answer; the first such answer of a page is the whole
 * page compressed fast, since many pages are asked for only once (docs/decisions/0083).
 */

/**
 * The nonce a kept page is rendered with: random per process, so a page's own text (a catalogue cell,
 * say) cannot contain it by design; base64 characters only, so HTML escaping leaves it as it is.
 */
export const PLACEHOLDER_NONCE = randomBytes(24).toString("base64url");

/** The loader data field that opts a page in (read from the deepest matched route's data). */
export const PAGE_CACHE_KEY_FIELD = "pageCacheKey";

/**
 * The bytes kept at most; the least recently served pages go first. A page asked for twice is kept
 * compressed (a 120 KB family page of 50 rows in about 11 KB), so this holds about 2,000 such pages, or
 * 200 asked for once; a cache smaller than the pages asked for in turn keeps none of them long enough to
 * be asked again (16 MB of pages as rendered did that to the benchmark's 235 family addresses).
 */
export const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024;
/** A page larger than this is not kept (it would push out many others). */
const PAGE_MAX_BYTES = 512 * 1024;
/**
 * A page this large is kept compressed from the start (docs/decisions/0090): a family page of 50 rows
 * (90 to 125 KB) takes 10 to 50 ms of the event loop to render and under 1 ms to compress, and kept as
 * rendered, the 235 addresses of the benchmark's walk over one family's filters overflowed the budget,
 * so each was dropped before it was asked again and rendered anew every time. Item pages (about 35 KB),
 * often asked for once, stay as rendered until asked twice (docs/decisions/0083).
 */
export const COMPRESS_WHEN_KEPT_BYTES = 64 * 1024;

/**
 * A rendered page, split at its placeholder nonces: as rendered (`parts`) until a client that accepts
 * gzip asks for it a second time (`gzipped`: the first time), then only its parts compressed
 * (`deflated`) with their checksums and lengths, about a tenth of the bytes (docs/decisions/0084). `bytes`
 * counts what is kept.
 */
type KeptPage = {
  parts?: Buffer[];
  deflated?: { pieces: Buffer[]; sums: PieceSum[] };
  gzipped?: boolean;
  bytes: number;
};

/**
 * A page's first gzip answer: the whole page compressed at once, fast. Most search results pages and
 * many item pages are asked for once; compressing their pieces at the best ratio cost 1 to 3 ms of the
 * event loop a page, against 0.1 to 0.3 ms at level 1 for a tenth more bytes (docs/decisions/0083).
 */
const FIRST_ANSWER_LEVEL = 1;

/** How a kept page is answered: as it is, or gzip-compressed. */
export type PageEncoding = "identity" | "gzip";

export interface PageCache {
  /**
   * The page for this key with `nonce` in its scripts (gzip-compressed when `encoding` says so), or
   * undefined when it is not kept.
   */
  get(key: string, nonce: string, encoding?: PageEncoding, holder?: object): Buffer | undefined;
  /** Keeps a page rendered with PLACEHOLDER_NONCE and returns it with `nonce` in its scripts. */
  put(key: string, html: Buffer, nonce: string): Buffer;
  /**
   * For a loader whose page is kept: holds the page for this request (`holder`, its context) and says
   * so, so that the loader may leave out of its data what only the render reads (React Router encodes
   * all of it on every request). `get` with the same holder answers the held page even if the cache
   * dropped it meanwhile.
   */
  hold(holder: object, key: string): boolean;
  /** Pages and bytes kept now. */
  size(): { pages: number; bytes: number };
}

function split(html: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (;;) {
    const at = html.indexOf(PLACEHOLDER_NONCE, from, "latin1");
    if (at < 0) break;
    parts.push(html.subarray(from, at));
    from = at + PLACEHOLDER_NONCE.length;
  }
  parts.push(html.subarray(from));
  return parts;
}

function join(parts: readonly Buffer[], nonce: string): Buffer {
  const glue = Buffer.from(nonce, "latin1");
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

export function createPageCache(maxBytes = PAGE_CACHE_MAX_BYTES): PageCache {
  // A Map keeps insertion order: a page served again is moved to the end, the first is the oldest.
  const pages = new Map<string, KeptPage>();
  let bytes = 0;
  const held = new WeakMap<object, { key: string; page: KeptPage }>();
  /** Keeps a page's parts compressed in place of the parts themselves. */
  const compress = (page: KeptPage): NonNullable<KeptPage["deflated"]> => {
    const parts = page.parts ?? [];
    const deflated = { pieces: parts.map(deflatePiece), sums: parts.map(pieceSum) };
    const kept = deflated.pieces.reduce((sum, piece) => sum + piece.length, 0);
    bytes += kept - page.bytes;
    page.bytes = kept;
    page.deflated = deflated;
    page.parts = undefined;
    return deflated;
  };
  const dropOldest = () => {
    for (const [oldest, page] of pages) {
      if (bytes <= maxBytes) break;
      pages.delete(oldest);
      bytes -= page.bytes;
    }
  };
  return {
    get(key, nonce, encoding = "identity", holder) {
      const hold = holder ? held.get(holder) : undefined;
      const page = hold?.key === key ? hold.page : pages.get(key);
      if (!page) return undefined;
      if (pages.get(key) === page) {
        pages.delete(key);
        pages.set(key, page);
      }
      const glue = Buffer.from(nonce, "latin1");
      if (page.parts && encoding === "identity") return join(page.parts, nonce);
      if (page.parts && !page.gzipped) {
        page.gzipped = true;
        return gzipSync(join(page.parts, nonce), { level: FIRST_ANSWER_LEVEL });
      }
      const deflated = page.deflated ?? compress(page);
      const answer = joinGzip(deflated.sums, deflated.pieces, glue);
      // A client that does not accept gzip is rare (a script, a crawler): it costs an inflate.
      return encoding === "gzip" ? answer : gunzipSync(answer);
    },
    put(key, html, nonce) {
      const parts = split(exactCopy(html));
      if (html.length <= PAGE_MAX_BYTES && !pages.has(key)) {
        const page: KeptPage = { parts, bytes: html.length };
        pages.set(key, page);
        bytes += html.length;
        if (html.length >= COMPRESS_WHEN_KEPT_BYTES) compress(page);
        dropOldest();
      }
      return join(parts, nonce);
    },
    hold(holder, key) {
      const page = pages.get(key);
      if (page) held.set(holder, { key, page });
      return page !== undefined;
    },
    size: () => ({ pages: pages.size, bytes }),
  };
}

/** The one cache of the running server: the entry fills it, the request handler answers from it. */
export const pageCache: PageCache = createPageCache();

/** The cache key a route's data names, if any. */
export function pageCacheKeyOf(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return undefined;
  const key = (data as Record<string, unknown>)[PAGE_CACHE_KEY_FIELD];
  return typeof key === "string" && key.length > 0 && key.length <= 4096 ? key : undefined;
}
