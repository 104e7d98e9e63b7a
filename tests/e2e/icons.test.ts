// Icons point at symbols the server writes into each page, and the whole sprite replaces them once the
// page has hydrated (docs/decisions/0018-icon-sprite.md). A symbol missing from the page, a name the
// sprite lacks, or a client-side render that wiped them leaves empty squares no other test would notice.
import { expect, type Page, test } from "@playwright/test";
import { contentPages, viewports, waitForHydration } from "./support";

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
  for (const { href } of found) expect(href, label).toMatch(/^#icon-[A-Z]\w*$/);
  // One sprite on the page.
  await expect(page.locator("[hidden] > svg > symbol[id^='icon-']").first()).toBeAttached();
  expect(await page.locator("svg:has(> symbol[id^='icon-'])").count(), label).toBe(1);
}

test.describe("icons", () => {
  test.use({ viewport: viewports.phone });

  for (const { path } of contentPages) {
    test(`${path}: every icon is drawn, after hydration too`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectIconsDrawn(page, path);
    });
  }

  test("a page reached by client-side navigation draws icons the first page did not carry", async ({
    page,
  }) => {
    const response = await page.goto("/");
    // The home page's own symbols only: the brochure download icon is not among them.
    expect(await response?.text()).not.toContain('id="icon-Download"');
    await waitForHydration(page);
    await page.getByRole("button", { name: /menu/i }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Resources" }).click();
    await expect(page).toHaveURL("/resources");
    await expect(page.locator("use[href='#icon-Download']").first()).toBeAttached();
    await expect.poll(async () => (await icons(page)).filter((icon) => !icon.drawn).length).toBe(0);
    await expectIconsDrawn(page, "/resources after client navigation");
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
