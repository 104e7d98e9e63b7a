import type { SiteServices } from "~/load-context";
import { recordSearchMiss } from "./misses.server";
import { normalizeQuery } from "./normalize.server";

/*
 * What the site learns of a search on /search (docs/analytics.md, docs/search.md#searches-that-found-nothing):
 * the search counted, found or not, and a search without results recorded for the owner. It runs for every
 * search, whether the results page is rendered by React Router or answered from the pages kept.
 */

type Services = Pick<SiteServices, "db" | "counting" | "logger">;

/** Counts one search of `query` (cleaned) that found `total` results. */
export function countSearch(
  services: Services,
  search: { query: string; total: number },
  headers: Headers,
  clientKey: string,
): void {
  const { query, total } = search;
  services.counting?.search(normalizeQuery(query), total > 0, headers, clientKey);
  if (total > 0) return;
  // Counting must not slow the answer down or fail it: the page does not wait for the database.
  recordSearchMiss(services.db, clientKey, query).catch((error: unknown) =>
    services.logger.warn({ err: error }, "could not count a search without results"),
  );
}

/*
 * The results pages kept rendered (docs/decisions/0083): a page's key is the catalogue version and the
 * cleaned query, never an address (those start with "/"). What a kept page's request must still do is
 * count its search, so its query and the number of results it showed are kept beside it.
 */

/** Searches kept at most: more than the results pages the page cache keeps at a time. */
const TOTALS_KEPT = 5000;
const totals = new Map<string, KeptSearch>();

/** A kept results page's search: its cleaned query and how many results it shows. */
export interface KeptSearch {
  query: string;
  total: number;
}

export function searchPageKey(version: number, query: string): string {
  return `${version}:search:${query}`;
}

/** Notes the search whose results page is kept under `key`. */
export function rememberSearchPage(key: string, search: KeptSearch): void {
  totals.delete(key);
  totals.set(key, search);
  for (const oldest of totals.keys()) {
    if (totals.size <= TOTALS_KEPT) break;
    totals.delete(oldest);
  }
}

/** The search whose results page is kept under `key`; undefined when no such page was kept. */
export function keptSearchOf(key: string): KeptSearch | undefined {
  return totals.get(key);
}
