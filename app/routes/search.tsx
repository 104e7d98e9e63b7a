import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { telHref } from "~/content/company";
import { quoteLinks } from "~/content/quote";
import { searchPage } from "~/content/search";
import { CatalogueFamilies, CatalogueItems } from "~/features/catalogue/search/results";
import { searchCatalogue } from "~/features/catalogue/search/site-catalogue.server";
import { quoteItemHref } from "~/features/quote/quote-prefill";
import { cleanQuery } from "~/features/search/normalize.server";
import { countSearch, rememberSearchPage, searchPageKey } from "~/features/search/search-count.server";
import { siteSearch } from "~/features/search/site-index.server";
import { pageCache } from "~/lib/page-cache.server";
import { noScripts } from "~/lib/page-scripts";
import {
  type CatalogueResults,
  isSitePath,
  type SearchHit,
  type SiteSearchResult,
  type TextPiece,
} from "~/lib/search-types";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/search";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

/**
 * /search?q=: the whole site's search, rendered on the server for every request so it works without
 * JavaScript (docs/search.md). A search that finds nothing is counted for the owner, by its
 * normalised text only, within the client's hourly budget of misses (countSearch).
 */
export async function loader({ request, url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const { services } = context;
  const query = cleanQuery(url.searchParams.get("q"));
  const result: SiteSearchResult | null = query ? siteSearch.search(query) : null;
  let catalogue: CatalogueResults | null = null;
  if (query) {
    try {
      catalogue = await searchCatalogue(services.db, services.catalogue.current(), query);
    } catch (error) {
      // The database failed: the pages, articles and brochures are still answered.
      services.logger.error({ err: error }, "catalogue search failed");
    }
  }
  const total = (result?.total ?? 0) + (catalogue?.items.length ?? 0) + (catalogue?.families.length ?? 0);
  if (result) countSearch(services, { query, total }, request.headers, context.clientKey);
  // What the page shows is the query's results from this build and catalogue version: React renders it
  // once per pair (app/lib/page-cache.server.ts), unless the catalogue's search failed this time. A page
  // asked for again is answered before React Router, its search counted there (docs/decisions/0083).
  const version = services.catalogue.current().info.version;
  const pageCacheKey = query && catalogue ? searchPageKey(version, query) : undefined;
  if (pageCacheKey) rememberSearchPage(pageCacheKey, { query, total });
  // A kept page needs no results in its data: only the render reads them, and React Router would
  // encode them for every request (docs/decisions/0078).
  if (pageCacheKey && pageCache.hold(provider, pageCacheKey))
    return data(
      { query, result: null, catalogue: null, total, pageCacheKey },
      { headers: { "Cache-Control": "no-store" } },
    );
  return data(
    { query, result, catalogue, total, pageCacheKey },
    { headers: { "Cache-Control": "no-store" } },
  );
}

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

function SmartLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  return isSitePath(url) ? (
    <Link to={url} className={className}>
      {children}
    </Link>
  ) : (
    <a href={url} className={className}>
      {children}
    </a>
  );
}

