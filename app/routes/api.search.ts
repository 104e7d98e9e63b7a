import { gzipSync } from "node:zlib";
import { catalogueSuggestions, searchCatalogue } from "~/features/catalogue/search/site-catalogue.server";
import { SUGGESTION_COUNT } from "~/features/search/engine.server";
import { cleanQuery } from "~/features/search/normalize.server";
import { siteSearch } from "~/features/search/site-index.server";
import { acceptsGzip } from "~/lib/gzip-pieces.server";
import type { SearchSuggestion, SuggestionsResponse } from "~/lib/search-types";
import { requestContextOf, type SiteServices } from "~/load-context";
import type { Route } from "./+types/api.search";

/** Suggestions at most: items and families, then pages. */
const SUGGESTIONS = 8;

/** Answers kept: the last 500 queries' JSON, as it is and gzip-compressed, by catalogue version. */
const KEPT_ANSWERS = 500;
type KeptAnswer = { json: Buffer; gzip: Buffer };
const keptAnswers = new Map<string, KeptAnswer>();

function keep(key: string, answer: KeptAnswer): void {
  keptAnswers.set(key, answer);
  for (const oldest of keptAnswers.keys()) {
    if (keptAnswers.size <= KEPT_ANSWERS) break;
    keptAnswers.delete(oldest);
  }
}

/**
 * GET /api/search?q=: the header's suggestions as JSON, the few best results for the words typed so
 * far: catalogue items and families (items first when the words name a part number or a size), then
 * the site's pages. Whatever arrives in `q` gets an answer (an empty list at worst), never an error page.
 * An answer is fixed by the query, the build and the catalogue's version: the last ones are kept,
 * compressed once (docs/decisions/0078), since a compression stream per answer cost more than the rest.
 */
export async function loader({ request, url, context: provider }: Route.LoaderArgs) {
  const { services } = requestContextOf(provider);
  const query = cleanQuery(url.searchParams.get("q"));
  const key = `${services.catalogue.current().info.version}\n${query}`;
  let answer = keptAnswers.get(key);
  if (answer) {
    keptAnswers.delete(key);
    keptAnswers.set(key, answer);
  } else {
    const { body, complete } = await suggestionsFor(services, query);
    const json = Buffer.from(JSON.stringify(body));
    answer = { json, gzip: gzipSync(json) };
    // An answer that a failure cut short is not kept: the next request asks again.
    if (complete) keep(key, answer);
  }
  const gzip = acceptsGzip(request.headers.get("accept-encoding"));
  const bytes = gzip ? answer.gzip : answer.json;
  // The answer depends on the query, the build and the catalogue's version (served anew within 60 s);
  // misses are counted on /search only.
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=60",
      Vary: "Accept-Encoding",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    },
  });
}

async function suggestionsFor(
  services: SiteServices,
  query: string,
): Promise<{ body: SuggestionsResponse; complete: boolean }> {
  if (!query) return { body: { query, total: 0, suggestions: [] }, complete: true };
  let catalogue: SearchSuggestion[] = [];
  let catalogueTotal = 0;
  let itemsFirst = false;
  let complete = true;
  try {
    const results = await searchCatalogue(services.db, services.catalogue.current(), query, "suggest");
    catalogue = catalogueSuggestions(results, SUGGESTIONS - 2);
    catalogueTotal = results.total + results.families.length;
    itemsFirst = results.itemsFirst;
  } catch (error) {
    services.logger.error({ err: error }, "catalogue suggestions failed");
    complete = false;
  }
  try {
    const site = siteSearch.suggest(query, SUGGESTION_COUNT);
    const pages = site.suggestions.slice(0, SUGGESTIONS - Math.min(catalogue.length, itemsFirst ? 6 : 3));
    const suggestions = (itemsFirst ? [...catalogue, ...pages] : [...catalogue.slice(0, 3), ...pages]).slice(
      0,
      SUGGESTIONS,
    );
    return { body: { query, total: site.total + catalogueTotal, suggestions }, complete };
  } catch (error) {
    // A bug, not bad input: the visitor still gets an answer and the log keeps the cause.
    services.logger.error({ err: error }, "search suggestions failed");
    return { body: { query, total: catalogueTotal, suggestions: catalogue }, complete: false };
  }
}
