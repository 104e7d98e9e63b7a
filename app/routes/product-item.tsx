import { data, redirect, useLocation } from "react-router";
import { NotFoundBody } from "~/components/page/not-found-body";
import { cataloguePages } from "~/content/catalogue-pages";
import { QuoteListSnippet } from "~/features/catalogue/pages/add-to-quote-list";
import { Breadcrumbs } from "~/features/catalogue/pages/family-page";
import { itemJsonLd } from "~/features/catalogue/pages/item-json-ld";
import {
  Discontinued,
  Documents,
  ItemActions,
  Price,
  Related,
  Specifications,
} from "~/features/catalogue/pages/item-page";
import { cataloguePageKey } from "~/features/catalogue/pages/page-keys";
import { relatedItems } from "~/features/catalogue/pages/related";
import { itemPath, QUOTE_LIST_SKU_MAX } from "~/lib/catalogue-paths";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/product-item";

/** No script file: the actions are a link and a form, the quote list an inline snippet (docs/catalogue.md#item-pages). */
export const handle = { ...noScripts, quoteList: true };

/**
 * /products/<family>/<sku>: one item, from the active catalogue version on every request. A sku in
 * another case or under another family is sent to its own address; an unknown one gets the 404 page
 * with the search box holding it.
 */
export function loader({ params, url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const view = context.services.catalogue.current();
  const sku = params.sku.slice(0, QUOTE_LIST_SKU_MAX + 1);
  const item = sku.length <= QUOTE_LIST_SKU_MAX ? view.item(sku) : undefined;
  const family = item && view.family(item.family);
  if (!item || !family) {
    context.services.logger.warn(
      { path: url.pathname.slice(0, 200), event: "not_found" },
      "catalogue item not found",
    );
    return data({ kind: "not-found" as const, sku: sku.slice(0, 200) }, { status: 404 });
  }
  const path = itemPath(family.slug, item.sku);
  if (path !== url.pathname) throw redirect(path, 301);
  const replacement = item.replacementSku ? view.item(item.replacementSku) : undefined;
  const related = relatedItems(view, family, item);
  // Rendered once per version and address (app/lib/page-cache.server.ts).
  const pageCacheKey = cataloguePageKey(view.info.version, url);
  return { kind: "item" as const, family, item, replacement, related, pageCacheKey };
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const origin = siteOrigin(matches);
  if (loaderData?.kind !== "item") {
    return buildMeta(
      {
        title: pageTitle("Page Not Found"),
        description: cataloguePages.notFound.lead(loaderData?.sku ?? ""),
        path: location.pathname,
        noIndex: true,
      },
      origin,
    );
  }
  const { family, item } = loaderData;
  return [
    ...buildMeta(
      {
        title: pageTitle(cataloguePages.item.title(item.name, item.sku)),
        description: cataloguePages.item.description(item.name, item.sku, family.name, item.pack),
        path: itemPath(family.slug, item.sku),
      },
      origin,
    ),
    { "script:ld+json": itemJsonLd(family, item, origin) },
  ];
};

export default function ProductItem({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  if (loaderData.kind === "not-found") {
    const { notFound } = cataloguePages;
    return (
      <NotFoundBody
        pathname={pathname}
        search={{
          query: loaderData.sku,
          lead: notFound.lead(loaderData.sku),
          label: notFound.searchLabel,
          button: notFound.searchButton,
        }}
      />
    );
  }
  const { family, item, replacement, related } = loaderData;
  return (
    <>
      <section aria-labelledby="page-title" className="bg-navy text-white">
        <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
          <Breadcrumbs family={family} item={item.sku} />
          <h1
            id="page-title"
            className="text-3xl leading-tight font-extrabold text-balance break-words sm:text-4xl"
          >
            {item.name}
          </h1>
          <p className="text-lg text-mist">
            {cataloguePages.item.partNumber}: <span className="font-semibold text-white">{item.sku}</span>
          </p>
        </div>
      </section>
      <div className="bg-paper">
        <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6 lg:px-8">
          {item.status === "discontinued" ? <Discontinued family={family} replacement={replacement} /> : null}
          <ItemActions item={item} />
          <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Specifications family={family} item={item} />
            <div className="flex flex-col gap-10">
              <Price item={item} />
              <Documents item={item} />
            </div>
          </div>
          <Related family={family} related={related} />
        </div>
      </div>
      <QuoteListSnippet />
    </>
  );
}
