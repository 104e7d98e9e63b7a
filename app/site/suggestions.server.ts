/*
 * GET /api/search?q=: the header's suggestions as JSON, the few best results for the words typed so far:
 * catalogue items and families (items first when the words name a part number or a size), then the
 * site's pages. Answered by the pipeline before React Router (docs/search.md#the-pages): the answer
 * depends only on the query, the build and the catalogue's version, and a suggestion is asked at every
 * key press, so it should cost the server little more than the search itself.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { catalogueSuggestions, searchCatalogue } from "~/features/catalogue/search/site-catalogue.server";
import { SUGGESTION_COUNT } from "~/features/search/engine.server";
import { cleanQuery } from "~/features/search/normalize.server";
import { siteSearch } from "~/features/search/site-index.server";
import { acceptsGzip } from "~/lib/gzip-pieces.server";
import { exactCopy, ownBytes } from "~/lib/own-bytes.server";
import { recentAnswers } from "~/lib/recent-answers";
import type { SearchSuggestion, SuggestionsResponse } from "~/lib/search-types";
import type { SiteServices } from "~/load-context";
import type { Endpoint } from "~/server/http/pipeline.server";

export const SUGGESTIONS_PATH = "/api/search";

/** Suggestions at most: items and families, then pages. */
const SUGGESTIONS = 8;
/** Answers kept, as bytes: the same words typed again (a visitor's backspace, a common prefix). */
const KEPT_ANSWERS = 500;
/** Smaller answers are sent as they are: compressing them saves less than a packet. */
const GZIP_FROM_BYTES = 1024;

type Services = Pick<SiteServices, "db" | "catalogue" | "logger">;

/** The suggestions for a cleaned query: whatever arrives gets an answer (an empty list at worst). */
export async function searchSuggestions(services: Services, query: string): Promise<SuggestionsResponse> {
  if (!query) return { query, total: 0, suggestions: [] };
  let catalogue: SearchSuggestion[] = [];
  let catalogueTotal = 0;
  let itemsFirst = false;
  try {
    const results = await searchCatalogue(services.db, services.catalogue.current(), query, "suggest");
    catalogue = catalogueSuggestions(results, SUGGESTIONS - 2);
    catalogueTotal = results.total + results.families.length;
    itemsFirst = results.itemsFirst;
  } catch (error) {
    services.logger.error({ err: error }, "catalogue suggestions failed");
  }
  try {
    const site = siteSearch.suggest(query, SUGGESTION_COUNT);
    const pages = site.suggestions.slice(0, SUGGESTIONS - Math.min(catalogue.length, itemsFirst ? 6 : 3));
    const suggestions = (itemsFirst ? [...catalogue, ...pages] : [...catalogue.slice(0, 3), ...pages]).slice(
      0,
      SUGGESTIONS,
    );
    return { query, total: site.total + catalogueTotal, suggestions };
  } catch (error) {
    // A bug, not bad input: the visitor still gets an answer and the log keeps the cause.
    services.logger.error({ err: error }, "search suggestions failed");
    return { query, total: catalogueTotal, suggestions: catalogue };
  }
}

interface Answer {
  json: Buffer;
  gzip: Buffer | undefined;
}

/**
 * The endpoint: GET and HEAD answer the suggestions, any other method 405 (a post is checked by the
 * pipeline first, like every post). The last answers are kept as bytes per catalogue version and query,
 * compressed once; misses are counted on /search only.
 */
export function suggestionsEndpoint(services: Services): Endpoint {
  const kept = recentAnswers<Answer>(KEPT_ANSWERS);
  return async (req, res) => {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      // The body is left unread, so the connection ends with the answer.
      res.writeHead(405, {
        Allow: "GET, HEAD",
        "Content-Type": "text/plain; charset=utf-8",
        Connection: "close",
      });
      res.end("This address answers GET and HEAD only.\n");
      return;
    }
    const query = cleanQuery(queryOf(req));
    const version = services.catalogue.current().info.version;
    const answer = await kept.answer(`${version}\n${query}`, async () => {
      // Kept: each in a buffer of its own size (own-bytes.server.ts).
      const json = exactCopy(Buffer.from(JSON.stringify(await searchSuggestions(services, query))));
      return { json, gzip: json.length >= GZIP_FROM_BYTES ? ownBytes(gzipSync(json)) : undefined };
    });
    send(req, res, method, answer);
  };
}

/** The first `q` of the request's address, as React Router's `searchParams.get("q")` read it. */
function queryOf(req: IncomingMessage): string | null {
  const url = req.url ?? "";
  const start = url.indexOf("?");
  return start < 0 ? null : new URLSearchParams(url.slice(start + 1)).get("q");
}

function send(req: IncomingMessage, res: ServerResponse, method: string, answer: Answer): void {
  const body = answer.gzip && acceptsGzip(req.headers["accept-encoding"]) ? answer.gzip : undefined;
  res.writeHead(200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": (body ?? answer.json).length,
    // The answer changes with a new catalogue version, served within 60 s.
    "Cache-Control": "public, max-age=60",
    Vary: "Accept-Encoding",
    ...(body ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(method === "HEAD" ? undefined : (body ?? answer.json));
}
