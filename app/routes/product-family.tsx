import { data, useLocation } from "react-router";
import { NotFoundBody } from "~/components/page/not-found-body";
import { cataloguePages } from "~/content/catalogue-pages";
import { familyListing, parseFamilyQuery } from "~/features/catalogue/pages/family-filters";
import {
  Breadcrumbs,
  FamilyFilters,
  FamilyTable,
  NoItemMatches,
  Pages,
  QuoteListSnippet,
} from "~/features/catalogue/pages/family-page";
import { cataloguePageKey } from "~/features/catalogue/pages/page-keys";
import { familyPath } from "~/lib/catalogue-paths";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/product-family";

/** No script file: filters are links, the quote list an inline snippet (docs/catalogue.md#family-pages). */
export const handle = { ...noScripts, quoteList: true };

/**
 * /products/<family>: the family's items in a table with a filter per filter attribute, read from the
 * active catalogue version on every request (a new range needs no rebuild), rendered once per version
 * and address (app/lib/page-cache.server.ts). The query string is bounded before it is read: an
 * oversized one is a 400.
 */
export function loader({ params, url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const view = context.services.catalogue.current();
  const family = view.family(params.family);
  if (!family) {
    context.services.logger.warn({ path: url.pathname, event: "not_found" }, "catalogue family not found");
    return data({ kind: "not-found" as const }, { status: 404 });
  }
  const query = parseFamilyQuery(family, url.search);
  if (!query.ok) return data({ kind: "too-long" as const, family }, { status: 400 });
  const listing = familyListing(family, view.itemsOf(family.slug), query.selection);
  const chosen = [...query.selection.chosen].map(([key, values]) => [key, [...values]] as const);
  // The page shows nothing but this version's items for this address: React renders it once per pair.
  const pageCacheKey = cataloguePageKey(view.info.version, url);
  return data({
    kind: "family" as const,
    family,
    listing,
    chosen,
    ignored: query.selection.ignored,
    pageCacheKey,
  });
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const origin = siteOrigin(matches);
  if (loaderData?.kind !== "family") {
    const name = loaderData?.kind === "too-long" ? loaderData.family.name : "Page Not Found";
    return buildMeta(
      {
        title: pageTitle(name),
        description: cataloguePages.family.noneLead,
        path: location.pathname,
        noIndex: true,
      },
      origin,
    );
  }
  const { family, listing } = loaderData;
  // Every filtered view names the whole family as its canonical page.
  return buildMeta(
    {
      title: pageTitle(cataloguePages.family.title(family.name)),
      description: cataloguePages.family.description(listing.familyTotal, family.description),
      path: familyPath(family.slug),
    },
    origin,
  );
};

export default function ProductFamily({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  if (loaderData.kind === "not-found") return <NotFoundBody pathname={pathname} />;
  const { family } = loaderData;
  const base = familyPath(family.slug);
  return (
    <>
      <section aria-labelledby="page-title" className="bg-navy text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
          <Breadcrumbs family={family} />
          <h1 id="page-title" className="text-3xl leading-tight font-extrabold text-balance sm:text-4xl">
            {family.name}
          </h1>
          <p className="max-w-prose text-lg leading-relaxed text-mist">{family.description}</p>
        </div>
      </section>
      <div className="bg-paper">
        {loaderData.kind === "too-long" ? (
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
            <NoItemMatches base={base} />
          </div>
        ) : (
          <FamilyBody {...loaderData} base={base} />
        )}
      </div>
      <QuoteListSnippet />
    </>
  );
}

function FamilyBody({
  family,
  listing,
  chosen,
  ignored,
  base,
}: Extract<Route.ComponentProps["loaderData"], { kind: "family" }> & { base: string }) {
  const selection = new Map(chosen.map(([key, values]) => [key, new Set(values)]));
  const text = cataloguePages.family;
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-8">
      <FamilyFilters facets={listing.facets} base={base} filtered={selection.size > 0} />
      <div className="flex min-w-0 flex-col gap-4">
        {ignored.length > 0 ? (
          <p
            className="rounded-md bg-amber/20 px-3 py-2 text-slate-800 break-words"
            data-testid="ignored-filters"
          >
            {text.ignored(ignored.slice(0, 5).join(", "))}
          </p>
        ) : null}
        <p role="status" className="font-semibold text-slate-700" data-testid="family-count">
          {text.count(listing.total, listing.familyTotal)}
        </p>
        {listing.total === 0 ? (
          <NoItemMatches base={base} />
        ) : (
          <FamilyTable family={family} rows={listing.rows} />
        )}
        <Pages listing={listing} base={base} chosen={selection} />
      </div>
    </div>
  );
}
