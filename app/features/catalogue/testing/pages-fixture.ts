import { type CatalogueView, catalogueView } from "../catalogue.server";
import type { CatalogueAttribute, CatalogueFamily, CatalogueItem } from "../model";

/* A small range in memory for the pages' tests: labels, ribbons and printers that refer to each other. */

const attr = (key: string, label: string, extra: Partial<CatalogueAttribute> = {}): CatalogueAttribute => ({
  key,
  label,
  type: "text",
  filter: false,
  column: false,
  optional: false,
  ...extra,
});

export const fixtureFamilies: CatalogueFamily[] = [
  {
    slug: "direct-thermal-labels",
    name: "Direct Thermal Labels",
    area: "labels",
    description: "Direct thermal paper labels on rolls.",
    attributes: [
      attr("width", "Width", { type: "number", unit: "in", filter: true, column: true }),
      attr("height", "Height", { type: "number", unit: "in", filter: true, column: true }),
      attr("core", "Core", { type: "choice", choices: ["1 in", "3 in"], filter: true, column: true }),
      attr("labels_per_roll", "Labels per roll", { type: "number" }),
    ],
  },
  {
    slug: "thermal-transfer-ribbons",
    name: "Thermal Transfer Ribbons",
    area: "barcoding",
    description: "Wax, wax/resin and resin ribbons.",
    attributes: [
      attr("width", "Width", { type: "number", unit: "in", filter: true, column: true }),
      attr("ink", "Ink", {
        type: "choice",
        choices: ["wax", "wax/resin", "resin"],
        filter: true,
        column: true,
      }),
      attr("printers", "Matching printers", { optional: true }),
    ],
  },
  {
    slug: "barcode-printers",
    name: "Barcode Printers",
    area: "barcoding",
    description: "Industrial and desktop thermal printers.",
    attributes: [
      attr("model", "Model", { column: true }),
      attr("resolution", "Resolution", { type: "number", unit: "dpi", filter: true, column: true }),
    ],
  },
];

const item = (
  sku: string,
  family: string,
  name: string,
  attributes: Record<string, string>,
  more: Partial<CatalogueItem> = {},
): CatalogueItem => ({
  sku,
  family,
  name,
  attributes,
  unit: "case",
  pack: "case of 4 rolls",
  minimumOrder: 1,
  priceBreaks: [],
  status: "active",
  ...more,
});

export const fixtureItems: CatalogueItem[] = [
  item(
    "DT-4X6-3",
    "direct-thermal-labels",
    "4 x 6 in direct thermal labels, 3 in core",
    { width: "4", height: "6", core: "3 in", labels_per_roll: "1000" },
    { minimumOrder: 2, sds: "/catalogue-files/dt-sds.pdf" },
  ),
  item("DT-4X6-1", "direct-thermal-labels", "4 x 6 in direct thermal labels, 1 in core", {
    width: "4",
    height: "6",
    core: "1 in",
    labels_per_roll: "250",
  }),
  item("DT-4X2-3", "direct-thermal-labels", "4 x 2 in direct thermal labels", {
    width: "4",
    height: "2",
    core: "3 in",
  }),
  item(
    "DT-2X1-1",
    "direct-thermal-labels",
    "2 x 1 in direct thermal labels",
    { width: "2", height: "1", core: "1 in" },
    { listPrice: 18.5, priceBreaks: [{ quantity: 10, price: 16 }] },
  ),
  item(
    "DT-3X2-OLD",
    "direct-thermal-labels",
    "3 x 2 in labels (old stock)",
    { width: "3", height: "2", core: "1 in" },
    { status: "discontinued", replacementSku: "DT-4X2-3" },
  ),
  item(
    "TTR-WX-4.33",
    "thermal-transfer-ribbons",
    "Wax ribbon 4.33 in x 1476 ft",
    { width: "4.33", ink: "wax", printers: "Zebra ZT411; Zebra ZT421" },
    { unit: "roll", pack: "roll", make: "Ridgeline" },
  ),
  item(
    "TTR-WR-2.36",
    "thermal-transfer-ribbons",
    "Wax/resin ribbon 2.36 in",
    { width: "2.36", ink: "wax/resin" },
    { unit: "roll", pack: "roll" },
  ),
  item(
    "PRN-ZT411",
    "barcode-printers",
    "Zebra ZT411 industrial printer",
    { model: "ZT411", resolution: "203" },
    { unit: "each", pack: "each", make: "Zebra", makePartNumber: "ZT41142-T010000Z" },
  ),
];

/** A CatalogueView over the fixture (or other lists), as the server's reader gives one. */
export function fixtureView(
  families: readonly CatalogueFamily[] = fixtureFamilies,
  items: readonly CatalogueItem[] = fixtureItems,
): CatalogueView {
  const info = {
    version: 1,
    importedAt: "2026-11-28T00:00:00.000Z",
    itemCount: items.length,
    source: "fixture",
  };
  return catalogueView(info, families, items);
}
