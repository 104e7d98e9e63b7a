import type { Insertable, Selectable } from "kysely";
import type { CatalogueItemTable } from "~/server/db/schema.server";
import { partKey, sizeKey } from "./keys";
import type { CatalogueFamily, CatalogueItem } from "./model";

/*
 * An item as the database holds it (catalogue_items) and back. The derived columns are written here,
 * once per import: the part keys, the label size and the words a search looks at
 * (docs/catalogue.md#search-keys).
 */

/** The size key of an item whose family has a width and a height in inches; else null. */
export function sizeKeyOf(item: CatalogueItem, family: CatalogueFamily | undefined): string | null {
  const numeric = (key: string) =>
    family?.attributes.some((attribute) => attribute.key === key && attribute.type === "number") ?? false;
  if (!numeric("width") || !numeric("height")) return null;
  const width = Number(item.attributes.width);
  const height = Number(item.attributes.height);
  if (!(width > 0) || !(height > 0)) return null;
  return sizeKey(width, height);
}

/** Lower-case words: the sku, the name, the family's name, make, make part number, attribute values with units. */
export function searchTextOf(item: CatalogueItem, family: CatalogueFamily | undefined): string {
  const values = (family?.attributes ?? []).flatMap((attribute) => {
    const value = item.attributes[attribute.key];
    if (value === undefined) return [];
    return [attribute.unit ? `${value} ${attribute.unit}` : value];
  });
  return [item.sku, item.name, family?.name, item.make, item.makePartNumber, ...values]
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

export function itemRow(
  item: CatalogueItem,
  family: CatalogueFamily | undefined,
  versionId: number,
): Insertable<CatalogueItemTable> {
  return {
    version_id: versionId,
    sku: item.sku,
    family: item.family,
    name: item.name,
    attributes: JSON.stringify(item.attributes),
    make: item.make ?? null,
    make_part_number: item.makePartNumber ?? null,
    unit: item.unit,
    pack: item.pack,
    minimum_order: item.minimumOrder,
    list_price_cents: item.listPrice === undefined ? null : Math.round(item.listPrice * 100),
    price_breaks: JSON.stringify(item.priceBreaks),
    sds: item.sds ?? null,
    spec_sheet: item.specSheet ?? null,
    image: item.image ?? null,
    status: item.status,
    replacement_sku: item.replacementSku ?? null,
    sku_key: partKey(item.sku),
    make_part_key: item.makePartNumber ? partKey(item.makePartNumber) : null,
    size_key: sizeKeyOf(item, family),
    search_text: searchTextOf(item, family),
  };
}

/** The columns the reader needs to rebuild an item. */
export const ITEM_FIELDS = [
  "sku",
  "family",
  "name",
  "attributes",
  "make",
  "make_part_number",
  "unit",
  "pack",
  "minimum_order",
  "list_price_cents",
  "price_breaks",
  "sds",
  "spec_sheet",
  "image",
  "status",
  "replacement_sku",
] as const;

type StoredItem = Pick<Selectable<CatalogueItemTable>, (typeof ITEM_FIELDS)[number]>;

/** The same text for equal texts: values that repeat over a range are held once (see itemOfRow). */
export type Interner = (text: string) => string;

/** An interner over one range's load; dropped with it. */
export function interner(): Interner {
  const seen = new Map<string, string>();
  return (text) => {
    const known = seen.get(text);
    if (known !== undefined) return known;
    seen.set(text, text);
    return text;
  };
}

/** The price breaks of an item without any: one shared, frozen list. */
const NO_BREAKS: CatalogueItem["priceBreaks"] = Object.freeze([]);

/**
 * An item from its row. `same` holds each repeating value once (a family, a unit, a pack, an attribute's
 * value, a make, a file): a range of 50,000 items repeats a few thousand such values, and each parsed
 * row would otherwise hold its own copy (decision 0087); a sku, a name or a make's part number is not
 * passed through it.
 */
export function itemOfRow(row: StoredItem, same: Interner = (text) => text): CatalogueItem {
  const attributes = JSON.parse(row.attributes) as Record<string, string>;
  for (const key of Object.keys(attributes)) attributes[key] = same(attributes[key] ?? "");
  const priceBreaks =
    row.price_breaks === "[]" ? NO_BREAKS : (JSON.parse(row.price_breaks) as CatalogueItem["priceBreaks"]);
  return {
    sku: row.sku,
    family: same(row.family),
    name: row.name,
    attributes,
    ...(row.make !== null ? { make: same(row.make) } : {}),
    ...(row.make_part_number !== null ? { makePartNumber: row.make_part_number } : {}),
    unit: same(row.unit),
    pack: same(row.pack),
    minimumOrder: Number(row.minimum_order),
    ...(row.list_price_cents !== null ? { listPrice: Number(row.list_price_cents) / 100 } : {}),
    priceBreaks,
    ...(row.sds !== null ? { sds: same(row.sds) } : {}),
    ...(row.spec_sheet !== null ? { specSheet: same(row.spec_sheet) } : {}),
    ...(row.image !== null ? { image: same(row.image) } : {}),
    status: same(row.status) as CatalogueItem["status"],
    ...(row.replacement_sku !== null ? { replacementSku: row.replacement_sku } : {}),
  };
}
