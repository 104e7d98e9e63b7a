// Icons point at symbols of a sprite the server writes into every page
// (docs/decisions/0018-icon-sprite.md). A page without the sprite, a name it lacks, or a client-side
// render that wiped it leaves empty squares that no other test would notice.
import { expect, type Page, test } from "@playwright/test";
import { sitePages, viewports, waitForHydration } from "./support";

/**
 * Every icon on the page: what it points at, and whether a drawing was found for it. An icon inside
 * something hidden at this width (the menu button on a wide screen) has no box either way, so it
 * counts as drawn.
 */
async function icons(page: Page) {
  return page.locator("svg > use").evaluateAll((uses) =>
    uses.map((use) => {
      const box = (use as SVGUseElement).getBBox();
      const shown = (use.parentElement as Element).checkVisibility();
      return { href: use.getAttribute("href") ?? "", drawn: !shown || (box.width > 0 && box.height > 0) };
    }),
  );
}

async function expectIconsDrawn(page: Page, label: string): Promise<void> {
  const found = await icons(page);
  expect(found.length, `${label}: icons on the page`).toBeGreaterThan(0);
  expect(
    found.filter((icon) => !icon.drawn).map((icon) => icon.href),
    `${label}: icons without a drawing`,
  ).toEqual([]);
  for (const { href } of found) expect(href, label).toMatch(/^#icon-[A-Z]\w+$/);
  // One sprite, and nothing fetched for it.
  await expect(page.locator("[hidden] > svg > symbol[id^='icon-']").first()).toBeAttached();
  expect(await page.locator("svg:has(> symbol[id^='icon-'])").count(), label).toBe(1);
}

test.describe("icons", () => {
  test.use({ viewport: viewports.phone });

  for (const { path } of sitePages) {
    test(`${path}: every icon is drawn, after hydration too`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectIconsDrawn(page, path);
    });
  }

  test("icons stay drawn after client-side navigation and back", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: /menu/i }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectIconsDrawn(page, "/contact after client navigation");
    await page.goBack();
    await expect(page).toHaveURL("/");
    await expectIconsDrawn(page, "/ after going back");
  });

  test("a page rendered on request (not prerendered) draws its icons too", async ({ page }) => {
    await page.goto("/search?q=labels");
    await expectIconsDrawn(page, "/search");
  });
});

test.describe("icons without JavaScript", () => {
  test.use({ viewport: viewports.desktop, javaScriptEnabled: false });

  test("/contact draws its icons", async ({ page }) => {
    await page.goto("/contact");
    await expectIconsDrawn(page, "/contact without JavaScript");
  });
});
