import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { mainNavigation } from "~/content/navigation";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/not-found";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

export function loader({ url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const { pathname } = url;
  context.services.logger.warn({ path: pathname, event: "not_found" }, "page not found");
  return data({ path: pathname }, { status: 404 });
}

/** A form posted to an unknown path gets the same 404, not a method error. */
export const action = loader;

export const meta: Route.MetaFunction = ({ location, matches }) =>
  buildMeta(
    {
      title: pageTitle("Page Not Found"),
      description:
        "The page you were looking for does not exist. Return to the home page to find our products.",
      path: location.pathname,
      noIndex: true,
    },
    siteOrigin(matches),
  );

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-steel" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-extrabold text-navy sm:text-4xl">Oops! Page not found</h1>
      <p className="text-lg text-slate-700">
        We could not find <code className="rounded bg-paper px-1.5 py-0.5 break-all">{pathname}</code>. It may
        have moved when we reorganised the site.
      </p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
      <NotFoundSearch />
      <nav aria-labelledby="not-found-sections" className="flex flex-col items-center gap-3">
        <h2 id="not-found-sections" className="text-lg font-bold text-navy">
          {NOT_FOUND_TEXT.sectionsHeading}
        </h2>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {SECTIONS.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                className="font-semibold text-steel underline underline-offset-4 hover:text-navy"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

const NOT_FOUND_TEXT = {
  searchLabel: "Search our products, brochures and articles",
  searchButton: "Search",
  sectionsHeading: "Or go to",
} as const;

/** The site's main sections (the home page has its own button above). */
const SECTIONS = mainNavigation.filter((item) => item.href !== "/");

/** A plain GET form to /search: it works without a script, as the whole page does. */
function NotFoundSearch() {
  return (
    <search aria-labelledby="not-found-search-label" className="w-full max-w-md">
      <form action="/search" method="get" className="flex w-full flex-col gap-2 text-left">
        <label id="not-found-search-label" htmlFor="not-found-search" className="font-semibold text-navy">
          {NOT_FOUND_TEXT.searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            id="not-found-search"
            type="search"
            name="q"
            maxLength={200}
            autoComplete="off"
            className="h-11 min-w-0 flex-1 rounded-md border-2 border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-steel focus-visible:ring-3 focus-visible:ring-steel/30 focus-visible:outline-none"
          />
          <Button type="submit" size="lg">
            <Icon name="Search" />
            {NOT_FOUND_TEXT.searchButton}
          </Button>
        </div>
      </form>
    </search>
  );
}
