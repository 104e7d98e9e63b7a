/**
 * Registry of the site's illustrations. The SVG sources live in `art/`; `scripts/build/build-images.ts` renders
 * every entry here to `public/images/<name>-<width>.<format>` at each width of its kind, so this file is
 * the single list both the build and the pages read.
 */
import { homeCategoryIds } from "./ids";

/**
 * Widths each kind is built at. 768 is there for phones: a 412 px wide screen at 1.75x (the phone
 * Lighthouse emulates) or a 375 px one at 2x shows a full-width hero at 721 to 750 pixels, and would
 * otherwise load the 960 rendition, a third larger, on the way to its first paint.
 */
export const imageWidths = { card: [400, 800], hero: [640, 768, 960, 1280, 1600] } as const;

export type ImageKind = keyof typeof imageWidths;
export type ImageFormat = "avif" | "webp";

/** Width / height of each kind's artboard; the SVG viewBoxes must match. */
export const imageAspect: Record<ImageKind, { width: number; height: number }> = {
  card: { width: 4, height: 3 },
  hero: { width: 16, height: 9 },
};

export interface ArtImage {
  name: string;
  kind: ImageKind;
  /** Intrinsic size of the largest rendition, so `<img width height>` reserves the right box. */
  width: number;
  height: number;
  alt: string;
}

/** The home page's category cards share their ids with their pictures. */
export const imageNames = [
  ...homeCategoryIds,
  "hero-home",
  "hero-products",
  "hero-protective-packaging",
  "hero-about",
  "hero-resources",
  "hero-contact",
] as const;

export type ImageName = (typeof imageNames)[number];

function largestWidth(kind: ImageKind): number {
  const widths = imageWidths[kind];
  return widths[widths.length - 1] ?? widths[0];
}

function art(name: ImageName, kind: ImageKind, alt: string): ArtImage {
  const width = largestWidth(kind);
  const { width: w, height: h } = imageAspect[kind];
  return { name, kind, width, height: Math.round((width * h) / w), alt };
}

export const images: Record<ImageName, ArtImage> = {
  labels: art(
    "labels",
    "card",
    "Illustration of two rolls of labels, one unwinding a strip of blank barcode labels",
  ),
  barcoding: art(
    "barcoding",
    "card",
    "Illustration of a desktop thermal label printer feeding out a barcode label while a handheld scanner reads it",
  ),
  packaging: art(
    "packaging",
    "card",
    "Illustration of taped corrugated shipping boxes with a barcode label, a roll of packing tape and a roll of stretch wrap",
  ),
  "material-handling": art(
    "material-handling",
    "card",
    "Illustration of a manual pallet jack lifting a pallet of boxes in front of warehouse racking",
  ),
  "die-cut-foams": art(
    "die-cut-foams",
    "card",
    "Illustration of an open case with a custom die-cut foam insert holding a wrench, gauges, a hex nut and a meter, beside a laminated foam block",
  ),
  "warehouse-labeling": art(
    "warehouse-labeling",
    "card",
    "Illustration of pallet racking with barcode rack labels on each beam, a striped floor marking and a floor location label",
  ),
  "hero-home": art(
    "hero-home",
    "hero",
    "Illustration of a warehouse aisle lined with stocked pallet racking, lane markings on the floor and a loading door at the far end",
  ),
  "hero-products": art(
    "hero-products",
    "hero",
    "Illustration of shipping boxes, a thermal label printer and label rolls on a shelf",
  ),
  "hero-protective-packaging": art(
    "hero-protective-packaging",
    "hero",
    "Illustration of an open protective case with a cut foam insert and convoluted foam lid, beside a stack of laminated foam sheets",
  ),
  "hero-about": art(
    "hero-about",
    "hero",
    "Illustration of a distribution facility with an office block and loading docks, a trailer at one dock, and mountain ridgelines behind",
  ),
  "hero-resources": art(
    "hero-resources",
    "hero",
    "Illustration of an open product catalog, a specification sheet with a table and a download badge",
  ),
  "hero-contact": art(
    "hero-contact",
    "hero",
    "Map of the United States with location pins at Reno, Dallas, Chicago and Atlanta",
  ),
};

export function imageSrc(name: ImageName, width: number, format: ImageFormat): string {
  const { kind } = images[name];
  if (!(imageWidths[kind] as readonly number[]).includes(width)) {
    // Only the listed widths are built; any other URL would 404 in production.
    throw new Error(`No ${width}px rendition of "${name}" (${kind} widths: ${imageWidths[kind].join(", ")})`);
  }
  return `/images/${name}-${width}.${format}`;
}

/** `srcset` value listing every built width of one format. */
export function imageSrcSet(name: ImageName, format: ImageFormat): string {
  return imageWidths[images[name].kind].map((w) => `${imageSrc(name, w, format)} ${w}w`).join(", ");
}

/**
 * Width used for the plain `src` fallback: a middle rendition, so a client that ignores `srcset`
 * still gets a sharp-enough image without downloading the largest file.
 */
export function fallbackWidth(name: ImageName): number {
  const widths = imageWidths[images[name].kind];
  return widths[Math.floor(widths.length / 2)] ?? widths[0];
}

/** Social preview image; a PNG because link-preview crawlers do not all accept AVIF or WebP. */
export const ogImagePath = "/images/og-default.png";
export const ogImageWidth = 1200;
export const ogImageHeight = 630;
