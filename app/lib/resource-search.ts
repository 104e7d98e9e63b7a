import type { Article, ArticleCategory } from "~/content/articles";
import { articleCategories } from "~/content/articles";
import { brochureCategories } from "~/content/ids";
import type { BrochureCategory } from "~/content/schema";

/**
 * Search and category filtering for the two lists on /resources, kept free of React so the rules can be
 * tested on their own and the page only wires them to the URL.
 */

/**
 * URL parameters of the two lists: `q` and `category` for the technical documents, `aq` and `acategory`
 * for the tips articles, so both keep their own state in one URL.
 */
export const documentFilterParams = { query: "q", category: "category" } as const;
export const articleFilterParams = { query: "aq", category: "acategory" } as const;
const filterParamNames = [...Object.values(documentFilterParams), ...Object.values(articleFilterParams)];

/**
 * Whether a /resources URL asks for filtered lists. The prerendered page shows them unfiltered, so the
 * server renders such a URL on request instead (pipeline.server.ts), filtered with the functions below:
 * the same ones the browser runs, which is why hydration finds the same lists.
 */
export function hasResourceFilters(params: URLSearchParams): boolean {
  return filterParamNames.some((name) => params.has(name));
}

/** The anchor of a brochure's card in the documents list (search results link to it). */
export function documentCardId(brochureId: string): string {
  return `document-${brochureId}`;
}

export type DocumentFilterCategory = BrochureCategory | "all";
export type ArticleFilterCategory = ArticleCategory | "all";

export interface ListFilter<Category extends string> {
  query: string;
  category: Category;
}

interface SearchableDocument {
  title: string;
  description: string;
  category: BrochureCategory;
}

type SearchableArticle = Pick<Article, "title" | "excerpt" | "category" | "tags">;

/** The words of a query, lower-cased; an empty or blank query has none and matches everything. */
export function queryWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Every word has to appear somewhere in the fields, though not necessarily in the same one, so
 * "freezer adhesive" finds an article whose title says one and whose tags say the other. The fields
 * are joined with a line break, which no word contains, so a match never straddles two fields.
 */
function matchesAllWords(words: readonly string[], fields: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = fields.join("\n").toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function filterDocuments<T extends SearchableDocument>(
  documents: readonly T[],
  { query, category }: ListFilter<DocumentFilterCategory>,
): T[] {
  const words = queryWords(query);
  return documents.filter(
    (document) =>
      (category === "all" || document.category === category) &&
      matchesAllWords(words, [document.title, document.description]),
  );
}

export function filterArticles<T extends SearchableArticle>(
  articles: readonly T[],
  { query, category }: ListFilter<ArticleFilterCategory>,
): T[] {
  const words = queryWords(query);
  return articles.filter(
    (article) =>
      (category === "all" || article.category === category) &&
      matchesAllWords(words, [article.title, article.excerpt, ...article.tags]),
  );
}

// ---- Category values in the URL ----

/** "Storage & Handling" → "storage-handling": readable in a shared link, with nothing to percent-encode. */
export function articleCategorySlug(category: ArticleCategory): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** An unknown or missing value falls back to "all", so a mistyped link still shows the whole list. */
export function parseDocumentCategory(value: string | null): DocumentFilterCategory {
  return brochureCategories.find((category) => category === value) ?? "all";
}

export function parseArticleCategory(value: string | null): ArticleFilterCategory {
  return articleCategories.find((category) => articleCategorySlug(category) === value) ?? "all";
}

export function documentCategoryParam(category: DocumentFilterCategory): string | null {
  return category === "all" ? null : category;
}

export function articleCategoryParam(category: ArticleFilterCategory): string | null {
  return category === "all" ? null : articleCategorySlug(category);
}
