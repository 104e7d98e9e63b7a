import { describe, expect, it } from "vitest";
import { articles } from "~/content/article-list";
import { type ArticleCategory, articleCategories } from "~/content/articles";
import { brochures } from "~/content/brochures";
import { type BrochureCategory, brochureCategories } from "~/content/schema";
import {
  type ArticleFilterCategory,
  articleCategoryParam,
  articleCategorySlug,
  type DocumentFilterCategory,
  documentCategoryParam,
  filterArticles,
  filterDocuments,
  hasResourceFilters,
  parseArticleCategory,
  parseDocumentCategory,
  queryWords,
} from "./resource-search";

const documents = [
  {
    id: "ghs",
    title: "GHS Chemical Labels",
    description: "Drum and tote labels that survive spills.",
    category: "labels",
  },
  {
    id: "ribbons",
    title: "Thermal Transfer Ribbons",
    description: "Wax, wax/resin and resin.",
    category: "printing",
  },
  {
    id: "rfid",
    title: "RFID Labels and Tags",
    description: "UHF tags for pallets and assets.",
    category: "rfid",
  },
  { id: "about", title: "About Us", description: "Who we are and how we work.", category: "company" },
] satisfies Array<{ id: string; title: string; description: string; category: BrochureCategory }>;

const tips = [
  {
    slug: "adhesives",
    title: "Label Adhesives Explained",
    excerpt: "Why labels lift and how to pick an adhesive.",
    category: "Adhesives",
    tags: ["freezer labels", "dwell time"],
  },
  {
    slug: "storage",
    title: "Storing Ribbons",
    excerpt: "Keep stock cool and dry.",
    category: "Storage & Handling",
    tags: ["shelf life", "fifo"],
  },
  {
    slug: "ghs",
    title: "GHS Labels for Chemical Containers",
    excerpt: "The six required elements.",
    category: "Compliance",
    tags: ["ghs", "bs 5609"],
  },
] satisfies Array<{
  slug: string;
  title: string;
  excerpt: string;
  category: ArticleCategory;
  tags: string[];
}>;

const ids = (list: ReadonlyArray<{ id: string }>) => list.map((item) => item.id);
const slugs = (list: ReadonlyArray<{ slug: string }>) => list.map((item) => item.slug);

describe("queryWords", () => {
  it.each([
    ["", []],
    ["   ", []],
    ["GHS", ["ghs"]],
    ["  Thermal   Ribbons ", ["thermal", "ribbons"]],
    ["wax/resin\tribbons", ["wax/resin", "ribbons"]],
  ])("%j → %j", (query, expected) => {
    expect(queryWords(query)).toEqual(expected);
  });
});

describe("filterDocuments", () => {
  it.each<[string, string, DocumentFilterCategory, string[]]>([
    ["an empty query keeps everything", "", "all", ["ghs", "ribbons", "rfid", "about"]],
    ["a blank query keeps everything", "   ", "all", ["ghs", "ribbons", "rfid", "about"]],
    ["matches the title, ignoring case", "ghs", "all", ["ghs"]],
    ["ignores surrounding spaces", "  RFID  ", "all", ["rfid"]],
    ["matches the description", "pallets", "all", ["rfid"]],
    ["matches part of a word", "ribb", "all", ["ribbons"]],
    ["needs every word", "labels spills", "all", ["ghs"]],
    ["words may sit in different fields", "rfid assets", "all", ["rfid"]],
    ["fails when one word is missing", "labels ribbons", "all", []],
    ["several matches keep the list order", "labels", "all", ["ghs", "rfid"]],
    ["nothing matches", "forklift", "all", []],
    ["combines query and category", "labels", "rfid", ["rfid"]],
    ["a category with no match for the query", "ghs", "printing", []],
  ])("%s", (_case, query, category, expected) => {
    expect(ids(filterDocuments(documents, { query, category }))).toEqual(expected);
  });

  it.each(brochureCategories.map((category) => [category]))(
    "category %s keeps exactly its brochures",
    (category) => {
      const result = filterDocuments(brochures, { query: "", category });
      expect(result.length).toBeGreaterThan(0);
      expect(result).toEqual(brochures.filter((brochure) => brochure.category === category));
    },
  );

  it("all shows the 18 brochures", () => {
    expect(filterDocuments(brochures, { query: "", category: "all" })).toHaveLength(18);
  });

  it("does not search outside title and description", () => {
    // "warehouse-labeling" is a category value, not text in any title or description.
    expect(filterDocuments(documents, { query: "company", category: "all" })).toEqual([]);
  });
});

