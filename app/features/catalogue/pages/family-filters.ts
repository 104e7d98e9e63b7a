import type { CatalogueAttribute, CatalogueFamily, CatalogueItem } from "../model";

/*
 * A family page's filters (docs/catalogue.md#family-pages): each filter attribute is a query
 * parameter (`?width=4&core=3`), a value repeated means either (`?width=2&width=4`), two attributes
 * mean both. The query string is bounded before it is read; what the page does not know is ignored
 * and named, never an error.
 */

/** Longest query string a family page reads; a longer one is answered 400 before it is parsed. */
export const FAMILY_QUERY_MAX_CHARS = 2000;
/** Most parameters a family page reads; more are answered 400. */
export const FAMILY_QUERY_MAX_PARAMS = 40;
/** Longest value a filter takes; a longer one is ignored. */
const VALUE_MAX_CHARS = 80;
/** Rows a family page shows at a time (what a buyer scans); `?page=` turns the pages. */
export const FAMILY_PAGE_SIZE = 50;
/** Highest `?page=` read; a higher one is the last page. */
const PAGE_MAX = 10_000;
export const PAGE_PARAM = "page";

export interface FamilySelection {
  /** Attribute key -> the values asked for (canonical text), in attribute order. */
  readonly chosen: ReadonlyMap<string, ReadonlySet<string>>;
  /** Parameters or values ignored (unknown attribute, a value that cannot be one), as `key=value`. */
  readonly ignored: readonly string[];
  readonly page: number;
}

export type FamilyQuery = { ok: true; selection: FamilySelection } | { ok: false };

/** A value as the filters compare it: numbers by their value (`4.0` is `4`), choices as the list writes them. */
export function canonicalValue(attribute: CatalogueAttribute, raw: string): string | undefined {
  const text = raw.trim();
  if (text === "" || text.length > VALUE_MAX_CHARS) return undefined;
  if (attribute.type === "number") {
    if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(text)) return undefined;
    return String(Number(text));
  }
  if (attribute.type === "choice") {
    const lower = text.toLowerCase();
    return attribute.choices?.find((choice) => choice.toLowerCase() === lower);
  }
  return text;
}

/** Reads a family page's query string (without its `?`), bounded first. */
export function parseFamilyQuery(family: CatalogueFamily, search: string): FamilyQuery {
  const raw = search.startsWith("?") ? search.slice(1) : search;
  if (raw.length > FAMILY_QUERY_MAX_CHARS) return { ok: false };
  const params = [...new URLSearchParams(raw)];
  if (params.length > FAMILY_QUERY_MAX_PARAMS) return { ok: false };
  const filters = new Map(family.attributes.filter((a) => a.filter).map((a) => [a.key, a]));
  const chosen = new Map<string, Set<string>>();
  const ignored: string[] = [];
  let page = 1;
  for (const [key, value] of params) {
    if (key === PAGE_PARAM) {
      page = /^\d{1,6}$/.test(value) ? Math.min(Math.max(Number(value), 1), PAGE_MAX) : 1;
      continue;
    }
    const attribute = filters.get(key);
    const canonical = attribute && canonicalValue(attribute, value);
    if (!attribute || canonical === undefined) {
      ignored.push(`${key.slice(0, 40)}=${value.slice(0, 40)}`);
      continue;
    }
    const values = chosen.get(key) ?? new Set<string>();
    values.add(canonical);
    chosen.set(key, values);
  }
  // Attribute order, so that one choice of filters has one address.
  const ordered = new Map(
    family.attributes.flatMap((a) => {
      const values = chosen.get(a.key);
      return values ? [[a.key, values] as const] : [];
    }),
  );
  return { ok: true, selection: { chosen: ordered, ignored: [...new Set(ignored)], page } };
}

/** The query string (with its `?`, or empty) for a selection: attributes in order, values sorted. */
export function selectionSearch(chosen: ReadonlyMap<string, ReadonlySet<string>>, page = 1): string {
  const params = new URLSearchParams();
  for (const [key, values] of chosen) for (const value of [...values].sort()) params.append(key, value);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The selection with one value added, or taken away when it was chosen. */
export function toggled(
  chosen: ReadonlyMap<string, ReadonlySet<string>>,
  key: string,
  value: string,
): Map<string, Set<string>> {
  const next = new Map([...chosen].map(([k, values]) => [k, new Set(values)]));
  const values = next.get(key) ?? new Set<string>();
  if (values.has(value)) values.delete(value);
  else values.add(value);
  if (values.size === 0) next.delete(key);
  else next.set(key, values);
  return next;
}

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
  /** The family page's query string with this value toggled. */
  search: string;
}

export interface Facet {
  attribute: CatalogueAttribute;
  values: FacetValue[];
}

