import { company } from "~/content/company";
import type { SearchGroup } from "~/lib/search-types";

/** The words of the results page (/search) and of the header's suggestions. */
export const searchPage = {
  title: "Search",
  description: `Search ${company.name}: catalogue items by part number, size or make, products, brochures and the stock catalog, tips articles and pages.`,
  heading: "Search",
  resultsHeading: (query: string) => `Results for “${query}”`,
  lead: "Catalogue items by part number, size or make, products, brochures and the stock catalog (including the text inside every PDF), tips articles and pages.",
  fieldLabel: "Search for",
  submitLabel: "Search",
  count: (total: number) => `${total} ${total === 1 ? "result" : "results"}`,
  partial: "No page holds all of your words; these hold some of them.",
  groups: {
    products: "Product areas and items",
    documents: "Brochures and the stock catalog",
    articles: "Tips articles",
    pages: "Pages",
  } satisfies Record<SearchGroup, string>,
  catalogue: {
    items: "Catalogue items",
    sdsHeading: "Safety data sheets",
    families: "Product families",
    sdsLabel: "Safety data sheet (SDS)",
    discontinued: "Discontinued",
  },
  pdfLabel: "PDF",
  cardLabel: "On the Resources page",
  popular: {
    heading: "Popular starting points",
    links: [
      { label: "Industrial Labels", href: "/products#labels" },
      { label: "Barcoding Equipment and Ribbons", href: "/products#barcoding" },
      { label: "Die-Cut Foam Packaging", href: "/products#die-cut-foams" },
      { label: "Warehouse Labeling", href: "/products#warehouse-labeling" },
      { label: "Stock Catalog", href: "/resources#stock-catalog" },
      { label: "Technical Documents", href: "/resources#technical-documents" },
    ],
  },
  none: {
    heading: (query: string) => `Nothing found for “${query}”`,
    lead: "Check the spelling or try a shorter or more general word. Or ask us: we supply far more than this site lists.",
    contactLabel: "Send us a message",
    callLabel: `Call ${company.phone}`,
  },
} as const;
