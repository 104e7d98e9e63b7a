import { QUOTE_LIST_PATH, quoteListHeaderLabel } from "~/content/quote-list";

/**
 * The header's way to the quote list, on every page: hidden until the page snippet finds items in the
 * list the browser keeps (docs/catalogue.md#quote-list), then "Quote list (N)", opening the list's page.
 * The snippet writes the count before React takes over on a page with scripts; React leaves it as it
 * finds it (the count's text is the snippet's, and the `hidden` attribute is not compared).
 */
export function QuoteListLink({ current = false }: { current?: boolean }) {
  return (
    <a
      href={QUOTE_LIST_PATH}
      hidden
      aria-current={current ? "page" : undefined}
      data-quote-list-link
      data-testid="header-quote-list"
      className="h-10 shrink-0 items-center gap-1 rounded-md border-2 border-navy px-2.5 text-sm font-semibold whitespace-nowrap text-navy inline-flex hover:bg-paper focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none"
    >
      {quoteListHeaderLabel} (
      <span data-quote-list-count suppressHydrationWarning>
        0
      </span>
      )
    </a>
  );
}
