import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { mainNavigation } from "~/content/navigation";

const NOT_FOUND_TEXT = {
  searchLabel: "Search our products, brochures and articles",
  searchButton: "Search",
  sectionsHeading: "Or go to",
} as const;

/** The site's main sections (the way home has its own button above). */
const SECTIONS = mainNavigation.filter((item) => item.href !== "/");

/** An item page's unknown part number: the search is offered with it filled in, and a line says why. */
export interface NotFoundSearch {
  query: string;
  lead: string;
  label: string;
  button: string;
}

/**
 * The 404 page's content: 'Oops! Page not found', the path asked for, the way home, the site search (a
 * plain GET form, so it works without a script as the whole page does) and the main sections.
 */
export function NotFoundBody({ pathname, search }: { pathname: string; search?: NotFoundSearch }) {
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
      {search ? <p className="text-lg text-slate-700">{search.lead}</p> : null}
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
      <SearchForm search={search} />
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

function SearchForm({ search }: { search?: NotFoundSearch }) {
  return (
    <search aria-labelledby="not-found-search-label" className="w-full max-w-md">
      <form action="/search" method="get" className="flex w-full flex-col gap-2 text-left">
        <label id="not-found-search-label" htmlFor="not-found-search" className="font-semibold text-navy">
          {search?.label ?? NOT_FOUND_TEXT.searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            id="not-found-search"
            type="search"
            name="q"
            defaultValue={search?.query}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            className="h-11 min-w-0 flex-1 rounded-md border-2 border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-steel focus-visible:ring-3 focus-visible:ring-steel/30 focus-visible:outline-none"
          />
          <Button type="submit" size="lg">
            <Icon name="Search" />
            {search?.button ?? NOT_FOUND_TEXT.searchButton}
          </Button>
        </div>
      </form>
    </search>
  );
}
