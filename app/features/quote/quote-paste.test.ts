import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  emptyItem,
  emptyQuoteValues,
  type ItemValues,
  parseQuote,
  QUOTE_ERRORS,
  QUOTE_MAX_ITEMS,
} from "~/features/quote/quote";
import { guessPastedArea, parsePastedLine, UNIT_WORDS, withPastedRows } from "~/features/quote/quote-paste";

/*
 * The paste box's lines as rows. The one-pass reader must give exactly the rows the regular
 * expressions it replaced gave (they are kept here, as the reference, on lines short enough for
 * their backtracking not to matter), and a line that made those expressions backtrack for seconds is
 * just a line.
 */

/** The parser as it was before: quadratic on a long line that ends in no quantity. */
function referenceParse(line: string, area = ""): ItemValues | null {
  const text = line.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const row = emptyItem(area);
  // Longest first, as the parser reads them (the old pattern's `box|boxes` left "es" behind).
  const unitPattern = Object.keys(UNIT_WORDS)
    .sort((a, b) => b.length - a.length)
    .join("|");
  const tail = new RegExp(
    `^(.*?)[\\s,;:\\t-]*(?:\\b(?:qty|x)\\s*)?(\\d[\\d,]*)\\s*(${unitPattern})?\\.?$`,
    "i",
  ).exec(text);
  if (tail?.[1] && tail[1].trim() !== "" && !/[x×]$/i.test(tail[1].trim())) {
    row.description = tail[1]
      .trim()
      .replace(/[,;:\t-]+$/, "")
      .trim();
    row.quantity = (tail[2] ?? "").replace(/,/g, "");
    if (tail[3]) row.unit = UNIT_WORDS[tail[3].toLowerCase()] ?? "each";
    if (row.description !== "") return row;
  }
  const head = new RegExp(`^(\\d[\\d,]*)\\s*(${unitPattern})?\\s*(?:x\\s+|of\\s+)?(.+)$`, "i").exec(text);
  if (head?.[3] && !/^\d*x\d/i.test(text)) {
    row.quantity = (head[1] ?? "").replace(/,/g, "");
    if (head[2]) row.unit = UNIT_WORDS[head[2].toLowerCase()] ?? "each";
    row.description = head[3].trim();
    return row;
  }
  row.description = text;
  return row;
}

// Pieces a pasted line is made of, weighted towards the ones the patterns care about: digits, commas,
// separators, `qty`, `x`, unit words in either case, a final dot, and a few look-alikes.
const piece = fc.oneof(
  fc.constantFrom("0", "1", "7", "12", "500", "1,000", ",", ",,", " ", "  ", "\t", ";", ":", "-", "."),
  fc.constantFrom("x", "X", "×", "qty", "QTY", "Qty", "of", "aqty", "4x6", "x5", "_"),
  fc.constantFrom(...Object.keys(UNIT_WORDS), "ROLLS", "Pcs", "peach", "s", "es", "ſ", "\u212a", "İ"),
  fc.constantFrom("ITEM-123", "labels", "thermal", "a", "Z", "é", "ß", "\u00a0"),
);
const line = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(""));

