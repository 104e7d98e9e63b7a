/*
 * The catalogue's part of the report (docs/report.md#catalogue): the most viewed family and item pages,
 * read from the page views counted by path, and the searches without results that look like a part
 * number or a size (what buyers ask for that the range lacks), listed apart from the other misses.
 */
import type { Database } from "~/server/db/schema.server";
import { METRICS, type Metric } from "../metrics";
import type { Period } from "./calendar";

export interface CatalogueRanked {
  key: string;
  count: number;
}

export interface CatalogueFigures {
  /** Family pages (`/products/<family>`) by views: key the family's slug. */
  families: CatalogueRanked[];
  /** Item pages (`/products/<family>/<sku>`) by views: key the sku. */
  items: CatalogueRanked[];
  /** Searches without results that look like a part number or a size. */
  itemMisses: CatalogueRanked[];
  /** Skus on the quote lines of the period's requests (held spam left out): key the sku as posted. */
  requestedSkus: CatalogueRanked[];
}

/** Rows each list keeps. */
export const CATALOGUE_LIMIT = 15;
/** Paths and searches read per period, most frequent first: far more than the lists keep. */
const ROWS_READ = 1000;

const SIZE = /(?:^|\s)\d+(?:\.\d+)?x\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?(?:\s|$)/;
/** A token of letters and digits with at least one of each, or a number of four digits or more. */
const PART = /(?:^|\s)(?:(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{3,}|\d{4,})(?:\s|$)/;

/**
 * Whether a search, as the site search normalises it ("4 x 6" is "4x6", "ZT-410" is "zt410"), names
 * a size or a part number.
 */
export function looksLikeItemSearch(normalized: string): boolean {
  return SIZE.test(normalized) || PART.test(normalized);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The metric's keys (with `detail`, when given) by their total over the period, largest first. */
async function totals(
  db: Database,
  period: Period,
  metric: Metric,
  filter: { like?: string; detail?: string },
) {
  const rows = await db
    .selectFrom("analytics_counts")
    .where("metric", "=", metric)
    .where("day", ">=", period.since)
    .where("day", "<=", period.until)
    .$if(filter.like !== undefined, (qb) => qb.where("key", "like", filter.like ?? ""))
    .$if(filter.detail !== undefined, (qb) => qb.where("detail", "=", filter.detail ?? ""))
    .select((eb) => ["key", eb.fn.sum<string | number>("count").as("total")])
    .groupBy("key")
    .orderBy("total", "desc")
    .orderBy("key")
    .limit(ROWS_READ)
    .execute();
  return rows.map((row) => ({ key: row.key, count: Number(row.total ?? 0) }));
}

async function catalogueViews(db: Database, period: Period) {
  const rows = await totals(db, period, METRICS.pageview, { like: "/products/%" });
  const families = new Map<string, number>();
  const items = new Map<string, number>();
  for (const row of rows) {
    const segments = row.key.slice("/products/".length).split("/").filter(Boolean);
    const { count } = row;
    const add = (into: Map<string, number>, key: string) => into.set(key, (into.get(key) ?? 0) + count);
    if (segments.length === 1 && segments[0]) add(families, decoded(segments[0]));
    else if (segments.length === 2 && segments[1]) add(items, decoded(segments[1]));
  }
  return { families, items };
}

function top(counts: Map<string, number>): CatalogueRanked[] {
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, CATALOGUE_LIMIT);
}

/**
 * The skus most often on quote lines of requests that arrived in the period and are leads (not held as
 * spam, or released), counted once per request line, as posted (an unknown sku counts too).
 */
async function requestedSkus(db: Database, bounds: { from: string; to: string }): Promise<CatalogueRanked[]> {
  const rows = await db
    .selectFrom("quote_items as i")
    .innerJoin("quote_requests as q", "q.id", "i.request_id")
    .where("i.sku", "is not", null)
    .where("q.created_at", ">=", bounds.from)
    .where("q.created_at", "<", bounds.to)
    .where((eb) => eb.or([eb("q.held_at", "is", null), eb("q.released_at", "is not", null)]))
    .select((eb) => ["i.sku", eb.fn.countAll<string | number>().as("total")])
    .groupBy("i.sku")
    .orderBy("total", "desc")
    .orderBy("i.sku")
    .limit(CATALOGUE_LIMIT)
    .execute();
  return rows.map((row) => ({ key: row.sku ?? "", count: Number(row.total) }));
}

/** The catalogue's figures for the period; `bounds` are the period's instants in the company's time zone. */
export async function catalogueFigures(
  db: Database,
  period: Period,
  bounds: { from: string; to: string },
): Promise<CatalogueFigures> {
  const { families, items } = await catalogueViews(db, period);
  const misses = await totals(db, period, METRICS.search, { detail: "miss" });
  return {
    families: top(families),
    items: top(items),
    itemMisses: misses.filter((row) => looksLikeItemSearch(row.key)).slice(0, CATALOGUE_LIMIT),
    requestedSkus: await requestedSkus(db, bounds),
  };
}
