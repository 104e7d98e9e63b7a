import { describe, expect, it } from "vitest";
import { products } from "./products";
import { legacyRedirects, resolveLegacyRedirect } from "./redirects";

describe("legacy redirects", () => {
  it("holds the 21 documented legacy paths", () => {
    expect(legacyRedirects.size).toBe(21);
    expect([...legacyRedirects.values()].filter((to) => /^\/products(#|$)/.test(to))).toHaveLength(18);
    expect(legacyRedirects.get("/privacy-policy")).toBe("/contact");
    expect(legacyRedirects.get("/terms-of-service")).toBe("/contact");
    expect(legacyRedirects.get("/services")).toBe("/about");
  });

  it.each([
    ["/services", "", "/about"],
    ["/services", "?ref=mail&x=1", "/about?ref=mail&x=1"],
    ["/products/material-handling-equipment", "", "/products#material-handling"],
    ["/3d-printing/", "", "/products"],
    ["/3d-printing", "?a=b", "/products?a=b"],
    ["/Thermal-Ribbons", "?a=b", "/products?a=b#labels"],
    ["/rfid-labels", "", "/products#labels"],
    ["/stretch-films", "", "/products#packaging"],
    ["/barcode-equipment", "?", "/products#barcoding"],
    ["/warehouse-signage", "", "/products#warehouse-labeling"],
    ["/terms-of-service", "?", "/contact"],
  ])("%s%s goes to %s", (path, search, expected) => {
    expect(resolveLegacyRedirect(path, search)).toBe(expected);
  });

  it("sends each product path to a section /products has", () => {
    const sections = new Set(products.sections.map((section) => section.id));
    for (const to of legacyRedirects.values()) {
      const [path, fragment] = to.split("#");
      if (path === "/products" && fragment) expect(sections, to).toContain(fragment);
    }
  });

  it.each(["/", "/products", "/about", "/servicesx", "/products/labels"])("leaves %s alone", (path) => {
    expect(resolveLegacyRedirect(path)).toBeUndefined();
  });
});
