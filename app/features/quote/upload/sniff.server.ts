/**
 * What a file is, judged by its first bytes (file-type, and two detectors of ours for the text formats
 * STEP and DXF), never by its name or the type the browser claimed. Only the formats a buyer sends with a
 * quote request are accepted; anything else is refused.
 */
import { type Detector, FileTypeParser, type FileTypeResult } from "file-type";

export interface SniffedType {
  /** What the visitor is told was recognised. */
  label: string;
  contentType: string;
  /** The extension the stored file gets when its name has none we accept for this type. */
  extension: string;
}

const PDF: SniffedType = { label: "PDF", contentType: "application/pdf", extension: "pdf" };
const PNG: SniffedType = { label: "PNG image", contentType: "image/png", extension: "png" };
const JPEG: SniffedType = { label: "JPEG image", contentType: "image/jpeg", extension: "jpg" };
const WEBP: SniffedType = { label: "WebP image", contentType: "image/webp", extension: "webp" };
const DWG: SniffedType = { label: "DWG drawing", contentType: "image/vnd.dwg", extension: "dwg" };
const DXF: SniffedType = { label: "DXF drawing", contentType: "image/vnd.dxf", extension: "dxf" };
const STEP: SniffedType = { label: "STEP model", contentType: "model/step", extension: "step" };
const EPS: SniffedType = {
  label: "PostScript/EPS artwork",
  contentType: "application/postscript",
  extension: "eps",
};

/** Bytes needed to decide: the DXF check looks this far for its first section. */
export const SNIFF_BYTES = 1024;

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

function isDxf(head: Buffer): boolean {
  // ASCII DXF: group code 0 then SECTION, then group code 2 and a section name such as HEADER.
  const text = head.toString("latin1").replace(/\r\n?/g, "\n");
  // Binary data (control bytes other than tab and line ends) is not a text DXF.
  for (const byte of head.subarray(0, 200)) if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) return false;
  return /^\s*(?:999\n[^\n]*\n\s*)?0\s*\nSECTION\s*\n\s*2\s*\n(?:HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS)\b/.test(
    text,
  );
}

/**
 * file-type knows the binary formats; the two text formats of CAD exchange (STEP and DXF) are ours, as
 * detectors it runs after its own. Each reads at most SNIFF_BYTES.
 */
const textCadDetectors: Detector[] = [
  {
    id: "step",
    async detect(tokenizer) {
      const head = Buffer.alloc(13);
      const read = await tokenizer.peekBuffer(head, { mayBeLess: true });
      return head.subarray(0, read).toString("latin1") === "ISO-10303-21;"
        ? { ext: "step" as FileTypeResult["ext"], mime: STEP.contentType as FileTypeResult["mime"] }
        : undefined;
    },
  },
  {
    id: "dxf",
    async detect(tokenizer) {
      const head = Buffer.alloc(SNIFF_BYTES);
      const read = await tokenizer.peekBuffer(head, { mayBeLess: true });
      return isDxf(head.subarray(0, read))
        ? { ext: "dxf" as FileTypeResult["ext"], mime: DXF.contentType as FileTypeResult["mime"] }
        : undefined;
    },
  },
];

/** What we accept, by the type file-type (or our detectors) found. */
const ACCEPTED: Record<string, SniffedType> = {
  pdf: PDF,
  png: PNG,
  jpg: JPEG,
  webp: WEBP,
  dwg: DWG,
  dxf: DXF,
  step: STEP,
  // Illustrator files are PDF (above) or PostScript; EPS is PostScript or has the DOS EPS binary header.
  ps: EPS,
  eps: EPS,
};

/** The type of a file from its first bytes (at least SNIFF_BYTES when the file is that long), or null. */
export async function sniffFileType(head: Buffer): Promise<SniffedType | null> {
  // A parser per file: FileTypeParser keeps the buffer and tokenizer it is reading as its own fields, so
  // one shared by two files sniffed at once (a small file ending while the next one's head arrives)
  // judged one file by the other's bytes.
  const parser = new FileTypeParser({ customDetectors: textCadDetectors, maxBufferSize: SNIFF_BYTES * 4 });
  const found = await parser.fromBuffer(head.subarray(0, SNIFF_BYTES)).catch(() => undefined);
  // file-type calls anything that begins with "%!" PostScript; artwork from a design program says which.
  if (found?.ext === "ps" && head.subarray(0, 10).toString("latin1") !== "%!PS-Adobe") return null;
  return (found && ACCEPTED[found.ext]) ?? null;
}

/** Why a file is refused, in words that name what it looks like where we can tell. */
export function describeUnknown(head: Buffer): string {
  const text = head.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (text.startsWith("<!doctype html") || text.startsWith("<html") || /<(script|body|head)\b/.test(text))
    return "it is a web page (HTML)";
  if (text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg")))
    return "it is an SVG image";
  if (text.startsWith("#!")) return "it is a script";
  if (startsWith(head, [0x4d, 0x5a])) return "it is a program (executable)";
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return "it is a program (executable)";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return "it is a ZIP archive";
  return "its content is not one of the accepted types";
}

const EXTENSIONS_BY_TYPE: Record<string, readonly string[]> = {
  [PDF.contentType]: ["pdf", "ai"],
  [PNG.contentType]: ["png"],
  [JPEG.contentType]: ["jpg", "jpeg"],
  [WEBP.contentType]: ["webp"],
  [DWG.contentType]: ["dwg"],
  [DXF.contentType]: ["dxf"],
  [STEP.contentType]: ["step", "stp"],
  [EPS.contentType]: ["eps", "ai", "ps"],
};

/**
 * The name the file is stored and mailed under: the visitor's name made safe (no path, no control or
 * header-special characters, at most 100 characters), with an extension that matches its content,
 * so a mail client never opens it as something else.
 */
export function safeFileName(original: string, type: SniffedType): string {
  const base = (original.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}"<>|:*?;]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  const stem = (dot > 0 ? base.slice(0, dot) : base).slice(0, 90) || "attachment";
  const allowed = EXTENSIONS_BY_TYPE[type.contentType] ?? [type.extension];
  return `${stem}.${allowed.includes(ext) ? ext : type.extension}`;
}
