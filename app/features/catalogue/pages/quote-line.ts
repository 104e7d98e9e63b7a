import { cleanText } from "~/features/leads/form-input";
import {
  QUOTE_LIST_MAX,
  QUOTE_LIST_SKU_MAX,
  QUOTE_QUANTITY_PARAM,
  QUOTE_SKU_PARAM,
} from "~/lib/catalogue-paths";
import type { CatalogueView } from "../catalogue.server";
import type { CatalogueFamily, CatalogueItem } from "../model";

/**
 * A catalogue item as a line of the quote form (docs/catalogue.md#quote): its sku, its name as the
 * description, the quantity (its minimum order unless one is given), its unit, its product area, and
 * for labels the details the form asks for. Plain data: the quote form checks and bounds it.
 */
export interface CatalogueQuoteLine {
  sku: string;
  description: string;
  quantity: number;
  unit: string;
  area: string;
  notes: string;
  labels: Record<string, string>;
}

/** The label details the quote form knows, read from the attributes a label family names so. */
const LABEL_DETAILS: ReadonlyArray<[field: string, keys: readonly string[]]> = [
  ["width", ["width"]],
  ["height", ["height"]],
  ["material", ["face_stock", "material"]],
  ["adhesive", ["adhesive"]],
  ["core", ["core"]],
  ["rollSize", ["outside_diameter", "labels_per_roll"]],
];

function labelDetails(family: CatalogueFamily, item: CatalogueItem): Record<string, string> {
  if (family.area !== "labels" || item.attributes.height === undefined) return {};
  const details: Record<string, string> = { sizeUnit: "in" };
  for (const [field, keys] of LABEL_DETAILS) {
    const key = keys.find((k) => item.attributes[k] !== undefined);
    const attribute = family.attributes.find((a) => a.key === key);
    const value = key ? item.attributes[key] : undefined;
    if (!value || !attribute) continue;
    // Width and height go in as numbers (the size unit says inches); the others with their unit.
    details[field] =
      field === "width" || field === "height" || !attribute.unit ? value : `${value} ${attribute.unit}`;
  }
  return details;
}

export function quoteLineOf(
  family: CatalogueFamily,
  item: CatalogueItem,
  quantity?: number,
): CatalogueQuoteLine {
  return {
    sku: item.sku,
    description: item.name,
    quantity: quantity ?? item.minimumOrder,
    unit: item.unit,
    area: family.area,
    notes: `Pack: ${item.pack}`,
    labels: labelDetails(family, item),
  };
}

/** Longest query string /quote reads lines from: 50 lines of long, encoded skus; a longer one is left unread. */
export const QUOTE_LINES_QUERY_MAX = 12_000;

/**
 * The lines `/quote?sku=…&qty=…` asks for, bounded before they are read: at most a request's number of
 * lines, skus no longer than a part number, quantities whole and at least 1 (else the item's minimum).
 * A sku the range does not know becomes a line of its own text, kept for sales to see.
 */
export function catalogueLines(view: CatalogueView, url: URL): CatalogueQuoteLine[] {
  if (url.search.length > QUOTE_LINES_QUERY_MAX) return [];
  const skus = url.searchParams.getAll(QUOTE_SKU_PARAM).slice(0, QUOTE_LIST_MAX);
  const quantities = url.searchParams.getAll(QUOTE_QUANTITY_PARAM);
  return skus.flatMap((raw, index) => {
    const sku = cleanText(raw).replace(/\n/g, "").trim();
    if (sku === "" || sku.length > QUOTE_LIST_SKU_MAX) return [];
    const asked = /^\d{1,8}$/.test(quantities[index] ?? "") ? Number(quantities[index]) : undefined;
    const quantity = asked && asked >= 1 ? asked : undefined;
    const item = view.item(sku);
    const family = item && view.family(item.family);
    if (item && family) return [quoteLineOf(family, item, quantity)];
    return [
      { sku, description: sku, quantity: quantity ?? 1, unit: "each", area: "", notes: "", labels: {} },
    ];
  });
}
