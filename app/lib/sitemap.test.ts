import { describe, expect, it } from "vitest";
import { articles } from "~/content/article-list";
import { renderRobots, renderSitemap, sitemapEntries } from "./sitemap";

describe("sitemap", () => {
  const entries = sitemapEntries("2026-11-21");

  it("lists the seven pages, the quote request and every article, each once", () => {
    const paths = entries.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/products",
        "/protective-packaging",
        "/about",
        "/resources",
        "/contact",
        "/privacy",
        "/quote",
      ]),
    );
    expect(paths).toHaveLength(8 + articles.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("renders absolute URLs with a lastmod date", () => {
    const xml = renderSitemap(entries, "https://www.example.com");
    expect(xml).toContain("<loc>https://www.example.com/products</loc>");
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(entries.length);
  });

  it("robots.txt names the sitemap", () => {
    expect(renderRobots("https://www.example.com")).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });
});
