import { partKey } from "~/features/catalogue/keys";
import type { CatalogueItem } from "~/features/catalogue/model";
import type { Database } from "~/server/db/schema.server";
import { type ItemQuery, looksLikeItem, parseItemQuery } from "./item-query";
import {
  EXACT_PARTS,
  type ItemRow,
  itemStatements,
  type VersionRows,
  type WordTerm,
} from "./item-sql.server";
import { ItemVocabulary } from "./item-words.server";

/**
 * The catalogue's items found by what a buyer types (docs/search.md#items): a part number (sku or the
 * make's, however separated), a size in any common spelling, words with a typo or two, and "SDS" with
 * any of these. The database's own indexes do the matching (item-sql.server.ts); this module reads the
 * query, asks for each kind of match and ranks what comes back: exact part numbers, then sizes, then
 * part numbers that hold the typed one, then words.
 */

export interface FoundItem {
  sku: string;
  family: string;
  name: string;
  attributes: Readonly<Record<string, string>>;
  make?: string;
  makePartNumber?: string;
  sds?: string;
  discontinued: boolean;
}

export interface ItemSearchResult {
  items: FoundItem[];
  /** How many items matched, up to the candidates read. */
  total: number;
  /** The words name a part number or a size, and items were found: items lead the results. */
  itemsFirst: boolean;
  /** The visitor asked for safety data sheets: the items shown have one. */
  sds: boolean;
}

export type ItemSearchMode = "page" | "suggest";

/**
 * The version's items with these part keys (sku or make part number), in the range's order, at most
 * `limit`: the range the server holds answers exact part numbers without a query (docs/decisions/0092).
 */
export type ExactParts = (keys: readonly string[], limit: number) => readonly CatalogueItem[];

export interface ItemSearch {
  search(
    query: string,
    version: number,
    options?: { mode?: ItemSearchMode; limit?: number; exact?: ExactParts },
  ): Promise<ItemSearchResult>;
}

const EMPTY: ItemSearchResult = { items: [], total: 0, itemsFirst: false, sds: false };
const SCORE = { exact: 4, size: 3, substring: 2, words: 1 } as const;
/** Items a result list holds at most. */
export const ITEM_RESULTS = 20;

/** A match, from the database's rows or the range held: what ranking reads, and the item it shows. */
interface Candidate {
  sku: string;
  discontinued: boolean;
  sds: boolean;
  item(): FoundItem;
}

function rowCandidate(row: ItemRow): Candidate {
  return {
    sku: row.sku,
    discontinued: row.status === "discontinued",
    sds: Boolean(row.sds),
    item: () => toItem(row),
  };
}

function heldCandidate(item: CatalogueItem): Candidate {
  const found: FoundItem = {
    sku: item.sku,
    family: item.family,
    name: item.name,
    attributes: item.attributes,
    ...(item.make ? { make: item.make } : {}),
    ...(item.makePartNumber ? { makePartNumber: item.makePartNumber } : {}),
    ...(item.sds ? { sds: item.sds } : {}),
    discontinued: item.status === "discontinued",
  };
  return { sku: item.sku, discontinued: found.discontinued, sds: Boolean(item.sds), item: () => found };
}

function toItem(row: ItemRow): FoundItem {
  let attributes: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(row.attributes);
    if (parsed && typeof parsed === "object") attributes = parsed as Record<string, string>;
  } catch {
    // A cell the import wrote is JSON; anything else shows no attributes rather than failing the search.
  }
  return {
    sku: row.sku,
    family: row.family,
    name: row.name,
    attributes,
    ...(row.make ? { make: row.make } : {}),
    ...(row.make_part_number ? { makePartNumber: row.make_part_number } : {}),
    ...(row.sds ? { sds: row.sds } : {}),
    discontinued: row.status === "discontinued",
  };
}

/**
 * Word matches, families taking turns in the order of their best match, so a make's name ("zebra")
 * shows its printers and its ribbons rather than one family's first twenty items.
 */
export function alternateFamilies(rows: readonly ItemRow[]): ItemRow[] {
  const byFamily = new Map<string, ItemRow[]>();
  for (const row of rows) {
    const list = byFamily.get(row.family) ?? [];
    list.push(row);
    byFamily.set(row.family, list);
  }
  const queues = [...byFamily.values()];
  const mixed: ItemRow[] = [];
  for (let round = 0; mixed.length < rows.length; round++) {
    for (const queue of queues) {
      const row = queue[round];
      if (row) mixed.push(row);
    }
  }
  return mixed;
}

/**
 * What a search needs to know of a version besides its rows, read once per version and database on
 * first need: its vocabulary (typo tolerance) and the ids its items lie between.
 */
