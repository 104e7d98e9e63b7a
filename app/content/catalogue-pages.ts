import { company } from "~/content/company";

/** The words of the family and item pages (/products/<family>, /products/<family>/<sku>). */
export const cataloguePages = {
  family: {
    title: (name: string) => `${name}: sizes, specifications and part numbers`,
    description: (count: number, lead: string) =>
      `${lead} ${count} ${count === 1 ? "item" : "items"} with part numbers and packs; ask ${company.name} for a quote.`,
    breadcrumbProducts: "Products",
    filtersHeading: "Filter",
    filterLegend: (label: string) => label,
    clearAll: "Clear all filters",
    count: (shown: number, total: number) =>
      shown === total ? `${total} ${total === 1 ? "item" : "items"}` : `${shown} of ${total} items`,
    ignored: (names: string) => `Not understood, so left out: ${names}.`,
    noneHeading: "No item matches these filters",
    noneLead: "Take a filter away, or clear them all to see the whole family.",
    tableCaption: (name: string) => `${name}: part numbers, sizes and packs`,
    columns: { sku: "Part number", name: "Item", pack: "Pack", actions: "Quote" },
    previous: "Previous page",
    next: "Next page",
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  item: {
    title: (name: string, sku: string) => `${name} (${sku})`,
    description: (name: string, sku: string, family: string, pack: string) =>
      `${name}, part number ${sku}: ${family}, sold as ${pack}. Specifications, safety data sheet and a quote from ${company.name}.`,
    partNumber: "Part number",
    specsHeading: "Specifications",
    make: "Make",
    makePartNumber: "Make part number",
    pack: "Pack",
    unit: "Unit of sale",
    minimumOrder: "Minimum order",
    priceHeading: "Price",
    priceOnRequest: "Price on request",
    pricePer: (price: string, unit: string) => `${price} per ${unit}`,
    breaksCaption: "Quantity breaks",
    breakQuantity: "Quantity",
    breakPrice: "Price each",
    breakFrom: (quantity: number, unit: string) => `${quantity}+ ${unit}`,
    documentsHeading: "Documents",
    sds: "Safety data sheet (SDS)",
    specSheet: "Spec sheet",
    noDocuments: "No documents for this item yet: ask us and we will send them.",
    discontinued: "This item is discontinued.",
    replacedBy: "Replaced by",
    relatedHeading: "Related items",
    sameFamily: (family: string) => `More ${family}`,
    ribbonsHeading: "Matching ribbons",
    printersHeading: "Printers for this ribbon",
    requestQuote: "Request a quote for this item",
    addToList: "Add to quote list",
    added: "Added to quote list",
    listFull: (max: number) => `Your quote list is full (${max} items): request a quote for it first`,
  },
  notFound: {
    lead: (sku: string) =>
      `We have no item with the part number ${sku}. Search for it, or ask us: we supply far more than this site lists.`,
    searchLabel: "Search for",
    searchButton: "Search",
  },
  products: {
    familiesHeading: "Browse the range",
  },
} as const;
