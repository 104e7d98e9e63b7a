import { Icon, type IconName } from "~/components/icons/icon";
import { ResultLink } from "~/components/search/result-link";
import { Button } from "~/components/ui/button";
import { telHref } from "~/content/company";
import { quoteLinks } from "~/content/quote";
import { searchPage } from "~/content/search";
import { CatalogueFamilies, CatalogueItems } from "~/features/catalogue/search/results";
import { quoteItemHref } from "~/features/quote/quote-prefill";
import {
  type CatalogueResults,
  isSitePath,
  type SearchHit,
  type SiteSearchResult,
  type TextPiece,
} from "~/lib/search-types";

/*
 * Not a route: the part of the results page (/search, search.tsx) that shows what a query found. It is
 * rendered on its own into the page's template for every search (app/site/search-page.server.ts,
 * docs/decisions/0086), outside React Router, so it uses no router hook: its links are plain links,
 * as every link of a page without scripts is (decision 0023).
 */

/** The icons these results may draw: the page's template carries their symbols (IconSprite). */
export const SEARCH_RESULTS_ICONS: readonly IconName[] = ["ArrowRight"];

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
        <a
          href={hit.url}
          className="underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none"
        >
          <Pieces pieces={hit.titlePieces} />
          {pdf ? (
            <>
              {" "}
              <span className="text-sm font-semibold text-slate-600">({searchPage.pdfLabel})</span>
            </>
          ) : null}
        </a>
      </h3>
      <p className="leading-relaxed break-words text-slate-700">
        <Pieces pieces={hit.snippet} />
      </p>
      {hit.cardUrl ? <ResultLink href={hit.cardUrl}>{searchPage.cardLabel}</ResultLink> : null}
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
            <a
              href={link.href}
              className="group flex items-center justify-between gap-3 rounded-lg bg-white px-4 py-3 font-semibold text-navy shadow-sm ring-1 ring-mist hover:bg-paper"
            >
              <span className="group-hover:underline group-hover:underline-offset-4">{link.label}</span>
              <span aria-hidden="true" className="text-steel">
                →
              </span>
            </a>
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
            <a href="/contact">{none.contactLabel}</a>
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

/** What a search shows below the form: the count and the results, the popular links, or a miss. */
export function SearchResults({
  query,
  result,
  catalogue,
  total,
}: {
  query: string;
  result: SiteSearchResult | null;
  catalogue: CatalogueResults | null;
  total: number;
}) {
  return (
    <>
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
    </>
  );
}