function Pieces({ pieces }: { pieces: readonly TextPiece[] }) {
  return pieces.map((piece, index) =>
    // Pieces never reorder within one render of a result: the position is a stable key.
    piece.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <mark key={index} className="rounded-sm bg-amber/35 px-0.5 text-inherit">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}

function Hit({ hit }: { hit: SearchHit }) {
  const pdf = !isSitePath(hit.url) && hit.group === "documents";
  return (
    <article className="flex flex-col gap-1.5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-mist">
      <p className="text-xs font-bold tracking-[0.12em] text-steel uppercase">{hit.context}</p>
      <h3 className="text-lg leading-snug font-bold text-navy">
        <SmartLink
          url={hit.url}
          className="underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none"
        >
          <Pieces pieces={hit.titlePieces} />
          {pdf ? (
            <>
              {" "}
              <span className="text-sm font-semibold text-slate-600">({searchPage.pdfLabel})</span>
            </>
          ) : null}
        </SmartLink>
      </h3>
      <p className="leading-relaxed break-words text-slate-700">
        <Pieces pieces={hit.snippet} />
      </p>
      {hit.cardUrl ? (
        <p className="text-sm">
          <SmartLink
            url={hit.cardUrl}
            className="font-semibold text-steel underline underline-offset-4 hover:text-navy"
          >
            {searchPage.cardLabel}
          </SmartLink>
        </p>
      ) : null}
    </article>
  );
}

function SiteGroups({ result }: { result: SiteSearchResult }) {
  return result.groups.map(({ group, hits }) => (
    <section key={group} aria-labelledby={`results-${group}`} className="flex flex-col gap-4">
      <h2 id={`results-${group}`} className="text-xl font-extrabold text-navy sm:text-2xl">
        {searchPage.groups[group]}
      </h2>
      <ol className="flex flex-col gap-4" data-testid={`results-${group}`}>
        {hits.map((hit) => (
          <li key={hit.id}>
            <Hit hit={hit} />
          </li>
        ))}
      </ol>
    </section>
  ));
}

/** Items lead when the words name a part number or a size (docs/search.md#items); else the site's groups do. */
function Results({
  result,
  catalogue,
}: {
  result: SiteSearchResult | null;
  catalogue: CatalogueResults | null;
}) {
  const site = result ? <SiteGroups result={result} /> : null;
  const items = catalogue ? (
    <>
      <CatalogueItems results={catalogue} />
      <CatalogueFamilies results={catalogue} />
    </>
  ) : null;
  return (
    <div className="flex flex-col gap-10">
      {result?.partial && !catalogue?.items.length ? (
        <p className="text-slate-700">{searchPage.partial}</p>
      ) : null}
      {catalogue?.itemsFirst ? items : site}
      {catalogue?.itemsFirst ? site : items}
    </div>
  );
}

function Popular() {
  const { popular } = searchPage;
  return (
    <section aria-labelledby="popular-heading" className="flex flex-col gap-4">
      <h2 id="popular-heading" className="text-xl font-extrabold text-navy sm:text-2xl">
        {popular.heading}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {popular.links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className="group flex items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 font-semibold text-navy shadow-sm ring-1 ring-mist hover:bg-paper"
            >
              <span className="group-hover:underline group-hover:underline-offset-4">{link.label}</span>
              <span aria-hidden="true" className="text-steel">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NothingFound({ query }: { query: string }) {
  const { none } = searchPage;
  return (
    <div className="flex flex-col gap-10">
      <section
        aria-labelledby="nothing-found-heading"
        className="flex flex-col items-start gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-white p-6 sm:p-8"
        data-testid="no-results"
      >
        <h2 id="nothing-found-heading" className="text-xl font-extrabold break-words text-navy sm:text-2xl">
          {none.heading(query)}
        </h2>
        <p className="max-w-prose text-lg text-slate-700">{none.lead}</p>
        <div className="flex w-full flex-col items-start gap-2">
          {/* One tap to a quote request with the words searched as its first item (docs/search.md). */}
          <Button asChild size="lg" wrap className="max-w-full text-left break-words">
            <a href={quoteItemHref(query)}>
              <span className="min-w-0 break-words">{quoteLinks.searchMiss(query)}</span>
              <Icon name="ArrowRight" />
            </a>
          </Button>
          <p className="text-slate-700">{quoteLinks.searchMissNote}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to="/contact">{none.contactLabel}</Link>
          </Button>
          <Button asChild variant="outline">
            <a href={telHref}>{none.callLabel}</a>
          </Button>
        </div>
      </section>
      <Popular />
    </div>
  );
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
          {result ? (
            <p role="status" className="font-semibold text-slate-700" data-testid="result-count">
              {searchPage.count(total)}
            </p>
          ) : null}
          {result === null ? (
            <Popular />
          ) : total === 0 ? (
            <NothingFound query={query} />
          ) : (
            <Results result={result} catalogue={catalogue} />
          )}
        </div>
      </div>
    </>
  );
}
