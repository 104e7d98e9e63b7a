import { beforeAll, describe, expect, it } from "vitest";
import { brochures } from "~/content/brochures";
import { buildSearchDocuments, type PdfTexts, type SearchDocument } from "~/features/search/documents.server";
import { engineFromDocuments, type SearchEngine } from "~/features/search/engine.server";
import { scan } from "~/features/search/normalize.server";
import { dropRunningLines, joinSpacedCapitals, readPdfTexts } from "./build-search-index";

describe("PDF text clean-up", () => {
  it("keeps the lines every page repeats on the first page only", () => {
    const pages = [
      "Cover\nAcme | Page 1 of 3",
      "Overview\nText one\nAcme | Page 2 of 3",
      "Details\nText two\nAcme | Page 3 of 3",
    ];
    expect(dropRunningLines(pages)).toEqual([
      "Cover\nAcme | Page 1 of 3",
      "Overview\nText one",
      "Details\nText two",
    ]);
  });

  it("joins letter-spaced capitals back into their word", () => {
    expect(joinSpacedCapitals("P R I N T I N G\nThermal Transfer Ribbons")).toBe(
      "PRINTING\nThermal Transfer Ribbons",
    );
    expect(joinSpacedCapitals("PAC K AG I N G")).toBe("PACKAGING");
    expect(joinSpacedCapitals("UHF RFID for ALL")).toBe("UHF RFID for ALL");
  });
});

/**
 * The index as the build makes it, from the brochures and catalogue in public/ (written by
 * scripts/build/build-documents.ts, which `npm run typecheck` and `npm run assets` run first).
 */
describe("the site index, with the text of the built PDFs", () => {
  let pdfs: PdfTexts;
  let engine: SearchEngine;
  /** Every word the site shows outside the PDFs. */
  let siteWords: Set<string>;
  /** The same index without the PDFs' text. */
  let withoutPdfs: SearchEngine;

  beforeAll(async () => {
    pdfs = await readPdfTexts();
    engine = engineFromDocuments(buildSearchDocuments(pdfs));
    const noPdfText: PdfTexts = {
      brochures: Object.fromEntries(brochures.map((brochure) => [brochure.id, []])),
      catalog: [],
    };
    const siteDocuments: SearchDocument[] = buildSearchDocuments(noPdfText);
    siteWords = new Set(
      siteDocuments.flatMap((document) =>
        scan(`${document.title}\n${document.keywords}\n${document.text}`).map((token) => token.whole),
      ),
    );
    withoutPdfs = engineFromDocuments(siteDocuments);
  }, 60_000);

  it("finds a brochure by a word that only its PDF holds", () => {
    // "cryogenic" is in the healthcare brochure's PDF and nowhere else on the site.
    expect(siteWords.has("cryogenic")).toBe(false);
    expect(withoutPdfs.search("cryogenic").total).toBe(0);
    expect(pdfs.brochures.healthcare?.join(" ")).toMatch(/cryogenic/i);

    const result = engine.search("cryogenic");
    const hits = result.groups.flatMap((group) => group.hits);
    expect(hits.map((hit) => hit.id)).toEqual(["brochure:healthcare"]);
    const [hit] = hits;
    expect(hit?.title).toBe("Healthcare and Laboratory Labels");
    expect(hit?.url).toMatch(/^\/brochures\/ridgeline-healthcare-labels\.pdf#page=\d+$/);
    expect(hit?.snippet.filter((piece) => piece.mark).map((piece) => piece.text.toLowerCase())).toContain(
      "cryogenic",
    );
  });

  it("finds every brochure by the words only its PDF holds", () => {
    const wordsOf = (id: string) =>
      new Set(scan(pdfs.brochures[id]?.join("\n") ?? "").map((token) => token.whole));
    for (const brochure of brochures) {
      const others = brochures.filter((other) => other.id !== brochure.id).map((other) => wordsOf(other.id));
      const own = [...wordsOf(brochure.id)].filter(
        (word) =>
          /^[a-z]{6,}$/.test(word) &&
          !siteWords.has(word) &&
          !others.some((words) => words.has(word)) &&
          withoutPdfs.search(word).total === 0,
      );
      expect(own.length, `${brochure.id} has words of its own`).toBeGreaterThan(0);
      for (const word of own) {
        const ids = engine.search(word).groups.flatMap((group) => group.hits.map((hit) => hit.id));
        expect(ids, `"${word}" finds ${brochure.id}`).toContain(`brochure:${brochure.id}`);
      }
    }
  });

  it("finds the word the issue names, skiver, in the foam brochure's PDF", () => {
    const hits = engine.search("skiver").groups.find((group) => group.group === "documents")?.hits ?? [];
    const foam = hits.find((hit) => hit.id === "brochure:protective-packaging");
    expect(foam?.snippet.filter((piece) => piece.mark).map((piece) => piece.text)).toContain("skiver");
  });

  it("answers a query over the whole index in a few milliseconds (loosely here; npm run bench:search measures)", () => {
    const queries = ["labels", "4x6 thermal labels", "ribbon for ZT410", "thermel ribons", "polyeth", "zzzz"];
    for (const query of queries) engine.search(query);
    const times: number[] = [];
    for (let round = 0; round < 100; round++) {
      for (const query of queries) {
        const started = performance.now();
        engine.search(query);
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)] ?? 0;
    expect(p99).toBeLessThan(50);
  });
});