export interface FamilyListing {
  /** The rows of this page of the table. */
  rows: readonly CatalogueItem[];
  /** Items matching every chosen filter. */
  total: number;
  /** Items in the family. */
  familyTotal: number;
  page: number;
  pageCount: number;
  facets: Facet[];
}

/** Each item's filter values, canonical, computed once per item list (the view's lists do not change). */
const canonicalCache = new WeakMap<readonly CatalogueItem[], Map<string, (string | undefined)[]>>();

function canonicalColumns(
  items: readonly CatalogueItem[],
  attributes: readonly CatalogueAttribute[],
): Map<string, (string | undefined)[]> {
  const cached = canonicalCache.get(items);
  if (cached) return cached;
  const columns = new Map(
    attributes.map((attribute) => [
      attribute.key,
      items.map((item) => {
        const raw = item.attributes[attribute.key];
        return raw === undefined ? undefined : canonicalValue(attribute, raw);
      }),
    ]),
  );
  canonicalCache.set(items, columns);
  return columns;
}

function compareValues(attribute: CatalogueAttribute) {
  if (attribute.type === "number") return (a: string, b: string) => Number(a) - Number(b);
  const order = attribute.choices ?? [];
  if (attribute.type === "choice") return (a: string, b: string) => order.indexOf(a) - order.indexOf(b);
  return (a: string, b: string) => a.localeCompare(b, "en-US", { numeric: true });
}

/** Listings kept per item list (a version's family), by selection: the most asked stay. */
const LISTINGS_KEPT = 200;
const listingCache = new WeakMap<readonly CatalogueItem[], Map<string, FamilyListing>>();

/**
 * The table's rows for a selection, and each filter's values with the count each would leave. The
 * last 200 listings of each item list are kept (a version's lists never change).
 */
export function familyListing(
  family: CatalogueFamily,
  items: readonly CatalogueItem[],
  selection: FamilySelection,
): FamilyListing {
  let kept = listingCache.get(items);
  if (!kept) {
    kept = new Map();
    listingCache.set(items, kept);
  }
  const key = `${family.slug}?${selectionSearch(selection.chosen, selection.page)}`;
  const known = kept.get(key);
  if (known) return known;
  const listing = listFamily(family, items, selection);
  kept.set(key, listing);
  for (const oldest of kept.keys()) {
    if (kept.size <= LISTINGS_KEPT) break;
    kept.delete(oldest);
  }
  return listing;
}

function listFamily(
  family: CatalogueFamily,
  items: readonly CatalogueItem[],
  selection: FamilySelection,
): FamilyListing {
  const filters = family.attributes.filter((a) => a.filter);
  const columns = canonicalColumns(items, filters);
  const chosen = [...selection.chosen].map(([key, values]) => ({
    key,
    values,
    column: columns.get(key) ?? [],
  }));
  // For each item, how many chosen attributes it fails, and which (the one, when it fails one).
  const counts = new Map(filters.map((a) => [a.key, new Map<string, number>()]));
  const matching: CatalogueItem[] = [];
  items.forEach((item, index) => {
    let failures = 0;
    let failed = "";
    for (const { key, values, column } of chosen) {
      const value = column[index];
      if (value === undefined || !values.has(value)) {
        failures += 1;
        failed = key;
      }
    }
    if (failures === 0) matching.push(item);
    if (failures > 1) return;
    // A value's count is what the page would list with that value chosen instead: the other filters hold.
    for (const attribute of filters) {
      if (failures === 1 && failed !== attribute.key) continue;
      const value = columns.get(attribute.key)?.[index];
      if (value === undefined) continue;
      const tally = counts.get(attribute.key);
      tally?.set(value, (tally.get(value) ?? 0) + 1);
    }
  });
  const facets = filters.map((attribute) => {
    const tally = counts.get(attribute.key) ?? new Map<string, number>();
    const selected = selection.chosen.get(attribute.key) ?? new Set<string>();
    // Every value the family has, those the other filters rule out with a count of 0.
    const present = (columns.get(attribute.key) ?? []).filter(
      (value): value is string => value !== undefined,
    );
    const values = [...new Set([...present, ...selected])].sort(compareValues(attribute));
    return {
      attribute,
      values: values.map((value) => ({
        value,
        count: tally.get(value) ?? 0,
        selected: selected.has(value),
        search: selectionSearch(toggled(selection.chosen, attribute.key, value)),
      })),
    };
  });
  const pageCount = Math.max(1, Math.ceil(matching.length / FAMILY_PAGE_SIZE));
  const page = Math.min(selection.page, pageCount);
  const rows = matching.slice((page - 1) * FAMILY_PAGE_SIZE, page * FAMILY_PAGE_SIZE);
  return { rows, total: matching.length, familyTotal: items.length, page, pageCount, facets };
}
