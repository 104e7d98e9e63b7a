import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { Database } from "~/server/db/schema.server";
import { type LiveCatalogue, openCatalogueReader } from "../catalogue.server";
import { loadFamilies } from "../families.server";
import { type ImportOptions, type ImportResult, importCatalogue } from "../import.server";
import type { CatalogueFamily } from "../model";

/*
 * What tests of the catalogue (and of the pages and search built on it) share: the repository's
 * families, a CSV written from rows, an import of that text, and a reader over the result.
 */

let committed: CatalogueFamily[] | undefined;
/** The repository's families file, read once. */
export function testFamilies(): CatalogueFamily[] {
  committed ??= loadFamilies();
  return committed;
}

/** A small valid row per call: a 4x6 direct thermal label by default; `cells` replace or add cells. */
export function labelRow(sku: string, cells: Record<string, string> = {}): Record<string, string> {
  return {
    sku,
    family: "direct-thermal-labels",
    name: `4 x 6 in direct thermal labels ${sku}`,
    width: "4",
    height: "6",
    face_stock: "Direct thermal paper",
    adhesive: "Permanent",
    core: "3",
    outside_diameter: "8",
    labels_per_roll: "1000",
    rolls_per_case: "4",
    perforation: "Not perforated",
    unit: "case",
    pack: "case of 4 rolls",
    ...cells,
  };
}

/** Rows as CSV text: the header is every column any row has, in the order first met. */
export function csvOf(
  rows: readonly Record<string, string>[],
  options: { crlf?: boolean; bom?: boolean } = {},
): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const text = stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ""))], {
    record_delimiter: options.crlf ? "windows" : "unix",
  });
  return options.bom ? `\uFEFF${text}` : text;
}

/** Imports CSV text (or bytes) as a file named `catalogue.csv`, with the repository's families unless given. */
export function importText(
  db: Database,
  text: string | Buffer,
  options: Partial<ImportOptions> = {},
): Promise<ImportResult> {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  return importCatalogue(db, Readable.from([bytes]), {
    families: testFamilies(),
    name: "catalogue.csv",
    ...options,
  });
}

/** Imports the rows and opens a reader on the result; throws when the import does not succeed. */
export async function catalogueOf(
  db: Database,
  rows: readonly Record<string, string>[],
): Promise<LiveCatalogue> {
  const result = await importText(db, csvOf(rows));
  if (result.status !== "imported")
    throw new Error(`the test catalogue did not import: ${JSON.stringify(result)}`);
  return openCatalogueReader(db, testFamilies());
}
