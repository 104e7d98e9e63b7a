import { loadArticles } from "./markdown.server";

/**
 * The articles read straight from content/articles, for code that runs outside the Vite build: the list of
 * pages to prerender (react-router.config.ts), the search index build and the browser tests. The pages get
 * the same data from article-list.ts and article-bodies.server.ts.
 */
export const { articles, articleBodies } = loadArticles();
