import { describe, expect, it } from "vitest";
import { isActivePath } from "./navigation";

describe("isActivePath", () => {
  it.each([
    ["/", "/", true],
    ["/", "/products", false],
    ["/products", "/products", true],
    ["/products", "/products/anything", true],
    ["/products", "/protective-packaging", false],
    ["/resources", "/resources/articles/choosing-label-materials", true],
    ["/about", "/", false],
    ["/contact", "/contact-us", false],
  ])("link %s on path %s: %s", (href, pathname, expected) => {
    expect(isActivePath(href, pathname)).toBe(expected);
  });
});
