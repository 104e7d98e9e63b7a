export const articleCategories = [
  "Material Selection",
  "Adhesives",
  "Printing Technology",
  "Storage & Handling",
  "Compliance",
  "Troubleshooting",
  "Design",
  "Cost Optimization",
] as const;

export type ArticleCategory = (typeof articleCategories)[number];

export type ArticleBlock =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string }
  | { type: "list"; items: string[]; ordered?: boolean };

/**
 * What the resources list, search, sitemap and page head need: the slug (the file name) and front matter of
 * content/articles/<slug>.md (docs/content.md). The pages read the list from article-list.ts, the text from
 * article-bodies.server.ts.
 */
export interface Article {
  slug: string;
  title: string;
  excerpt: string;
  category: ArticleCategory;
  readTime: string;
  author: string;
  date: string;
  tags: string[];
}

function wordsIn(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

export function countWords(blocks: readonly ArticleBlock[]): number {
  return blocks.reduce((total, block) => {
    if (block.type === "list") {
      return total + block.items.reduce((sum, item) => sum + wordsIn(item), 0);
    }
    return total + wordsIn(block.text);
  }, 0);
}
