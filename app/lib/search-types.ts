/**
 * What the site search hands to the pages that show it: the results page (/search) and the header's
 * suggestions (/api/search). Types only, so the browser bundles carry none of the search code.
 */

/** The result groups, in the order the results page shows them. */
export const searchGroups = ["products", "documents", "articles", "pages"] as const;
export type SearchGroup = (typeof searchGroups)[number];

/** A piece of a title or snippet; `mark` pieces are the words the query matched. */
export interface TextPiece {
  text: string;
  mark?: boolean;
}

export interface SearchHit {
  id: string;
  group: SearchGroup;
  title: string;
  titlePieces: TextPiece[];
  /** What the result is, e.g. "Industrial Labels" for a product, "Brochure, Labels" for a brochure. */
  context: string;
  /** The exact place: a product section, a PDF page, an article. */
  url: string;
  /** For a brochure or the catalogue: its card on /resources (`url` is then the PDF). */
  cardUrl?: string;
  snippet: TextPiece[];
}

export interface SearchHitGroup {
  group: SearchGroup;
  hits: SearchHit[];
}

export interface SiteSearchResult {
  /** How many results were found in all. */
  total: number;
  groups: SearchHitGroup[];
  /** True when no result holds every word, and the results hold some of them. */
  partial: boolean;
}

/** One suggestion under the header's search field. */
export interface SearchSuggestion {
  id: string;
  title: string;
  context: string;
  url: string;
}

/** The JSON that GET /api/search?q= answers. */
export interface SuggestionsResponse {
  query: string;
  total: number;
  suggestions: SearchSuggestion[];
}

/** Site paths go through the router; PDFs (and a CDN's absolute links) are ordinary links. */
export function isSitePath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !/\.pdf(?:[?#]|$)/i.test(url);
}

/** A catalogue item found by the search: its page, its family and the facts a buyer compares. */
export interface ItemHit {
  sku: string;
  name: string;
  url: string;
  familyName: string;
  familyUrl: string;
  /** The family's key attributes with their units, then the make and its part number. */
  facts: string[];
  /** The item's safety data sheet, when it has one. */
  sds?: string;
  discontinued: boolean;
}

/** A family of the catalogue whose name or description holds the words, or whose items were found. */
export interface FamilyHit {
  slug: string;
  name: string;
  url: string;
  description: string;
}

/** What the catalogue answers a query, beside the site's pages (docs/search.md#items). */
export interface CatalogueResults {
  items: ItemHit[];
  families: FamilyHit[];
  /** Items found in all, up to the candidates read. */
  total: number;
  /** The words name a part number or a size: items lead the results. */
  itemsFirst: boolean;
  /** The visitor asked for safety data sheets. */
  sds: boolean;
}
