import { data, Form } from "react-router";
import { useIconsDrawn } from "~/components/icons/icon-sprite";
import { Button } from "~/components/ui/button";
import { searchPage } from "~/content/search";
import { cleanQuery } from "~/features/search/normalize.server";
import { countSearch, rememberSearchPage, searchPageKey } from "~/features/search/search-count.server";
import { pageCache } from "~/lib/page-cache.server";
import { noScripts } from "~/lib/page-scripts";
import type { CatalogueResults, SiteSearchResult } from "~/lib/search-types";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import { searchSiteAndCatalogue } from "~/site/search-page.server";
import type { Route } from "./+types/search";
import { SEARCH_RESULTS_ICONS, SearchResults } from "./search-results";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

/**
 * /search?q=: the whole site's search, rendered on the server for every request so it works without
 * JavaScript (docs/search.md). A search that finds nothing is counted for the owner, by its
 * normalised text only, within the client's hourly budget of misses (countSearch). On the running
 * server a query's page is filled in from a template this route renders once (pageTemplate, below;
 * app/site/search-page.server.ts); this loader answers the rest (an empty query, a HEAD, development).
 */
export async function loader({ request, url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const { services, pageTemplate } = context;
  if (pageTemplate) {
    // The template: its query and results are placeholders each search replaces (SearchTemplateSlots).
    const { query = "", results = "" } = pageTemplate;
    return answer({ query, result: null, catalogue: null, total: 0, resultsSlot: results });
  }
  const query = cleanQuery(url.searchParams.get("q"));
  if (!query) return answer({ query, result: null, catalogue: null, total: 0 });
  const { result, catalogue, total } = await searchSiteAndCatalogue(services, query);
  countSearch(services, { query, total }, request.headers, context.clientKey);
  // What the page shows is the query's results from this build and catalogue version: React renders it
  // once per pair (app/lib/page-cache.server.ts), unless the catalogue's search failed this time. A page
  // asked for again is answered before React Router, its search counted there (docs/decisions/0083).
  const version = services.catalogue.current().info.version;
  const pageCacheKey = catalogue ? searchPageKey(version, query) : undefined;
  if (pageCacheKey) rememberSearchPage(pageCacheKey, { query, total });
  // A kept page needs no results in its data: only the render reads them, and React Router would
  // encode them for every request (docs/decisions/0078).
  if (pageCacheKey && pageCache.hold(provider, pageCacheKey))
    return answer({ query, result: null, catalogue: null, total, pageCacheKey });
  return answer({ query, result, catalogue, total, pageCacheKey });
}

interface SearchData {
  query: string;
  result: SiteSearchResult | null;
  catalogue: CatalogueResults | null;
  total: number;
  /** The key the page is kept under (app/lib/page-cache.server.ts). */
  pageCacheKey?: string;
  /** Rendering the template: the placeholder of the results. */
  resultsSlot?: string;
}

const answer = (value: SearchData) => data(value, { headers: { "Cache-Control": "no-store" } });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  buildMeta(
    {
      title: pageTitle(loaderData?.query ? `${searchPage.title}: ${loaderData.query}` : searchPage.title),
      description: searchPage.description,
      path: "/search",
      noIndex: true,
    },
    siteOrigin(matches),
  );

/** The template's results: the placeholder, and the symbols of the icons results may draw. */
function TemplateResults({ slot }: { slot: string }) {
  useIconsDrawn(SEARCH_RESULTS_ICONS);
  return slot;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, result, catalogue, total } = loaderData;
  return (
    <>
      <section aria-labelledby="page-title" className="bg-navy text-white">
        <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-10 sm:px-6 md:py-14 lg:px-8">
          <h1
            id="page-title"
            className="text-3xl leading-tight font-extrabold break-words text-balance sm:text-4xl"
          >
            {query ? searchPage.resultsHeading(query) : searchPage.heading}
          </h1>
          <p className="max-w-prose text-lg leading-relaxed text-mist">{searchPage.lead}</p>
          <search aria-label={searchPage.heading}>
            <Form method="get" action="/search" className="flex flex-col gap-2">
              <label htmlFor="search-page-query" className="font-semibold">
                {searchPage.fieldLabel}
              </label>
              <div className="flex gap-2">
                <input
                  // A new query from a link or the header fills the field anew.
                  key={query}
                  id="search-page-query"
                  type="search"
                  name="q"
                  defaultValue={query}
                  maxLength={200}
                  autoComplete="off"
                  spellCheck={false}
                  className="min-w-0 flex-1 rounded-md border-2 border-white bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:ring-3 focus-visible:ring-amber focus-visible:outline-none"
                />
                <Button type="submit" size="md" className="h-auto">
                  {searchPage.submitLabel}
                </Button>
              </div>
            </Form>
          </search>
        </div>
      </section>
      <div className="bg-paper">
        <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12 sm:px-6 lg:px-8">
          {loaderData.resultsSlot !== undefined ? (
            <TemplateResults slot={loaderData.resultsSlot} />
          ) : (
            <SearchResults query={query} result={result} catalogue={catalogue} total={total} />
          )}
        </div>
      </div>
    </>
  );
}
