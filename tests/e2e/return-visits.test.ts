// Visitors come back: the browser then revalidates its cached page (pages are `max-age=0,
// must-revalidate`) and builds the page from its cached copy plus the headers of the 304, or takes
// it straight from the cache on back/forward. Every other browser test starts with an empty cache,
// so none of them would notice a 304 whose headers break the cached page.
import { expect, type Page, test } from "@playwright/test";
import { articles } from "../../app/content/article-files.server";
import {
  expectRevalidated,
  expectWorkingPage,
  type PageWatch,
  prerenderedPages,
  watchPage,
} from "./return-visit-support";
import { contentPages, fillContactForm, sendContactForm, uniqueClientAddress, viewports } from "./support";

test("the list of prerendered pages covers the site's pages and every article", () => {
  expect(prerenderedPages).toEqual(
    expect.arrayContaining([
      ...contentPages.map((page) => page.path),
      ...articles.map((article) => `/resources/articles/${article.slug}`),
    ]),
  );
});

/** A second visit to the page already open: the browser must revalidate it, and the page must work. */
async function returnTo(page: Page, watch: PageWatch, path: string, label: string): Promise<void> {
  const mark = watch.mark();
  const response = await page.goto(path);
  expect(response?.ok(), `${label}: the page shows`).toBe(true);
  await expectRevalidated(watch, mark, page.url(), label);
  await expectWorkingPage(page, watch, label);
}

/** Opens `path` and then opens it again, checking that the page works on both visits. */
async function visitTwice(page: Page, watch: PageWatch, path: string): Promise<void> {
  await page.goto(path);
  await expectWorkingPage(page, watch, `${path} first visit`);
  await returnTo(page, watch, path, `${path} second visit`);
}

/** An address of its own for a test's signup or message. */
const uniqueEmail = () => `return-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe("return visits with a warm cache", () => {
  prerenderedPages.forEach((path, index) => {
    // The neighbour in the list, so every page is also left and re-entered through history.
    const other = prerenderedPages[(index + 1) % prerenderedPages.length] ?? "/";

    test(`${path}: first visit, second visit, reload, back and forward`, async ({ page }) => {
      const watch = await watchPage(page);

      const first = await page.goto(path);
      expect(first?.status(), `${path} first visit`).toBe(200);
      await expectWorkingPage(page, watch, `${path} first visit`);

      await returnTo(page, watch, path, `${path} second visit`);

      const mark = watch.mark();
      await page.reload();
      await expectRevalidated(watch, mark, page.url(), `${path} reload`);
      await expectWorkingPage(page, watch, `${path} reload`);

      await page.goto(other);
      await expectWorkingPage(page, watch, `${other} after ${path}`);
      // History may come from the memory or disk cache without asking the server: the cached
      // copy, with the headers last stored for it, must still work.
      await page.goBack();
      await expect(page).toHaveURL(path);
      await expectWorkingPage(page, watch, `${path} back`);
      await page.goForward();
      await expect(page).toHaveURL(other);
      await expectWorkingPage(page, watch, `${other} forward`);
    });
  });
});

test.describe("on a return visit, the interactive parts work", () => {
  test("the mobile menu at 375 px opens, traps focus and closes on Escape", async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    const watch = await watchPage(page);
    const article = prerenderedPages.find((path) => path.startsWith("/resources/articles/")) ?? "/about";
    for (const path of ["/", article]) {
      await visitTwice(page, watch, path);

      const trigger = page.getByRole("button", { name: "Open menu" });
      await trigger.click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu).toBeVisible();
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press(step % 3 === 2 ? "Shift+Tab" : "Tab");
        expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement)), path).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
      expect(await watch.violations(), path).toEqual([]);
    }
  });

  test("the contact form sends", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    const watch = await watchPage(page);
    await visitTwice(page, watch, "/contact");

    await fillContactForm(page, {
      name: "Morgan Return",
      email: uniqueEmail(),
      message: "Back again about shipping labels.",
    });
    await sendContactForm(page);
    expect(await watch.violations()).toEqual([]);
  });

  test("the newsletter signup subscribes", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    const watch = await watchPage(page);
    await visitTwice(page, watch, "/resources");

    await page.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail());
    const answer = page.waitForResponse(
      (response) => response.url().endsWith("/api/newsletter") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    expect((await answer).status()).toBe(200);
    const toast = page.locator("[data-sonner-toast][data-visible='true']");
    await expect(toast.locator("[data-title]")).toHaveText("Successfully Subscribed!");
    await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue("");
    expect(await watch.violations()).toEqual([]);
  });
});
