import { expect, test } from "@playwright/test";
import { legacyRedirects } from "../../app/content/redirects";
import { navigateInApp, waitForHydration } from "./support";

test.describe("legacy paths answer 301 at the server", () => {
  for (const [from, to] of legacyRedirects) {
    test(`${from} -> ${to}`, async ({ request }) => {
      const response = await request.get(`${from}?utm_source=mail&ref=a%20b`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      // The query string is kept, before the section's fragment (`/products?…#labels`).
      const [path, fragment] = to.split("#");
      expect(response.headers().location).toBe(
        `${path}?utm_source=mail&ref=a%20b${fragment ? `#${fragment}` : ""}`,
      );
    });
  }

  test("without a query string the Location is the bare path", async ({ request }) => {
    const response = await request.get("/services", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/about");
  });
});

test("a legacy product path lands on its section of /products", async ({ page }) => {
  await page.goto("/rfid-labels");
  await expect(page).toHaveURL("/products#labels");
  await expect(page.locator("#labels")).toBeInViewport();
  await page.goto("/material-handling-equipment");
  await expect(page).toHaveURL("/products#material-handling");
  await expect(page.locator("#material-handling")).toBeInViewport();
});

test.describe("redirects replace the history entry in the browser", () => {
  test("a page load of a legacy path leaves no entry for it", async ({ page }) => {
    await page.goto("/");
    await page.goto("/services?from=old-site");
    await expect(page).toHaveURL("/about?from=old-site");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL("/");
  });

  test("an in-app navigation to a legacy path replaces, not pushes", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const before = await page.evaluate(() => window.history.length);
    await navigateInApp(page, "/thermal-ribbons?sku=123");
    await expect(page).toHaveURL("/products?sku=123#labels");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/products/i);
    // One new entry (/products), none for the legacy path.
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
    await page.goBack();
    await expect(page).toHaveURL("/contact");
  });
});
