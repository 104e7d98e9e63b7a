import {
  emptyItem,
  emptyQuoteValues,
  isQuoteArea,
  LABEL_AREA,
  LABEL_FIELD_NAMES,
  QUOTE_MAX_ITEMS,
  QUOTE_MAX_QUANTITY,
  QUOTE_NOTES_MAX,
  QUOTE_SKU_MAX,
  QUOTE_TEXT_MAX,
  QUOTE_UNITS,
  type QuoteValues,
} from "./quote";

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

/** A line carried to the form from the catalogue (its item page, a family page or the quote list). */
export interface PrefillLine {
  sku: string;
  description: string;
  quantity: number;
  unit: string;
  area: string;
  notes: string;
  labels: Readonly<Record<string, string>>;
}

const cut = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join("").trimEnd();

/**
 * The form's starting values with each line as an item (at most a request's number of items), every
 * text cut to its field's length, a unit the form does not offer named in the notes instead, and only
 * the label details the form knows. Undefined when there is no line.
 */
export function prefilledQuoteLines(area: string, lines: readonly PrefillLine[]): QuoteValues | undefined {
  if (lines.length === 0) return undefined;
  const values = emptyQuoteValues(area);
  values.items = lines.slice(0, QUOTE_MAX_ITEMS).map((line) => {
    const item = emptyItem(isQuoteArea(line.area) ? line.area : "");
    const unitKnown = (QUOTE_UNITS as readonly string[]).includes(line.unit);
    item.sku = cut(line.sku, QUOTE_SKU_MAX);
    item.description = cut(line.description, QUOTE_TEXT_MAX) || item.sku;
    item.quantity = String(Math.min(Math.max(Math.trunc(line.quantity) || 1, 1), QUOTE_MAX_QUANTITY));
    item.unit = unitKnown ? line.unit : "each";
    item.notes = cut(
      [unitKnown ? "" : `Unit: ${line.unit}`, line.notes].filter(Boolean).join(". "),
      QUOTE_NOTES_MAX,
    );
    if (item.area === LABEL_AREA)
      for (const name of LABEL_FIELD_NAMES) {
        const value = line.labels[name];
        if (value) item.labels[name] = cut(value, QUOTE_TEXT_MAX);
      }
    return item;
  });
  return values;
}
