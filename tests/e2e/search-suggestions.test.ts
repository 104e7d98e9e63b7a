import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, viewports, waitForHydration } from "./support";

/*
 * The header search's suggestions on every page (docs/search.md, docs/decisions/0068): a page loads no
 * script file for them until a search field is first focused; the field then becomes an ARIA combobox
 * (listbox, arrow keys, Enter, Escape, a status region with the count). Without JavaScript it is the
 * plain GET form to /search.
 */

// Document loads and a module per test, on a shared machine.
test.describe.configure({ timeout: 60_000 });

/** Every script file the page asks for from now on, by path. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "script" || pathname.endsWith(".js")) scripts.push(pathname);
  });
  return scripts;
}

/** Console errors and page errors (a hydration mismatch would be one). */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The search field of the width: in the header from 768 px, in the menu (opened here) below. */
async function fieldAt(page: Page, width: number): Promise<{ scope: Page | Locator; field: Locator }> {
  if (width >= 768) return { scope: page, field: page.locator("#header-search") };
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  return { scope: menu, field: menu.locator("#menu-search") };
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`suggestions at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`${label}: a landing page loads no script file until the field is focused, then suggests by keyboard`, async ({
      page,
    }) => {
      const scripts = recordScripts(page);
      await page.goto("/about");
      await page.waitForLoadState("networkidle");
      await page.mouse.move(40, 40);
      await page.keyboard.press("Tab");
      await page.waitForLoadState("networkidle");
      expect(scripts, "script files before the field is focused").toEqual([]);

      const { scope, field } = await fieldAt(page, viewport.width);
      await field.focus();
      await expect(field).toHaveRole("combobox");
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/^\/assets\/suggestions-[\w-]+\.js$/);
      await expect(field).toHaveAttribute("aria-expanded", "false");

      await page.keyboard.type("ribb");
      const list = scope.getByRole("listbox", { name: "Suggestions" });
      await expect(list).toBeVisible();
      await expect(field).toHaveAttribute("aria-expanded", "true");
      const options = list.getByRole("option");
      const count = await options.count();
      expect(count).toBeGreaterThan(1);
      await expect(scope.getByRole("status").filter({ hasText: "suggestion" })).toHaveText(
        `${count - 1} suggestions`,
      );
      await expect(options.last()).toHaveText("See all results for “ribb”");

      await page.keyboard.press("ArrowDown");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await expect(field).toHaveAttribute(
        "aria-activedescendant",
        (await options.first().getAttribute("id")) ?? "",
      );
      await page.keyboard.press("ArrowDown");
      await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
      await expect(options.first()).toHaveAttribute("aria-selected", "false");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect(options.last()).toHaveAttribute("aria-selected", "true");
      await expect(field).toBeFocused();
      await expectNoAxeViolations(page);

      // Escape closes the list and nothing else: in the menu, the menu stays open.
      await page.keyboard.press("Escape");
      await expect(list).toBeHidden();
      await expect(field).toHaveAttribute("aria-expanded", "false");
      await expect(field).not.toHaveAttribute("aria-activedescendant", /.+/);
      await expect(field).toHaveValue("ribb");
      await expect(field).toBeVisible();
      expect(scripts, "one module, however much is typed").toHaveLength(1);

      // Enter with nothing chosen: the form goes to the results page.
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/search?q=ribb");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “ribb”");
    });

    test(`${label}: Enter on a suggestion opens it`, async ({ page }) => {
      await page.goto("/products");
      const { scope, field } = await fieldAt(page, viewport.width);
      await field.focus();
      await page.keyboard.type("4x6");
      const options = scope.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
      await expect(options.first()).toContainText("4X6");
      await page.keyboard.press("ArrowDown");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      const sku = /([A-Z0-9-]*4X6[A-Z0-9-]*)/.exec((await options.first().textContent()) ?? "")?.[1] ?? "";
      expect(sku).not.toBe("");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/products/[a-z-]+/${sku}$`));
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    });
  });
}

test.describe("on a page with scripts, 1280 px", () => {
  test.use({ viewport: viewports.desktop });

  test("the same suggestions, focused before and after React takes over, with no hydration error", async ({
    page,
  }) => {
    const errors = recordErrors(page);
    const scripts = recordScripts(page);
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    expect(scripts, "nothing before the first interaction").toEqual([]);
    // The focus is the page's first interaction: React and the suggestions load together.
    const field = page.locator("#header-search");
    await field.focus();
    await page.keyboard.type("stretch film");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await waitForHydration(page);
    await page.keyboard.press("ArrowDown");
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveRole("combobox");
    expect(scripts.filter((path) => path.includes("suggestions"))).toHaveLength(1);

    // The product area's card, after the catalogue's family and items of the same name.
    const option = page.getByRole("option", { name: /^Stretch film Packaging/ });
    while ((await option.getAttribute("aria-selected")) !== "true") await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/products#packaging");
    await expect(page.locator("section#packaging")).toBeInViewport();
    expect(errors).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [label, viewport] of Object.entries(viewports)) {
    test(`${label}: the field is a plain GET form to /search (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/about");
      const { field } = await fieldAt(page, viewport.width);
      await expect(field).toHaveRole("searchbox");
      await field.fill("foam");
      await field.press("Enter");
      await expect(page).toHaveURL("/search?q=foam");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “foam”");
    });
  }
});
