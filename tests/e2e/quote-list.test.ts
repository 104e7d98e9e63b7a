import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, viewports } from "./support";

/*
 * The quote list (docs/catalogue.md#quote-list, docs/decisions/0056 and 0069): kept in localStorage,
 * never a cookie; the catalogue's pages add to it with an inline snippet and load no script file; the
 * header shows "Quote list (N)" on every page; the list's page edits quantities, removes items and asks
 * /quote for them all. Whatever localStorage holds never breaks a page.
 */

// Several document loads per test, on a shared machine.
test.describe.configure({ timeout: 90_000 });

const FAMILY = "/products/thermal-transfer-ribbons";
const KEY = "ridgeline-quote-list";

function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "script" || pathname.endsWith(".js")) scripts.push(pathname);
  });
  return scripts;
}

const skuOfRow = async (page: Page, index: number) =>
  (
    (await page
      .getByTestId("family-table")
      .locator("tbody tr")
      .nth(index)
      .getByRole("rowheader")
      .textContent()) ?? ""
  ).trim();

const quoteItems = (page: Page) => page.getByRole("group", { name: /^Item \d+$/ });
const listLines = (page: Page) =>
  page.getByRole("list", { name: "Items in your quote list" }).getByRole("listitem");

for (const [label, viewport] of Object.entries({ phone: viewports.phone, laptop: viewports.desktop })) {
  test.describe(`the quote list at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`${label}: add from the catalogue, count on every page, edit and remove on the list, ask /quote for all`, async ({
      page,
      context,
    }) => {
      const scripts = recordScripts(page);
      await page.goto(FAMILY);
      const link = page.getByTestId("header-quote-list");
      await expect(link).toBeHidden();
      const skus = [await skuOfRow(page, 0), await skuOfRow(page, 1), await skuOfRow(page, 2)];
      for (const [index, sku] of skus.entries()) {
        await page.getByRole("button", { name: `Add to quote list: ${sku}` }).click();
        await expect(link).toHaveText(`Quote list (${index + 1})`);
      }
      await expect(page).toHaveURL(FAMILY);
      await expect(page.getByRole("status").filter({ hasText: "Added to quote list" })).toHaveCount(3);

      // The same item twice adds to its quantity; every page's header shows the list.
      await page.goto(`${FAMILY}/${encodeURIComponent(skus[0] ?? "")}`);
      await page.getByRole("button", { name: "Add to quote list" }).click();
      await expect(link).toHaveText("Quote list (3)");
      await page.goto("/about");
      await expect(link).toHaveText("Quote list (3)");
      expect(scripts, "no script file on the catalogue's pages or a landing page").toEqual([]);
      expect(await context.cookies()).toEqual([]);

      await link.click();
      await expect(page).toHaveURL("/quote-list");
      await expect(page.getByRole("heading", { level: 1, name: "Quote list" })).toBeVisible();
      await expect(listLines(page)).toHaveCount(3);
      await expect(page.getByText("Your quote list is kept by your browser's JavaScript")).toBeHidden();
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/quote-list-view-[\w-]+\.js$/)]);
      await expect(page.getByLabel(`Quantity of ${skus[0]}`)).toHaveValue("2");
      await expect(page.getByLabel(`Quantity of ${skus[1]}`)).toHaveValue("1");
      await expectNoAxeViolations(page);

      // Remove the third: the focus stays in the list, the count follows everywhere.
      await page.getByRole("button", { name: `Remove ${skus[2]}` }).click();
      await expect(listLines(page)).toHaveCount(2);
      await expect(page.getByRole("status").filter({ hasText: "removed" })).toHaveText(
        `${skus[2]} removed from the quote list`,
      );
      await expect(page.getByRole("button", { name: `Remove ${skus[1]}` })).toBeFocused();
      await expect(link).toHaveText("Quote list (2)");

      // A quantity typed is kept: another visit to the page shows it.
      await page.getByLabel(`Quantity of ${skus[1]}`).fill("12");
      await page.reload();
      await expect(page.getByLabel(`Quantity of ${skus[1]}`)).toHaveValue("12");

      await page.getByRole("button", { name: "Request a quote for 2 items" }).click();
      await expect(page).toHaveURL(/\/quote\?sku=/);
      await expect(quoteItems(page)).toHaveCount(2);
      await expect(quoteItems(page).nth(0).getByTestId("item-sku")).toContainText(skus[0] ?? "");
      await expect(quoteItems(page).nth(0).getByLabel("Quantity")).toHaveValue("2");
      await expect(quoteItems(page).nth(1).getByTestId("item-sku")).toContainText(skus[1] ?? "");
      await expect(quoteItems(page).nth(1).getByLabel("Quantity")).toHaveValue("12");
      // The quote form's own header shows the list too.
      await expect(link).toHaveText("Quote list (2)");
    });

    test(`${label}: removing every item leaves an empty list that says so`, async ({ page }) => {
      await page.goto("/about");
      await page.evaluate(
        (key) => localStorage.setItem(key, JSON.stringify([{ s: "RBX-110-450-I", q: 1 }])),
        KEY,
      );
      await page.goto("/quote-list");
      await page.getByRole("button", { name: "Remove RBX-110-450-I" }).click();
      const heading = page.getByRole("heading", { name: "Your quote list is empty" });
      await expect(heading).toBeFocused();
      await expect(page.getByRole("button", { name: /Request a quote/ })).toBeHidden();
      await expect(page.getByTestId("header-quote-list")).toBeHidden();
      await expectNoAxeViolations(page);
    });

    test(`${label}: a list edited by hand or corrupted never breaks a page, the list or /quote`, async ({
      page,
    }) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(FAMILY);
      const first = await skuOfRow(page, 0);
      const cases = [
        "{not json",
        "null",
        JSON.stringify({ s: "x", q: 1 }),
        JSON.stringify([
          null,
          7,
          "text",
          {
            s: "<img src=x onerror=alert(1)>",
            q: 3,
            n: "<script>alert(2)</script>",
            f: "javascript:alert(3)",
          },
          { s: first, q: 1e12 },
          { s: first, q: "5" },
          { s: "", q: 1 },
          { s: { toString: 1 }, q: 1 },
        ]),
        JSON.stringify(
          Array.from({ length: 500 }, (_, i) => ({ s: `SKU-${i}`.repeat(i % 9 === 0 ? 20 : 1), q: i + 1 })),
        ),
        JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ s: `SKU-${i}`, q: 1 }))),
        JSON.stringify([{ s: first, q: 1, n: "x".repeat(500_000) }]),
      ];
      for (const stored of cases) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, stored] as const);
        await page.goto(FAMILY);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.goto("/quote-list");
        await expect(page.getByRole("heading", { level: 1, name: "Quote list" })).toBeVisible();
        await expect(
          page
            .getByRole("button", { name: /^Request a quote for/ })
            .or(page.getByRole("heading", { name: "Your quote list is empty" })),
        ).toBeVisible();
        const lines = await listLines(page).count();
        expect(lines).toBeLessThanOrEqual(50);
        if (lines > 0) {
          await page.getByRole("button", { name: /^Request a quote for/ }).click();
          await expect(page.getByRole("heading", { level: 1, name: /quote/i })).toBeVisible();
          expect(await quoteItems(page).count()).toBeLessThanOrEqual(50);
        }
      }
      // The markup case: shown as text, never run, never a link elsewhere.
      await page.evaluate(
        (key) =>
          localStorage.setItem(
            key,
            JSON.stringify([
              { s: "<img src=x onerror=alert(1)>", q: 3, n: "<b>bold</b>", f: "javascript:alert(3)" },
            ]),
          ),
        KEY,
      );
      await page.goto("/quote-list");
      await expect(listLines(page).first()).toContainText("<img src=x onerror=alert(1)>");
      await expect(listLines(page).first()).toContainText("<b>bold</b>");
      await expect(listLines(page).first().getByRole("link")).toHaveCount(0);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      const response = await page.goto(
        `/quote?${Array.from({ length: 300 }, (_, i) => `sku=${"%00".repeat(i % 3)}X${i}&qty=${-i}`).join("&")}`,
      );
      expect(response?.status()).toBe(200);
    });
  });
}

for (const [label, viewport] of Object.entries({ phone: viewports.phone, laptop: viewports.desktop })) {
  test.describe(`the quote list without JavaScript at ${viewport.width} px`, () => {
    test.use({ javaScriptEnabled: false, viewport });

    test(`${label}: 'Add to quote list' and 'Request a quote for this item' open /quote with that item`, async ({
      page,
    }) => {
      await page.goto(FAMILY);
      await expect(page.getByTestId("header-quote-list")).toBeHidden();
      const sku = await skuOfRow(page, 0);
      const second = await skuOfRow(page, 1);
      await page.getByRole("button", { name: `Add to quote list: ${sku}` }).click();
      await expect(page).toHaveURL(/\/quote\?sku=/);
      await expect(
        page.getByRole("group", { name: "Item 1", exact: true }).getByTestId("item-sku"),
      ).toContainText(sku);
      await page.goto(`${FAMILY}/${encodeURIComponent(second)}`);
      await page.getByRole("link", { name: "Request a quote for this item" }).click();
      await expect(
        page.getByRole("group", { name: "Item 1", exact: true }).getByTestId("item-sku"),
      ).toContainText(second);
    });

    test(`${label}: the list's page says where to ask instead`, async ({ page }) => {
      await page.goto("/quote-list");
      await expect(page.getByText("Your quote list is kept by your browser's JavaScript")).toBeVisible();
      await page.getByRole("link", { name: "Open the quote form" }).click();
      await expect(page).toHaveURL("/quote");
    });
  });
}