describe("pasted lines as rows", () => {
  it.each([
    ["ITEM-123, 500", { description: "ITEM-123", quantity: "500", unit: "each" }],
    ["ITEM-123 x 500", { description: "ITEM-123", quantity: "500", unit: "each" }],
    ["4x6 thermal labels 12 rolls", { description: "4x6 thermal labels", quantity: "12", unit: "roll" }],
    [
      "Stretch film - 1,200 cases.",
      { description: "Stretch film", quantity: "1200", unit: "case", area: "packaging" },
    ],
    ["Pallet wrap qty 40", { description: "Pallet wrap", quantity: "40", unit: "each", area: "packaging" }],
    [
      "40 each Pallet wrap 18in",
      { description: "Pallet wrap 18in", quantity: "40", unit: "each", area: "packaging" },
    ],
    ["Foam corners", { description: "Foam corners", quantity: "", unit: "each", area: "die-cut-foams" }],
  ])("reads %j", (text, expected) => {
    expect(parsePastedLine(text, "labels")).toEqual({ ...emptyItem("labels"), ...expected });
  });

  it("gives the same row as the patterns it replaced, for any line", () => {
    fc.assert(
      fc.property(line, (text) => {
        // The area is guessed from the words since (see the tests below); the rest is unchanged.
        const row = parsePastedLine(text);
        expect(row && { ...row, area: "" }).toEqual(referenceParse(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("reads a plural unit as one word, the longest that fits", () => {
    expect(parsePastedLine("500 boxes of mailers")).toMatchObject({
      quantity: "500",
      unit: "box",
      description: "mailers",
    });
    expect(parsePastedLine("12 PALLETS stretch film")).toMatchObject({
      quantity: "12",
      unit: "pallet",
      description: "stretch film",
    });
    expect(parsePastedLine("3 pcs gauge inserts")).toMatchObject({
      unit: "each",
      description: "gauge inserts",
    });
  });

  it("reads the lines that made the old patterns backtrack like any other line", () => {
    const hostile = [
      (n: number) => `${"1".repeat(n - 1)}a`,
      (n: number) => `${"1,".repeat(n / 2)}a`,
      (n: number) => `${"9".repeat(n / 2)}x${" 1".repeat(n / 4)}`,
    ];
    // Short enough for the reference to finish in milliseconds: the same rows.
    for (const make of hostile)
      expect({ ...parsePastedLine(make(1_000)), area: "" }).toEqual(referenceParse(make(1_000)));
    // As long as a post can carry (the reference took seconds): a quantity up front, the rest described.
    expect(parsePastedLine(`${"1".repeat(39_999)}a`)).toMatchObject({
      quantity: "1".repeat(39_999),
      description: "a",
    });
    const pasted = withPastedRows({ ...emptyQuoteValues(), pasteList: `${"1a".repeat(4_000)}\nLabels, 5` });
    expect(pasted.items.map((row) => [row.quantity, row.description.length])).toEqual([
      ["1", 7_999],
      ["5", 6],
    ]);
  });

  it("makes rows only while the form has room; the lines left stay in the box and the request is refused", () => {
    const form = {
      ...emptyQuoteValues(),
      company: "Acme",
      name: "Rae",
      email: "rae@example.com",
      items: [{ ...emptyItem(), description: "Typed row", quantity: "1" }],
      pasteList: Array.from({ length: QUOTE_MAX_ITEMS + 9 }, (_, i) => `ITEM-${i}, ${i + 1}`).join("\r\n"),
    };
    const merged = withPastedRows(form);
    expect(merged.items).toHaveLength(QUOTE_MAX_ITEMS);
    expect(merged.items[0]?.description).toBe("Typed row");
    expect(merged.items.at(-1)?.description).toBe(`ITEM-${QUOTE_MAX_ITEMS - 2}`);
    expect(merged.pasteList.split("\n")).toEqual(
      Array.from({ length: 10 }, (_, i) => `ITEM-${QUOTE_MAX_ITEMS - 1 + i}, ${QUOTE_MAX_ITEMS + i}`),
    );
    const refused = parseQuote(merged);
    expect(refused).toEqual({
      success: false,
      error: QUOTE_ERRORS.tooManyItems,
      fieldErrors: { items: QUOTE_ERRORS.tooManyItems.message },
    });
    // Ten thousand one-character lines are fifty rows, not ten thousand.
    expect(withPastedRows({ ...emptyQuoteValues(), pasteList: "a\n".repeat(5_000) }).items).toHaveLength(
      QUOTE_MAX_ITEMS,
    );
    // All of it fits: nothing is left, and the request goes.
    const fits = withPastedRows({ ...form, pasteList: "ITEM-1, 5\nITEM-2 x 6" });
    expect(fits.pasteList).toBe("");
    expect(parseQuote(fits).success).toBe(true);
  });

  it.each([
    ["24 rolls 4x6 thermal labels"],
    ["4x6 thermal labels, 24 rolls"],
    ["4x6 thermal labels\t24\trolls"],
    ["24\trolls\t4x6 thermal labels"],
    ["24 ROLLS 4x6 thermal labels"],
    ["4x6 thermal labels - 24 rolls."],
  ])("reads the quantity and unit at either end of %j, as typed or pasted from a spreadsheet", (text) => {
    expect(parsePastedLine(text, "packaging")).toEqual({
      ...emptyItem(),
      description: "4x6 thermal labels",
      quantity: "24",
      unit: "roll",
      area: "labels",
    });
  });

  it.each([
    ["Zebra ZT411 printhead 203 dpi, 2", "barcoding"],
    ["110mm x 74m wax resin ribbon 36", "barcoding"],
    ["Honeywell 1950g scanner\t3\teach", "barcoding"],
    ["ZD621 label printer, 1", "barcoding"],
    ["12 cases stretch film 18in", "packaging"],
    ["Carton sealing tape 2in, 36 rolls", "packaging"],
    ["500 boxes of corrugated mailers", "packaging"],
    ["Foam insert 2 cavities, 300", "die-cut-foams"],
    ["Polyethylene foam corners x 1000", "die-cut-foams"],
    ["Pallet jack 5500 lb, 4", "material-handling"],
    ["Utility cart 3 shelf, 2", "material-handling"],
    ["4x6 thermal labels, 24 rolls", "labels"],
    ["Pallet labels 4x6, 10 rolls", "labels"],
  ])("files %j under its product area (%s), whatever the form's first row says", (text, area) => {
    expect(parsePastedLine(text, "labels")?.area).toBe(area);
    expect(parsePastedLine(text, "")?.area).toBe(area);
  });

  it("keeps the form's first row's area for a line whose words name no area", () => {
    expect(parsePastedLine("ITEM-123, 500", "packaging")?.area).toBe("packaging");
    expect(parsePastedLine("ITEM-123, 500")?.area).toBe("");
    // Whole words only: "Cartography" is no carton, "tagline" no tag.
    expect(guessPastedArea("Cartography tagline")).toBeNull();
    const pasted = withPastedRows({
      ...emptyQuoteValues("labels"),
      pasteList: "Printhead for ZT411, 1\nSKU-99 x 5\nStretch wrap 80 ga, 4 cases",
    });
    expect(pasted.items.map((row) => [row.description, row.area])).toEqual([
      ["Printhead for ZT411", "barcoding"],
      ["SKU-99", "labels"],
      ["Stretch wrap 80 ga", "packaging"],
    ]);
  });
});
