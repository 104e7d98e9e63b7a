import { ITEM_COLUMNS, type ItemColumn, MAKE_ATTRIBUTE } from "./columns";
import { partKey } from "./keys";
import type { CatalogueAttribute, CatalogueFamily, CatalogueItem, PriceBreak } from "./model";

/*
 * Checks the CSV's rows against the families, one row at a time as they are read
 * (docs/catalogue.md#columns). Every mistake is kept with its row (as a spreadsheet numbers it: the
 * header is row 1), its column and the reason, so the operator can fix the whole file at once.
 */

export interface RowError {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  column: string;
  reason: string;
}

/** The columns a file must have. */
const REQUIRED_COLUMNS: readonly ItemColumn[] = ["sku", "family", "name", "unit", "pack"];
const MAX_NUMBER = 1_000_000_000;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const PRICE = /^\$?\d{1,7}(?:\.\d{1,2})?$/;
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
/** A file the company serves from the site (a path) or a link elsewhere. */
const FILE_LINK = /^(?:\/(?!\/)[^\s?#]*|https:\/\/[^\s]+)$/;

const LIMITS: Partial<Record<ItemColumn, number>> = {
  sku: 64,
  name: 200,
  make: 80,
  make_part_number: 80,
  unit: 40,
  pack: 120,
  sds: 500,
  spec_sheet: 500,
  image: 500,
};

type Cells = ReadonlyMap<string, string>;

export class RowChecker {
  readonly errors: RowError[] = [];
  readonly items: CatalogueItem[] = [];
  private columns: string[] = [];
  private readonly families: ReadonlyMap<string, CatalogueFamily>;
  private readonly attributeColumns: ReadonlySet<string>;
  /** partKey(sku) -> the row that has it. */
  private readonly skuRows = new Map<string, number>();
  /** Rows whose replacement sku is checked once every row is read. */
  private readonly replacements: { row: number; sku: string }[] = [];

  constructor(families: readonly CatalogueFamily[]) {
    this.families = new Map(families.map((family) => [family.slug, family]));
    this.attributeColumns = new Set(families.flatMap((family) => family.attributes.map((a) => a.key)));
  }

  /** The header row; false when the file cannot be read by it (its errors say why). */
  header(cells: readonly string[]): boolean {
    const columns = cells.map((cell) => cell.trim());
    const seen = new Set<string>();
    for (const column of columns) {
      const known = (ITEM_COLUMNS as readonly string[]).includes(column) || this.attributeColumns.has(column);
      if (column === "") this.fail(1, "(header)", "has an empty column name");
      else if (!known)
        this.fail(1, column, "is not a column: neither an item column nor an attribute of any family");
      else if (seen.has(column)) this.fail(1, column, "appears twice");
      seen.add(column);
    }
    for (const column of REQUIRED_COLUMNS) {
      if (!seen.has(column)) this.fail(1, column, "is missing: every file needs this column");
    }
    this.columns = columns;
    return this.errors.length === 0;
  }

  /** One data row; a row whose cells are all empty is skipped. */
  row(row: number, cells: readonly string[]): void {
    if (cells.every((cell) => cell.trim() === "")) return;
    if (cells.length !== this.columns.length) {
      this.fail(row, "(row)", `has ${cells.length} cells; the header has ${this.columns.length}`);
      return;
    }
    const values = new Map(this.columns.map((column, index) => [column, (cells[index] ?? "").trim()]));
    const before = this.errors.length;
    const item = this.item(row, values);
    if (item && this.errors.length === before) this.items.push(item);
  }

  /** After the last row: every replacement sku must be a sku of the file. */
  finish(): void {
    for (const { row, sku } of this.replacements) {
      if (!this.skuRows.has(partKey(sku)))
        this.fail(row, "replacement_sku", `'${sku}' is not a sku of this file`);
    }
    this.errors.sort((a, b) => a.row - b.row);
  }

  private fail(row: number, column: string, reason: string): void {
    this.errors.push({ row, column, reason });
  }

  private text(row: number, values: Cells, column: ItemColumn, required: boolean): string | undefined {
    const value = values.get(column) ?? "";
    if (value === "") {
      if (required) this.fail(row, column, "is required");
      return undefined;
    }
    const limit = LIMITS[column];
    if (limit !== undefined && value.length > limit)
      this.fail(row, column, `is longer than ${limit} characters`);
    else if (!ONE_LINE.test(value)) this.fail(row, column, "must be one line without control characters");
    return value;
  }

  private item(row: number, values: Cells): CatalogueItem | undefined {
    const sku = this.sku(row, values);
    const family = this.family(row, values);
    const name = this.text(row, values, "name", true);
    const unit = this.text(row, values, "unit", true);
    const pack = this.text(row, values, "pack", true);
    const attributes = family ? this.attributes(row, values, family) : {};
    // A family that lists make as an attribute has its cell checked as that attribute.
    const make = family?.attributes.some((attribute) => attribute.key === MAKE_ATTRIBUTE)
      ? attributes[MAKE_ATTRIBUTE]
      : this.text(row, values, "make", false);
    const makePartNumber = this.text(row, values, "make_part_number", false);
    const minimumOrder = this.minimumOrder(row, values.get("minimum_order") ?? "");
    const listPrice = this.price(row, "list_price", values.get("list_price") ?? "");
    const priceBreaks = this.priceBreaks(row, values.get("price_breaks") ?? "");
    const files = {
      sds: this.link(row, values, "sds"),
      specSheet: this.link(row, values, "spec_sheet"),
      image: this.link(row, values, "image"),
    };
    const status = this.status(row, values);
    if (sku === undefined || !family || name === undefined || unit === undefined || pack === undefined)
      return undefined;
    return {
      sku,
      family: family.slug,
      name,
      attributes,
      ...(make !== undefined ? { make } : {}),
      ...(makePartNumber !== undefined ? { makePartNumber } : {}),
      unit,
      pack,
      minimumOrder,
      ...(listPrice !== undefined ? { listPrice } : {}),
      priceBreaks,
      ...(files.sds ? { sds: files.sds } : {}),
      ...(files.specSheet ? { specSheet: files.specSheet } : {}),
      ...(files.image ? { image: files.image } : {}),
      status: status.status,
      ...(status.replacementSku ? { replacementSku: status.replacementSku } : {}),
    };
  }

  private sku(row: number, values: Cells): string | undefined {
    const sku = this.text(row, values, "sku", true);
    if (sku === undefined) return undefined;
    const key = partKey(sku);
    if (key === "") {
      this.fail(row, "sku", "must have a letter or digit");
      return undefined;
    }
    const first = this.skuRows.get(key);
    if (first !== undefined) {
      this.fail(row, "sku", `'${sku}' is the sku of row ${first} already`);
      return undefined;
    }
    this.skuRows.set(key, row);
    return sku;
  }

  private family(row: number, values: Cells): CatalogueFamily | undefined {
    const slug = values.get("family") ?? "";
    if (slug === "") {
      this.fail(row, "family", "is required");
      return undefined;
    }
    const family = this.families.get(slug);
    if (!family) this.fail(row, "family", `'${slug}' is not a family of the families file`);
    return family;
  }

  private attributes(row: number, values: Cells, family: CatalogueFamily): Record<string, string> {
    const attributes: Record<string, string> = {};
    const own = new Set(family.attributes.map((attribute) => attribute.key));
    for (const attribute of family.attributes) {
      const value = this.attribute(row, values.get(attribute.key) ?? "", attribute, family);
      if (value !== undefined) attributes[attribute.key] = value;
    }
    for (const column of this.columns) {
      if (column === MAKE_ATTRIBUTE || own.has(column) || !this.attributeColumns.has(column)) continue;
      if ((values.get(column) ?? "") !== "")
        this.fail(row, column, `is not an attribute of ${family.slug}: leave it empty`);
    }
    return attributes;
  }

  private attribute(
    row: number,
    value: string,
    attribute: CatalogueAttribute,
    family: CatalogueFamily,
  ): string | undefined {
    const column = attribute.key;
    if (value === "") {
      if (!attribute.optional) this.fail(row, column, `is required for ${family.slug}`);
      return undefined;
    }
    if (value.length > 500 || !ONE_LINE.test(value)) {
      this.fail(row, column, "must be one line of at most 500 characters");
      return undefined;
    }
    if (attribute.type === "number") {
      const number = Number(value);
      if (!NUMBER.test(value) || !Number.isFinite(number))
        this.fail(row, column, `'${value}' is not a number (write it like 4 or 0.75, without units)`);
      else if (number < 0 || number > MAX_NUMBER) this.fail(row, column, `${value} is out of range`);
      else return String(number);
      return undefined;
    }
    if (attribute.type === "choice") {
      const choice = attribute.choices?.find((option) => option.toLowerCase() === value.toLowerCase());
      if (choice === undefined)
        this.fail(row, column, `'${value}' is not one of: ${(attribute.choices ?? []).join(", ")}`);
      return choice;
    }
    return value;
  }

  private minimumOrder(row: number, value: string): number {
    if (value === "") return 1;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < 1 || number > 1_000_000) {
      this.fail(row, "minimum_order", `'${value}' is not a whole number from 1 to 1000000`);
      return 1;
    }
    return number;
  }

  private price(row: number, column: string, value: string): number | undefined {
    if (value === "") return undefined;
    if (!PRICE.test(value)) {
      this.fail(row, column, `'${value}' is not a price in dollars (e.g. 42.50)`);
      return undefined;
    }
    return Number(value.replace("$", ""));
  }

  private priceBreaks(row: number, value: string): PriceBreak[] {
    if (value === "") return [];
    const breaks: PriceBreak[] = [];
    for (const part of value.split(";")) {
      const match = /^\s*(\d{1,7})\s*:\s*(\$?\d{1,7}(?:\.\d{1,2})?)\s*$/.exec(part);
      const quantity = Number(match?.[1]);
      if (!match || quantity < 1 || (breaks.at(-1)?.quantity ?? 0) >= quantity) {
        this.fail(
          row,
          "price_breaks",
          `'${part.trim()}' is not QUANTITY:PRICE with rising quantities (e.g. 10:45.00; 50:42.50)`,
        );
        return [];
      }
      breaks.push({ quantity, price: Number((match[2] ?? "").replace("$", "")) });
    }
    return breaks;
  }

  private link(row: number, values: Cells, column: "sds" | "spec_sheet" | "image"): string | undefined {
    const value = this.text(row, values, column, false);
    if (value === undefined) return undefined;
    if (!FILE_LINK.test(value) || value.includes("..")) {
      this.fail(row, column, "must be a path on this site (/catalogue-files/…) or an https:// link");
      return undefined;
    }
    return value;
  }

  private status(row: number, values: Cells): { status: CatalogueItem["status"]; replacementSku?: string } {
    const value = (values.get("status") ?? "").toLowerCase();
    const replacement = this.text(row, values, "replacement_sku", false);
    if (value !== "" && value !== "active" && value !== "discontinued") {
      this.fail(row, "status", `'${values.get("status")}' is not active or discontinued`);
      return { status: "active" };
    }
    if (value !== "discontinued") {
      if (replacement !== undefined) this.fail(row, "replacement_sku", "is only for a discontinued item");
      return { status: "active" };
    }
    if (replacement === undefined) return { status: "discontinued" };
    if (partKey(replacement) === partKey(values.get("sku") ?? ""))
      this.fail(row, "replacement_sku", "cannot be the item's own sku");
    else this.replacements.push({ row, sku: replacement });
    return { status: "discontinued", replacementSku: replacement };
  }
}
