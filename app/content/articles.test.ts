import { describe, expect, it } from "vitest";
import { articleBodies, getArticleBody } from "./article-bodies.server";
import { articles, getArticle } from "./article-list";
import { type ArticleBlock, articleCategories, countWords } from "./articles";

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function blockTexts(block: ArticleBlock): string[] {
  return block.type === "list" ? block.items : [block.text];
}

function bodyOf(slug: string): ArticleBlock[] {
  const body = getArticleBody(slug);
  if (!body) throw new Error(`${slug} has no body`);
  return body;
}

describe("articles", () => {
  it("has eight articles", () => {
    expect(articles).toHaveLength(8);
  });

  it("uses unique kebab-case slugs", () => {
    const slugs = articles.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(kebabCase);
    }
  });

  it("has a body for every article and no body without one", () => {
    expect(Object.keys(articleBodies)).toEqual(articles.map((article) => article.slug));
  });

  it("uses each category exactly once, in category order", () => {
    expect(articles.map((article) => article.category)).toEqual([...articleCategories]);
  });

  it.each(articles.map((article) => [article.slug, article] as const))(
    "%s is well formed",
    (_slug, article) => {
      const body = bodyOf(article.slug);
      const words = countWords(body);
      expect(words).toBeGreaterThanOrEqual(500);
      expect(words).toBeLessThanOrEqual(900);
      expect(article.readTime).toBe(`${Math.ceil(words / 200)} min read`);

      expect(article.title.trim()).not.toBe("");
      expect(article.excerpt.trim()).not.toBe("");
      expect(article.excerpt.length).toBeLessThanOrEqual(160);
      expect(article.author).toMatch(/^Ridgeline /);

      expect(article.tags.length).toBeGreaterThanOrEqual(3);
      expect(article.tags.length).toBeLessThanOrEqual(6);
      for (const tag of article.tags) {
        expect(tag.trim()).not.toBe("");
        expect(tag).toBe(tag.toLowerCase());
      }

      expect(article.date).toMatch(isoDate);
      const parsed = new Date(`${article.date}T00:00:00Z`);
      expect(Number.isNaN(parsed.getTime())).toBe(false);
      // Round-tripping rejects impossible dates such as 2025-02-30, which Date silently rolls over.
      expect(parsed.toISOString().slice(0, 10)).toBe(article.date);
      expect(article.date >= "2025-01-01" && article.date <= "2026-10-31").toBe(true);

      const headings = body.filter((block) => block.type === "heading");
      expect(headings.length).toBeGreaterThanOrEqual(2);
      expect(headings.length).toBeLessThanOrEqual(5);
      expect(body.some((block) => block.type === "list")).toBe(true);
    },
  );

  it("has no empty blocks", () => {
    for (const article of articles) {
      for (const block of bodyOf(article.slug)) {
        const texts = blockTexts(block);
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) {
          expect(text.trim(), `${article.slug} has an empty ${block.type}`).not.toBe("");
        }
      }
    }
  });
});

describe("getArticle", () => {
  it("finds every article by slug", () => {
    for (const article of articles) {
      expect(getArticle(article.slug)).toBe(article);
    }
  });

  it("returns undefined for an unknown slug", () => {
    expect(getArticle("no-such-article")).toBeUndefined();
  });
});

describe("getArticleBody", () => {
  it("returns undefined for an unknown slug, including names every object inherits", () => {
    for (const slug of ["no-such-article", "constructor", "toString", "__proto__"]) {
      expect(getArticleBody(slug), slug).toBeUndefined();
    }
  });
});

describe("countWords", () => {
  it("counts words across paragraphs, headings and list items", () => {
    const sample: ArticleBlock[] = [
      { type: "heading", text: "Two words" },
      { type: "paragraph", text: "  three   short words " },
      { type: "list", items: ["one", "a pair"] },
    ];
    expect(countWords(sample)).toBe(8);
  });
});
