import { cleanQuery } from "~/features/search/normalize.server";
import { siteSearch } from "~/features/search/site-index.server";
import type { SuggestionsResponse } from "~/lib/search-types";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/api.search";

/**
 * GET /api/search?q=: the header's suggestions as JSON, the few best results for the words typed so
 * far. Whatever arrives in `q` gets an answer (an empty list at worst), never an error page.
 */
export function loader({ url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const query = cleanQuery(url.searchParams.get("q"));
  let body: SuggestionsResponse = { query, total: 0, suggestions: [] };
  if (query) {
    try {
      body = { query, ...siteSearch.suggest(query) };
    } catch (error) {
      // A bug, not bad input: the visitor still gets an answer and the log keeps the cause.
      context.services.logger.error({ err: error }, "search suggestions failed");
    }
  }
  // The answer depends on the query and the build alone; misses are counted on /search only.
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=300" } });
}
