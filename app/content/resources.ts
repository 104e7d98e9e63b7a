import { company } from "./company";
import type { InquiryId, ProductSectionId } from "./schema";

/** The words a list uses for its own items, so a count reads "1 article" and "6 articles". */
export interface CountNoun {
  one: string;
  other: string;
}

export interface QuickSearchLink {
  label: string;
  description: string;
  /** The /products section the link opens. */
  section: ProductSectionId;
}

export interface ListCopy {
  heading: string;
  lead: string;
  searchLabel: string;
  searchPlaceholder: string;
  filterLabel: string;
  allLabel: string;
  count: CountNoun;
  clearLabel: string;
}

export interface ResourcesContent {
  hero: { heading: string; lead: string; badgesLabel: string };
  catalog: {
    heading: string;
    lead: string;
    eyebrow: string;
    contentsLabel: string;
    downloadLabel: string;
    quickSearch: { heading: string; lead: string; links: readonly QuickSearchLink[] };
    quote: { heading: string; lead: string; inquiry: InquiryId };
  };
  documents: ListCopy & { emptyHeading: string; emptyText: string };
  articles: ListCopy & { emptyText: string; readLabel: string; tagsLabel: string };
  article: {
    backLabel: string;
    byLabel: string;
    publishedLabel: string;
    tagsLabel: string;
    cta: { heading: string; lead: string; inquiry: InquiryId; contactLabel: string };
    moreHeading: string;
    notFound: { heading: string; lead: string; backLabel: string; homeLabel: string };
  };
}

/** Ids of the page's sections: in-page links and the way back from an article point at them. */
export const resourceSectionIds = {
  catalog: "stock-catalog",
  documents: "technical-documents",
  articles: "tips-articles",
} as const;

export const resources = {
  hero: {
    heading: "Resources",
    lead: `Download the ${company.shortName} stock catalog and product brochures, search our technical documents, and read practical tips on labels, printing and packaging from the people who support them every day.`,
    badgesLabel: "Browse documents by category",
  },
  catalog: {
    heading: "Stock Catalog",
    lead: "Everything we stock in one PDF, with the options to specify and how to order. Print it, share it with purchasing, or jump straight to a product area.",
    eyebrow: "PDF catalog",
    contentsLabel: "Inside the catalog",
    downloadLabel: "Download PDF",
    quickSearch: {
      heading: "Quick product search",
      lead: "Go straight to the products you reorder most.",
      links: [
        {
          label: "Thermal Labels",
          description: "Direct thermal and thermal transfer labels",
          section: "labels",
        },
        {
          label: "Thermal Ribbons",
          description: "Wax, wax/resin and resin ribbons",
          section: "barcoding",
        },
        {
          label: company.labelRange,
          description: "Stock and custom labels in paper and synthetics",
          section: "labels",
        },
        {
          label: "Barcode Equipment",
          description: "Printers, scanners and mobile computers",
          section: "barcoding",
        },
      ],
    },
    quote: {
      heading: "Need something not in the catalog?",
      lead: "Custom sizes, materials or quantities: tell us what you need and we will quote it.",
      inquiry: "custom-quote",
    },
  },
  documents: {
    heading: "Technical Documents",
    lead: "Product brochures, specification sheets and guides. Preview any document in your browser or download the PDF.",
    searchLabel: "Search documents",
    searchPlaceholder: "Search by title or description",
    filterLabel: "Filter documents by category",
    allLabel: "All",
    count: { one: "document", other: "documents" },
    emptyHeading: "No documents found",
    emptyText: "Try adjusting your search terms or category filter.",
    clearLabel: "Clear search and filter",
  },
  articles: {
    heading: "Tips Articles",
    lead: "Practical advice from our applications and service teams on choosing, printing, storing and applying labels.",
    searchLabel: "Search articles",
    searchPlaceholder: "Search by title, summary or tag",
    filterLabel: "Filter articles by category",
    allLabel: "All Categories",
    count: { one: "article", other: "articles" },
    emptyText:
      "No articles found matching your search criteria. Try adjusting your search terms or category filter.",
    clearLabel: "Clear search and filter",
    readLabel: "Read Article",
    tagsLabel: "Tags",
  },
  article: {
    backLabel: "Back to Resources",
    byLabel: "By",
    publishedLabel: "Published",
    tagsLabel: "Tags",
    cta: {
      heading: "Have a question about your application?",
      lead: `Our team tests labels, ribbons and packaging against real conditions every day. Tell us what you are working on and we will recommend a product or quote what you need. Call ${company.phone} or e-mail us.`,
      inquiry: "quote",
      contactLabel: "Contact Us",
    },
    moreHeading: "More tips",
    notFound: {
      heading: "Oops! Page not found",
      lead: "We could not find that article. It may have been renamed or removed.",
      backLabel: "Browse all tips articles",
      homeLabel: "Return to Home",
    },
  },
} as const satisfies ResourcesContent;

export function countLabel(count: number, noun: CountNoun): string {
  return `${count} ${count === 1 ? noun.one : noun.other}`;
}
