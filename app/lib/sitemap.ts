import { articles } from "~/content/article-list";
import { pages } from "~/content/pages";
import { quotePage } from "~/content/quote";
import { absoluteUrl } from "~/lib/site";

export interface SitemapEntry {
  path: string;
  lastmod: string;
  priority: number;
}

/** Every public page: the seven site pages, the quote request and each article (articles carry their own date). */
export function sitemapEntries(today: string): SitemapEntry[] {
  return [
    ...Object.values(pages).map((page) => ({
      path: page.path,
      lastmod: today,
      priority: page.path === "/" ? 1 : 0.8,
    })),
    { path: quotePage.path, lastmod: today, priority: 0.7 },
    ...articles.map((article) => ({
      path: `/resources/articles/${article.slug}`,
      lastmod: article.date,
      priority: 0.6,
    })),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderSitemap(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries
    .map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(absoluteUrl(entry.path, origin))}</loc>\n    <lastmod>${entry.lastmod}</lastmod>\n    <priority>${entry.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function renderRobots(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl("/sitemap.xml", origin)}\n`;
}
