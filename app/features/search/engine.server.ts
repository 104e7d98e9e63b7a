import MiniSearch, { type Options, type QueryCombination, type SearchResult } from "minisearch";
import {
  type SearchGroup,
  type SearchHit,
  type SearchHitGroup,
  type SearchSuggestion,
  type SiteSearchResult,
  searchGroups,
} from "~/lib/search-types";
import type { PdfLocation, SearchDocument } from "./documents.server";
import { type KindFilter, kindFilter } from "./kind-words.server";
import { cleanQuery, isSearchable, processTerm, scan, tokenize } from "./normalize.server";
import { highlight, type PreparedText, prepareText, snippet } from "./snippet.server";

/**
 * The site search over a MiniSearch index (docs/search.md). The index is built once at build time
 * (scripts/build/build-search-index.ts) and loaded once by the server; MiniSearch does the matching and the
 * scoring (BM25), this module decides how a query's words combine and shapes the results for the pages.
 */

const FIELDS = ["title", "keywords", "text"];
const STORED_FIELDS = ["group", "title", "context", "url", "pdf", "keywords", "text"];

/** A query's first words only: enough for any real query, and a bound on the work one request costs. */
export const MAX_QUERY_WORDS = 12;
/** Results shown per group on the results page. */
export const RESULTS_PER_GROUP = 10;
/** Suggestions under the header's search field. */
export const SUGGESTION_COUNT = 6;

const PLAIN_WORD = /^[a-z]+$/;

/**
 * The MiniSearch options; the index must be loaded with the same ones it was built with. Queries are
 * split by queryPlan, so at search time each string MiniSearch sees is one token already.
 */
function indexOptions(): Options<SearchDocument> {
  return {
    fields: FIELDS,
    storeFields: STORED_FIELDS,
    tokenize: (text) => tokenize(text),
    processTerm: (term) => processTerm(term),
    searchOptions: {
      tokenize: (term) => [term],
      boost: { title: 4, keywords: 2 },
    },
  };
}

export function buildIndex(documents: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(indexOptions());
  index.addAll(documents);
  return index;
}

export function serializeIndex(index: MiniSearch<SearchDocument>): string {
  return JSON.stringify(index);
}

type Mode = "page" | "suggest";

/**
 * One typo (a letter missing, added or changed) in a word of five letters or more; none in numbers,
 * sizes and part numbers.
 */
const fuzzy = (term: string) => (PLAIN_WORD.test(term) && term.length >= 5 ? 1 : false);

/** A typed word with two neighbouring letters swapped back ("polyehtylene" → "polyethylene"). */
export function swaps(term: string): string[] {
  if (!PLAIN_WORD.test(term) || term.length < 5) return [];
  const found = new Set<string>();
  for (let at = 0; at < term.length - 1; at++) {
    if (term[at] === term[at + 1]) continue;
    found.add(term.slice(0, at) + term[at + 1] + term[at] + term.slice(at + 2));
  }
  return [...found];
}

/** Swapped letters weigh what one typo weighs in MiniSearch (its fuzzy weight). */
const SWAP_WEIGHT = 0.45;

/** The words a typed word may have meant with two letters swapped back, among those the index holds. */
type SwapsFor = (term: string) => string[];

function leaf(term: string, prefix: (term: string) => boolean, swapsFor?: SwapsFor): QueryCombination {
  // The stem and the word itself (processTerm) each find the document: OR.
  const typed: QueryCombination = { queries: [term], combineWith: "OR", fuzzy, prefix };
  const swapped = swapsFor?.(term) ?? [];
  if (swapped.length === 0) return typed;
  // MiniSearch's fuzzy match counts a swap of two letters as two edits; a reader counts one typo.
  return {
    combineWith: "OR",
    queries: [
      typed,
      { queries: swapped, combineWith: "OR", fuzzy: false, prefix: false, boostTerm: () => SWAP_WEIGHT },
    ],
  };
}

/**
 * How a query's words combine: every word must match (AND); a word with parts (ZT-410, die-cut)
 * matches as a whole or by all of its parts. Words also match by their start ("polyeth" finds
 * polyethylene) from four letters, and while typing (suggestions) the last word from two. With
 * `swapsFor`, a word also matches the words it becomes with two neighbouring letters swapped.
 */
