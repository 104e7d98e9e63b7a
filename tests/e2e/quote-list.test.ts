import { expect, type Page, test } from "@playwright/test";
import { viewports } from "./support";

/*
 * The quote list (docs/catalogue.md#quote-list): kept in localStorage, never a cookie; the catalogue's
 * pages add to it with an inline snippet and load no script file; the header's link opens /quote with
 * each item as a line.
 */

// Several document loads per test, on a shared machine.
test.describe.configure({ timeout: 90_000 });

const FAMILY = "/products/thermal-transfer-ribbons";
const KEY = "ridgeline-quote-list";

function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js"))
      scripts.push(request.url());
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

for (const [label, viewport] of Object.entries({ phone: viewports.phone, laptop: viewports.desktop })) {
  test.describe(`the quote list at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`${label}: adding from a family and an item page counts in the header and opens /quote with each line`, async ({
      page,
      context,
    }) => {
      const scripts = recordScripts(page);
      await page.goto(FAMILY);
      const link = page.getByTestId("header-quote-list");
      await expect(link).toBeHidden();
      const first = await skuOfRow(page, 0);
      const second = await skuOfRow(page, 1);
      await page.getByRole("button", { name: `Add to quote list: ${first}` }).click();
      await expect(page).toHaveURL(FAMILY);
      await expect(link).toBeVisible();
      await expect(link).toHaveText("Quote list (1)");
      await page.getByRole("button", { name: `Add to quote list: ${second}` }).click();
      await expect(link).toHaveText("Quote list (2)");
      await expect(page.getByRole("status").filter({ hasText: "Added to quote list" })).toHaveCount(2);

      // The same item twice adds to its quantity; another page sees the same list.
      await page.goto(`${FAMILY}/${encodeURIComponent(first)}`);
      await expect(link).toHaveText("Quote list (2)");
      await page.getByRole("button", { name: "Add to quote list" }).click();
      await expect(link).toHaveText("Quote list (2)");
      expect(scripts, "no script file on the catalogue's pages").toEqual([]);
      expect(await context.cookies()).toEqual([]);

      await link.click();
      await expect(page).toHaveURL(/\/quote\?sku=/);
      const items = page.getByRole("group", { name: /^Item \d+$/ });
      await expect(items).toHaveCount(2);
      await expect(items.nth(0).getByTestId("item-sku")).toContainText(first);
      await expect(items.nth(0).getByLabel("Quantity")).toHaveValue("2");
      await expect(items.nth(1).getByTestId("item-sku")).toContainText(second);
      await expect(items.nth(1).getByLabel("Quantity")).toHaveValue("1");
      // Quantities stay editable on the form's lines.
      await items.nth(1).getByLabel("Quantity").fill("12");
      await expect(items.nth(1).getByLabel("Quantity")).toHaveValue("12");
    });

    test(`${label}: a list edited by hand or corrupted never breaks the pages or /quote`, async ({
      page,
    }) => {
      await page.goto(FAMILY);
      const first = await skuOfRow(page, 0);
      for (const stored of [
        "{not json",
        JSON.stringify({ s: "x" }),
        JSON.stringify([
          null,
          7,
          { s: "<img src=x onerror=alert(1)>", q: 3 },
          { s: first, q: 1e12 },
          { s: "", q: 1 },
        ]),
        JSON.stringify(
          Array.from({ length: 500 }, (_, i) => ({ s: `SKU-${i}`.repeat(i % 9 === 0 ? 20 : 1), q: i + 1 })),
        ),
      ]) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, stored] as const);
        await page.reload();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const link = page.getByTestId("header-quote-list");
        if (await link.isVisible()) {
          await link.click();
          await expect(page.getByRole("heading", { level: 1, name: /quote/i })).toBeVisible();
          const items = page.getByRole("group", { name: /^Item \d+$/ });
          expect(await items.count()).toBeLessThanOrEqual(50);
          await page.goto(FAMILY);
        }
      }
      const response = await page.goto(
        `/quote?${Array.from({ length: 300 }, (_, i) => `sku=${"%00".repeat(i % 3)}X${i}&qty=${-i}`).join("&")}`,
      );
      expect(response?.status()).toBe(200);
    });
  });
}

test.describe("the quote list without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: viewports.phone });

  test("'Add to quote list' opens /quote with that one item, and the header shows no list", async ({
    page,
  }) => {
    await page.goto(FAMILY);
    await expect(page.getByTestId("header-quote-list")).toBeHidden();
    const sku = await skuOfRow(page, 0);
    await page.getByRole("button", { name: `Add to quote list: ${sku}` }).click();
    await expect(page).toHaveURL(/\/quote\?sku=/);
    await expect(
      page.getByRole("group", { name: "Item 1", exact: true }).getByTestId("item-sku"),
    ).toContainText(sku);
  });
});
