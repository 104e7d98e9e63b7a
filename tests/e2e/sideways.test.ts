import { expect, test } from "@playwright/test";

/*
 * No page of the sitemap scrolls sideways on a phone, a tablet or a laptop: whatever is wider than
 * the window is a layout fault (docs/product.md), found here by the page's own scroll width.
 */

const WIDTHS = [375, 768, 1280] as const;

test("no page in the sitemap scrolls sideways at 375, 768 or 1280 px", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "").pathname,
  );
  expect(paths.length).toBeGreaterThan(5);
  // The catalogue's pages by sample (docs/decisions/0055): its widest family table and one item page.
  const catalogue = (path: string) => /^\/products\/./.test(path);
  const sample = [
    "/products/corrugated-boxes",
    paths.find((path) => path.startsWith("/products/thermal-transfer-ribbons/")) ?? "",
  ];
  expect(paths).toEqual(expect.arrayContaining(sample));
  paths.splice(0, paths.length, ...paths.filter((path) => !catalogue(path)), ...sample);
  expect(paths).toContain("/protective-packaging");
  const wide: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.goto(new URL(path, baseURL).toString());
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const { scrollWidth, clientWidth, culprit } = await page.evaluate(() => {
        const root = document.documentElement;
        // The deepest element reaching past the window's right edge, named for the report.
        const past = [...document.body.querySelectorAll("*")].filter(
          (element) => element.getBoundingClientRect().right > root.clientWidth + 0.5,
        );
        const last = past.at(-1);
        const culprit = last
          ? `${last.tagName.toLowerCase()}${last.id ? `#${last.id}` : ""}.${String(last.className).slice(0, 80)}`
          : "";
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprit };
      });
      if (scrollWidth > clientWidth)
        wide.push(`${path} at ${width} px: ${scrollWidth} > ${clientWidth} (${culprit})`);
    }
  }
  expect(wide).toEqual([]);
});
