import { describe, expect, it } from "vitest";
import type { SiteSearchResult, TextPiece } from "~/lib/search-types";
import type { SearchDocument } from "./documents.server";
import {
  buildIndex,
  engineFromDocuments,
  loadSearchEngine,
  MAX_QUERY_WORDS,
  queryPlan,
  serializeIndex,
} from "./engine.server";

function doc(id: string, fields: Partial<SearchDocument> & { title: string; text: string }): SearchDocument {
  return { id, group: "products", context: "Test", url: `/products#${id}`, keywords: "", ...fields };
}

const documents: SearchDocument[] = [
  doc("thermal-4x6", {
    title: "Direct thermal shipping labels",
    text: 'Stock rolls of 4" x 6" direct thermal labels for shipping stations, 1,000 labels a roll.',
  }),
  doc("thermal-2x1", {
    title: "Barcode labels",
    text: "Small 2x1 thermal transfer labels for bins and parts.",
  }),
  doc("ribbons", {
    title: "Ribbons for Zebra printers",
    text: "Wax/resin ribbons that fit the ZT-410 and ZT420 industrial printers.",
    group: "documents",
    pdf: { folder: "brochures", fileName: "ribbons.pdf", pageStarts: [0, 40] },
  }),
  doc("cafe", { title: "Café labels", text: "Labels for the crème brûlée counter.", group: "pages" }),
  doc("foam", {
    title: "Protective foam",
    text: "Polyethylene plank laminated and skived to size. Fabrication of inserts.",
    group: "articles",
  }),
  doc("tape", { title: "Carton sealing tape", text: "Hot-melt tape for case sealers." }),
];

const engine = engineFromDocuments(documents);

const ids = (result: SiteSearchResult) => result.groups.flatMap((group) => group.hits.map((hit) => hit.id));
const marked = (pieces: readonly TextPiece[]) =>
  pieces.filter((piece) => piece.mark).map((piece) => piece.text);

describe("sizes", () => {
  it.each(["4x6", "4 x 6", "4×6", '4"x6"', "4 X 6", "4″ × 6″"])("%j finds the 4x6 labels only", (query) => {
    expect(ids(engine.search(query))).toEqual(["thermal-4x6"]);
  });

  it("every form of a size gives the same results in a longer query", () => {
    const expected = engine.search("4x6 thermal labels");
    expect(ids(expected)).toEqual(["thermal-4x6"]);
    for (const query of ["4 x 6 thermal labels", "4×6 thermal labels", '4"x6" thermal labels']) {
      expect(engine.search(query)).toEqual(expected);
    }
  });

  it("marks the size as it is written", () => {
    const [hit] = engine.search("4x6").groups[0]?.hits ?? [];
    expect(marked(hit?.snippet ?? [])).toEqual(['4" x 6"']);
  });
});

describe("part numbers", () => {
  it.each(["ZT410", "ZT-410", "zt 410", "zt410"])("%j finds the ribbons", (query) => {
    expect(ids(engine.search(query))).toEqual(["ribbons"]);
  });

  it("written one way in the text, found written another way", () => {
    expect(ids(engine.search("ZT 420"))).toEqual(["ribbons"]);
    expect(ids(engine.search("ribbon for zt-420"))).toEqual(["ribbons"]);
  });

  it("does not take one model for another", () => {
    expect(ids(engine.search("ZT610"))).toEqual([]);
  });
});

describe("words", () => {
  it("ignores case and accents", () => {
    expect(ids(engine.search("CAFE"))).toEqual(["cafe"]);
    expect(ids(engine.search("creme brulee"))).toEqual(["cafe"]);
  });

  it("finds other forms of a word (stemming)", () => {
    expect(ids(engine.search("laminating"))).toEqual(["foam"]);
    expect(ids(engine.search("sealer"))).toEqual(["tape"]);
  });

  it("tolerates one typo in a longer word", () => {
    expect(ids(engine.search("thermel"))).toEqual(expect.arrayContaining(["thermal-4x6", "thermal-2x1"]));
    expect(ids(engine.search("polyethylen"))).toEqual(["foam"]);
    expect(ids(engine.search("fabricaton"))).toEqual(["foam"]);
    // Two letters swapped count as one typo too.
    expect(ids(engine.search("polyehtylene"))).toEqual(["foam"]);
    expect(ids(engine.search("fabircation"))).toEqual(["foam"]);
  });

  it("does not stretch short words or two typos", () => {
    expect(ids(engine.search("tpae"))).toEqual([]);
    expect(ids(engine.search("thremel"))).toEqual([]);
  });

  it("finds a word by its start from four letters", () => {
    expect(ids(engine.search("polyeth"))).toEqual(["foam"]);
  });

  it("needs every word, and says so when it falls back to some of them", () => {
    const all = engine.search("thermal transfer");
    expect(ids(all)).toEqual(["thermal-2x1"]);
    expect(all.partial).toBe(false);
    const some = engine.search("tape zebra");
    expect(some.partial).toBe(true);
    expect(ids(some).sort()).toEqual(["ribbons", "tape"]);
  });

  it("finds nothing for a word no document has", () => {
    expect(engine.search("forklift")).toEqual({ total: 0, groups: [], partial: false });
  });
});

