import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support";

/** The skus of the items listed on /search, in order. */
async function itemSkus(page: Page): Promise<string[]> {
  return page.getByTestId("results-items").locator("article h3 .font-mono").allInnerTexts();
}

test.describe("catalogue items on /search, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("4x6 and 4 x 6 list the same 4x6 labels first, before the site's pages", async ({ page }) => {
    await page.goto("/search?q=4x6");
    const joined = await itemSkus(page);
    await page.goto(`/search?q=${encodeURIComponent("4 x 6")}`);
    const spaced = await itemSkus(page);
    expect(joined.length).toBeGreaterThanOrEqual(8);
    expect(spaced).toEqual(joined);
    for (const sku of joined.slice(0, 8)) expect(sku).toMatch(/4X6/);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
      "Catalogue items",
    );
    const first = page.getByTestId("results-items").locator("article").first();
    await expect(first.getByRole("link").first()).toHaveText(/labels/i);
    await expect(first).toContainText("4 in");
    const link = first.getByRole("link", { name: new RegExp(joined[0] ?? "") });
    await expect(link).toHaveAttribute("href", new RegExp(`^/products/[a-z-]+/${joined[0]}$`));
  });

  test("zebra lists Zebra printers and the ribbons for them", async ({ page }) => {
    await page.goto("/search?q=zebra");
    const items = page.getByTestId("results-items").locator("article");
    const families = await items.locator("p a").allInnerTexts();
    expect(families.some((name) => /printers/i.test(name))).toBe(true);
    expect(families.some((name) => /ribbons/i.test(name))).toBe(true);
  });

  test("a part number however it is written: ZD421, zd-421, zd 421", async ({ page }) => {
    const lists: string[][] = [];
    for (const query of ["ZD421", "zd-421", "zd 421"]) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      lists.push(await itemSkus(page));
    }
    expect(lists[0]).toEqual(expect.arrayContaining(["PRD-ZD421D-203", "PRD-ZD421T-203"]));
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
  });
});

test.describe("part numbers of four pieces and more, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a sku typed with spaces for its dashes finds that item first: rbx 110 450 i", async ({ page }) => {
    for (const query of ["RBX-110-450-I", "rbx 110 450 i", "RBX 110-450 I"]) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      expect((await itemSkus(page))[0], query).toBe("RBX-110-450-I");
      await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
        "Catalogue items",
      );
    }
  });
});

test("the header counts a hand-edited list as the list's page shows it: a sku twice is one line", async ({
  page,
}) => {
  await page.goto("/products/direct-thermal-labels");
  await page.evaluate(() =>
    localStorage.setItem(
      "ridgeline-quote-list",
      JSON.stringify([
        { s: "RDT-4X6-3C", q: 1 },
        { s: "RBX-110-450-I", q: 2 },
        { s: "RDT-4X6-3C", q: 3 },
        { s: "RDT-4X6-1C", q: "4" },
      ]),
    ),
  );
  await page.goto("/products/direct-thermal-labels");
  const link = page.getByRole("link", { name: /^Quote list \(/ }).first();
  await expect(link).toHaveText("Quote list (2)");
  await page.goto("/quote-list");
  await expect(page.getByRole("button", { name: "Request a quote for 2 items" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Quote list \(/ }).first()).toHaveText("Quote list (2)");
});

test("the header suggests items by keyboard and opens the one chosen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contact");
  await waitForHydration(page);
  await page
    .getByRole("searchbox", { name: "Search the site" })
    .or(page.getByRole("combobox", { name: "Search the site" }))
    .focus();
  await page.keyboard.type("4x6");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  const options = list.getByRole("option");
  await expect(options.first()).toContainText("4X6");
  const count = await options.count();
  await expect(page.getByRole("status").filter({ hasText: "suggestion" })).toHaveText(
    `${count - 1} suggestions`,
  );
  await page.keyboard.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const sku = /([A-Z0-9-]*4X6[A-Z0-9-]*)/.exec((await options.first().textContent()) ?? "")?.[1] ?? "";
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/products/[a-z-]+/${sku}$`));
});
