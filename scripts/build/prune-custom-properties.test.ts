import { describe, expect, it } from "vitest";
import { pruneCustomProperties } from "./prune-custom-properties";

// The shape of the CSS Beasties keeps for a page: Tailwind's layers, registrations and utilities.
const css = [
  "@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:initial}}}",
  "@layer theme{:root{--color-navy:#0f2a43;--color-red-700:#b91c1c;--spacing:.25rem;--unused-a:var(--unused-b);--unused-b:1px}}",
  "@layer components;",
  "@layer utilities{.p-6{padding:calc(var(--spacing) * 6)}.text-navy{color:var(--color-navy)}",
  ".shadow-sm{--tw-shadow:0 1px 3px var(--tw-shadow-color,#0000001a);box-shadow:var(--tw-shadow)}",
  ".font-bold{--tw-font-weight:700;font-weight:700}}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  '@property --tw-font-weight{syntax:"*";inherits:false}',
].join("");

describe("pruneCustomProperties", () => {
  const pruned = pruneCustomProperties(css, "<p>Hello</p>");

  it("keeps every custom property a rule reads, with its registration and its fallback", () => {
    expect(pruned).toContain("--color-navy:#0f2a43");
    expect(pruned).toContain("--spacing:.25rem");
    expect(pruned).toContain("--tw-shadow:0 0 #0000");
    expect(pruned).toContain("@property --tw-shadow{");
    expect(pruned).toContain(".shadow-sm{--tw-shadow:0 1px 3px");
  });

  it("drops what nothing reads: theme variables, registrations, fallbacks, chains of unread variables", () => {
    for (const gone of ["--color-red-700", "--tw-blur", "--tw-font-weight", "--unused-a", "--unused-b"]) {
      expect(pruned).not.toContain(gone);
    }
    expect(pruned).toContain(".font-bold{font-weight:700}");
  });

  it("leaves the rules, the layer order and everything that is not a custom property as they were", () => {
    expect(pruned).toContain("@layer components;");
    expect(pruned).toContain(".p-6{padding:calc(var(--spacing) * 6)}");
    expect(pruned).toContain(".text-navy{color:var(--color-navy)}");
  });

  it("keeps a variable that only the page's inline styles read", () => {
    const html = '<p style="color:var(--color-red-700)">Hello</p>';
    expect(pruneCustomProperties(css, html)).toContain("--color-red-700:#b91c1c");
  });

  it("drops a block that pruning left empty, and the blocks around it", () => {
    const onlyUnused = "@layer properties{@supports (-moz-orient:inline){*{--tw-blur:initial}}}.a{color:red}";
    expect(pruneCustomProperties(onlyUnused, "")).toBe(".a{color:red}");
  });
});
