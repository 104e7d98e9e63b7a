import { company } from "~/content/company";
import type { Brochure, BrochureCategory, Catalog } from "~/content/schema";

/**
 * The technical documents on /resources (18 of them, docs/product.md#brochures) as the site lists
 * them. Each one is also built into a real PDF by scripts/build/build-documents.ts; what the PDF says beyond this listing is in
 * content/brochures/<id>.md (read by brochure-documents.server.ts), kept apart because the products and
 * resources pages bundle this module for the browser and need none of it.
 */

const laminator = company.fabrication.laminatorMaxInches;
const skiver = company.fabrication.skiverMinInches;

export const brochureCategoryLabels = {
  company: "Company",
  labels: "Labels",
  digital: "Digital",
  printing: "Printing",
  packaging: "Packaging",
  "warehouse-labeling": "Warehouse Labeling",
  rfid: "RFID",
} satisfies Record<BrochureCategory, string>;

export const catalog = {
  title: "2025 End User Online Catalog",
  description:
    "Our stock product catalog: industrial labels, barcoding equipment, packaging supplies, material handling, die-cut foam, warehouse labeling, thermal printer repair and protective suits, with options and how to order.",
  fileName: "2025-end-user-online-catalog.pdf",
} satisfies Catalog;

export const brochures = [
  {
    id: "about",
    title: `About ${company.name}`,
    description:
      "Who we are, how we work and the services behind our products, from application support to printer repair and foam fabrication.",
    category: "company",
    fileName: "ridgeline-about-us.pdf",
  },
  {
    id: "brochure",
    title: `${company.name} Company Brochure`,
    description:
      "Our full product range on one document: labels, barcoding, packaging, material handling, die-cut foam and warehouse labeling.",
    category: "company",
    fileName: "ridgeline-company-brochure.pdf",
  },
  {
    id: "healthcare",
    title: "Healthcare and Laboratory Labels",
    description:
      "Labels for specimens, pharmacy, patient identification and lab equipment that stay readable through refrigeration, freezing, cleaning and sterilization.",
    category: "labels",
    fileName: "ridgeline-healthcare-labels.pdf",
  },
  {
    id: "cannabis-cbd",
    title: "Cannabis and CBD Product Labels",
    description:
      "Product labels for cannabis and CBD packaging with room for the warnings, batch data and QR codes that state rules call for.",
    category: "labels",
    fileName: "ridgeline-cannabis-cbd-labels.pdf",
  },
  {
    id: "ghs",
    title: "GHS Chemical Labels",
    description:
      "Labels for chemical containers laid out for the GHS label elements, on materials that stay readable through spills, weather and handling.",
    category: "labels",
    fileName: "ridgeline-ghs-chemical-labels.pdf",
  },
  {
    id: "label-application",
    title: "Label Application Equipment",
    description:
      "Dispensers, semi-automatic applicators and print-and-apply systems that put labels on straight, fast and in the same place every time.",
    category: "labels",
    fileName: "ridgeline-label-application.pdf",
  },
  {
    id: "digital",
    title: "Digital Label Printing",
    description:
      "Short-run and variable-data labels printed on a digital press: full color, no plates and quick changes between versions.",
    category: "digital",
    fileName: "ridgeline-digital-label-printing.pdf",
  },
  {
    id: "data-file",
    title: "Variable Data File Guidelines",
    description:
      "How to prepare the data file for numbered, barcoded and personalized labels so every record prints correctly.",
    category: "digital",
    fileName: "ridgeline-data-file-guidelines.pdf",
  },
  {
    id: "design",
    title: "Label Design Guide",
    description:
      "Practical design and artwork guidelines for labels that print cleanly, scan reliably and fit the container.",
    category: "digital",
    fileName: "ridgeline-label-design-guide.pdf",
  },
  {
    id: "ribbons",
    title: "Thermal Transfer Ribbons",
    description:
      "Wax, wax/resin and resin ribbons matched to your printer and label stock for sharp, durable barcodes.",
    category: "printing",
    fileName: "ridgeline-thermal-transfer-ribbons.pdf",
  },
  {
    id: "flexo",
    title: "Flexographic Label Printing",
    description:
      "Custom labels printed on flexographic presses for long runs, consistent color and a wide choice of materials and finishes.",
    category: "printing",
    fileName: "ridgeline-flexographic-label-printing.pdf",
  },
  {
    id: "flex-pack",
    title: "Flexible Packaging",
    description:
      "Printed pouches, bags and roll stock for food, consumer and industrial products, in barrier films chosen for what they hold.",
    category: "packaging",
    fileName: "ridgeline-flexible-packaging.pdf",
  },
  {
    id: "protective-packaging",
    title: "Protective Packaging and Foam Fabrication",
    description: `Custom die-cut foam inserts, trays and cushioning, with foam laminated up to ${laminator} inch thick and skived down to ${skiver} inch.`,
    category: "packaging",
    fileName: "ridgeline-protective-packaging-foam.pdf",
  },
  {
    id: "warehouse",
    title: "Warehouse Solutions",
    description:
      "Our warehouse products in one place: location labels, signage, barcoding hardware, packing supplies and material handling for distribution centers.",
    category: "warehouse-labeling",
    fileName: "ridgeline-warehouse-solutions.pdf",
  },
  {
    id: "warehouse-install",
    title: "Warehouse Label Installation",
    description:
      "How we survey, remove old labels and install new rack, floor and sign labels in sequence, with as little disruption to operations as possible.",
    category: "warehouse-labeling",
    fileName: "ridgeline-warehouse-label-installation.pdf",
  },
  {
    id: "warehouse-labeling",
    title: "Warehouse Labeling Products",
    description:
      "Rack, bin, floor and cold storage labels and aisle signs, printed to your location scheme and made to scan from the right distance.",
    category: "warehouse-labeling",
    fileName: "ridgeline-warehouse-labeling-products.pdf",
  },
  {
    id: "rfid",
    title: "RFID Labels and Tags",
    description:
      "UHF RFID labels and tags for cartons, pallets, assets and returnable containers, encoded and printed to your data.",
    category: "rfid",
    fileName: "ridgeline-rfid-labels-tags.pdf",
  },
  {
    id: "rfid-spec-sheet",
    title: "RFID Label Specification Sheet",
    description:
      "The points to specify when ordering RFID labels: inlay, face stock, adhesive, size, encoding and roll format.",
    category: "rfid",
    fileName: "ridgeline-rfid-spec-sheet.pdf",
  },
] satisfies Brochure[];

export function getBrochure(id: string): Brochure | undefined {
  return brochures.find((brochure) => brochure.id === id);
}
