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
 * The ways to the online quote form from the rest of the site (docs/product.md#path-to-a-quote). None
 * contains "Request a Quote", the name of the e-mail-draft buttons beside which some of them sit.
 */
export const quoteLinks = {
  /** In the header row from the medium width up. */
  header: "Get a Quote",
  /** The same link where the row is narrow (md to xl). */
  headerShort: "Quote",
  /** In the footer's contact column. */
  footer: "Online quote form",
  /** The card at the top of /contact. */
  contactCard: {
    question: "Need a price?",
    linkLabel: "Request a quote online",
    text: "List the items and quantities, attach a drawing or artwork, and get a reference number at once.",
  },
  /** A search that found nothing: the words searched become the first item of a quote request. */
  searchMiss: (query: string) => `Request a quote for “${query}”`,
  searchMissNote: "What you searched for becomes the first item; add quantities and details there.",
} as const;

/**
 * The product area a pasted line is filed under, guessed from its words (app/features/quote/quote-paste.ts).
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
