import { expect, type Page, test } from "@playwright/test";
import { viewports } from "./support";

/*
 * Decision 0039: the first paint needs the page and nothing on a second connection.
 * - The hub pages (products, resources) show no hero art on a phone and fetch none; wider screens get it.
 * - The home page's category cards are drawn, and fetch their images, as the visitor scrolls near them:
 *   on a phone, where they are screens below the first, the last one fetches nothing until then.
 */

function imageRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Whether the image has been decoded from a real file (the blank stand-in is 1 px wide). */
const drawnFromFile = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 1 && image.currentSrc);

const hubs = [
  { path: "/products", art: "hero-products" },
  { path: "/resources", art: "hero-resources" },
];

for (const { path, art } of hubs) {
  test(`${path} on a phone opens on its heading and lead, without hero art or its download`, async ({
    page,
  }) => {
    await page.setViewportSize(viewports.phone);
    const images = imageRequests(page);
    await page.goto(path);
    await page.waitForLoadState("load");
    const heroArt = page.locator(`img[src*="${art}"]`);
    await expect(heroArt).toBeHidden();
    expect(images.filter((url) => url.includes(art))).toEqual([]);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  });

  test(`${path} on a wide screen shows its hero art, loaded from its own file`, async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto(path);
    const heroArt = page.locator(`img[src*="${art}"]`);
    await expect(heroArt).toBeVisible();
    await expect.poll(() => drawnFromFile(page, `img[src*="${art}"]`)).toContain(`/images/${art}-`);
  });
}

test("home on a phone: the last category card is drawn, and fetches its image, only as the visitor scrolls near it", async ({
  page,
}) => {
  await page.setViewportSize(viewports.phone);
  const images = imageRequests(page);
  await page.goto("/");
  await page.waitForLoadState("load");
  const cards = page.locator('section[aria-labelledby="categories-heading"] li');
  await expect(cards).toHaveCount(6);
  const last = cards.last().locator("img");
  const lastFile = await last.getAttribute("src");
  expect(lastFile).toBeTruthy();
  const stem = (lastFile ?? "").replace(/-\d+\.\w+$/, "");
  expect(images.filter((url) => url.startsWith(stem))).toEqual([]);
  // The card's text is in the page before it is drawn.
  await expect(cards.last().getByRole("heading", { level: 3 })).toHaveCount(1);

  // Not drawn yet: the browser skips it until the visitor comes near.
  const drawn = () =>
    cards
      .last()
      .getByRole("heading", { level: 3 })
      .evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn()).toBe(false);

  await cards.last().scrollIntoViewIfNeeded();
  await expect
    .poll(() => drawnFromFile(page, 'section[aria-labelledby="categories-heading"] li:last-child img'))
    .toContain(stem);
  expect(await drawn()).toBe(true);
  expect(images.some((url) => url.startsWith(stem))).toBe(true);
});
