import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { articles } from "../../app/content/article-files.server";
import { contentPages } from "./support";
import { vnuErrors } from "./vnu";

const firstArticle = articles[0];
if (!firstArticle) throw new Error("expected at least one article");

const documents = [
  ...contentPages.map(({ path }) => ({ path, status: 200 })),
  { path: `/resources/articles/${firstArticle.slug}`, status: 200 },
  { path: "/no-such-page", status: 404 },
  // The catalogue's pages by sample: a filtered family, an item, an unknown part number.
  { path: "/products/direct-thermal-labels?width=4&colour=red", status: 200 },
  { path: "/products/thermal-transfer-ribbons/RBW-60-74-O", status: 200 },
  { path: "/products/direct-thermal-labels/NO-SUCH-SKU", status: 404 },
];

// One JVM start costs a few seconds, so every page goes to a single vnu run; vnu cannot fetch
// localhost itself, so the pages are handed over as files.
test("every page's served HTML is valid per the Nu HTML Checker", async ({ request }) => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
  try {
    const files = new Map<string, string>();
    for (const [index, document] of documents.entries()) {
      const response = await request.get(document.path);
      expect(response.status(), document.path).toBe(document.status);
      expect(response.headers()["content-type"], document.path).toMatch(/^text\/html/);
      const file = path.join(dir, `page-${index}.html`);
      writeFileSync(file, await response.body());
      files.set(file, document.path);
    }

    const errors = vnuErrors([...files.keys()])
      // The pages carry their CSS inline (decision 0038); the checker's CSS validator predates rules
      // the browsers in our range support (`@property`, `margin-trim` in a feature query).
      .filter((message) => !message.message.startsWith("CSS: "))
      .map((message) => {
        const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : "";
        const page = files.get(file) ?? file;
        return `${page}:${message.lastLine ?? "?"} ${message.type}: ${message.message} ${message.extract ?? ""}`.trim();
      });
    test.info().annotations.push({
      type: "html",
      description: `${documents.length} documents, ${errors.length} errors`,
    });
    console.info(`[html] vnu checked ${documents.length} documents: ${errors.length} errors`);
    expect(errors, errors.join("\n")).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
