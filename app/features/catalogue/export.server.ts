import { stringify } from "csv-stringify/sync";
import { ITEM_COLUMNS, type ItemColumn, MAKE_ATTRIBUTE } from "./columns";
import type { CatalogueFamily, CatalogueItem } from "./model";

/*
 * The range as a CSV in the import's own format (docs/catalogue.md#exporting): the item columns, with
 * every family's attribute columns after `name` in the families file's order. Importing the export
 * changes nothing.
 */

/** The export's columns: sku, family, name, the attributes, then the other item columns. */
export function exportColumns(families: readonly CatalogueFamily[]): string[] {
  const attributes = new Set(
    families
      .flatMap((family) => family.attributes.map((attribute) => attribute.key))
      .filter((key) => key !== MAKE_ATTRIBUTE),
  );
  return ["sku", "family", "name", ...attributes, ...ITEM_COLUMNS.slice(3)];
}

const money = (value: number) => value.toFixed(2);

function itemCell(item: CatalogueItem, column: ItemColumn): string {
  switch (column) {
    case "sku":
      return item.sku;
    case "family":
      return item.family;
    case "name":
      return item.name;
    case "make":
      return item.make ?? "";
    case "make_part_number":
      return item.makePartNumber ?? "";
    case "unit":
      return item.unit;
    case "pack":
      return item.pack;
    case "minimum_order":
      return String(item.minimumOrder);
    case "list_price":
      return item.listPrice === undefined ? "" : money(item.listPrice);
    case "price_breaks":
      return item.priceBreaks.map((entry) => `${entry.quantity}:${money(entry.price)}`).join("; ");
    case "sds":
      return item.sds ?? "";
    case "spec_sheet":
      return item.specSheet ?? "";
    case "image":
      return item.image ?? "";
    case "status":
      return item.status;
    case "replacement_sku":
      return item.replacementSku ?? "";
  }
}

/** The items as CSV text (UTF-8 with a byte order mark, so Excel opens it as UTF-8; CRLF line ends). */
export function exportCatalogueCsv(
  families: readonly CatalogueFamily[],
  items: readonly CatalogueItem[],
): string {
  const columns = exportColumns(families);
  const item = new Set<string>(ITEM_COLUMNS);
  const rows = items.map((entry) =>
    columns.map((column) =>
      item.has(column) ? itemCell(entry, column as ItemColumn) : (entry.attributes[column] ?? ""),
    ),
  );
  return `\uFEFF${stringify([columns, ...rows], { record_delimiter: "windows" })}`;
}