describe("filterArticles", () => {
  it.each<[string, string, ArticleFilterCategory, string[]]>([
    ["an empty query keeps everything", "", "all", ["adhesives", "storage", "ghs"]],
    ["matches the title, ignoring case", "ADHESIVES", "all", ["adhesives"]],
    ["ignores surrounding spaces", "  ribbons ", "all", ["storage"]],
    ["matches the excerpt", "cool and dry", "all", ["storage"]],
    ["matches a tag", "fifo", "all", ["storage"]],
    ["matches a tag with a space in it", "bs 5609", "all", ["ghs"]],
    ["words may sit in title and tags", "adhesive freezer", "all", ["adhesives"]],
    ["fails when one word is missing", "adhesive ghs", "all", []],
    ["does not search the category name", "compliance", "all", []],
    ["combines query and category", "labels", "Compliance", ["ghs"]],
    ["a category alone", "", "Storage & Handling", ["storage"]],
    ["a category with no match for the query", "fifo", "Adhesives", []],
  ])("%s", (_case, query, category, expected) => {
    expect(slugs(filterArticles(tips, { query, category }))).toEqual(expected);
  });

  it.each(articleCategories.map((category) => [category]))(
    "category %s keeps its one article",
    (category) => {
      const result = filterArticles(articles, { query: "", category });
      expect(result).toHaveLength(1);
      expect(result[0]?.category).toBe(category);
    },
  );

  it("finds the GHS article by its tag", () => {
    expect(slugs(filterArticles(articles, { query: "GHS", category: "all" }))).toContain(
      "ghs-chemical-container-labels",
    );
  });
});

describe("category values in the URL", () => {
  it.each<[ArticleCategory, string]>([
    ["Material Selection", "material-selection"],
    ["Storage & Handling", "storage-handling"],
    ["Cost Optimization", "cost-optimization"],
    ["Design", "design"],
  ])("%s ↔ %s", (category, slug) => {
    expect(articleCategorySlug(category)).toBe(slug);
    expect(articleCategoryParam(category)).toBe(slug);
    expect(parseArticleCategory(slug)).toBe(category);
  });

  it("round-trips every category", () => {
    for (const category of articleCategories) {
      expect(parseArticleCategory(articleCategoryParam(category))).toBe(category);
    }
    for (const category of brochureCategories) {
      expect(parseDocumentCategory(documentCategoryParam(category))).toBe(category);
    }
  });

  it.each([null, "", "all", "Labels", "nonsense", "storage & handling"])("%j falls back to all", (value) => {
    expect(parseDocumentCategory(value)).toBe("all");
    expect(parseArticleCategory(value)).toBe("all");
  });

  it("all is left out of the URL", () => {
    expect(documentCategoryParam("all")).toBeNull();
    expect(articleCategoryParam("all")).toBeNull();
  });
});

describe("filtered URLs", () => {
  it.each([
    ["?q=rfid", true],
    ["?category=labels", true],
    ["?aq=ghs", true],
    ["?acategory=design", true],
    ["?q=", true],
    ["", false],
    ["?utm_source=mail", false],
    ["?query=rfid&cat=labels", false],
  ])("%j asks for filtered lists: %s", (search, expected) => {
    expect(hasResourceFilters(new URLSearchParams(search))).toBe(expected);
  });
});
