import { expect, type Page, test } from "@playwright/test";
import { uniqueClientAddress, viewports, waitForHydration } from "./support";

/*
 * Decision 0038: a prerendered page whose HTML still fits the first round trip carries the CSS it
 * uses in a `<style>`, and asks for no stylesheet while it paints; a larger page, and a page rendered
 * on request, links the stylesheet. A page with forms loads the whole stylesheet before its scripts
 * run, so what they show later (field errors, toasts) is styled.
 */

const carried = [
  "/",
  "/protective-packaging",
  "/about",
  "/contact",
  "/resources/articles/choosing-label-face-stock",
];
const linked = ["/products", "/resources", "/quote", "/search?q=labels"];

function stylesheetRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

const computed = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    for (const path of carried) {
      test(`${path} carries its CSS and asks for no stylesheet; the layout is the site's`, async ({
        page,
      }) => {
        const requested = stylesheetRequests(page);
        await page.goto(path, { waitUntil: "networkidle" });
        await expect(page.locator("style#page-css")).toHaveAttribute(
          "data-stylesheet",
          /^\/assets\/.+\.css$/,
        );
        expect(requested).toEqual([]);
        expect(await computed(page, "body > header", "position")).toBe("sticky");
        // The media queries came along: the main navigation shows from the md breakpoint, the menu button below it.
        const wide = viewport.width >= 768;
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ visible: wide });
        await expect(page.getByRole("button", { name: /menu/i })).toBeVisible({ visible: !wide });
      });
    }

    for (const path of linked) {
      test(`${path} links the stylesheet and is styled`, async ({ page }) => {
        const requested = stylesheetRequests(page);
        await page.goto(path, { waitUntil: "networkidle" });
        await expect(page.locator("style#page-css")).toHaveCount(0);
        expect(requested).toHaveLength(1);
        expect(await computed(page, "body > header", "position")).toBe("sticky");
      });
    }
  });
}

test("the contact form loads the whole stylesheet before its scripts run: a field error is styled", async ({
  page,
}) => {
  const requested = stylesheetRequests(page);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  await page.goto("/contact", { waitUntil: "networkidle" });
  expect(requested, "nothing before the first interaction").toEqual([]);
  const name = page.getByRole("textbox", { name: /^Name/ });
  const valid = await name.evaluate((element) => getComputedStyle(element).borderTopColor);

  await waitForHydration(page);
  expect(requested).toHaveLength(1);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  // The invalid border is a rule of the whole stylesheet: the page's own CSS has no invalid field.
  await expect
    .poll(() => name.evaluate((element) => getComputedStyle(element).borderTopColor))
    .not.toBe(valid);
});