describe("results", () => {
  it("groups them in the page's order: products, documents, articles, pages", () => {
    const result = engine.search("labels");
    expect(result.groups.map((group) => group.group)).toEqual(["products", "pages"]);
    expect(result.total).toBe(3);
  });

  it("marks the matched words in the title and the snippet", () => {
    const [hit] = engine.search("shipping").groups[0]?.hits ?? [];
    expect(marked(hit?.titlePieces ?? [])).toEqual(["shipping"]);
    expect(marked(hit?.snippet ?? [])).toEqual(["shipping"]);
    expect((hit?.snippet ?? []).map((piece) => piece.text).join("")).toContain("direct thermal labels");
  });

  it("links a PDF at the page of its snippet, with its card as the other way in", () => {
    const [hit] = engine.search("industrial printers").groups[0]?.hits ?? [];
    expect(hit?.url).toBe("/brochures/ribbons.pdf#page=2");
    expect(hit?.cardUrl).toBe("/products#ribbons");
  });

  it("suggests the best few, the PDF by its file", () => {
    const { total, suggestions } = engine.suggest("ribb");
    expect(total).toBe(1);
    expect(suggestions).toEqual([
      { id: "ribbons", title: "Ribbons for Zebra printers", context: "Test", url: "/brochures/ribbons.pdf" },
    ]);
  });

  it("suggests from the first letters of the word being typed", () => {
    expect(engine.suggest("po").suggestions.map((suggestion) => suggestion.id)).toEqual(["foam"]);
    expect(engine.suggest("zt4").suggestions.map((suggestion) => suggestion.id)).toEqual(["ribbons"]);
  });
});

describe("kind words", () => {
  const kinds = engineFromDocuments([
    doc("company", {
      title: "Company Brochure",
      text: "Our brochure: labels, ribbons and GHS know-how.",
      group: "documents",
    }),
    doc("ghs", { title: "GHS Chemical Labels", text: "Pictograms and signal words.", group: "documents" }),
    doc("ghs-item", { title: "GHS labels", text: "Chemical drum labels.", group: "products" }),
    doc("ghs-article", {
      title: "GHS labels explained",
      text: "The six required elements.",
      group: "articles",
    }),
    doc("design-guide", { title: "Label Design Guide", text: "Bleed and safe areas.", group: "documents" }),
    doc("quote", {
      title: "Request a Quote",
      text: "Items and quantities.",
      keywords: "quotation\nprice",
      group: "pages",
    }),
    doc("contact", { title: "Contact", text: "Ask for a quote by phone.", group: "pages" }),
    doc("quoted", { title: "Foam", text: "Request a quote for foam.", group: "products" }),
  ]);

  it("a brochure word limits the search to documents and need not match: the GHS brochure first", () => {
    expect(ids(kinds.search("ghs brochure"))).toEqual(["ghs", "company"]);
    expect(ids(kinds.search("GHS catalogue"))[0]).toBe("ghs");
    expect(ids(kinds.search("ghs pdf"))[0]).toBe("ghs");
  });

  it("article keeps to the articles; guide to articles and documents, and must match", () => {
    expect(ids(kinds.search("ghs article"))).toEqual(["ghs-article"]);
    expect(ids(kinds.search("label guide"))).toEqual(["design-guide"]);
  });

  it("quote, quotation, price and pricing find the quote page first, among the pages only", () => {
    for (const query of ["quote", "quotation", "price", "pricing"])
      expect(ids(kinds.search(query))[0], query).toBe("quote");
    expect(ids(kinds.search("quote"))).toEqual(["quote", "contact"]);
    expect(kinds.suggest("quote").suggestions[0]?.id).toBe("quote");
  });

  it("a kind word alone searches for itself within its kind", () => {
    expect(ids(kinds.search("brochure"))).toEqual(["company"]);
  });

  it("when nothing of that kind matches, the whole site is searched as before", () => {
    // No document holds "drum": the site's results with some of the words, as for any query.
    const drum = kinds.search("drum brochure");
    expect(ids(drum)).toEqual(["ghs-item", "company"]);
    expect(drum.partial).toBe(true);
    expect(ids(kinds.search("foam quote"))).toEqual(["quoted"]);
  });
});

describe("bad input", () => {
  const hostile = [
    "",
    "   ",
    "!!!???",
    "the of and",
    "a".repeat(10_000),
    "labels ".repeat(500),
    "<script>alert(1)</script>",
    "'; drop table search_misses; --",
    "((((((((((",
    "\\u0000\u0000\u0001",
    "*".repeat(300),
    "ﷺ".repeat(100),
    "\ud800\udc00\ud800",
    "4x6x".repeat(80),
    "zt-".repeat(90),
  ];

  it.each(hostile.map((query) => [query.slice(0, 40), query]))(
    "%j: answers, without throwing",
    (_label, query) => {
      expect(() => engine.search(query)).not.toThrow();
      expect(() => engine.suggest(query)).not.toThrow();
    },
  );

  it("looks at the first words of a long query only", () => {
    expect(queryPlan("labels ".repeat(100), "page")).toHaveLength(MAX_QUERY_WORDS);
  });

  it("finds nothing for a query of punctuation or stopwords", () => {
    expect(engine.search("!!! ???").total).toBe(0);
    expect(engine.search("the of and").total).toBe(0);
  });
});

describe("the serialized index", () => {
  it("loads into an engine that answers as the one it was built from", () => {
    const loaded = loadSearchEngine(serializeIndex(buildIndex(documents)));
    expect(loaded.documentCount).toBe(documents.length);
    for (const query of ["4 x 6", "zt 410", "cafe", "thermel", "labels"]) {
      expect(loaded.search(query)).toEqual(engine.search(query));
    }
  });
});
