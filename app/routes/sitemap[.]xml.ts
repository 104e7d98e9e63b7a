import { catalogueSitemapEntries } from "~/features/catalogue/pages/sitemap";
import { renderSitemap, sitemapEntries } from "~/lib/sitemap";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/sitemap[.]xml";

// Rendered on each request (not prerendered): the catalogue's families and items change without a build.
export function loader({ context }: Route.LoaderArgs) {
  const { services } = requestContextOf(context);
  const today = new Date().toISOString().slice(0, 10);
  const entries = [...sitemapEntries(today), ...catalogueSitemapEntries(services.catalogue.current(), today)];
  return new Response(renderSitemap(entries, services.siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