export function queryPlan(query: string, mode: Mode, swapsFor?: SwapsFor): QueryCombination[] {
  const tokens = scan(cleanQuery(query))
    .filter((token) => isSearchable(token.whole) || token.parts.some(isSearchable))
    .slice(0, MAX_QUERY_WORDS);
  return tokens.map((token, position): QueryCombination => {
    const typing = mode === "suggest" && position === tokens.length - 1;
    const prefix = (term: string) => (typing ? term.length >= 2 : PLAIN_WORD.test(term) && term.length >= 4);
    const whole = isSearchable(token.whole) ? [leaf(token.whole, prefix, swapsFor)] : [];
    const parts = token.parts.filter(isSearchable);
    if (parts.length < 2) return whole[0] ?? leaf(parts[0] ?? token.whole, prefix, swapsFor);
    const byParts: QueryCombination = {
      combineWith: "AND",
      queries: parts.map((part) => leaf(part, () => false, swapsFor)),
    };
    return { combineWith: "OR", queries: [...whole, byParts] };
  });
}

/** What the index keeps of a document (STORED_FIELDS): all but its id, which every hit has anyway. */
type StoredDocument = Omit<SearchDocument, "id">;

type Hit = SearchResult & StoredDocument;

export interface EngineOptions {
  /** The link to a PDF (the site may serve them from a CDN). */
  pdfHref?: (folder: PdfLocation["folder"], fileName: string) => string;
}

export interface SearchEngine {
  documentCount: number;
  /** Grouped, scored results with marked titles and snippets, for the results page. */
  search(query: string): SiteSearchResult;
  /** The best few results for the words typed so far, for the header's suggestions. */
  suggest(query: string, limit?: number): { total: number; suggestions: SearchSuggestion[] };
}

const defaultPdfHref = (folder: string, fileName: string) => `/${folder}/${encodeURIComponent(fileName)}`;

/** The page of a PDF that a place in its text belongs to, 1-based. */
function pageAt(pageStarts: readonly number[], at: number): number {
  let page = 1;
  for (let index = 0; index < pageStarts.length; index++)
    if ((pageStarts[index] ?? 0) <= at) page = index + 1;
  return page;
}

type PreparedDocument = { title: PreparedText; keywords: PreparedText; text: PreparedText };
type Found = { hits: Hit[]; partial: boolean };

function createEngine(index: MiniSearch<SearchDocument>, options: EngineOptions = {}): SearchEngine {
  const pdfHref = options.pdfHref ?? defaultPdfHref;
  const prepared = prepareDocuments(index);
  const knownSwaps = knownSwapsOf(prepared);

  /** Kind words ("brochure", "article", "quote") choose the groups first; failing that, the whole site. */
  function run(query: string, mode: Mode): Found {
    const kind = kindFilter(query);
    if (kind) {
      // "brochures" alone: the documents that hold the word.
      const found = searchWords(index, knownSwaps, kind.words || kind.kindWords, mode, kind);
      // Results of that kind holding every word; otherwise the site's, as for any query.
      if (found.hits.length > 0 && !found.partial) return found;
    }
    return searchWords(index, knownSwaps, query, mode);
  }

  // The index is fixed for the life of the process, so an answer is too: the last answers are kept
  // (a query asked again, the header's suggestions above all, costs a lookup instead of a search).
  const pages = recentResults<SiteSearchResult>();
  const suggestions = recentResults<{ total: number; suggestions: SearchSuggestion[] }>();

  return {
    documentCount: index.documentCount,
    search: (query) => pages(query, () => searchPage(query)),
    suggest: (query, limit = SUGGESTION_COUNT) =>
      suggestions(`${limit}\n${query}`, () => suggestFor(query, limit)),
  };

  function searchPage(query: string): SiteSearchResult {
    const { hits, partial } = run(query, "page");
    const groups: SearchHitGroup[] = searchGroups
      .map((group) => ({
        group,
        hits: hits
          .filter((hit) => hit.group === group)
          .slice(0, RESULTS_PER_GROUP)
          .map((hit) => searchHitOf(hit, prepared, pdfHref)),
      }))
      .filter((group) => group.hits.length > 0);
    return { total: hits.length, groups, partial };
  }

  function suggestFor(query: string, limit: number) {
    const { hits } = run(query, "suggest");
    const suggestions = hits.slice(0, limit).map((hit) => ({
      id: String(hit.id),
      title: hit.title,
      context: hit.context,
      url: hit.pdf ? pdfHref(hit.pdf.folder, hit.pdf.fileName) : hit.url,
    }));
    return { total: hits.length, suggestions };
  }
}

/** Answers kept per engine and kind, the least recently asked forgotten first. */
const RECENT_RESULTS = 500;

