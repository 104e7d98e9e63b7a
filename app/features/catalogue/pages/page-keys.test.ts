import { describe, expect, it } from "vitest";
import { fixtureView } from "../testing/pages-fixture";
import { cataloguePageKey, cataloguePageKeyOf } from "./page-keys";

const view = fixtureView();
const reader = { current: () => view };
const at = (address: string) => new URL(address, "http://site.test");

describe("the catalogue pages' cache keys", () => {
  it("are the same from the address as the loader names them, however the query is encoded", () => {
    // What a loader gets: React Router writes the query through URLSearchParams.
    const loaderUrl = at("/products/labels?face_stock=Direct+thermal+paper&width=4");
    const key = cataloguePageKey(view.info.version, loaderUrl);
    expect(
      cataloguePageKeyOf(reader, at("/products/labels?face_stock=Direct%20thermal%20paper&width=4")),
    ).toBe(key);
    expect(cataloguePageKeyOf(reader, loaderUrl)).toBe(key);
    expect(cataloguePageKeyOf(reader, at("/products/labels/RDT-4X6-3C"))).toBe(
      cataloguePageKey(view.info.version, at("/products/labels/RDT-4X6-3C")),
    );
  });

  it("name a different page for another version, another query, and no page elsewhere", () => {
    const key = cataloguePageKeyOf(reader, at("/products/labels?width=4"));
    expect(cataloguePageKey(view.info.version + 1, at("/products/labels?width=4"))).not.toBe(key);
    expect(cataloguePageKeyOf(reader, at("/products/labels?width=6"))).not.toBe(key);
    for (const address of [
      "/search?q=4x6",
      "/products",
      "/quote?sku=X",
      `/products/labels?w=${"9".repeat(3000)}`,
    ])
      expect(cataloguePageKeyOf(reader, at(address)), address).toBeUndefined();
  });
});
