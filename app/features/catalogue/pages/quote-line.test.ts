import { describe, expect, it } from "vitest";
import { parseQuote } from "~/features/quote/quote";
import { prefilledQuoteLines } from "~/features/quote/quote-prefill";
import { fixtureView } from "../testing/pages-fixture";
import { catalogueLines, QUOTE_LINES_QUERY_MAX } from "./quote-line";

const view = fixtureView();
const lines = (search: string) => catalogueLines(view, new URL(`https://example.com/quote${search}`));

describe("lines carried to /quote from the catalogue", () => {
  it("fills a label item's line from the range: sku, name, minimum order, unit, area, label details", () => {
    expect(lines("?sku=dt-4x6-3")).toEqual([
      {
        sku: "DT-4X6-3",
        description: "4 x 6 in direct thermal labels, 3 in core",
        quantity: 2,
        unit: "case",
        area: "labels",
        notes: "Pack: case of 4 rolls",
        labels: { sizeUnit: "in", width: "4", height: "6", core: "3 in", rollSize: "1000" },
      },
    ]);
    const values = prefilledQuoteLines("", lines("?sku=DT-4X6-3&qty=7&sku=PRN-ZT411"));
    expect(values?.items.map((item) => [item.sku, item.quantity, item.unit, item.area])).toEqual([
      ["DT-4X6-3", "7", "case", "labels"],
      ["PRN-ZT411", "1", "each", "barcoding"],
    ]);
    expect(values?.items[0]?.labels).toMatchObject({ width: "4", height: "6", sizeUnit: "in", core: "3 in" });
  });

  it("keeps an unknown sku as a line of its own, and a list edited by hand passes the form's own checks", () => {
    const hostile = [
      "sku=NOPE-1&qty=-5",
      `sku=${"X".repeat(65)}&qty=3`,
      "sku=&qty=2",
      "sku=%00%01TTR-WX-4.33&qty=99999999999",
      "sku=DT-2X1-1&qty=1e9",
      ...Array.from({ length: 80 }, (_, i) => `sku=DT-4X2-3&qty=${i + 1}`),
    ].join("&");
    const read = lines(`?${hostile}`);
    expect(read.length).toBeLessThanOrEqual(50);
    expect(read[0]).toMatchObject({ sku: "NOPE-1", description: "NOPE-1", quantity: 1 });
    expect(read.some((line) => line.sku.length > 64)).toBe(false);
    const values = prefilledQuoteLines("", read);
    if (!values) throw new Error("lines expected");
    const parsed = parseQuote({ ...values, company: "Acme", name: "Dana", email: "dana@example.com" });
    expect(parsed.success).toBe(true);
  });

  it("reads nothing from a query string past its bound", () => {
    expect(lines(`?sku=DT-4X6-3&pad=${"x".repeat(QUOTE_LINES_QUERY_MAX)}`)).toEqual([]);
    expect(prefilledQuoteLines("", [])).toBeUndefined();
  });
});
