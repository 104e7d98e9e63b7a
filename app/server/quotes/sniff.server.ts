/**
 * What a file is, judged by its first bytes, never by its name or the type the browser claimed
 * (docs/decisions/0011-quote-uploads.md explains why this table is ours and not a package's).
 * Only the formats a buyer sends with a quote request are recognised; anything else is refused.
 */

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

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const startsWithText = (head: Buffer, text: string, offset = 0) =>
  head.subarray(offset, offset + text.length).toString("latin1") === text;

function isDxf(head: Buffer): boolean {
  // ASCII DXF: group code 0 then SECTION, then group code 2 and a section name such as HEADER.
  const text = head.toString("latin1").replace(/\r\n?/g, "\n");
  // Binary data (control bytes other than tab and line ends) is not a text DXF.
  for (const byte of head.subarray(0, 200)) if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) return false;
  return /^\s*(?:999\n[^\n]*\n\s*)?0\s*\nSECTION\s*\n\s*2\s*\n(?:HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS)\b/.test(
    text,
  );
}

/** The type of a file from its first bytes (at least SNIFF_BYTES when the file is that long), or null. */
export function sniffFileType(head: Buffer): SniffedType | null {
  if (startsWithText(head, "%PDF-")) return PDF;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWithText(head, "RIFF") && startsWithText(head, "WEBP", 8)) return WEBP;
  // AutoCAD DWG: "AC10" and two version digits (AC1012 … AC1032).
  if (/^AC10\d\d/.test(head.subarray(0, 6).toString("latin1"))) return DWG;
  if (startsWithText(head, "ISO-10303-21;")) return STEP;
  // Illustrator files are PDF (recognised above) or PostScript; EPS is PostScript or the DOS EPS
  // binary header C5 D0 D3 C6.
  if (startsWithText(head, "%!PS-Adobe")) return EPS;
  if (startsWith(head, [0xc5, 0xd0, 0xd3, 0xc6])) return EPS;
  if (isDxf(head)) return DXF;
  return null;
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
