import { useMatches } from "react-router";
import { quoteListHeaderLabel } from "~/content/quote-list";

/** True when the page's deepest route offers the quote list (`handle.quoteList`): the catalogue's pages. */
function usePageOffersQuoteList(): boolean {
  const leaf = useMatches().at(-1)?.handle;
  return Boolean(leaf && typeof leaf === "object" && (leaf as { quoteList?: unknown }).quoteList === true);
}

/**
 * The header's way to the quote list: hidden until the page's quote-list snippet finds items in the
 * list (docs/catalogue.md#quote-list), then "Quote list (N)", opening /quote with each item as a line.
 */
export function QuoteListLink() {
  if (!usePageOffersQuoteList()) return null;
  return (
    <a
      href="/quote"
      hidden
      data-quote-list-link
      data-testid="header-quote-list"
      className="h-10 shrink-0 items-center gap-1 rounded-md border-2 border-navy px-2.5 text-sm font-semibold whitespace-nowrap text-navy inline-flex hover:bg-paper focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none"
    >
      {quoteListHeaderLabel} (<span data-quote-list-count>0</span>)
    </a>
  );
}
