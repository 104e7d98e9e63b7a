import type { MetaDescriptor } from "react-router";
import { company } from "~/content/company";
import { absoluteUrl } from "~/lib/site";

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path, e.g. "/about"; the canonical and og:url are built from it. */
  path: string;
  keywords?: readonly string[] | string;
  ogTitle?: string;
  ogDescription?: string;
  ogType?: "website" | "article";
  /** Site-relative or absolute image URL for link previews. */
  ogImage?: { url: string; width: number; height: number; alt: string };
  /** Pages that must not be indexed (the 404 page). */
  noIndex?: boolean;
}

export const defaultOgImage = {
  url: "/images/og-default.png",
  width: 1200,
  height: 630,
  alt: `${company.name}: labels, barcoding, packaging and material handling`,
} as const;

/**
 * Every tag a page needs in its head: title, description, canonical, Open Graph and Twitter card, with
 * absolute URLs on `origin` (see siteOrigin in site.ts).
 */
export function buildMeta(page: PageMeta, origin: string): MetaDescriptor[] {
  const ogTitle = page.ogTitle ?? page.title;
  const ogDescription = page.ogDescription ?? page.description;
  const url = absoluteUrl(page.path, origin);
  const image = page.ogImage ?? defaultOgImage;
  const imageUrl = absoluteUrl(image.url, origin);
  const keywords = Array.isArray(page.keywords) ? page.keywords.join(", ") : page.keywords;

  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: page.description }];
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ tagName: "link", rel: "canonical", href: url });
  tags.push(
    { property: "og:site_name", content: company.name },
    { property: "og:type", content: page.ogType ?? "website" },
    { property: "og:title", content: ogTitle },
    { property: "og:description", content: ogDescription },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: ogTitle },
    { name: "twitter:description", content: ogDescription },
    { name: "twitter:image", content: imageUrl },
  );
  return tags;
}

/** "Products | Ridgeline Industrial Supply" */
export function pageTitle(name: string): string {
  return `${name} | ${company.name}`;
}
