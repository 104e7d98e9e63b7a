import { cataloguePages } from "~/content/catalogue-pages";
import { productSectionTitles } from "~/content/product-sections";
import { attributeText, familyPath, itemPath } from "~/lib/catalogue-paths";
import { cn } from "~/lib/cn";
import type { CatalogueFamily, CatalogueItem } from "../model";
import { AddToQuoteList, QuoteListSnippet } from "./add-to-quote-list";
import type { Facet, FamilyListing } from "./family-filters";
import { selectionSearch } from "./family-filters";

const text = cataloguePages.family;
const linkClass =
  "font-semibold text-steel underline underline-offset-4 hover:text-navy focus-visible:rounded-sm focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none";

export function Breadcrumbs({ family, item }: { family: CatalogueFamily; item?: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-mist">
      <ol className="flex flex-wrap gap-x-2 gap-y-1">
        <li>
          <a href="/products" className="underline underline-offset-4 hover:text-white">
            {text.breadcrumbProducts}
          </a>{" "}
          <span aria-hidden="true">›</span>
        </li>
        <li>
          <a href={`/products#${family.area}`} className="underline underline-offset-4 hover:text-white">
            {productSectionTitles[family.area]}
          </a>{" "}
          <span aria-hidden="true">›</span>
        </li>
        <li>
          {item ? (
            <>
              <a href={familyPath(family.slug)} className="underline underline-offset-4 hover:text-white">
                {family.name}
              </a>{" "}
              <span aria-hidden="true">›</span>
            </>
          ) : (
            <span aria-current="page">{family.name}</span>
          )}
        </li>
        {item ? (
          <li aria-current="page" className="break-all">
            {item}
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

function FacetList({ facet, base }: { facet: Facet; base: string }) {
  const { attribute } = facet;
  const headingId = `filter-${attribute.key}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-bold text-navy">
        {attribute.label}
      </h3>
      <ul className="flex flex-wrap gap-2">
        {facet.values.map((value) => {
          const label = attributeText(attribute, value.value);
          const body = (
            <>
              {value.selected ? <span aria-hidden="true">✓ </span> : null}
              {label} <span className="font-normal text-slate-600">({value.count})</span>
            </>
          );
          return (
            <li key={value.value}>
              {value.count === 0 && !value.selected ? (
                <span className="inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-700">
                  {body}
                </span>
              ) : (
                <a
                  href={`${base}${value.search}`}
                  rel="nofollow"
                  aria-current={value.selected ? "true" : undefined}
                  data-filter={`${attribute.key}=${value.value}`}
                  className={cn(
                    "inline-flex min-h-9 items-center rounded-md border-2 px-2.5 text-sm font-semibold focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none",
                    value.selected
                      ? "border-navy bg-navy text-white [&_span]:text-mist"
                      : "border-slate-300 bg-white text-navy hover:border-navy",
                  )}
                >
                  {body}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function FamilyFilters({
  facets,
  base,
  filtered,
}: {
  facets: Facet[];
  base: string;
  filtered: boolean;
}) {
  if (facets.length === 0) return null;
  return (
    <nav aria-labelledby="filters-heading" className="flex flex-col gap-5">
      <h2 id="filters-heading" className="text-xl font-extrabold text-navy">
        {text.filtersHeading}
      </h2>
      {facets.map((facet) => (
        <FacetList key={facet.attribute.key} facet={facet} base={base} />
      ))}
      {filtered ? (
        <a href={base} className={linkClass}>
          {text.clearAll}
        </a>
      ) : null}
    </nav>
  );
}

export function FamilyTable({ family, rows }: { family: CatalogueFamily; rows: readonly CatalogueItem[] }) {
  const columns = family.attributes.filter((a) => a.column);
  const th = "px-3 py-2 text-left font-bold whitespace-nowrap";
  return (
    <div
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-mist"
      data-testid="family-table"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{text.tableCaption(family.name)}</caption>
        <thead className="bg-paper text-navy">
          <tr>
            <th scope="col" className={th}>
              {text.columns.sku}
            </th>
            <th scope="col" className={th}>
              {text.columns.name}
            </th>
            {columns.map((a) => (
              <th key={a.key} scope="col" className={th}>
                {a.label}
              </th>
            ))}
            <th scope="col" className={th}>
              {text.columns.pack}
            </th>
            <th scope="col" className={th}>
              {text.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item.sku} className="border-t border-mist align-top">
              <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                <a href={itemPath(family.slug, item.sku)} className={linkClass}>
                  {item.sku}
                </a>
              </th>
              <td className="min-w-48 px-3 py-2 text-slate-800">{item.name}</td>
              {columns.map((a) => (
                <td key={a.key} className="px-3 py-2 whitespace-nowrap text-slate-800">
                  {attributeText(a, item.attributes[a.key])}
                </td>
              ))}
              <td className="min-w-32 px-3 py-2 text-slate-800">{item.pack}</td>
              <td className="px-3 py-2">
                <AddToQuoteList item={item} compact named />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function NoItemMatches({ base }: { base: string }) {
  return (
    <section
      aria-labelledby="no-match-heading"
      className="flex flex-col items-start gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-white p-6"
      data-testid="no-match"
    >
      <h2 id="no-match-heading" className="text-xl font-extrabold text-navy">
        {text.noneHeading}
      </h2>
      <p className="text-slate-700">{text.noneLead}</p>
      <a href={base} className={linkClass}>
        {text.clearAll}
      </a>
    </section>
  );
}

export function Pages({
  listing,
  base,
  chosen,
}: {
  listing: FamilyListing;
  base: string;
  chosen: Parameters<typeof selectionSearch>[0];
}) {
  if (listing.pageCount <= 1) return null;
  const { page, pageCount } = listing;
  return (
    <nav aria-label={text.pageOf(page, pageCount)} className="flex flex-wrap items-center gap-4">
      {page > 1 ? (
        <a href={`${base}${selectionSearch(chosen, page - 1)}`} rel="prev nofollow" className={linkClass}>
          {text.previous}
        </a>
      ) : null}
      <span className="text-slate-700">{text.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <a href={`${base}${selectionSearch(chosen, page + 1)}`} rel="next nofollow" className={linkClass}>
          {text.next}
        </a>
      ) : null}
    </nav>
  );
}

export { QuoteListSnippet };
