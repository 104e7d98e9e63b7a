import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StylesheetInliner } from "./inline-stylesheet";

const clientDir = mkdtempSync(path.join(tmpdir(), "inline-css-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(
  path.join(clientDir, "assets", "app-abc.css"),
  ".used{color:red}.unused{color:blue}@media (min-width:48rem){.used{color:green}}",
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const LINK = '<link rel="stylesheet" href="/assets/app-abc.css"/>';
const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>T</title>${LINK}</head><body>${body}</body></html>`;

describe("StylesheetInliner", () => {
  const inliner = new StylesheetInliner(clientDir);

  it("replaces the link with the rules the page uses, naming the whole stylesheet", async () => {
    const result = await inliner.inline(page('<p class="used">Hello</p>'));
    expect(result.inlined).toBe(true);
    expect(result.html).not.toContain(LINK);
    const style = /<style id="page-css" data-stylesheet="\/assets\/app-abc.css">([^<]*)<\/style>/.exec(
      result.html,
    );
    expect(style?.[1]).toContain(".used{color:red}");
    expect(style?.[1]).toContain("@media (min-width:48rem)");
    expect(style?.[1]).not.toContain(".unused");
    // The rest of the page is as it was.
    expect(result.html).toContain('<body><p class="used">Hello</p></body>');
  });

  it("keeps the link when the page would no longer fit the first round trip", async () => {
    const html = page('<p class="used">Hello</p>');
    const result = await inliner.inline(html, 100);
    expect(result).toMatchObject({ html, inlined: false, linksStylesheet: true });
    expect(result.bytes).toBeGreaterThan(100);
  });

  it("leaves a page without a stylesheet link alone", async () => {
    const html = "<!DOCTYPE html><html><head><title>T</title></head><body><p>x</p></body></html>";
    expect(await inliner.inline(html)).toMatchObject({ html, inlined: false, linksStylesheet: false });
  });
});
