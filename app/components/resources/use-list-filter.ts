import { useState } from "react";
import { useLocation, useNavigationType, useSearchParams } from "react-router";

/**
 * The query string most recently asked for, until the router commits it. Both lists on the page
 * write the same URL, and React Router builds a functional update on the committed location: a
 * category click whose navigation has not settled yet would be undone by typing in the other list.
 */
let pendingSearch: string | null = null;

export interface ListFilterKeys<Category extends string> {
  /** URL parameter holding the search text. */
  query: string;
  /** URL parameter holding the category. */
  category: string;
  parseCategory: (value: string | null) => Category | "all";
  categoryParam: (category: Category | "all") => string | null;
}

/**
 * Search text and category of one list, kept in the URL (docs/product.md#resources-filters) so reload,
 * back/forward and shared links restore them. Typing replaces the history entry (one entry per search, not per key);
 * choosing a category pushes one, so Back undoes it.
 *
 * The text box shows local state rather than the URL: a navigation settles after the key event, and a
 * controlled input fed from it would lose keystrokes and move the caret. The local text follows the
 * URL on every navigation that is not our own typing (load, back/forward, links, category clicks).
 */
export function useListFilter<Category extends string>(keys: ListFilterKeys<Category>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();

  // The URL applies from the first render: the server renders a filtered URL itself
  // (hasResourceFilters in resource-search.ts), so the HTML the browser hydrates shows the same lists.
  const urlQuery = searchParams.get(keys.query) ?? "";
  const category = keys.parseCategory(searchParams.get(keys.category));

  const [query, setQuery] = useState(urlQuery);
  // Adjusted during render rather than in an effect, so the list never paints with the old text.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (location.search === pendingSearch || navigationType === "POP") pendingSearch = null;
    if (navigationType !== "REPLACE") setQuery(urlQuery);
  }

  function write(next: { query: string; category: Category | "all" }, replace: boolean) {
    const params = new URLSearchParams(pendingSearch ?? searchParams);
    if (next.query.trim()) params.set(keys.query, next.query);
    else params.delete(keys.query);
    const categoryValue = keys.categoryParam(next.category);
    if (categoryValue) params.set(keys.category, categoryValue);
    else params.delete(keys.category);
    const search = params.toString();
    pendingSearch = search ? `?${search}` : "";
    setSearchParams(params, { replace, preventScrollReset: true });
  }

  return {
    query,
    category,
    setQuery(value: string) {
      setQuery(value);
      write({ query: value, category }, true);
    },
    setCategory(value: Category | "all") {
      if (value !== category) write({ query, category: value }, false);
    },
    clear() {
      setQuery("");
      write({ query: "", category: "all" }, false);
    },
  };
}
