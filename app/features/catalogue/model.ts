import type { productSectionIds } from "~/content/ids";

/**
 * The catalogue's shapes, shared by the import, the pages, the search and the quote list
 * (docs/catalogue.md). The families and their attributes come from content/catalogue/families.yaml;
 * the items from the company's CSV, held in the database as numbered versions.
 */

/** The /products section (its anchor) a family belongs to. */
export type ProductArea = (typeof productSectionIds)[number];

/** How an attribute's cells are read: a number (in the attribute's unit), one of a list, or free text. */
export type AttributeType = "number" | "choice" | "text";

export interface CatalogueAttribute {
  /** The CSV column and the filter's query parameter, e.g. `width`, `face_stock`. */
  key: string;
  /** What a buyer reads, e.g. "Width". */
  label: string;
  type: AttributeType;
  /** For numbers: the unit shown after the value, e.g. "in", "mil", "lb/ft³". */
  unit?: string;
  /** For choices: every value a cell may hold, in display order. */
  choices?: readonly string[];
  /** Offered as a filter on the family page. */
  filter: boolean;
  /** Shown as a column of the family page's table (besides sku, name and pack). */
  column: boolean;
  /** May a cell be empty? */
  optional: boolean;
}

export interface CatalogueFamily {
  /** URL segment under /products/, e.g. `direct-thermal-labels`; unique across families. */
  slug: string;
  name: string;
  area: ProductArea;
  /** One or two sentences for the family page and search. */
  description: string;
  /** In display order; the page and the item's spec table follow it. */
  attributes: readonly CatalogueAttribute[];
}

export interface PriceBreak {
  /** From this many units of sale on. */
  quantity: number;
  /** US dollars per unit of sale. */
  price: number;
}

export type ItemStatus = "active" | "discontinued";

export interface CatalogueItem {
  /** The company's part number: unique, as the company writes it. */
  sku: string;
  /** A family's slug. */
  family: string;
  name: string;
  /** The family's attributes by key, as written in the CSV (numbers as their text); empty ones left out. */
  attributes: Readonly<Record<string, string>>;
  make?: string;
  makePartNumber?: string;
  /** What one unit of sale is, e.g. "case", "roll", "each". */
  unit: string;
  /** What the unit holds, e.g. "case of 4 rolls". */
  pack: string;
  /** Fewest units of sale per order. */
  minimumOrder: number;
  /** US dollars per unit of sale; absent: "Price on request". */
  listPrice?: number;
  priceBreaks: readonly PriceBreak[];
  /** Safety data sheet: a site path (/catalogue-files/...) or an https URL. */
  sds?: string;
  specSheet?: string;
  /** A site path or https URL of a picture of the item. */
  image?: string;
  status: ItemStatus;
  /** For a discontinued item: the sku that replaces it (exists in the same version). */
  replacementSku?: string;
}

/** One version of the range as the site serves it. */
export interface CatalogueVersionInfo {
  version: number;
  importedAt: string;
  itemCount: number;
  /** Where it came from: "starter range", a file name. */
  source: string;
}
