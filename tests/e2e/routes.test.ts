import { expect, test } from "@playwright/test";
import { contentPages } from "./support";

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const pattern = new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*content="([^"]*)"`, "i");
  return pattern.exec(html)?.[1];
}

test.describe("every page is served with its own metadata in the HTML", () => {
  const titles = new Set<string>();

  for (const { path } of contentPages) {
    test(`GET ${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();

      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title).toBeTruthy();
      titles.add(title ?? "");
      expect(metaContent(html, "name", "description")?.length ?? 0).toBeGreaterThan(50);
      const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1];
      expect(canonical).toBe(`http://localhost:3000${path}`);
      expect(metaContent(html, "property", "og:title")).toBeTruthy();
      expect(metaContent(html, "property", "og:description")).toBeTruthy();
      expect(metaContent(html, "property", "og:url")).toBe(canonical);
      expect(metaContent(html, "property", "og:image")).toMatch(
        /^http:\/\/localhost:3000\/images\/og-default\.png$/,
      );
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
      // The page's content is in the HTML, not only after JavaScript runs.
      expect(html).toMatch(/<h1[^>]*>[^<]{3,}/);
    });
  }

  test("titles differ from page to page", async ({ request }) => {
    const seen = new Set<string>();
    for (const { path } of contentPages) {
      const html = await (await request.get(path)).text();
      seen.add(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "");
    }
    expect(seen.size).toBe(contentPages.length);
  });

  test("the OG image and the favicons are served", async ({ request }) => {
    for (const [path, type] of [
      ["/images/og-default.png", "image/png"],
      ["/favicon.ico", "image/x-icon"],
      ["/favicon.svg", "image/svg+xml"],
      ["/apple-touch-icon.png", "image/png"],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toBe(type);
    }
  });
});

test("no page requests anything from another host", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL ?? "") && !url.startsWith("data:") && !url.startsWith("blob:"))
      foreign.push(url);
  });
  for (const { path } of contentPages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
  }
  expect(foreign).toEqual([]);
});
