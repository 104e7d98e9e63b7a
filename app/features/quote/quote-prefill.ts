import { emptyQuoteValues, QUOTE_TEXT_MAX, type QuoteValues } from "./quote";

/**
 * /quote?item=…: a first item's description carried from elsewhere on the site (a search that found
 * nothing offers it, docs/search.md). The loader cleans and bounds what arrives; nothing is sent.
 */
export const QUOTE_ITEM_PARAM = "item";

/** The quote form's address with `text` as the first item. */
export function quoteItemHref(text: string): string {
  return `/quote?${new URLSearchParams({ [QUOTE_ITEM_PARAM]: text })}`;
}

/**
 * The form's starting values with `item` (already cleaned of control characters) as the first item's
 * description, cut to the field's length; undefined when there is nothing to fill in.
 */
export function prefilledQuoteValues(area: string, item: string): QuoteValues | undefined {
  const description = Array.from(item.trim()).slice(0, QUOTE_TEXT_MAX).join("").trimEnd();
  if (!description) return undefined;
  const values = emptyQuoteValues(area);
  const [first] = values.items;
  if (first) first.description = description;
  return values;
}
