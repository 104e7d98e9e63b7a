import { familyPath, itemPath } from "~/lib/catalogue-paths";
import type { SitemapEntry } from "~/lib/sitemap";
import type { CatalogueView } from "../catalogue.server";

/** The sitemap's catalogue part: each family page, then each active item's page, dated by the version's import. */
export function catalogueSitemapEntries(view: CatalogueView, today: string): SitemapEntry[] {
  const lastmod = /^\d{4}-\d{2}-\d{2}/.test(view.info.importedAt) ? view.info.importedAt.slice(0, 10) : today;
  return view.families.flatMap((family) => [
    { path: familyPath(family.slug), lastmod, priority: 0.7 },
    ...view
      .itemsOf(family.slug)
      .filter((item) => item.status === "active")
      .map((item) => ({ path: itemPath(family.slug, item.sku), lastmod, priority: 0.5 })),
  ]);
}
