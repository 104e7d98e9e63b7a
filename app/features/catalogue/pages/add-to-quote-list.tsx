import { cataloguePages } from "~/content/catalogue-pages";
import { QUOTE_QUANTITY_PARAM, QUOTE_SKU_PARAM } from "~/lib/catalogue-paths";
import { cn } from "~/lib/cn";
import { useNonce } from "~/lib/nonce";
import { quoteListSnippet } from "~/lib/quote-list-snippet";
import type { CatalogueItem } from "../model";

/**
 * "Add to quote list": a GET form to /quote asking for this one item, which is what it does without
 * JavaScript; with it, the page's snippet adds the item to the list in the browser instead and says so
 * in the status beside the button (docs/catalogue.md#quote-list). The item's name, unit and family
 * travel in data attributes, for the list's own page.
 */
export function AddToQuoteList({
  item,
  label = cataloguePages.item.addToList,
  compact = false,
  named = false,
}: {
  item: Pick<CatalogueItem, "sku" | "name" | "unit" | "family" | "minimumOrder">;
  label?: string;
  compact?: boolean;
  /** Where many such buttons share a page, the sku is added to the name: "Add to quote list: SKU". */
  named?: boolean;
}) {
  return (
    <form
      method="get"
      action="/quote"
      data-quote-add
      data-name={item.name}
      data-unit={item.unit}
      data-family={item.family}
      className="flex flex-col gap-1"
    >
      <input type="hidden" name={QUOTE_SKU_PARAM} value={item.sku} />
      <input type="hidden" name={QUOTE_QUANTITY_PARAM} value={String(item.minimumOrder)} />
      <button
        type="submit"
        aria-label={named ? `${label}: ${item.sku}` : undefined}
        className={cn(
          "inline-flex items-center justify-center rounded-md border-2 border-navy bg-white font-semibold text-navy hover:bg-mist focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none",
          compact ? "min-h-9 px-2.5 text-sm" : "min-h-12 px-6 text-lg",
        )}
      >
        {label}
      </button>
      <span role="status" className="text-sm font-semibold text-green-800" />
    </form>
  );
}

/** The quote list's snippet, once per page, after the forms it serves. */
export function QuoteListSnippet() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, not visitor input.
      dangerouslySetInnerHTML={{ __html: quoteListSnippet() }}
    />
  );
}
