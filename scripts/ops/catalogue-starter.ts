/**
 * Writes the starter range, content/catalogue/starter-range.csv (docs/catalogue.md#the-starter-range),
 * from the tables of stock sizes and models beside this file. The CSV is the content; this only saves
 * typing it. Run: `npx tsx scripts/ops/catalogue-starter.ts` (then check the diff and commit the CSV).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exportCatalogueCsv } from "~/features/catalogue/export.server";
import { loadFamilies } from "~/features/catalogue/families.server";
import { STARTER_RANGE_FILE } from "~/features/catalogue/import.server";
import type { CatalogueItem } from "~/features/catalogue/model";
import { equipmentItems } from "./catalogue-starter-equipment";
import { labelItems, ribbonItems, type StarterItem } from "./catalogue-starter-labels";
import { ppeItems, repairItems, warehouseItems } from "./catalogue-starter-services";
import {
  boxItems,
  foamItems,
  handlingItems,
  polyBagItems,
  stretchFilmItems,
  tapeItems,
} from "./catalogue-starter-supplies";

/** A model the maker has replaced, kept so its page points buyers to the one that replaces it. */
const DISCONTINUED: StarterItem = {
  sku: "PRD-ZD420T-203",
  family: "desktop-printers",
  name: "Zebra ZD420t desktop printer, thermal transfer, 203 dpi (replaced by the ZD421t)",
  attributes: {
    make: "Zebra",
    model: "ZD420t",
    print_method: "Thermal transfer",
    resolution: "203 dpi",
    max_print_width: "4.09",
    interfaces: "USB, USB host, Bluetooth LE",
  },
  make: "Zebra",
  makePartNumber: "ZD420t",
  unit: "each",
  pack: "one printer",
  status: "discontinued",
  replacementSku: "PRD-ZD421T-203",
};

export function starterItems(): CatalogueItem[] {
  const items = [
    ...labelItems(),
    ...ribbonItems(),
    ...equipmentItems(),
    DISCONTINUED,
    ...stretchFilmItems(),
    ...boxItems(),
    ...tapeItems(),
    ...polyBagItems(),
    ...foamItems(),
    ...handlingItems(),
    ...warehouseItems(),
    ...repairItems(),
    ...ppeItems(),
  ];
  return items.map((item) => ({ minimumOrder: 1, status: "active", priceBreaks: [], ...item }));
}

// Written only when run as a script: the import benchmark reuses starterItems.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const items = starterItems();
  writeFileSync(STARTER_RANGE_FILE, exportCatalogueCsv(loadFamilies(), items));
  process.stdout.write(`${STARTER_RANGE_FILE}: ${items.length} items\n`);
}
