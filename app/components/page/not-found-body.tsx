import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * The 404 page's content: 'Oops! Page not found', the path asked for and the way home. Given a
 * search (an item page's unknown part number), it offers the site search with the words filled in.
 */
export function NotFoundBody({
  pathname,
  search,
}: {
  pathname: string;
  search?: { query: string; lead: string; label: string; button: string };
}) {
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
      {search ? (
        <search className="flex w-full max-w-xl flex-col gap-3 text-left">
          <p className="text-lg text-slate-700">{search.lead}</p>
          <form method="get" action="/search" className="flex flex-col gap-2">
            <label htmlFor="not-found-search" className="font-semibold text-navy">
              {search.label}
            </label>
            <div className="flex gap-2">
              <input
                id="not-found-search"
                type="search"
                name="q"
                defaultValue={search.query}
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                className="min-w-0 flex-1 rounded-md border-2 border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none"
              />
              <Button type="submit" size="md" className="h-auto">
                {search.button}
              </Button>
            </div>
          </form>
        </search>
      ) : null}
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
