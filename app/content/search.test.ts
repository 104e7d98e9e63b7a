import { describe, expect, it } from "vitest";
import { productSectionIds } from "~/content/ids";
import { resourceSectionIds } from "~/content/resources";
import { searchPage } from "~/content/search";

describe("search page copy", () => {
  it("links its starting points to sections that exist", () => {
    const anchors: Record<string, readonly string[]> = {
      "/products": productSectionIds,
      "/resources": Object.values(resourceSectionIds),
    };
    for (const { href } of searchPage.popular.links) {
      const [path = "", anchor = ""] = href.split("#");
      expect(anchors[path], href).toContain(anchor);
    }
  });

  it("names every result group", () => {
    expect(Object.keys(searchPage.groups).sort()).toEqual(["articles", "documents", "pages", "products"]);
  });
});
