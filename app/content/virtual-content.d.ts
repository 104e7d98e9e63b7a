// The modules content-plugin.server.ts builds from content/articles.

declare module "virtual:content/articles" {
  /** The front matter of every article, in list order. */
  export const articles: import("~/content/articles").Article[];
}

declare module "virtual:content/article-bodies" {
  /** The text of every article, keyed by slug. */
  export const articleBodies: Record<string, import("~/content/articles").ArticleBlock[]>;
}
