import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support";

test.use({ viewport: { width: 1280, height: 700 } });

test("a route change scrolls to the top", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "About" });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await footerLink.click();
  await expect(page).toHaveURL("/about");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("a URL with a #hash scrolls that section into view", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "View products: Material Handling" }).click();
  await expect(page).toHaveURL("/products#material-handling");
  const section = page.locator("section#material-handling");
  await expect(section).toBeInViewport();
  const top = await section.evaluate((el) => el.getBoundingClientRect().top);
  // Clear of the sticky header, near the top of the viewport.
  expect(top).toBeGreaterThanOrEqual(60);
  expect(top).toBeLessThan(200);
});
