import { expect, test } from "@playwright/test";
import { spawnServer } from "./spawned-server";
import { navigateInApp, waitForHydration } from "./support";

/*
 * One build serves any address: SITE_URL is read when the server starts, and every canonical link,
 * Open Graph URL, JSON-LD URL, sitemap and robots entry follows it, on the first load and after
 * navigating in the browser.
 */

const origin = "https://www.example.com";
const port = Number(process.env.E2E_PORT ?? 3100) + 95;

test("a server started with SITE_URL puts that origin everywhere, without a rebuild", async ({ browser }) => {
  test.setTimeout(60_000);
  const server = await spawnServer(port, { SITE_URL: origin });
  try {
    const home = await (await fetch(`${server.origin}/`)).text();
    expect(home).toContain(`<link rel="canonical" href="${origin}/"/>`);
    expect(home).toContain(`<meta property="og:url" content="${origin}/"/>`);
    expect(home).toContain(`<meta property="og:image" content="${origin}/images/og-default.png"/>`);
    expect(home).not.toContain("localhost");

    const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${origin}/</loc>`);
    expect(sitemap).toContain(`<loc>${origin}/resources/articles/`);
    expect(sitemap).not.toContain("localhost");
    expect(await (await fetch(`${server.origin}/robots.txt`)).text()).toContain(
      `Sitemap: ${origin}/sitemap.xml`,
    );

    const packaging = await (await fetch(`${server.origin}/protective-packaging`)).text();
    expect(packaging).toContain(`"url":"${origin}/"`);
    // A page rendered on request (the 404 page) follows it too.
    const missing = await (await fetch(`${server.origin}/no-such-page`)).text();
    expect(missing).toContain(`<meta property="og:url" content="${origin}/no-such-page"/>`);
    // Compressed copies say the same as the plain one.
    const brotli = await fetch(`${server.origin}/about`, { headers: { "accept-encoding": "br" } });
    expect(await brotli.text()).toContain(`<link rel="canonical" href="${origin}/about"/>`);

    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    // In-app navigation happens from the pages with scripts (decision 0023).
    await page.goto(`${server.origin}/contact`);
    await waitForHydration(page);
    await navigateInApp(page, "/products");
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/products`);
    await navigateInApp(page, "/resources/articles/choosing-label-face-stock");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${origin}/resources/articles/choosing-label-face-stock`,
    );
    expect(violations).toEqual([]);
    await page.close();
  } finally {
    await server.stop();
  }
});
