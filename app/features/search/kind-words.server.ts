import type { SearchGroup } from "~/lib/search-types";
import { cleanQuery, scan } from "./normalize.server";

/**
 * Words that say what kind of result a visitor wants rather than what it is about (docs/search.md#kind-words):
 * "ghs brochure" asks for a brochure about GHS, and the GHS brochure need not contain the word
 * "brochure". Such a word limits the search to its groups; the other words must match there. A word
 * that results of its kind do hold in their text ("guide", "quote") must match as well. When no result
 * of that kind holds every word, the whole query is searched across the site as usual.
 */
interface Kind {
  groups: readonly SearchGroup[];
  /** The word must match too (its kind's results hold it); otherwise it only chooses the groups. */
  matched?: boolean;
}

const documents: Kind = { groups: ["documents"] };
const articles: Kind = { groups: ["articles"] };
// A guide is a tips article or a brochure such as the Label Design Guide, and says so in its title.
const guides: Kind = { groups: ["articles", "documents"], matched: true };
// The online quote form is a page; documents.server.ts indexes it with each of these words.
const quotePage: Kind = { groups: ["pages"], matched: true };

const KIND_WORDS: ReadonlyMap<string, Kind> = new Map(
  Object.entries({
    brochure: documents,
    brochures: documents,
    catalog: documents,
    catalogs: documents,
    catalogue: documents,
    catalogues: documents,
    pdf: documents,
    pdfs: documents,
    article: articles,
    articles: articles,
    guide: guides,
    guides: guides,
    quote: quotePage,
    quotes: quotePage,
    quotation: quotePage,
    quotations: quotePage,
    price: quotePage,
    prices: quotePage,
    pricing: quotePage,
  }),
);

export interface KindFilter {
  /** The groups searched. */
  groups: ReadonlySet<SearchGroup>;
  /** The words that must match: the query without the kind words that only choose groups (may be empty). */
  words: string;
  /** The kind words themselves, searched when the query holds nothing else. */
  kindWords: string;
}

/** The kind words of a query, or undefined when it has none. */
export function kindFilter(query: string): KindFilter | undefined {
  const cleaned = cleanQuery(query);
  const groups = new Set<SearchGroup>();
  const kinds: string[] = [];
  let words = cleaned;
  // From the last word back, so the positions of the words before stay right.
  for (const token of scan(cleaned).reverse()) {
    const kind = KIND_WORDS.get(token.whole);
    if (!kind) continue;
    for (const group of kind.groups) groups.add(group);
    kinds.unshift(token.whole);
    if (!kind.matched) words = `${words.slice(0, token.start)} ${words.slice(token.end)}`;
  }
  if (groups.size === 0) return undefined;
  return { groups, words: cleanQuery(words), kindWords: kinds.join(" ") };
}
