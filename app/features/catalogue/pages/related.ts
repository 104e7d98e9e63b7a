import type { CatalogueView } from "../catalogue.server";
import { partKey } from "../keys";
import type { CatalogueFamily, CatalogueItem } from "../model";

/*
 * An item page's related items (docs/catalogue.md#item-pages): others of its family; for a thermal
 * transfer label, the ribbons as wide as it or a little wider; for a ribbon, the printers its matching-printers cell names.
 */

const SAME_FAMILY_MAX = 6;
const RIBBONS_MAX = 6;
const PRINTERS_MAX = 6;

export interface RelatedItems {
  sameFamily: readonly CatalogueItem[];
  ribbons: readonly CatalogueItem[];
  printers: readonly CatalogueItem[];
}

const isRibbonFamily = (family: CatalogueFamily) =>
  family.attributes.some((a) => a.key === "ink") && family.attributes.some((a) => a.key === "width");
const printersKey = (family: CatalogueFamily) =>
  family.attributes.find((a) => a.type === "text" && /printer/i.test(a.key))?.key;
const isPrinterFamily = (family: CatalogueFamily) =>
  family.area === "barcoding" && family.attributes.some((a) => a.key === "model") && !isRibbonFamily(family);

function numberOf(item: CatalogueItem, key: string): number | undefined {
  const value = Number(item.attributes[key]);
  return item.attributes[key] !== undefined && Number.isFinite(value) ? value : undefined;
}

/** The item's neighbours in the family's order, itself left out. */
function neighbours(view: CatalogueView, item: CatalogueItem): CatalogueItem[] {
  const items = view.itemsOf(item.family).filter((other) => other.status === "active");
  const index = items.findIndex((other) => other.sku === item.sku);
  const start = Math.max(0, Math.min(index - SAME_FAMILY_MAX / 2, items.length - SAME_FAMILY_MAX - 1));
  return items
    .slice(start, start + SAME_FAMILY_MAX + 1)
    .filter((other) => other.sku !== item.sku)
    .slice(0, SAME_FAMILY_MAX);
}

/** Ribbons for a label of this width: the narrowest width that covers it, and the next one up. */
function ribbonsFor(view: CatalogueView, width: number): CatalogueItem[] {
  const ribbons = view.families
    .filter(isRibbonFamily)
    .flatMap((family) => view.itemsOf(family.slug))
    .filter((ribbon) => ribbon.status === "active");
  const widths = [...new Set(ribbons.flatMap((r) => numberOf(r, "width") ?? []))]
    .filter((w) => w >= width)
    .sort((a, b) => a - b)
    .slice(0, 2);
  return ribbons.filter((r) => widths.includes(numberOf(r, "width") ?? Number.NaN)).slice(0, RIBBONS_MAX);
}

/** Printers whose model (or make part number) the ribbon's matching-printers cell names. */
function printersFor(view: CatalogueView, names: string): CatalogueItem[] {
  const wanted = names
    .split(/[;,]/)
    .map(partKey)
    .filter((name) => name.length >= 3);
  if (wanted.length === 0) return [];
  return view.families
    .filter(isPrinterFamily)
    .flatMap((family) => view.itemsOf(family.slug))
    .filter((printer) => {
      const model = partKey(printer.attributes.model ?? "");
      return model.length >= 3 && wanted.some((name) => name.endsWith(model) || name.includes(model));
    })
    .slice(0, PRINTERS_MAX);
}

export function relatedItems(
  view: CatalogueView,
  family: CatalogueFamily,
  item: CatalogueItem,
): RelatedItems {
  const width = numberOf(item, "width");
  // Direct thermal labels print without a ribbon: only thermal transfer labels get ribbons beside them.
  const labelSize =
    family.area === "labels" &&
    /thermal-transfer/.test(family.slug) &&
    numberOf(item, "height") !== undefined;
  const key = isRibbonFamily(family) ? printersKey(family) : undefined;
  return {
    sameFamily: neighbours(view, item),
    ribbons: labelSize && width !== undefined ? ribbonsFor(view, width) : [],
    printers: key ? printersFor(view, item.attributes[key] ?? "") : [],
  };
}
