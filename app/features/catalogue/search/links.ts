/** Where a family's and an item's pages are (under /products/, docs/catalogue.md). */
export const familyHref = (family: string): string => `/products/${encodeURIComponent(family)}`;
export const itemHref = (family: string, sku: string): string =>
  `/products/${encodeURIComponent(family)}/${encodeURIComponent(sku)}`;
