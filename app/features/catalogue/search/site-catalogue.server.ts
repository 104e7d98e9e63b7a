import type { CatalogueFamily, CatalogueItem } from "~/features/catalogue/model";
import { familyPath, itemPath } from "~/lib/catalogue-paths";
import { type RecentAnswers, recentAnswers } from "~/lib/recent-answers";
import type { CatalogueResults, FamilyHit, ItemHit, SearchSuggestion } from "~/lib/search-types";
import type { Database } from "~/server/db/schema.server";
import { parseItemQuery } from "./item-query";
import { createItemSearch, type FoundItem, type ItemSearch, type ItemSearchMode } from "./item-search.server";

/**
 * The catalogue's part of /search and of the header's suggestions (docs/search.md#items): items from the
 * database's indexes, shown with their family and key attributes, and the families whose name or
 * description holds the words (or whose items were found), from the families the server holds.
 */

/** What the search needs of the catalogue the server serves. */
export interface CatalogueSearchView {
  readonly info: { readonly version: number };
  readonly families: readonly CatalogueFamily[];
  family(slug: string): CatalogueFamily | undefined;
  /** The range held, for exact part numbers (CatalogueView.itemsWithParts); without it, a query asks. */
  itemsWithParts?(keys: readonly string[], limit: number): readonly CatalogueItem[];
}

/** Key attributes shown beside an item. */
const FACTS = 4;
/** Families shown at most. */
const FAMILIES = 4;

const searches = new WeakMap<Database, ItemSearch>();

function itemSearchFor(db: Database): ItemSearch {
  let search = searches.get(db);
  if (!search) {
    search = createItemSearch(db);
    searches.set(db, search);
  }
  return search;
}

function facts(item: FoundItem, family: CatalogueFamily | undefined): string[] {
  const shown = (family?.attributes ?? [])
    .filter((attribute) => attribute.column && item.attributes[attribute.key])
    .slice(0, FACTS)
    .map((attribute) => {
      const value = item.attributes[attribute.key] ?? "";
      return `${attribute.label}: ${value}${attribute.unit ? ` ${attribute.unit}` : ""}`;
    });
  const make = [item.make, item.makePartNumber].filter(Boolean).join(" ");
  return make ? [...shown, make] : shown;
}

function toItemHit(item: FoundItem, view: CatalogueSearchView): ItemHit {
  const family = view.family(item.family);
  return {
    sku: item.sku,
    name: item.name,
    url: itemPath(item.family, item.sku),
    familyName: family?.name ?? item.family,
    familyUrl: familyPath(item.family),
    facts: facts(item, family),
    ...(item.sds ? { sds: item.sds } : {}),
    discontinued: item.discontinued,
  };
}

function toFamilyHit(family: CatalogueFamily): FamilyHit {
  return {
    slug: family.slug,
    name: family.name,
    url: familyPath(family.slug),
    description: family.description,
  };
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** "labels" and "label", "boxes" and "box": the plural's ending does not count. */
const bare = (word: string) => word.replace(/(?:es|s)$/, "");

/**
 * Whether two words are at most one typo apart (a letter missing, added, changed, or two neighbours
 * swapped): the same tolerance the site search gives words of five letters or more.
 */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length <= 1 && restB.length <= 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}

const TYPO_FROM = 5;

/** A family's words as matched: each word of its name and description without a plural's ending. */
type FamilyTerms = { family: CatalogueFamily; terms: readonly { term: string; bareTerm: string }[] };

/**
 * The families' words, split once per families list (the server holds one for its life): splitting
 * every family's name and description again for each search cost more than the rest of a search's own
 * work at 50,000 items.
 */
const termsByFamilies = new WeakMap<readonly CatalogueFamily[], readonly FamilyTerms[]>();

function familyTerms(families: readonly CatalogueFamily[]): readonly FamilyTerms[] {
  let known = termsByFamilies.get(families);
  if (!known) {
    known = families.map((family) => ({
      family,
      terms: [...new Set(wordsOf(`${family.name} ${family.description}`).map(bare))].map((term) => ({
        term,
        bareTerm: bare(term),
      })),
    }));
    termsByFamilies.set(families, known);
  }
  return known;
}

/** Families whose name or description holds every word (the last one as typed so far, in suggestions). */
export function familiesMatching(families: readonly CatalogueFamily[], query: string): CatalogueFamily[] {
  const words = parseItemQuery(query)
    .words.filter((word) => !/\d/.test(word))
    .map(bare);
  if (words.length === 0) return [];
  return familyTerms(families)
    .filter(({ terms }) =>
      words.every((typed) =>
        terms.some(
          ({ term, bareTerm }) =>
            term.startsWith(typed) ||
            bareTerm === typed ||
            (typed.length >= TYPO_FROM && oneTypoApart(term, typed)),
        ),
      ),
    )
    .map(({ family }) => family);
}

/** Answers kept per database: the same words on the same version are not searched again. */
const RECENT_SEARCHES = 500;
const recentByDb = new WeakMap<Database, RecentAnswers<CatalogueResults>>();

/**
 * The catalogue's answer to a query: items, and the families of the words and of the items found. The
 * last 500 answers are kept per database, by version, mode and query (a new version asks anew).
 */
export function searchCatalogue(
  db: Database,
  view: CatalogueSearchView,
  query: string,
  mode: ItemSearchMode = "page",
): Promise<CatalogueResults> {
  let recent = recentByDb.get(db);
  if (!recent) {
    recent = recentAnswers<CatalogueResults>(RECENT_SEARCHES);
    recentByDb.set(db, recent);
  }
  return recent.answer(`${view.info.version}\n${mode}\n${query}`, () => askCatalogue(db, view, query, mode));
}

async function askCatalogue(
  db: Database,
  view: CatalogueSearchView,
  query: string,
  mode: ItemSearchMode,
): Promise<CatalogueResults> {
  const exact = view.itemsWithParts?.bind(view);
  const found = await itemSearchFor(db).search(query, view.info.version, {
    mode,
    ...(exact ? { exact } : {}),
  });
  const families = new Map<string, CatalogueFamily>();
  for (const family of familiesMatching(view.families, query)) families.set(family.slug, family);
  for (const item of found.items) {
    const family = view.family(item.family);
    if (family) families.set(family.slug, family);
  }
  return {
    items: found.items.map((item) => toItemHit(item, view)),
    families: [...families.values()].slice(0, FAMILIES).map(toFamilyHit),
    total: found.total,
    itemsFirst: found.itemsFirst,
    sds: found.sds,
  };
}

/** Items and families as the header's suggestions: items first when the words name a part or a size. */
export function catalogueSuggestions(results: CatalogueResults, limit: number): SearchSuggestion[] {
  const items = results.items.slice(0, limit).map(
    (item): SearchSuggestion => ({
      id: `item:${item.sku}`,
      title: `${item.sku} · ${item.name}`,
      context: [item.familyName, ...item.facts.slice(0, 2)].join(" · "),
      url: item.url,
    }),
  );
  const families = results.families.map(
    (family): SearchSuggestion => ({
      id: `family:${family.slug}`,
      title: family.name,
      context: "Product family",
      url: family.url,
    }),
  );
  return (results.itemsFirst ? [...items, ...families] : [...families, ...items]).slice(0, limit);
}
