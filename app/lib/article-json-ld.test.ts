import { describe, expect, it } from "vitest";
import { articles } from "~/content/article-list";
import { company } from "~/content/company";
import { articleJsonLd } from "./article-json-ld";
import { absoluteUrl } from "./site";

const origin = "https://www.example.com";

describe("articleJsonLd", () => {
  it.each(articles.map((article) => [article.slug, article] as const))("%s", (slug, article) => {
    const path = `/resources/articles/${slug}`;
    const data = articleJsonLd(article, path, origin);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: article.title,
      description: article.excerpt,
      datePublished: article.date,
      keywords: article.tags.join(", "),
      author: { "@type": "Organization", name: article.author },
      publisher: {
        "@type": "Organization",
        name: company.name,
        logo: { url: absoluteUrl("/icon-512.png", origin) },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(path, origin) },
    });
    // Google limits headlines to 110 characters.
    expect(article.title.length).toBeLessThanOrEqual(110);
  });
});
