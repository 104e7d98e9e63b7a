import { articleBodies } from "virtual:content/article-bodies";
import type { ArticleBlock } from "~/content/articles";

/**
 * The text of each tips article, keyed by slug, parsed from content/articles at build time
 * (content-plugin.server.ts). Only the article route's loader reads this module, so the text reaches the
 * browser in the prerendered page and its .data file, never in a JavaScript bundle.
 */
export { articleBodies };

export function getArticleBody(slug: string): ArticleBlock[] | undefined {
  // A slug comes from the URL, and "constructor" must not find a property every object inherits.
  return Object.hasOwn(articleBodies, slug) ? articleBodies[slug] : undefined;
}
