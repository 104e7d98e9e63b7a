import { describe, expect, it } from "vitest";
import { QUOTE_LIST_MAX } from "./catalogue-paths";
import { parseQuoteList, QUOTE_LIST_QUANTITY_MAX, QUOTE_LIST_STORED_MAX } from "./quote-list-entries";
import { quoteListSnippet, siteSnippet } from "./quote-list-snippet";

const stored = (value: unknown) => JSON.stringify(value);

describe("the quote list read back from localStorage", () => {
  it("keeps what the site writes", () => {
    const list = [
      { s: "RDT-4X6-3C", q: 2, n: "4 x 6 in direct thermal labels", u: "case", f: "direct-thermal-labels" },
      { s: "RBX-110-450-I", q: 1 },
    ];
    expect(parseQuoteList(stored(list))).toEqual(list);
  });

  it("reads nothing from garbage, wrong shapes and text too long to parse", () => {
    for (const text of [null, "", "{not json", "null", "7", '"text"', stored({ s: "X", q: 1 })])
      expect(parseQuoteList(text)).toEqual([]);
    const huge = stored([{ s: "A", q: 1, n: "x".repeat(QUOTE_LIST_STORED_MAX) }]);
    expect(parseQuoteList(huge)).toEqual([]);
  });

  it("leaves out entries without a usable sku or quantity, and drops bad details from the others", () => {
    const list = parseQuoteList(
      stored([
        null,
        7,
        [],
        { s: "", q: 1 },
        { s: "   ", q: 1 },
        { s: "A".repeat(65), q: 1 },
        { s: 42, q: 1 },
        { s: "OK-1", q: 0 },
        { s: "OK-1", q: 1.5 },
        { s: "OK-1", q: "3" },
        { s: "OK-1", q: QUOTE_LIST_QUANTITY_MAX + 1 },
        {
          s: "<img src=x onerror=alert(1)>",
          q: 3,
          n: { html: "<b>" },
          u: "x".repeat(21),
          f: "javascript:alert(1)",
        },
        { s: "OK-2", q: 4, n: "<script>alert(1)</script>", f: "../../etc" },
      ]),
    );
    expect(list).toEqual([
      { s: "<img src=x onerror=alert(1)>", q: 3 },
      { s: "OK-2", q: 4, n: "<script>alert(1)</script>" },
    ]);
  });

  it("adds the quantities of the same sku, keeps at most 50 lines, and does not read 10,000 entries", () => {
    const entries = (length: number) => Array.from({ length }, (_, i) => ({ s: `SKU-${i % 60}`, q: 1 }));
    const list = parseQuoteList(stored(entries(1_000)));
    expect(list).toHaveLength(QUOTE_LIST_MAX);
    // Of the first 200 entries read, SKU-0 is entries 0, 60, 120 and 180.
    expect(list[0]).toEqual({ s: "SKU-0", q: 4 });
    expect(parseQuoteList(stored(entries(10_000)))).toEqual([]);
    const twice = parseQuoteList(
      stored([
        { s: "A", q: QUOTE_LIST_QUANTITY_MAX },
        { s: "A", q: 5 },
      ]),
    );
    expect(twice).toEqual([{ s: "A", q: QUOTE_LIST_QUANTITY_MAX }]);
  });
});

/** The header's count as the page snippet shows it for what localStorage holds. */
function headerCount(stored: string | null): number {
  const link = { hidden: true, count: { textContent: "" as unknown } };
  const document = {
    querySelectorAll: () => [{ ...link, querySelector: () => link.count }],
    querySelector: () => null,
    addEventListener: () => undefined,
  };
  const localStorage = { getItem: () => stored };
  new Function("window", "document", "localStorage", siteSnippet())({}, document, localStorage);
  return Number(link.count.textContent);
}

describe("the header's count", () => {
  it("counts a list as the list's page reads it: a sku twice is one line", () => {
    const lists = [
      [
        { s: "RDT-4X6-3C", q: 2 },
        { s: "RDT-4X6-3C", q: 3 },
        { s: "RBX-110-450-I", q: 1 },
      ],
      [{ s: "A", q: "5" }, { s: " ", q: 1 }, { s: "B", q: 1.5 }, { s: "C", q: 0 }, null, { s: "D", q: 1 }],
      Array.from({ length: 1_000 }, (_, i) => ({ s: `SKU-${i % 60}`, q: 1 })),
      Array.from({ length: 300 }, (_, i) => ({ s: i < 200 ? "SAME" : `SKU-${i}`, q: 1 })),
    ];
    const counts = lists.map((list) => headerCount(stored(list)));
    expect(counts).toEqual(lists.map((list) => parseQuoteList(stored(list)).length));
    expect(counts).toEqual([2, 1, QUOTE_LIST_MAX, 1]);
    expect(headerCount("{not json")).toBe(0);
    expect(headerCount(null)).toBe(0);
  });
});

describe("the inline snippets", () => {
  it("stay under 1 KB each, as every page carries the first", () => {
    expect(new TextEncoder().encode(siteSnippet()).length).toBeLessThanOrEqual(1024);
    expect(new TextEncoder().encode(quoteListSnippet()).length).toBeLessThanOrEqual(1024);
  });

  it("parse as JavaScript", () => {
    expect(() => new Function(siteSnippet())).not.toThrow();
    expect(() => new Function(quoteListSnippet())).not.toThrow();
  });
});
