import { cataloguePages } from "~/content/catalogue-pages";
import { attributeRows, itemPath, quoteSkusHref } from "~/lib/catalogue-paths";
import type { CatalogueFamily, CatalogueItem } from "../model";
import { AddToQuoteList } from "./add-to-quote-list";
import { formatPrice } from "./item-facts";
import type { RelatedItems } from "./related";

const text = cataloguePages.item;
const linkClass =
  "font-semibold text-steel underline underline-offset-4 hover:text-navy focus-visible:rounded-sm focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none";
const h2 = "text-xl font-extrabold text-navy";

export function ItemActions({ item }: { item: CatalogueItem }) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <a
        href={quoteSkusHref([{ sku: item.sku, quantity: item.minimumOrder }])}
        className="inline-flex min-h-12 items-center rounded-md bg-amber px-6 text-lg font-semibold text-navy hover:bg-amber-dark focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none"
        data-testid="request-quote-item"
      >
        {text.requestQuote}
      </a>
      <AddToQuoteList item={item} />
    </div>
  );
}

export function Discontinued({
  family,
  replacement,
}: {
  family: CatalogueFamily;
  replacement?: CatalogueItem;
}) {
  return (
    <p className="rounded-md bg-amber/25 px-4 py-3 text-slate-900" data-testid="discontinued">
      <strong>{text.discontinued}</strong>
      {replacement ? (
        <>
          {" "}
          {text.replacedBy}{" "}
          <a href={itemPath(replacement.family || family.slug, replacement.sku)} className={linkClass}>
            {replacement.sku}: {replacement.name}
          </a>
          .
        </>
      ) : null}
    </p>
  );
}

export function Specifications({ family, item }: { family: CatalogueFamily; item: CatalogueItem }) {
  const rows: Array<[string, string]> = [
    [text.partNumber, item.sku],
    ...attributeRows(family.attributes, item.attributes),
    ...(item.make ? [[text.make, item.make] as [string, string]] : []),
    ...(item.makePartNumber ? [[text.makePartNumber, item.makePartNumber] as [string, string]] : []),
    [text.pack, item.pack],
    [text.unit, item.unit],
    [text.minimumOrder, `${item.minimumOrder} ${item.unit}`],
  ];
  return (
    <section aria-labelledby="specs-heading" className="flex flex-col gap-3">
      <h2 id="specs-heading" className={h2}>
        {text.specsHeading}
      </h2>
      <dl className="grid grid-cols-[minmax(0,12rem)_minmax(0,1fr)] rounded-xl bg-white shadow-sm ring-1 ring-mist">
        {rows.map(([label, value]) => (
          <div
            key={label}
            className="col-span-2 grid grid-cols-subgrid border-t border-mist first:border-t-0"
          >
            <dt className="px-4 py-2 font-semibold text-navy">{label}</dt>
            <dd className="px-4 py-2 break-words text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Price({ item }: { item: CatalogueItem }) {
  return (
    <section aria-labelledby="price-heading" className="flex flex-col gap-3">
      <h2 id="price-heading" className={h2}>
        {text.priceHeading}
      </h2>
      {item.listPrice === undefined ? (
        <p className="text-lg font-semibold text-slate-800" data-testid="price">
          {text.priceOnRequest}
        </p>
      ) : (
        <p className="text-lg font-semibold text-slate-800" data-testid="price">
          {text.pricePer(formatPrice(item.listPrice), item.unit)}
        </p>
      )}
      {item.priceBreaks.length > 0 ? (
        <table className="w-full max-w-sm border-collapse text-sm">
          <caption className="text-left font-semibold text-navy">{text.breaksCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 text-left">
                {text.breakQuantity}
              </th>
              <th scope="col" className="py-1 text-left">
                {text.breakPrice}
              </th>
            </tr>
          </thead>
          <tbody>
            {item.priceBreaks.map((step) => (
              <tr key={step.quantity} className="border-t border-mist">
                <td className="py-1">{text.breakFrom(step.quantity, item.unit)}</td>
                <td className="py-1">{formatPrice(step.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

export function Documents({ item }: { item: CatalogueItem }) {
  const links = [
    ...(item.sds ? [[text.sds, item.sds]] : []),
    ...(item.specSheet ? [[text.specSheet, item.specSheet]] : []),
  ];
  return (
    <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
      <h2 id="documents-heading" className={h2}>
        {text.documentsHeading}
      </h2>
      {links.length === 0 ? (
        <p className="text-slate-700">{text.noDocuments}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {links.map(([label, href]) => (
            <li key={label}>
              <a href={href} className={linkClass}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RelatedList({
  id,
  heading,
  items,
}: {
  id: string;
  heading: string;
  items: readonly CatalogueItem[];
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="font-bold text-navy">
        {heading}
      </h3>
      <ul className="flex flex-col gap-1.5">
        {items.map((other) => (
          <li key={other.sku}>
            <a href={itemPath(other.family, other.sku)} className={linkClass}>
              {other.sku}
            </a>{" "}
            <span className="text-slate-700">{other.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Related({ family, related }: { family: CatalogueFamily; related: RelatedItems }) {
  return (
    <section aria-labelledby="related-heading" className="flex flex-col gap-5">
      <h2 id="related-heading" className={h2}>
        {text.relatedHeading}
      </h2>
      <RelatedList id="related-ribbons" heading={text.ribbonsHeading} items={related.ribbons} />
      <RelatedList id="related-printers" heading={text.printersHeading} items={related.printers} />
      <RelatedList id="related-family" heading={text.sameFamily(family.name)} items={related.sameFamily} />
    </section>
  );
}
