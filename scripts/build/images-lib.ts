/**
 * Pure helpers for `build-images.ts`, kept free of I/O so they can be unit-tested.
 */
import { createHash } from "node:crypto";
import { type ImageFormat, type ImageKind, imageAspect, imageWidths } from "../../app/content/images";

export type OutputFormat = ImageFormat | "png";

/**
 * Encoder settings per output format. They are part of every cache key, so changing a value here
 * re-encodes exactly the files it affects.
 */
export const encoderOptions = {
  // 4:2:0 halves the chroma planes; on this flat art it costs nothing visible and saves ~20%.
  avif: { quality: 50, effort: 4, chromaSubsampling: "4:2:0" },
  // smartSubsample keeps the amber-on-navy edges from bleeding.
  webp: { quality: 75, effort: 4, smartSubsample: true },
  // Palette PNG: the OG art has few colours, and crawlers fetch it on every share.
  png: { compressionLevel: 9, palette: true, quality: 90, effort: 8 },
} as const satisfies Record<OutputFormat, Record<string, string | number | boolean>>;

/** AVIF heroes up to this width are the ones phones load: see avifSettings. */
export const PHONE_HERO_MAX_WIDTH = 960;

const PHONE_HERO_AVIF = { ...encoderOptions.avif, quality: 48, effort: 9 } as const;

/**
 * AVIF settings of one file. A hero's phone-sized AVIF is the largest paint of its page on a phone
 * and travels in the page's first round trips beside the stylesheet, so every kilobyte there delays
 * the paint: it gets the encoder's highest effort (10 to 15% fewer bytes for the same quality, for
 * about five times the encoding time of these few small files) and quality 48, which takes another
 * 5 to 15% off at a peak signal-to-noise ratio within 0.6 dB of quality 50 on this flat art.
 */
export function avifSettings(
  kind: ImageKind | "og",
  width: number,
): typeof encoderOptions.avif | typeof PHONE_HERO_AVIF {
  return kind === "hero" && width <= PHONE_HERO_MAX_WIDTH ? PHONE_HERO_AVIF : encoderOptions.avif;
}

/** The encoder settings of one file, for its cache key: the format's own, AVIF as avifSettings says. */
export function encoderOptionsFor(
  format: OutputFormat,
  kind: ImageKind | "og",
  width: number,
): Record<string, string | number | boolean> {
  return format === "avif" ? avifSettings(kind, width) : encoderOptions[format];
}

/**
 * Bumped when the rendering itself changes (density rule, flattening) so old cache entries are not
 * reused for a different-looking result.
 */
export const RENDER_VERSION = "1";

/** Largest AVIF allowed per kind, at the kind's largest width (bytes, 1 kB = 1000 B). */
export const avifBudgets: Record<ImageKind, number> = { card: 25_000, hero: 60_000 };

export const MAX_SVG_BYTES = 15_000;

export interface CacheKeyInput {
  svg: Uint8Array;
  width: number;
  format: OutputFormat;
  /** Anything else that changes the pixels: renderer versions, RENDER_VERSION. */
  salt?: string;
  /** The encoder settings, when not the format's own (encoderOptionsFor). */
  options?: Record<string, string | number | boolean>;
}

/** Deterministic JSON: key order must not change the cache key. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function cacheKey({ svg, width, format, salt = "", options }: CacheKeyInput): string {
  const hash = createHash("sha256");
  hash.update(svg);
  // NUL separators keep ("1", "23") and ("12", "3") from hashing alike.
  hash.update(`\0${width}\0${format}\0${stableStringify(options ?? encoderOptions[format])}\0${salt}`);
  return hash.digest("hex");
}

/** Density (DPI) at which an SVG `svgWidth` user units wide rasterises to exactly `targetWidth` pixels. */
export function densityFor(svgWidth: number, targetWidth: number): number {
  if (svgWidth <= 0 || targetWidth <= 0)
    throw new Error(`Invalid widths: svg ${svgWidth}, target ${targetWidth}`);
  return (72 * targetWidth) / svgWidth;
}

export interface SvgSize {
  width: number;
  height: number;
}

/** Reads the root element's viewBox, which is what every rendition is scaled from. */
export function readSvgSize(svg: string): SvgSize {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error("No <svg> root element");
  const viewBox = /\bviewBox="([^"]+)"/.exec(root)?.[1];
  if (!viewBox) throw new Error("The <svg> root has no viewBox");
  const parts = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [, , width, height] = parts;
  if (parts.length !== 4 || width === undefined || height === undefined || !(width > 0) || !(height > 0)) {
    throw new Error(`Invalid viewBox "${viewBox}"`);
  }
  return { width, height };
}

export interface ArtCheck {
  kind: ImageKind | "og";
  expected: SvgSize;
  allowText?: boolean;
}

/**
 * House rules for the art: self-contained (nothing fetched, no raster), right artboard, small.
 * Returns human-readable problems; empty when the file is fine.
 */
export function checkArt(svg: string, { expected, allowText = false }: ArtCheck): string[] {
  const problems: string[] = [];
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_SVG_BYTES) problems.push(`is ${bytes} bytes; keep SVG sources under ${MAX_SVG_BYTES}`);
  try {
    const size = readSvgSize(svg);
    if (size.width !== expected.width || size.height !== expected.height) {
      problems.push(`viewBox is ${size.width}x${size.height}, expected ${expected.width}x${expected.height}`);
    }
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (/<image\b/i.test(svg)) problems.push("embeds an <image>; draw it as vector shapes");
  if (/\b(?:xlink:)?href="(?!#)/i.test(svg) || /url\((?!#)/i.test(svg) || /@import/i.test(svg)) {
    problems.push("references an external resource; only in-document #ids are allowed");
  }
  if (/@font-face|<foreignObject/i.test(svg)) problems.push("uses web fonts or foreignObject");
  if (!allowText && /<text\b/i.test(svg)) problems.push("contains <text>; the art must stay text-free");
  return problems;
}

export function expectedSize(kind: ImageKind): SvgSize {
  const widths = imageWidths[kind];
  const width = widths[widths.length - 1] ?? widths[0];
  const { width: w, height: h } = imageAspect[kind];
  return { width, height: Math.round((width * h) / w) };
}

export function outputFileName(name: string, width: number, format: ImageFormat): string {
  return `${name}-${width}.${format}`;
}

/** Matches files this build owns in public/images, so stale ones can be removed safely. */
export const OWNED_OUTPUT = /^[a-z0-9]+(?:-[a-z0-9]+)*-\d+\.(?:avif|webp)$/;

export function formatKB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
