import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { type Article, articleCategories } from "./articles";
import { articlesDir, loadArticles } from "./markdown.server";

/**
 * Gives the Vite build the articles in content/articles as two modules, parsed once at build time:
 * `virtual:content/articles`, the front matter the pages list (article-list.ts), and
 * `virtual:content/article-bodies`, the text, which only the article route's loader reads
 * (article-bodies.server.ts), so neither the text nor the Markdown parser reaches the browser's scripts.
 * A broken file fails the build with the file and the field named (markdown.server.ts).
 */

const ARTICLES = "virtual:content/articles";
const ARTICLE_BODIES = "virtual:content/article-bodies";
const resolved = new Set([`\0${ARTICLES}`, `\0${ARTICLE_BODIES}`]);

/**
 * The list as module source. Each category is written as a reference to `articleCategories` instead of as
 * text: the browser's scripts then carry each category name once, and the list shares a chunk with the
 * categories, as when both were written in articles.ts.
 */
function articleListModule(articles: readonly Article[]): string {
  const items = articles.map((article) => {
    const fields = Object.entries(article).map(([key, value]) =>
      key === "category"
        ? `category:articleCategories[${articleCategories.indexOf(article.category)}]`
        : `${JSON.stringify(key)}:${JSON.stringify(value)}`,
    );
    return `{${fields.join(",")}}`;
  });
  return `import { articleCategories } from "~/content/articles";\nexport const articles = [${items.join(",\n")}];\n`;
}

function reloadOnChange(server: ViteDevServer) {
  server.watcher.add(articlesDir);
  const reload = (file: string) => {
    if (path.dirname(file) !== articlesDir || !file.endsWith(".md")) return;
    for (const environment of Object.values(server.environments)) {
      for (const id of resolved) {
        const node = environment.moduleGraph.getModuleById(id);
        if (node) environment.moduleGraph.invalidateModule(node);
      }
    }
    server.ws.send({ type: "full-reload" });
  };
  server.watcher.on("add", reload);
  server.watcher.on("change", reload);
  server.watcher.on("unlink", reload);
}

export function contentPlugin(): Plugin {
  return {
    name: "ridgeline-content",
    resolveId(id) {
      return id === ARTICLES || id === ARTICLE_BODIES ? `\0${id}` : null;
    },
    load(id) {
      if (!resolved.has(id)) return null;
      const content = loadArticles();
      for (const file of content.files) this.addWatchFile(file);
      return id === `\0${ARTICLES}`
        ? articleListModule(content.articles)
        : `export const articleBodies = ${JSON.stringify(content.articleBodies)};\n`;
    },
    configureServer: reloadOnChange,
  };
}
