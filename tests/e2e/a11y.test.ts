import { test } from "@playwright/test";
import { contentPages, expectNoAxeViolations, openMobileMenu, viewports, waitForHydration } from "./support";

// Every content page at both widths: the pages' own test files leave axe to this one.
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
    await openMobileMenu(page, "/");
    await expectNoAxeViolations(page);
  });
});
