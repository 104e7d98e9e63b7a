import { itemPath } from "./catalogue-paths";

/*
 * What the active range says of a part number a buyer sent on a quote line (docs/quotes.md#part-numbers):
 * its item page, or a flag when the range does not know it or the item is discontinued. Shared by the
 * sales e-mail and the desk's lead page, so both say the same of the same sku. Pure: the caller hands in
 * the range (the catalogue's active version), typed by what is read of it.
 */

export const UNKNOWN_SKU = "unknown sku";

export interface RangeItem {
  sku: string;
  family: string;
  status: string;
  replacementSku?: string;
}

export interface RangeFamily {
  slug: string;
}

/** The two look-ups of a catalogue version this needs. */
export interface SkuRange<I extends RangeItem = RangeItem, F extends RangeFamily = RangeFamily> {
  item(sku: string): I | undefined;
  family(slug: string): F | undefined;
}

export type SkuStatus<I extends RangeItem, F extends RangeFamily> =
  | { known: false; flag: typeof UNKNOWN_SKU }
  | {
      known: true;
      item: I;
      family: F;
      /** The item's page, relative: `/products/<family>/<sku>`. */
      path: string;
      /** "discontinued, replaced by X", "discontinued"; null for an active item. */
      flag: string | null;
      /** The sku that replaces a discontinued item, when it has one. */
      replacementSku: string | null;
    };

/** What the range says of `sku`: unknown, or its item and page, flagged when discontinued. */
export function skuStatusOf<I extends RangeItem, F extends RangeFamily>(
  range: SkuRange<I, F>,
  sku: string,
): SkuStatus<I, F> {
  const item = range.item(sku);
  const family = item && range.family(item.family);
  if (!item || !family) return { known: false, flag: UNKNOWN_SKU };
  const discontinued = item.status === "discontinued";
  const replacementSku = discontinued && item.replacementSku ? item.replacementSku : null;
  const flag = discontinued
    ? replacementSku
      ? `discontinued, replaced by ${replacementSku}`
      : "discontinued"
    : null;
  return { known: true, item, family, path: itemPath(family.slug, item.sku), flag, replacementSku };
}
