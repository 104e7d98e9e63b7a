import type { ProductSectionId } from "~/content/schema";

/**
 * The product sections' titles, in page order. Kept apart from products.ts so that pages which only
 * name the sections (the catalogue card on Resources) do not load the whole product copy.
 */
export const productSectionTitles = {
  labels: "Industrial Labels",
  barcoding: "Barcoding Equipment",
  packaging: "Packaging Supplies",
  "material-handling": "Material Handling",
  "die-cut-foams": "Die-Cut Foam Packaging",
  "warehouse-labeling": "Warehouse Labeling",
  "printer-repair": "Thermal Printer Repair",
  "ppe-suits": "Protective Suits (PPE)",
} as const satisfies Record<ProductSectionId, string>;