interface VersionFacts {
  version: number;
  words?: Promise<ItemVocabulary>;
  rows?: Promise<VersionRows>;
}

const versionFacts = new WeakMap<Database, VersionFacts>();

function factOf<K extends "words" | "rows">(
  db: Database,
  version: number,
  key: K,
  load: () => NonNullable<VersionFacts[K]>,
): NonNullable<VersionFacts[K]> {
  let facts = versionFacts.get(db);
  if (facts?.version !== version) {
    facts = { version };
    versionFacts.set(db, facts);
  }
  const known = facts[key];
  if (known) return known as NonNullable<VersionFacts[K]>;
  const loading = load();
  facts[key] = loading;
  const held = facts;
  // A failed load is tried again by the next search.
  loading.catch(() => {
    if (held[key] === loading) delete held[key];
  });
  return loading;
}

async function wordTerms(
  query: ItemQuery,
  mode: ItemSearchMode,
  vocabulary: () => Promise<ItemVocabulary>,
): Promise<WordTerm[]> {
  if (query.words.length === 0) return [];
  const words = await vocabulary();
  return query.words.map((word, index) => {
    const typing = mode === "suggest" && index === query.words.length - 1;
    const numeric = /\d/.test(word);
    const spellings = typing || numeric ? [word] : words.spellings(word);
    // Nothing near it: the word is tried as the start of one ("polyeth"), which finds nothing if none.
    return spellings.length > 0
      ? { spellings, prefix: typing || numeric }
      : { spellings: [word], prefix: true };
  });
}

export function createItemSearch(db: Database): ItemSearch {
  const statements = itemStatements(db);
  return {
    async search(text, version, { mode = "page", limit = ITEM_RESULTS, exact } = {}) {
      const query = parseItemQuery(text);
      const terms = await wordTerms(query, mode, () =>
        factOf(db, version, "words", () =>
          statements.vocabulary(version).then((words) => new ItemVocabulary(words)),
        ),
      );
      const rowsOf = () => factOf(db, version, "rows", () => statements.versionRows(version));
      // A version's skus are unique: a match found twice (as a size and by its words) is one item.
      const found = new Map<string, { candidate: Candidate; score: number; order: number }>();
      let order = 0;
      const add = (list: readonly Candidate[], score: number) => {
        for (const candidate of list) {
          const known = found.get(candidate.sku);
          if (!known || known.score < score)
            found.set(candidate.sku, { candidate, score, order: known?.order ?? order++ });
        }
      };
      const addRows = (rows: readonly ItemRow[], score: number) => add(rows.map(rowCandidate), score);
      const parts = query.partKeys.slice(0, 3);
      const exactFound =
        parts.length === 0
          ? []
          : exact
            ? exact(parts, EXACT_PARTS).map(heldCandidate)
            : (await statements.exactParts(version, parts)).map(rowCandidate);
      add(exactFound, SCORE.exact);
      // A query that is one of the company's own skus is answered: its words would only add noise.
      const skuFound = query.wholePart && exactFound.some((match) => partKey(match.sku) === parts[0]);
      if (query.sizeKeys.length > 0 && !skuFound)
        addRows(await statements.sizes(version, query.sizeKeys, terms), SCORE.size);
      if (query.looksLikePart && parts[0] && found.size === 0)
        addRows(await statements.partsContaining(await rowsOf(), parts[0]), SCORE.substring);
      // A size no item has ("48 x 108" foam planks): its numbers are searched as words.
      const sizeAsWords = query.sizeKeys.length > 0 && found.size === 0;
      const wordsToSearch = sizeAsWords
        ? [...query.sizeNumbers.map((number) => ({ spellings: [number], prefix: false })), ...terms]
        : terms;
      if (!skuFound && (query.sizeKeys.length === 0 || sizeAsWords) && wordsToSearch.length > 0)
        addRows(alternateFamilies(await statements.words(await rowsOf(), wordsToSearch)), SCORE.words);
      let ranked = [...found.values()].sort(
        (a, b) =>
          b.score - a.score ||
          Number(a.candidate.discontinued) - Number(b.candidate.discontinued) ||
          a.order - b.order,
      );
      if (query.sds) ranked = ranked.filter((entry) => entry.candidate.sds);
      if (ranked.length === 0) return { ...EMPTY, sds: query.sds };
      return {
        items: ranked.slice(0, limit).map((entry) => entry.candidate.item()),
        total: ranked.length,
        itemsFirst: looksLikeItem(query) || query.sds,
        sds: query.sds,
      };
    },
  };
}
