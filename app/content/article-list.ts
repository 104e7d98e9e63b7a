import { articles } from "virtual:content/articles";
import type { Article } from "~/content/articles";

/**
 * The tips articles as the pages list them: the front matter of content/articles/<slug>.md, read at build
 * time (content-plugin.server.ts). Their text is not here: only the article route's loader reads it
 * (article-bodies.server.ts).
 */
export { articles };

export function getArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}
