import { catalogueSuggestions, searchCatalogue } from "~/features/catalogue/search/site-catalogue.server";
import { SUGGESTION_COUNT } from "~/features/search/engine.server";
import { cleanQuery } from "~/features/search/normalize.server";
import { siteSearch } from "~/features/search/site-index.server";
import type { SearchSuggestion, SuggestionsResponse } from "~/lib/search-types";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/api.search";

/** Suggestions at most: items and families, then pages. */
const SUGGESTIONS = 8;

/**
 * GET /api/search?q=: the header's suggestions as JSON, the few best results for the words typed so
 * far: catalogue items and families (items first when the words name a part number or a size), then
 * the site's pages. Whatever arrives in `q` gets an answer (an empty list at worst), never an error page.
 */
export async function loader({ url, context: provider }: Route.LoaderArgs) {
  const { services } = requestContextOf(provider);
  const query = cleanQuery(url.searchParams.get("q"));
  let body: SuggestionsResponse = { query, total: 0, suggestions: [] };
  if (query) {
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
      const suggestions = (
        itemsFirst ? [...catalogue, ...pages] : [...catalogue.slice(0, 3), ...pages]
      ).slice(0, SUGGESTIONS);
      body = { query, total: site.total + catalogueTotal, suggestions };
    } catch (error) {
      // A bug, not bad input: the visitor still gets an answer and the log keeps the cause.
      services.logger.error({ err: error }, "search suggestions failed");
      body = { query, total: catalogueTotal, suggestions: catalogue };
    }
  }
  // The answer depends on the query, the build and the catalogue's version (served anew within 60 s);
  // misses are counted on /search only.
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=60" } });
}
