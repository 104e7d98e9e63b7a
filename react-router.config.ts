import type { Config } from "@react-router/dev/config";
import { articles } from "./app/content/article-files.server";

/**
 * Pages whose HTML is written at build time and served as static files. The sitemap is not one: it
 * lists the catalogue's pages, which change without a build.
 */
export const staticPages = [
  "/",
  "/products",
  "/protective-packaging",
  "/about",
  "/resources",
  "/contact",
  "/privacy",
  ...articles.map((article) => `/resources/articles/${article.slug}`),
  "/robots.txt",
];

export default {
  appDirectory: "app",
  // BUILD_DIR lets several builds (say, a test run beside a running site) live side by side.
  buildDirectory: process.env.BUILD_DIR || "build",
  ssr: true,
  prerender: staticPages,
  // Pages load their scripts on the visitor's first interaction (docs/decisions/0023); the route
  // manifest is then one more cached file of that load, instead of a slice written into every page
  // with forms and a request to the server on each client-side navigation to a new route.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
