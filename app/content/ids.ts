/**
 * The closed lists of ids the content is keyed by, and small text helpers. Kept apart from the zod
 * schemas in schema.ts so that pages which only need these do not ship zod to the browser.
 */

export const brochureCategories = [
  "company",
  "labels",
  "digital",
  "printing",
  "packaging",
  "warehouse-labeling",
  "rfid",
] as const;

export const brochureIds = [
  "about",
  "brochure",
  "healthcare",
  "cannabis-cbd",
  "ghs",
  "label-application",
  "digital",
  "data-file",
  "design",
  "ribbons",
  "flexo",
  "flex-pack",
  "protective-packaging",
  "warehouse",
  "warehouse-install",
  "warehouse-labeling",
  "rfid",
  "rfid-spec-sheet",
] as const;

export const inquiryIds = [
  "quote",
  "sample",
  "site-assessment",
  "repair",
  "ppe",
  "consultation",
  "general",
  "custom-quote",
  "foam-quote",
  "foam-sample-kit",
] as const;

export const homeCategoryIds = [
  "labels",
  "barcoding",
  "packaging",
  "material-handling",
  "die-cut-foams",
  "warehouse-labeling",
] as const;

/** The sections of /products: the home page's six categories, then repair and protective suits. */
export const productSectionIds = [...homeCategoryIds, "printer-repair", "ppe-suits"] as const;

/**
 * Icons are named, not imported, so content stays free of React. A closed list lets the UI map each name to
 * its lucide-react component with a typed lookup, and lets a test prove every name exists in the library.
 */
export const iconNames = [
  "Truck",
  "ShieldCheck",
  "Wrench",
  "Headset",
  "Handshake",
  "Target",
  "Lightbulb",
  "Users",
  "Clock",
  "MapPin",
  "Boxes",
  "Factory",
  "ClipboardCheck",
  "Layers",
] as const;

/** "A, B and C": how the copy names the locations in running text. */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
