import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  fillContactForm,
  uniqueClientAddress,
  viewports,
  waitForHydration,
} from "./support";

async function open(page: Page, path: string): Promise<void> {
  // A client address of its own, so the contact form's per-client limit never refuses these posts.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  await page.goto(path);
  await waitForHydration(page);
}

/** axe judges colours as painted: let fade and slide transitions finish first. */
async function settled(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect
    .poll(() => target.evaluate((element) => element.getAnimations({ subtree: true }).length))
    .toBe(0);
}

const visibleToast = (page: Page) => page.locator("[data-sonner-toast][data-visible='true']");

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`axe in open states at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`a validation toast on /contact (${label})`, async ({ page }) => {
      await open(page, "/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(visibleToast(page).locator("[data-title]")).toHaveText("Name Required");
      await settled(visibleToast(page));
      await expectNoAxeViolations(page);
    });

    test(`the thank-you panel after sending the contact form (${label})`, async ({ page }) => {
      await open(page, "/contact");
      await fillContactForm(page, {
        name: "Robin Vale",
        email: `a11y-${Date.now()}@example.com`,
        message: "Please call me about pallet labels for our new racking.",
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("heading", { name: "Thank You!" })).toBeFocused();
      await settled(page.getByTestId("contact-success"));
      await settled(visibleToast(page));
      await expectNoAxeViolations(page);
    });

    test(`searches on /resources that match nothing (${label})`, async ({ page }) => {
      await open(page, "/resources");
      await page.getByLabel("Search documents").fill("qqqq no such document");
      await page.getByLabel("Search articles").fill("qqqq no such article");
      await expect(page.getByText("No documents found", { exact: true })).toBeVisible();
      await expect(page.getByText(/^No articles found matching your search criteria/)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("axe with the mobile menu open at 375 px", () => {
  test.use({ viewport: viewports.phone });

  test("the mobile menu, open", async ({ page }) => {
    await open(page, "/contact");
    await page.getByRole("button", { name: "Open menu" }).click();
    await settled(page.getByRole("dialog", { name: "Menu" }));
    await expectNoAxeViolations(page);
  });
});
