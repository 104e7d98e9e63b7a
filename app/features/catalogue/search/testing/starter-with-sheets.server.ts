import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { STARTER_RANGE_FILE } from "../../import.server";
import { csvOf } from "../../testing/fixtures.server";

/**
 * The starter range as the search tests use it: the repository's file, with safety data sheets on a
 * 4x6 label and a polyethylene foam plank (the starter range has none).
 */
export const LABEL_WITH_SHEET = "RDT-4X6-3C";

export function starterRangeWithSheets(): { text: string; foamSku: string } {
  const rows = parse(readFileSync(STARTER_RANGE_FILE), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  const foam = rows.find((row) => row.family === "polyethylene-foam");
  if (!foam?.sku) throw new Error("the starter range has no polyethylene foam");
  for (const row of rows) {
    if (row.sku === LABEL_WITH_SHEET) row.sds = "/catalogue-files/sds-rdt-4x6-3c.pdf";
    if (row.sku === foam.sku) row.sds = "/catalogue-files/sds-polyethylene-foam.pdf";
  }
  return { text: csvOf(rows), foamSku: foam.sku };
}
