import type { CatalogueReader } from "../catalogue.server";
import { FAMILY_QUERY_MAX_CHARS } from "./family-filters";

/*
 * The page cache's keys of the catalogue's family and item pages (docs/decisions/0075): what such a
 * page shows is fixed by the catalogue version and its address, so the two are its key. The pages'
 * loaders name it; the request handler computes the same from a GET's address, so that a page asked
 * for again is answered without React Router.
 */

/** The key of a family or item page: the catalogue version and the address as asked. */
export function cataloguePageKey(version: number, url: URL): string {
  return `${version}:${url.pathname}${url.search}`;
}

/**
 * The key a GET's address would have if it is a family or item page; undefined for any other address.
 * The query string is written the way React Router hands it to a loader (through URLSearchParams:
 * `%20` is `+`), so that the key is the one the page's loader named.
 */
export function cataloguePageKeyOf(catalogue: CatalogueReader, url: URL): string | undefined {
  if (!url.pathname.startsWith("/products/") || url.search.length > FAMILY_QUERY_MAX_CHARS + 1)
    return undefined;
  const search = new URLSearchParams(url.search).toString();
  return `${catalogue.current().info.version}:${url.pathname}${search ? `?${search}` : ""}`;
}
