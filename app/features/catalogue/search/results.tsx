import { ResultLink } from "~/components/search/result-link";
import { searchPage } from "~/content/search";
import type { CatalogueResults, FamilyHit, ItemHit } from "~/lib/search-types";

/**
 * The catalogue's groups on /search (docs/search.md#items): items with their family and key
 * attributes, and product families. Plain links: the results page runs no script.
 */

const linkClass =
  "underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none";

function Item({ item }: { item: ItemHit }) {
  const { catalogue } = searchPage;
  return (
    <article className="flex flex-col gap-1.5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-mist">
      <p className="text-xs font-bold tracking-[0.12em] text-steel uppercase">
        <a href={item.familyUrl} className={linkClass}>
          {item.familyName}
        </a>
      </p>
      <h3 className="text-lg leading-snug font-bold text-navy">
        <a href={item.url} className={linkClass}>
          <span className="font-mono">{item.sku}</span> {item.name}
        </a>
        {item.discontinued ? (
          <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-sm font-semibold text-slate-700">
            {catalogue.discontinued}
          </span>
        ) : null}
      </h3>
      {item.facts.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          {item.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
      {item.sds ? <ResultLink href={item.sds}>{catalogue.sdsLabel}</ResultLink> : null}
    </article>
  );
}

function Family({ family }: { family: FamilyHit }) {
  return (
    <article className="flex flex-col gap-1 rounded-xl bg-white p-5 shadow-sm ring-1 ring-mist">
      <h3 className="text-lg leading-snug font-bold text-navy">
        <a href={family.url} className={linkClass}>
          {family.name}
        </a>
      </h3>
      <p className="leading-relaxed text-slate-700">{family.description}</p>
    </article>
  );
}

export function CatalogueItems({ results }: { results: CatalogueResults }) {
  if (results.items.length === 0) return null;
  return (
    <section aria-labelledby="results-items" className="flex flex-col gap-4">
      <h2 id="results-items" className="text-xl font-extrabold text-navy sm:text-2xl">
        {results.sds ? searchPage.catalogue.sdsHeading : searchPage.catalogue.items}
      </h2>
      <ol className="flex flex-col gap-4" data-testid="results-items">
        {results.items.map((item) => (
          <li key={item.sku}>
            <Item item={item} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CatalogueFamilies({ results }: { results: CatalogueResults }) {
  if (results.families.length === 0) return null;
  return (
    <section aria-labelledby="results-families" className="flex flex-col gap-4">
      <h2 id="results-families" className="text-xl font-extrabold text-navy sm:text-2xl">
        {searchPage.catalogue.families}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="results-families">
        {results.families.map((family) => (
          <li key={family.slug}>
            <Family family={family} />
          </li>
        ))}
      </ul>
    </section>
  );
}
