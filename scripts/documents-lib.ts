import { inflateSync } from "node:zlib";

/** Pure helpers for the PDF build step: sizes, page counts and a small text reader for checking output. */

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

type StreamSpan = { start: number; end: number };

/**
 * Where each stream's data lies. The length comes from the stream's own /Length entry: compressed data may
 * end in any byte, including the line break that precedes "endstream", so searching for the keyword alone
 * can cut a byte off.
 */
function findStreams(source: string): StreamSpan[] {
  const spans: StreamSpan[] = [];
  const keyword = />>\s*stream\r?\n/g;
  let match = keyword.exec(source);
  while (match) {
    const start = match.index + match[0].length;
    const dictionaryStart = source.lastIndexOf("<<", match.index);
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(source.slice(dictionaryStart, match.index))?.[1];
    const end = length !== undefined ? start + Number(length) : source.indexOf("endstream", start);
    if (end < start || end > source.length) throw new Error("Malformed PDF stream");
    spans.push({ start, end });
    keyword.lastIndex = end;
    match = keyword.exec(source);
  }
  return spans;
}

function readPdf(pdf: Uint8Array): string {
  const source = Buffer.from(pdf).toString("latin1");
  if (!source.startsWith("%PDF-")) throw new Error("Not a PDF file");
  return source;
}

/**
 * Counts the page objects of a PDF. Stream data is skipped so that compressed bytes can never pass for a
 * "/Type /Page" entry; "/Type /Pages" (the page tree) is not counted.
 */
export function countPdfPages(pdf: Uint8Array): number {
  const source = readPdf(pdf);
  let outsideStreams = "";
  let position = 0;
  for (const span of findStreams(source)) {
    outsideStreams += source.slice(position, span.start);
    position = span.end;
  }
  outsideStreams += source.slice(position);
  return outsideStreams.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
}

// WinAnsiEncoding bytes 0x80-0x9F that differ from Latin-1 (what pdfkit writes for the standard fonts).
const WIN_ANSI_EXTRAS: Record<number, string> = {
  128: "\u20ac",
  130: "\u201a",
  131: "\u0192",
  132: "\u201e",
  133: "\u2026",
  134: "\u2020",
  135: "\u2021",
  136: "\u02c6",
  137: "\u2030",
  138: "\u0160",
  139: "\u2039",
  140: "\u0152",
  142: "\u017d",
  145: "\u2018",
  146: "\u2019",
  147: "\u201c",
  148: "\u201d",
  149: "\u2022",
  150: "\u2013",
  151: "\u2014",
  152: "\u02dc",
  153: "\u2122",
  154: "\u0161",
  155: "\u203a",
  156: "\u0153",
  158: "\u017e",
  159: "\u0178",
};
const WIN_ANSI_EXTRA_CHARACTERS = new Set(Object.values(WIN_ANSI_EXTRAS));

function decodeWinAnsiHex(hex: string): string {
  let out = "";
  for (let index = 0; index + 1 < hex.length; index += 2) {
    const code = Number.parseInt(hex.slice(index, index + 2), 16);
    out += WIN_ANSI_EXTRAS[code] ?? String.fromCharCode(code);
  }
  return out;
}

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

/**
 * Reads back the text that pdfkit wrote with the standard fonts: one line per text-showing operator, in
 * drawing order. Enough to prove that a built file holds its content; not a general PDF text extractor.
 */
export function extractPdfText(pdf: Uint8Array): string {
  const source = readPdf(pdf);
  const lines: string[] = [];
  for (const span of findStreams(source)) {
    const raw = Buffer.from(source.slice(span.start, span.end), "latin1");
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const operator of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const hexParts =
        operator[1] !== undefined ? [...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [];
      const parts = operator[2] !== undefined ? [operator[2]] : hexParts;
      lines.push(parts.map((hex) => decodeWinAnsiHex(hex ?? "")).join(""));
    }
  }
  return lines.join("\n");
}

/** Text with every run of whitespace made one space, for matching phrases that may wrap across lines. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function describeDocument(fileName: string, pdf: Uint8Array): DocumentEntry {
  return {
    fileName,
    pages: countPdfPages(pdf),
    bytes: pdf.byteLength,
    sizeLabel: formatFileSize(pdf.byteLength),
  };
}
