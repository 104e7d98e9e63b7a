import { ORIGIN_PLACEHOLDER } from "~/lib/site";
import { renderSitemap, sitemapEntries } from "~/lib/sitemap";
import { requestContext } from "~/load-context";
import type { Route } from "./+types/sitemap[.]xml";

// Prerendered with the placeholder origin, which the server replaces with SITE_URL (see site.ts).
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(requestContext)?.services.siteUrl || ORIGIN_PLACEHOLDER;
  return new Response(renderSitemap(sitemapEntries(new Date().toISOString().slice(0, 10)), origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
