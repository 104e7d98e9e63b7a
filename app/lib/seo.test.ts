import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { buildMeta } from "./seo";

const origin = "https://www.example.com";

function find(tags: MetaDescriptor[], key: string, value: string): Record<string, unknown> | undefined {
  return tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as
    | Record<string, unknown>
    | undefined;
}

describe("buildMeta", () => {
  const base = { title: "Products | Ridgeline", description: "Labels and more.", path: "/products" };

  it("emits title, description, canonical and the Open Graph and Twitter tags", () => {
    const tags = buildMeta({ ...base, keywords: ["labels", "ribbons"] }, origin);
    expect(tags).toContainEqual({ title: "Products | Ridgeline" });
    expect(find(tags, "name", "description")?.content).toBe("Labels and more.");
    expect(find(tags, "name", "keywords")?.content).toBe("labels, ribbons");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://www.example.com/products");
    expect(find(tags, "property", "og:url")?.content).toBe("https://www.example.com/products");
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "property", "og:image")?.content).toBe("https://www.example.com/images/og-default.png");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("falls back to title and description for Open Graph", () => {
    const tags = buildMeta(base, origin);
    expect(find(tags, "property", "og:title")?.content).toBe(base.title);
    expect(find(tags, "property", "og:description")?.content).toBe(base.description);
    expect(find(tags, "name", "keywords")).toBeUndefined();
  });

  it("uses ogTitle and ogDescription when given", () => {
    const tags = buildMeta(
      {
        ...base,
        ogTitle: "Shared title",
        ogDescription: "Shared text",
        ogType: "article",
      },
      origin,
    );
    expect(find(tags, "property", "og:title")?.content).toBe("Shared title");
    expect(find(tags, "name", "twitter:description")?.content).toBe("Shared text");
    expect(find(tags, "property", "og:type")?.content).toBe("article");
  });

  it("gives the home page the bare origin as canonical, and noindex pages none", () => {
    expect(find(buildMeta({ ...base, path: "/" }, origin), "rel", "canonical")?.href).toBe(
      "https://www.example.com/",
    );
    const hidden = buildMeta({ ...base, noIndex: true }, origin);
    expect(find(hidden, "rel", "canonical")).toBeUndefined();
    expect(find(hidden, "name", "robots")?.content).toBe("noindex");
  });
});
