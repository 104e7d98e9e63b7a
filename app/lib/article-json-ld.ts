import type { Article } from "~/content/articles";
import { company } from "~/content/company";
import { absoluteUrl } from "~/lib/site";

/**
 * schema.org Article data for an article page's head. React Router's `script:ld+json` meta descriptor
 * serialises it and escapes `<`, `>` and `&`, so no text inside can close the script element.
 */
export function articleJsonLd(article: Article, path: string, origin: string) {
  const url = absoluteUrl(path, origin);
  const organization = {
    "@type": "Organization",
    name: company.name,
    url: absoluteUrl("/", origin),
    logo: { "@type": "ImageObject", url: absoluteUrl("/icon-512.png", origin), width: 512, height: 512 },
  };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.excerpt,
    datePublished: article.date,
    dateModified: article.date,
    articleSection: article.category,
    keywords: article.tags.join(", "),
    inLanguage: "en-US",
    author: { "@type": "Organization", name: article.author, url: absoluteUrl("/about", origin) },
    publisher: organization,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}
