import { expect, test } from "@playwright/test";
import { contentPages, expectNoAxeViolations, viewports, waitForHydration } from "./support";

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const { path } of contentPages) {
      test(`${path} (${label})`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
      });
    }
    test(`404 page (${label})`, async ({ page }) => {
      await page.goto("/missing-page");
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("open states", () => {
  test.use({ viewport: viewports.phone });
  test("the mobile menu, open", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
