/*
 * The results page (/search?q=) filled in from a template (docs/decisions/0086). React Router and React
 * render the page once, for a query and results that are placeholders; each search then runs the two
 * searches and fills the placeholders: the query escaped as React escapes it, and the results rendered
 * alone (SearchResults, a small tree; search-template.server.ts). The header, footer, head and form,
 * about nine tenths of the page's elements, are not rendered again for every query, nor compressed
 * again for a gzip answer. The route's own loader (routes/search.tsx) still
 * answers whatever this does not: an empty query, a HEAD, the development server, a template that failed.
 */
import type { IncomingMessage } from "node:http";
import { constants, inflateRawSync } from "node:zlib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { searchCatalogue } from "~/features/catalogue/search/site-catalogue.server";
import { cleanQuery } from "~/features/search/normalize.server";
import { countSearch, searchPageKey } from "~/features/search/search-count.server";
import { siteSearch } from "~/features/search/site-index.server";
import type { GzipPiece } from "~/lib/gzip-pieces.server";
import type { CatalogueResults, SiteSearchResult } from "~/lib/search-types";
import type { SiteServices } from "~/load-context";
import { SearchResults } from "~/routes/search-results";
import type { OwnPage, OwnPageAsk } from "~/server/http/react-router-handler.server";
import {
  cutTemplate,
  escapedQuery,
  fillTemplate,
  gzipTemplate,
  resultsPiece,
  type SearchTemplateSlots,
  type Template,
  templateToken,
} from "./search-template.server";

type Services = Pick<SiteServices, "catalogue" | "db" | "counting" | "logger">;

/** What one query finds: the site's pages and documents, and the catalogue's items and families. */
export interface SiteAndCatalogue {
  result: SiteSearchResult;
  /** Null when the catalogue's search failed: the pages are still answered. */
  catalogue: CatalogueResults | null;
  total: number;
}

/** Both searches for a cleaned, non-empty query. */
export async function searchSiteAndCatalogue(services: Services, query: string): Promise<SiteAndCatalogue> {
  const result = siteSearch.search(query);
  let catalogue: CatalogueResults | null = null;
  try {
    catalogue = await searchCatalogue(services.db, services.catalogue.current(), query);
  } catch (error) {
    // The database failed: the pages, articles and brochures are still answered.
    services.logger.error({ err: error }, "catalogue search failed");
  }
  const total = result.total + (catalogue?.items.length ?? 0) + (catalogue?.families.length ?? 0);
  return { result, catalogue, total };
}

/** A results page is never stored by a browser or a proxy (docs/search.md), like the route's answer. */
const headers = { "Cache-Control": "no-store" } as const;

/** After a template failed, React Router answers for this long before one is tried again. */
const RETRY_AFTER_MS = 60_000;

/** The request headers counting reads (whether the request is a bot's or a prefetch). */
export function countedHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name of ["user-agent", "purpose", "sec-purpose"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

/** Results of searches kept, compressed, at most (a few hundred bytes to a few KB each). */
const KEPT_RESULTS_BYTES = 8 * 1024 * 1024;

/** A search's results kept: how many it found (to count it again) and its results piece. */
interface KeptResults {
  total: number;
  piece: GzipPiece;
  bytes: number;
}

/**
 * The results of the searches answered last, by catalogue version and query, for the same query asked
 * again: it is answered without either search, as a kept page was (decision 0083), counted the same.
 */
function keptResults() {
  // A Map keeps insertion order: a query answered again moves to the end, the first is the oldest.
  const kept = new Map<string, KeptResults>();
  let bytes = 0;
  return {
    get(key: string): KeptResults | undefined {
      const found = kept.get(key);
      if (found) {
        kept.delete(key);
        kept.set(key, found);
      }
      return found;
    },
    set(key: string, results: KeptResults): void {
      if (kept.has(key)) return;
      kept.set(key, results);
      bytes += results.bytes;
      for (const [oldest, dropped] of kept) {
        if (bytes <= KEPT_RESULTS_BYTES) break;
        kept.delete(oldest);
        bytes -= dropped.bytes;
      }
    },
  };
}

/**
 * For the request handler (ReactRouterHandlerOptions.ownPages): answers /search?q= from the template,
 * making it first if need be, and from the results kept when the same query was answered lately (on
 * this catalogue version). Counts the search as the route's loader would.
 */
export function searchPages(services: Services, clientKey: (req: IncomingMessage) => string) {
  let template: Promise<Template> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  const kept = keptResults();
  const templateFor = (ask: OwnPageAsk, year: number): Promise<Template> | undefined => {
    if (template) return template;
    if (Date.now() - failedAt < RETRY_AFTER_MS) return undefined;
    const slots: SearchTemplateSlots = { query: templateToken(), results: templateToken() };
    const made = ask
      .render(`/search?q=${slots.query}`, { ...slots })
      .then((html) => cutTemplate(html, slots, year));
    template = made;
    made.catch((error: unknown) => {
      services.logger.error({ err: error }, "the results page's template could not be made");
      if (template === made) template = undefined;
      failedAt = Date.now();
    });
    return made;
  };
  /** The query's results: kept, or searched, rendered and kept (not when the catalogue's search failed). */
  const resultsOf = async (query: string): Promise<{ total: number; piece: GzipPiece; results?: string }> => {
    const key = searchPageKey(services.catalogue.current().info.version, query);
    const known = kept.get(key);
    if (known) return known;
    const found = await searchSiteAndCatalogue(services, query);
    const results = renderToStaticMarkup(createElement(SearchResults, { query, ...found }));
    const piece = resultsPiece(results);
    const bytes = (piece.deflated as Buffer).length;
    if (found.catalogue) kept.set(key, { total: found.total, piece, bytes });
    return { total: found.total, piece, results };
  };
  return async (ask: OwnPageAsk): Promise<OwnPage | undefined> => {
    if (ask.url.pathname !== "/search") return undefined;
    const query = cleanQuery(ask.url.searchParams.get("q"));
    if (!query) return undefined;
    const year = new Date().getFullYear();
    if (template && (await template.catch(() => undefined))?.year !== year) template = undefined;
    const made = templateFor(ask, year);
    const page = made ? await made.catch(() => undefined) : undefined;
    if (!page) return undefined;
    const { total, piece, results } = await resultsOf(query);
    countSearch(services, { query, total }, countedHeaders(ask.req), clientKey(ask.req));
    const filling = { query: escapedQuery(query), nonce: ask.nonce };
    if (ask.gzip) return { body: gzipTemplate(page, filling, piece), encoding: "gzip", headers };
    // A client without gzip is rare (a script, a crawler): kept results cost it an inflate.
    const text = results ?? inflatedPiece(piece);
    return { body: Buffer.from(fillTemplate(page, { ...filling, results: text })), headers };
  };
}

/** A piece's text again, from its raw deflate blocks. */
function inflatedPiece(piece: GzipPiece): string {
  return inflateRawSync(piece.deflated as Buffer, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
}
