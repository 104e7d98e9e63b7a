/*
 * The CSV's own columns, besides the families' attributes (docs/catalogue.md#columns). Browser-safe.
 * An export writes them in this order, with the attribute columns after `name`.
 */

/** The columns every row has, whatever its family. */
export const ITEM_COLUMNS = [
  "sku",
  "family",
  "name",
  "make",
  "make_part_number",
  "unit",
  "pack",
  "minimum_order",
  "list_price",
  "price_breaks",
  "sds",
  "spec_sheet",
  "image",
  "status",
  "replacement_sku",
] as const;

export type ItemColumn = (typeof ITEM_COLUMNS)[number];

/**
 * The one item column a family may also list as an attribute: its cells are then the `make` column,
 * checked like the attribute's, and the family page may filter by it.
 */
export const MAKE_ATTRIBUTE = "make";

/** The attribute keys a family may not use: the item columns, except `make`. */
export function isReservedAttributeKey(key: string): boolean {
  return key !== MAKE_ATTRIBUTE && (ITEM_COLUMNS as readonly string[]).includes(key);
}