/** A keeper of the last answers: `(key, compute)` answers from it or computes and keeps. */
function recentResults<T>(max = RECENT_RESULTS): (key: string, compute: () => T) => T {
  // A Map keeps insertion order: an answer used again moves to the end, the first is the oldest.
  const kept = new Map<string, T>();
  return (key, compute) => {
    const known = kept.get(key);
    if (known !== undefined) {
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const answer = compute();
    kept.set(key, answer);
    for (const oldest of kept.keys()) {
      if (kept.size <= max) break;
      kept.delete(oldest);
    }
    return answer;
  };
}

/** Every title and text read into words once, at load, so marking a result costs a lookup per word. */
function prepareDocuments(index: MiniSearch<SearchDocument>): Map<string, PreparedDocument> {
  const prepared = new Map<string, PreparedDocument>();
  for (const document of index.search(MiniSearch.wildcard) as Hit[]) {
    prepared.set(String(document.id), {
      title: prepareText(document.title),
      keywords: prepareText(document.keywords),
      text: prepareText(document.text),
    });
  }
  return prepared;
}

/**
 * Every term the index holds (as processTerm makes them), so a swap of letters is looked up only
 * when it makes a word the site has.
 */
function knownSwapsOf(prepared: ReadonlyMap<string, PreparedDocument>): SwapsFor {
  const vocabulary = new Set<string>();
  for (const { title, keywords, text } of prepared.values()) {
    for (const words of [title.wordsWith, keywords.wordsWith, text.wordsWith]) {
      for (const term of words.keys()) vocabulary.add(term);
    }
  }
  return (term) =>
    swaps(term).filter((candidate) => processTerm(candidate)?.some((processed) => vocabulary.has(processed)));
}

/** The query's words, every one required; with `kind`, among the kind's groups only. */
function searchWords(
  index: MiniSearch<SearchDocument>,
  knownSwaps: SwapsFor,
  query: string,
  mode: Mode,
  kind?: KindFilter,
): Found {
  const inKind = kind ? (result: SearchResult) => kind.groups.has(result.group as SearchGroup) : undefined;
  const searchAll = (plan: QueryCombination[], combineWith: "AND" | "OR"): Hit[] =>
    index.search({ combineWith, queries: plan }, inKind ? { filter: inKind } : {}) as Hit[];
  const plan = queryPlan(query, mode);
  if (plan.length === 0) return { hits: [], partial: false };
  const all = searchAll(plan, "AND");
  if (all.length > 0) return { hits: all, partial: false };
  // Nothing yet: letters typed in the wrong order are tried only now, and only where swapping them
  // back makes a word the site has, so the usual query never pays for them.
  let applied = 0;
  const swapped = queryPlan(query, mode, (term) => {
    const found = knownSwaps(term);
    applied += found.length;
    return found;
  });
  const again = applied > 0 ? searchAll(swapped, "AND") : [];
  if (again.length > 0 || plan.length === 1) return { hits: again, partial: false };
  // No document holds every word: show those that hold some, and say so.
  const some = searchAll(swapped, "OR");
  return { hits: some, partial: some.length > 0 };
}

/** A result as the page shows it: its title and snippet marked, a PDF's link to the snippet's page. */
function searchHitOf(
  result: Hit,
  prepared: ReadonlyMap<string, PreparedDocument>,
  pdfHref: NonNullable<EngineOptions["pdfHref"]>,
): SearchHit {
  const id = String(result.id);
  const texts = prepared.get(id) ?? {
    title: prepareText(result.title),
    keywords: prepareText(result.keywords),
    text: prepareText(result.text),
  };
  const matched = new Set(result.terms);
  const { pieces, at } = snippet(texts.text, matched, new Set(result.queryTerms));
  const hit: SearchHit = {
    id,
    group: result.group,
    title: result.title,
    titlePieces: highlight(texts.title, matched),
    context: result.context,
    url: result.url,
    snippet: pieces,
  };
  if (result.pdf) {
    const href = pdfHref(result.pdf.folder, result.pdf.fileName);
    // The PDF opens at the page the snippet comes from; the card on /resources is the other way in.
    hit.url = at >= 0 ? `${href}#page=${pageAt(result.pdf.pageStarts, at)}` : href;
    hit.cardUrl = result.url;
  }
  return hit;
}

export function engineFromDocuments(documents: readonly SearchDocument[], options?: EngineOptions) {
  return createEngine(buildIndex(documents), options);
}

/** Loads an index written by serializeIndex; throws when it was built with other options. */
export function loadSearchEngine(serialized: string, options?: EngineOptions): SearchEngine {
  return createEngine(MiniSearch.loadJSON<SearchDocument>(serialized, indexOptions()), options);
}
