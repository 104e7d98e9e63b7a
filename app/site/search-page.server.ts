/*
 * The results page (/search?q=) filled in from a template (docs/decisions/0086). React Router and React
 * render the page once, for a query and results that are placeholders; each search then runs the two
 * searches and fills the placeholders: the query escaped as React escapes it, and the results rendered
 * alone (SearchResults, a small tree). The header, footer, head and form, about nine tenths of the page's
 * elements, are not rendered again for every query. The route's own loader (routes/search.tsx) still
 * answers whatever this does not: an empty query, a HEAD, the development server, a template that failed.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { searchCatalogue } from "~/features/catalogue/search/site-catalogue.server";
import { cleanQuery } from "~/features/search/normalize.server";
import { countSearch, rememberSearchPage, searchPageKey } from "~/features/search/search-count.server";
import { siteSearch } from "~/features/search/site-index.server";
import { type PageEncoding, PLACEHOLDER_NONCE, pageCache } from "~/lib/page-cache.server";
import type { CatalogueResults, SiteSearchResult } from "~/lib/search-types";
import type { SiteServices } from "~/load-context";
import { SearchResults } from "~/routes/search-results";
import type { OwnPage, OwnPageAsk } from "~/server/http/react-router-handler.server";

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

/** The placeholders of a results page's template, as the route's loader reads them (RequestContext.pageTemplate). */
export interface SearchTemplateSlots {
  query: string;
  results: string;
}

type Hole = "nonce" | "query" | "results";

/** A page cut at its placeholders: `pieces` has one more entry than `holes`. */
interface Template {
  pieces: readonly string[];
  holes: readonly Hole[];
  /** The year the footer shows: a template is made again when it changes. */
  year: number;
}

/** A token that escaping leaves as it is and that no page text holds by chance. */
const token = () => `x${randomBytes(18).toString("hex")}`;

/** Cuts a rendered page at its placeholders; throws when one is missing or the results come twice. */
export function cutTemplate(html: string, slots: SearchTemplateSlots, year: number): Template {
  const tokens = new Map<string, Hole>([
    [PLACEHOLDER_NONCE, "nonce"],
    [slots.query, "query"],
    [slots.results, "results"],
  ]);
  const pieces: string[] = [];
  const holes: Hole[] = [];
  const pattern = new RegExp([...tokens.keys()].join("|"), "g");
  let from = 0;
  for (const found of html.matchAll(pattern)) {
    pieces.push(html.slice(from, found.index));
    holes.push(tokens.get(found[0]) as Hole);
    from = found.index + found[0].length;
  }
  pieces.push(html.slice(from));
  const count = (hole: Hole) => holes.filter((each) => each === hole).length;
  if (count("results") !== 1 || count("query") === 0) {
    throw new Error(
      `the results page's template holds ${count("results")} results and ${count("query")} queries`,
    );
  }
  return { pieces, holes, year };
}

/**
 * The page for one search. `nonce` is the response's, or by default the placeholder the page cache
 * fills in for each answer.
 */
export function fillTemplate(
  template: Template,
  query: string,
  results: string,
  nonce = PLACEHOLDER_NONCE,
): string {
  // React's own escaping, for text and attribute values alike: the page reads as React would render it.
  const values: Record<Hole, string> = {
    nonce,
    query: renderToStaticMarkup(query),
    results,
  };
  let html = template.pieces[0] ?? "";
  template.holes.forEach((hole, index) => {
    html += values[hole] + (template.pieces[index + 1] ?? "");
  });
  return html;
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

/**
 * For the request handler (ReactRouterHandlerOptions.ownPages): answers /search?q= from the template,
 * making it first if need be. Counts the search as the route's loader would, and keeps the page (the
 * next request for the same query is answered from the page cache, before this).
 */
export function searchPages(services: Services, clientKey: (req: IncomingMessage) => string) {
  let template: Promise<Template> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  const templateFor = (ask: OwnPageAsk, year: number): Promise<Template> | undefined => {
    if (template) return template;
    if (Date.now() - failedAt < RETRY_AFTER_MS) return undefined;
    const slots: SearchTemplateSlots = { query: token(), results: token() };
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
  return async (ask: OwnPageAsk): Promise<OwnPage | undefined> => {
    if (ask.url.pathname !== "/search") return undefined;
    const query = cleanQuery(ask.url.searchParams.get("q"));
    if (!query) return undefined;
    const year = new Date().getFullYear();
    if (template && (await template.catch(() => undefined))?.year !== year) template = undefined;
    const made = templateFor(ask, year);
    const page = made ? await made.catch(() => undefined) : undefined;
    if (!page) return undefined;
    const found = await searchSiteAndCatalogue(services, query);
    countSearch(services, { query, total: found.total }, countedHeaders(ask.req), clientKey(ask.req));
    const results = renderToStaticMarkup(createElement(SearchResults, { query, ...found }));
    // Kept as the route keeps it: not when the catalogue's search failed this time.
    if (!found.catalogue)
      return { body: Buffer.from(fillTemplate(page, query, results, ask.nonce)), headers };
    const html = Buffer.from(fillTemplate(page, query, results));
    const key = searchPageKey(services.catalogue.current().info.version, query);
    rememberSearchPage(key, { query, total: found.total });
    const identity = pageCache.put(key, html, ask.nonce);
    const encoding: PageEncoding = ask.gzip ? "gzip" : "identity";
    const compressed = ask.gzip ? pageCache.get(key, ask.nonce, encoding) : undefined;
    return compressed ? { body: compressed, encoding: "gzip", headers } : { body: identity, headers };
  };
}
