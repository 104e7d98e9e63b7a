import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { documentedBrochures, getDocumentedBrochure } from "../../app/content/brochure-documents.server";
import { catalog } from "../../app/content/brochures";
import { company } from "../../app/content/company";
import { products } from "../../app/content/products";
import { buildBrochure, buildCatalog } from "./build-documents";
import {
  DOCUMENT_DATE,
  describeDocument,
  findUnsupportedCharacters,
  formatFileSize,
  normalizeWhitespace,
} from "./documents-lib";
import { extractPdfPages } from "./pdf-text";

const countPdfPages = async (pdf: Uint8Array) => (await extractPdfPages(pdf)).length;
const extractPdfText = async (pdf: Uint8Array) => (await extractPdfPages(pdf)).join("\n");

function makePdf(pages: readonly string[], compress = true): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress,
    info: { Title: "Test", CreationDate: DOCUMENT_DATE, ModDate: DOCUMENT_DATE },
  });
  for (const text of pages) doc.addPage().font("Helvetica").fontSize(11).text(text);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

describe("formatFileSize", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1 KB"],
    [49_152, "48 KB"],
    [1_048_000, "1023 KB"],
    [1_048_500, "1.0 MB"],
    [1_258_291, "1.2 MB"],
    [4_299_161, "4.1 MB"],
  ])("%i bytes reads %s", (bytes, label) => {
    expect(formatFileSize(bytes)).toBe(label);
  });

  it("refuses values that are not byte counts", () => {
    expect(() => formatFileSize(-1)).toThrow(RangeError);
    expect(() => formatFileSize(1.5)).toThrow(RangeError);
    expect(() => formatFileSize(Number.NaN)).toThrow(RangeError);
  });
});

describe("reading a built PDF back (PDF.js)", () => {
  it("counts the pages of compressed and uncompressed files", async () => {
    expect(await countPdfPages(await makePdf(["one", "two", "three"]))).toBe(3);
    expect(await countPdfPages(await makePdf(["only"], false))).toBe(1);
  });

  it("is not fooled by page-like text inside a content stream", async () => {
    expect(await countPdfPages(await makePdf(["/Type /Page /Type /Page"], false))).toBe(1);
  });

  it("rejects data that is not a PDF", async () => {
    await expect(countPdfPages(Buffer.from("hello"))).rejects.toThrow();
  });

  it("reads back text written with the standard fonts, punctuation included", async () => {
    const line = "Skiver down to 1/8 inch \u2013 \u201cquoted\u201d \u00b7 caf\u00e9";
    for (const compress of [true, false]) {
      const text = normalizeWhitespace(
        await extractPdfText(await makePdf(["Ridgeline brochure", line], compress)),
      );
      expect(text).toContain("Ridgeline brochure");
      expect(text).toContain(line);
    }
  });
});

describe("findUnsupportedCharacters", () => {
  it("accepts WinAnsi text and reports what Helvetica cannot draw", () => {
    expect(
      findUnsupportedCharacters("Plain text, caf\u00e9, \u2013 \u2014 \u201c\u201d \u2022 \u20ac\nnext line"),
    ).toEqual([]);
    expect(findUnsupportedCharacters("A \u2192 B \u2264 C \u2192")).toEqual(["\u2192", "\u2264"]);
  });
});

describe("normalizeWhitespace", () => {
  it("collapses line breaks and runs of spaces", () => {
    expect(normalizeWhitespace("  Protective\nPackaging   and\tFoam ")).toBe("Protective Packaging and Foam");
  });
});

describe("describeDocument", () => {
  it("reports the file name, page count, byte size and label", async () => {
    const pdf = await makePdf(["a", "b"]);
    expect(describeDocument("x.pdf", pdf, await countPdfPages(pdf))).toEqual({
      fileName: "x.pdf",
      pages: 2,
      bytes: pdf.byteLength,
      sizeLabel: formatFileSize(pdf.byteLength),
    });
  });
});

describe("built documents", () => {
  it("builds a brochure byte-for-byte the same every time", async () => {
    const ghs = getDocumentedBrochure("ghs");
    if (!ghs) throw new Error("ghs brochure missing");
    const [first, second] = await Promise.all([buildBrochure(ghs), buildBrochure(ghs)]);
    expect(first.bytes.equals(second.bytes)).toBe(true);
  });

  it("gives every brochure a cover, overview, product lines, ordering steps and contact page", async () => {
    for (const brochure of documentedBrochures) {
      const { bytes, pages } = await buildBrochure(brochure);
      expect(await countPdfPages(bytes), brochure.id).toBe(pages);
      expect(pages, brochure.id).toBeGreaterThanOrEqual(5);
      const text = normalizeWhitespace(await extractPdfText(bytes));
      for (const phrase of [
        brochure.title,
        brochure.overview[0],
        ...brochure.productLines.flatMap((line) => [line.name, ...line.options]),
        ...brochure.howToOrder,
        company.phone,
        company.email,
        ...company.locations.map((location) => `${location.city}, ${location.state}`),
        `Page ${pages} of ${pages}`,
      ]) {
        expect(text, `${brochure.id}: ${phrase}`).toContain(normalizeWhitespace(phrase ?? ""));
      }
    }
  });

  it("puts every product section, item and foam benefit in the catalogue", async () => {
    const { bytes, pages } = await buildCatalog();
    expect(await countPdfPages(bytes)).toBe(pages);
    const text = normalizeWhitespace(await extractPdfText(bytes));
    expect(text).toContain(catalog.title);
    for (const section of products.sections) {
      expect(text).toContain(section.title);
      for (const item of section.items) {
        expect(text).toContain(normalizeWhitespace(item.description));
        const benefits: readonly string[] = "benefits" in item ? item.benefits : [];
        for (const benefit of benefits) expect(text).toContain(benefit);
      }
    }
  });
});
