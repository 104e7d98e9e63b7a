import { describe, expect, it } from "vitest";
import { legacyRedirects, resolveLegacyRedirect } from "./redirects";

describe("legacy redirects", () => {
  it("holds the 21 documented legacy paths", () => {
    expect(legacyRedirects.size).toBe(21);
    expect([...legacyRedirects.values()].filter((to) => to === "/products")).toHaveLength(18);
    expect(legacyRedirects.get("/privacy-policy")).toBe("/contact");
    expect(legacyRedirects.get("/terms-of-service")).toBe("/contact");
    expect(legacyRedirects.get("/services")).toBe("/about");
  });

  it.each([
    ["/services", "", "/about"],
    ["/services", "?ref=mail&x=1", "/about?ref=mail&x=1"],
    ["/products/material-handling-equipment", "", "/products"],
    ["/3d-printing/", "", "/products"],
    ["/Thermal-Ribbons", "?a=b", "/products?a=b"],
    ["/terms-of-service", "?", "/contact"],
  ])("%s%s goes to %s", (path, search, expected) => {
    expect(resolveLegacyRedirect(path, search)).toBe(expected);
  });

  it.each(["/", "/products", "/about", "/servicesx", "/products/labels"])("leaves %s alone", (path) => {
    expect(resolveLegacyRedirect(path)).toBeUndefined();
  });
});
