import { about } from "~/content/about";
import { articleBodies, articles } from "~/content/article-files.server";
import type { ArticleBlock } from "~/content/articles";
import { brochureCategoryLabels, brochures, catalog } from "~/content/brochures";
import { company } from "~/content/company";
import { contact } from "~/content/contact";
import { home } from "~/content/home";
import { pages } from "~/content/pages";
import { products } from "~/content/products";
import { protectivePackaging } from "~/content/protective-packaging";
import { quoteContent, quotePage } from "~/content/quote";
import { resourceSectionIds, resources } from "~/content/resources";
import { documentCardId } from "~/lib/resource-search";
import type { SearchGroup } from "~/lib/search-types";

/**
 * What the site search indexes: every product area and item, every brochure and the catalogue with
 * the text of their PDFs, every article with its body, and the text of the other pages. Built from
 * the content modules at build time (scripts/build/build-search-index.ts); the PDF text comes from the
 * built files, not from the content that produced them, so the index holds what a visitor downloads.
 */

export interface PdfLocation {
  folder: "brochures" | "catalog";
  fileName: string;
  /** Where each page's text starts in `text`, so a match can link to its page (`#page=N`). */
  pageStarts: number[];
}

export interface SearchDocument {
  id: string;
  group: SearchGroup;
  title: string;
  context: string;
  /** The place on the site; for a brochure, its card on /resources. */
  url: string;
  /** Brochures and the catalogue: the PDF, linked at request time (its base URL is a build setting). */
  pdf?: PdfLocation;
  /** Indexed, not shown: names and tags that say what the document is about. */
  keywords: string;
  /** Indexed and shown in snippets. */
  text: string;
}

/** The text of each PDF, page by page: brochures by id, and the catalogue. */
export interface PdfTexts {
  brochures: Record<string, readonly string[]>;
  catalog: readonly string[];
}

const PAGE_SEPARATOR = "\n\n";

function joinPages(pagesText: readonly string[]): { text: string; pageStarts: number[] } {
  const pageStarts: number[] = [];
  let text = "";
  for (const page of pagesText) {
    if (text) text += PAGE_SEPARATOR;
    pageStarts.push(text.length);
    text += page.replace(/[ \t]+/g, " ").trim();
  }
  return { text, pageStarts };
}

function articleText(blocks: readonly ArticleBlock[]): string {
  return blocks.map((block) => (block.type === "list" ? block.items.join("\n") : block.text)).join("\n\n");
}

// Keys whose values are links, ids, icons or other values a visitor never reads as text.
const NOT_TEXT = new Set([
  "id",
  "href",
  "url",
  "image",
  "imageAlt",
  "icon",
  "inquiry",
  "primaryInquiry",
  "secondaryInquiry",
  "quoteInquiry",
  "consultationInquiry",
  "section",
  "structuredData",
  "dayCodes",
  "rating",
  "fields",
  "newTabNote",
]);

/** Every string a content object shows, in order, leaving out links, ids and icon names. */
export function collectText(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.trim() && !/^(\/|#|https?:|mailto:|tel:)/.test(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectText(item, into);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) if (!NOT_TEXT.has(key)) collectText(item, into);
  }
  return into;
}

function uniqueText(parts: readonly string[]): string {
  return [...new Set(parts)].join("\n");
}

function productDocuments(): SearchDocument[] {
  return products.sections.flatMap((section) => {
    const url = `/products#${section.id}`;
    const area: SearchDocument = {
      id: `product-area:${section.id}`,
      group: "products",
      title: section.title,
      context: "Product area",
      url,
      keywords: section.items.map((item) => item.name).join("\n"),
      text: [...section.description, section.ctaLabel].join("\n"),
    };
    const items = section.items.map(
      (item): SearchDocument => ({
        id: `product:${section.id}:${item.name}`,
        group: "products",
        title: item.name,
        context: section.title,
        url,
        keywords: section.title,
        text: [item.description, ...("benefits" in item && item.benefits ? item.benefits : [])].join("\n"),
      }),
    );
    return [area, ...items];
  });
}

