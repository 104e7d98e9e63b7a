/** Pure helpers for the PDF build step: sizes, the characters the standard fonts can draw, manifest entries. */

export type DocumentEntry = { fileName: string; pages: number; bytes: number; sizeLabel: string };
export type DocumentsManifest = { brochures: Record<string, DocumentEntry>; catalog: DocumentEntry };

/**
 * Fixed dates for the PDF info dictionary. pdfkit derives the trailer ID from the info dictionary, so fixed
 * dates make the ID, and with it the whole file, depend on the content alone.
 */
export const DOCUMENT_DATE = new Date("2025-01-01T00:00:00Z");

/** "812 B", "48 KB", "1.2 MB" (binary units, as file managers show them). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0 || !Number.isInteger(bytes)) {
    throw new RangeError(`Not a byte count: ${bytes}`);
  }
  if (bytes < 1024) return `${bytes} B`;
  const kilobytes = Math.round(bytes / 1024);
  // 1,048,000 bytes would otherwise read "1024 KB".
  if (kilobytes < 1024) return `${kilobytes} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// The characters of WinAnsiEncoding beyond Latin-1 (bytes 0x80-0x9F), which the standard fonts pdfkit uses can draw.
const WIN_ANSI_EXTRA_CHARACTERS = new Set([
  "\u20ac",
  "\u201a",
  "\u0192",
  "\u201e",
  "\u2026",
  "\u2020",
  "\u2021",
  "\u02c6",
  "\u2030",
  "\u0160",
  "\u2039",
  "\u0152",
  "\u017d",
  "\u2018",
  "\u2019",
  "\u201c",
  "\u201d",
  "\u2022",
  "\u2013",
  "\u2014",
  "\u02dc",
  "\u2122",
  "\u0161",
  "\u203a",
  "\u0153",
  "\u017e",
  "\u0178",
]);

/**
 * Characters the built-in Helvetica cannot draw (it only covers WinAnsiEncoding). Content that used them
 * would print as wrong glyphs, so the build refuses it.
 */
export function findUnsupportedCharacters(text: string): string[] {
  const unsupported = new Set<string>();
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const printableAscii = code >= 0x20 && code <= 0x7e;
    const latin1 = code >= 0xa0 && code <= 0xff;
    if (character === "\n" || printableAscii || latin1 || WIN_ANSI_EXTRA_CHARACTERS.has(character)) continue;
    unsupported.add(character);
  }
  return [...unsupported];
}

/** Text with every run of whitespace made one space, for matching phrases that may wrap across lines. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A manifest entry for a built file; `pages` is what a PDF reader counted in it (scripts/build/pdf-text.ts). */
export function describeDocument(fileName: string, pdf: Uint8Array, pages: number): DocumentEntry {
  return {
    fileName,
    pages,
    bytes: pdf.byteLength,
    sizeLabel: formatFileSize(pdf.byteLength),
  };
}
