import { company } from "~/content/company";
import { itemPath } from "~/lib/catalogue-paths";
import { absoluteUrl } from "~/lib/site";
import type { CatalogueFamily, CatalogueItem } from "../model";

/**
 * schema.org `Product` for an item page, rendered through the route's `meta` ("script:ld+json"), which
 * escapes what could close the script element and carries the request's nonce. No price is claimed
 * where the range has none.
 */
export function itemJsonLd(family: CatalogueFamily, item: CatalogueItem, origin: string) {
  const url = absoluteUrl(itemPath(family.slug, item.sku), origin);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: item.name,
    sku: item.sku,
    ...(item.makePartNumber ? { mpn: item.makePartNumber } : {}),
    brand: { "@type": "Brand", name: item.make ?? company.name },
    category: family.name,
    url,
    ...(item.image ? { image: absoluteUrl(item.image, origin) } : {}),
    ...(item.listPrice !== undefined && item.status === "active"
      ? {
          offers: {
            "@type": "Offer",
            price: item.listPrice.toFixed(2),
            priceCurrency: "USD",
            url,
            seller: { "@type": "Organization", name: company.name },
          },
        }
      : {}),
  };
}
