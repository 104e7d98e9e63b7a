import { renderSitemap, sitemapEntries } from "~/lib/sitemap";

export function loader() {
  return new Response(renderSitemap(sitemapEntries(new Date().toISOString().slice(0, 10))), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