function documentDocuments(pdfs: PdfTexts): SearchDocument[] {
  const list = brochures.map((brochure): SearchDocument => {
    const pagesText = pdfs.brochures[brochure.id];
    if (!pagesText) throw new Error(`No PDF text for brochure "${brochure.id}"`);
    const { text, pageStarts } = joinPages(pagesText);
    const category = brochureCategoryLabels[brochure.category];
    return {
      id: `brochure:${brochure.id}`,
      group: "documents",
      title: brochure.title,
      context: `Brochure, ${category}`,
      url: `/resources#${documentCardId(brochure.id)}`,
      pdf: { folder: "brochures", fileName: brochure.fileName, pageStarts },
      keywords: [category, brochure.description].join("\n"),
      text,
    };
  });
  const { text, pageStarts } = joinPages(pdfs.catalog);
  list.push({
    id: "catalog",
    group: "documents",
    title: catalog.title,
    context: "Stock catalog",
    url: `/resources#${resourceSectionIds.catalog}`,
    pdf: { folder: "catalog", fileName: catalog.fileName, pageStarts },
    keywords: catalog.description,
    text,
  });
  return list;
}

function articleDocuments(): SearchDocument[] {
  return articles.map((article): SearchDocument => {
    const body = articleBodies[article.slug];
    if (!body) throw new Error(`No body for article "${article.slug}"`);
    return {
      id: `article:${article.slug}`,
      group: "articles",
      title: article.title,
      context: `Article, ${article.category}`,
      url: `/resources/articles/${article.slug}`,
      keywords: [article.category, ...article.tags].join("\n"),
      text: [article.excerpt, articleText(body)].join("\n\n"),
    };
  });
}

/** What else a buyer may call a quote request. */
const QUOTE_PAGE_WORDS = ["quotation", "price", "pricing", "estimate"];

function pageDocuments(): SearchDocument[] {
  const { hero, closing, ghsCallout, resourcesLink, brochureList } = products;
  const locations = company.locations.map((location) => `${location.city}, ${location.state}`);
  const hours = company.hours.map(
    (slot) => `${slot.days}: ${slot.open ? `${slot.open} - ${slot.close}` : "Closed"}`,
  );
  const contactFacts = [company.phone, company.email, ...locations, ...hours, company.hoursNote];
  const list: Array<{ key: keyof typeof pages; title: string; content: unknown[] }> = [
    { key: "home", title: "Home", content: [home] },
    {
      key: "products",
      title: "Products",
      content: [hero, products.sections.map((section) => section.title), ghsCallout, resourcesLink, closing],
    },
    { key: "protectivePackaging", title: "Protective Packaging", content: [protectivePackaging] },
    { key: "about", title: "About", content: [about, locations] },
    {
      key: "resources",
      title: "Resources",
      content: [resources.hero, resources.catalog, resources.documents, resources.articles, brochureList],
    },
    { key: "contact", title: "Contact", content: [contact, contactFacts] },
  ];
  const documents = list.map(({ key, title, content }): SearchDocument => {
    const page = pages[key];
    return {
      id: `page:${page.path}`,
      group: "pages",
      title,
      context: "Page",
      url: page.path,
      keywords: page.keywords.join("\n"),
      text: uniqueText([page.description, ...collectText(content)]),
    };
  });
  // The online quote form: found by what a buyer calls it (docs/search.md#kind-words).
  documents.push({
    id: `page:${quotePage.path}`,
    group: "pages",
    title: quoteContent.heading,
    context: "Page",
    url: quotePage.path,
    keywords: [...quotePage.keywords, ...QUOTE_PAGE_WORDS].join("\n"),
    text: uniqueText([quotePage.description, quoteContent.lead]),
  });
  return documents;
}

export function buildSearchDocuments(pdfs: PdfTexts): SearchDocument[] {
  return [...productDocuments(), ...documentDocuments(pdfs), ...articleDocuments(), ...pageDocuments()];
}
