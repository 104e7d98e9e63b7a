import { Link } from "react-router";
import { brochureCategoryLabels } from "~/content/brochures";
import { brochureCategories } from "~/content/ids";
import { resourceSectionIds, resources } from "~/content/resources";
import { documentCategoryParam } from "~/lib/resource-search";
import { documentParams } from "./documents-section";

/** The document categories as badges in the hero; each opens the documents list filtered to it. */
export function CategoryBadges() {
  return (
    <nav aria-labelledby="category-badges-label" className="flex w-full flex-col gap-2">
      <p id="category-badges-label" className="text-sm font-semibold text-mist">
        {resources.hero.badgesLabel}
      </p>
      <ul className="flex flex-wrap gap-2">
        {brochureCategories.map((category) => {
          const value = documentCategoryParam(category);
          return (
            <li key={category}>
              <Link
                // The page's own path, not a bare `?…`: React Router 8 resolves that against the URL the
                // page was prerendered at, /resources/, and the link would go through a redirect.
                to={`/resources?${documentParams.category}=${value}#${resourceSectionIds.documents}`}
                className="inline-flex items-center rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-white ring-1 ring-white/25 transition-colors hover:bg-amber hover:text-navy focus-visible:ring-3 focus-visible:ring-amber focus-visible:outline-none"
              >
                {brochureCategoryLabels[category]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
