import { company } from "./company";
import type { PageInfo } from "./pages";
import type { ProductSectionId } from "./schema";

/** The online quote request page (docs/quotes.md). */
export const quotePage = {
  path: "/quote",
  title: `Request a Quote Online | ${company.name}`,
  description:
    "Request a quote for labels, foam inserts, packaging and more: list the items and quantities, add label or foam details, and attach drawings or artwork. You get a reference number at once.",
  keywords: [
    "request a quote",
    "label quote",
    "foam insert quote",
    "packaging quote",
    "custom labels pricing",
  ],
} as const satisfies PageInfo;

export const quoteContent = {
  heading: "Request a Quote",
  lead: "Tell us what you need: list the items and quantities, add the details for labels or foam, and attach a drawing or your artwork. We reply with pricing and lead times, usually within one business day.",
  requiredNote: "Fields marked * are required.",
} as const;

/**
 * The product area a pasted line is filed under, guessed from its words (app/forms/quote-paste.ts).
 * The first group with a word or phrase in the line wins, so the more telling words come first: a
 * "label printer" or "ribbon for 4x6 labels" is equipment, "pallet wrap" is packaging, "pallet labels"
 * are labels. A word also matches its plural ("ribbons", "boxes"). A line with none of these words keeps
 * the area of the form's first row.
 */
export const pastedLineAreas = [
  {
    area: "barcoding",
    words: ["printhead", "print head", "ribbon", "scanner", "printer", "mobile computer", "rfid reader"],
  },
  { area: "labels", words: ["label", "tag", "sticker"] },
  {
    area: "packaging",
    words: [
      "stretch film",
      "stretch wrap",
      "pallet wrap",
      "shrink film",
      "tape",
      "carton",
      "box",
      "mailer",
      "poly bag",
      "strapping",
      "void fill",
    ],
  },
  { area: "die-cut-foams", words: ["foam", "insert"] },
  {
    area: "material-handling",
    words: ["pallet", "cart", "pallet jack", "hand truck", "dolly", "shelving", "rack", "bin"],
  },
] as const satisfies ReadonlyArray<{ area: ProductSectionId; words: readonly string[] }>;

/** Product areas as the sales subject names them: short, so the subject stays readable. */
export const productAreaShortNames = {
  labels: "Labels",
  barcoding: "Barcoding",
  packaging: "Packaging",
  "material-handling": "Material Handling",
  "die-cut-foams": "Foam",
  "warehouse-labeling": "Warehouse Labeling",
  "printer-repair": "Printer Repair",
  "ppe-suits": "PPE",
} as const satisfies Record<ProductSectionId, string>;
