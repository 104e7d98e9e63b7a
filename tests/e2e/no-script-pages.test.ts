import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { carriedMessageNote } from "../../app/content/contact";
import {
  expectNoAxeViolations,
  fillContactForm,
  holdRequests,
  sendContactForm,
  testDataDir,
  uniqueClientAddress,
  viewports,
  waitForHydration,
} from "./support";

/**
 * docs/decisions/0023-scripts-only-where-visitors-interact.md: the pages that need no script load none,
 * and every behaviour docs/product.md gives them (links, menu, tooltip, search, the home form's carry-over)
 * works as HTML and CSS, by mouse and by keyboard, at both widths, on first and return visits.
 */
const pages = [
  { path: "/", heading: /./ },
  { path: "/products", heading: /./ },
  { path: "/protective-packaging", heading: /./ },
  { path: "/about", heading: /./ },
  { path: "/privacy", heading: "Privacy" },
  { path: "/resources/articles/choosing-label-face-stock", heading: /./ },
  { path: "/search?q=labels", heading: /./ },
  // A search that finds nothing, with its link to a quote request.
  { path: "/search?q=4x6", heading: /./ },
  { path: "/no-such-page", heading: "Oops! Page not found" },
] as const;

/** Every script request the page makes from now on (files and module preloads alike). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (request.resourceType() === "script" || new URL(url).pathname.endsWith(".js")) scripts.push(url);
  });
  return scripts;
}

async function expectNoScriptRan(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => ({
      router: "__reactRouterContext" in window || "__reactRouterDataRouter" in window,
      modules: document.querySelectorAll("script[type=module], script[src], link[rel=modulepreload]").length,
    })),
  ).toEqual({ router: false, modules: 0 });
  // Inline, besides JSON-LD and the speculation rules: the page snippet (the quote list's count and the
  // loader of the search suggestions, docs/decisions/0068), the attribution snippet (docs/attribution.md)
  // and, on the home page only, the Get in Touch form's carry-over (docs/product.md#home-message-form),
  // each under 1 KB.
  const home = new URL(page.url()).pathname === "/";
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter(
        (script) => !/^(application\/ld\+json|speculationrules)$/.test(script.getAttribute("type") ?? ""),
      )
      .map((script) => new TextEncoder().encode(script.textContent ?? "").length),
  );
  expect(inline).toHaveLength(home ? 3 : 2);
  for (const bytes of inline) expect(bytes).toBeLessThan(1024);
}

/** The header's search field for the width: in the header row from md, in the menu below. */
async function searchFrom(page: Page, width: number, query: string): Promise<void> {
  if (width < 768) {
    await page.getByRole("button", { name: "Open menu" }).click();
    // A searchbox until the suggestions' module makes it a combobox (decision 0068).
    const field = page.getByRole("dialog", { name: "Menu" }).locator("#menu-search");
    await expect(field).toHaveAccessibleName("Search the site");
    await field.fill(query);
    await field.press("Enter");
  } else {
    const field = page.locator("#header-search");
    await field.fill(query);
    await field.press("Enter");
  }
  await expect(page).toHaveURL(`/search?q=${query}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`pages without scripts at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path: pagePath, heading } of pages) {
      test(`${pagePath} (${label}): no script, first and return visit; axe; links and search work`, async ({
        page,
      }) => {
        const scripts = recordScripts(page);
        await page.goto(pagePath);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoScriptRan(page);
        await expectNoAxeViolations(page);

        // Return visit, with the cache warm, and some interaction: still nothing.
        await page.goto(pagePath);
        await page.mouse.move(40, 40);
        await page.keyboard.press("Tab");
        await page.waitForLoadState("networkidle");
        await expectNoScriptRan(page);
        expect(scripts, "script requests").toEqual([]);

        // A header (or menu) link loads its page.
        if (viewport.width < 768) {
          await page.getByRole("button", { name: "Open menu" }).click();
          await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "About" }).click();
        } else {
          await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
        }
        await expect(page).toHaveURL("/about");
        await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

        expect(scripts, "script requests after following links").toEqual([]);
        // The search works; focusing its field is what loads the suggestions' one module (decision 0068).
        await searchFrom(page, viewport.width, "foam");
        expect(scripts.filter((url) => !/\/assets\/suggestions-[\w-]+\.js$/.test(url))).toEqual([]);
      });
    }
  });
}

test.describe("speculation rules at 1280 px", () => {
  test.use({ viewport: viewports.desktop });

  test("a page link is prefetched on hover; the quote link and the forms never are", async ({ page }) => {
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["sec-purpose"]?.includes("prefetch"))
        prefetched.push(new URL(request.url()).pathname);
    });
    await page.goto("/products");
    await page.waitForLoadState("networkidle");
    const quote = page.locator('main a[href^="/quote"]').first();
    await quote.scrollIntoViewIfNeeded();
    await quote.hover();
    // Longer than the moderate eagerness's hover delay (200 ms).
    await page.waitForTimeout(600);
    await page.locator("#header-search").hover();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).hover();
    await expect.poll(() => prefetched).toContain("/about");
    await page.waitForTimeout(500);
    expect(prefetched.filter((path) => path.startsWith("/quote") || path.startsWith("/search"))).toEqual([]);
  });
});

test.describe("menu and tooltip without scripts at 375 px", () => {
  test.use({ viewport: viewports.phone });

  test("the menu opens by mouse and by keyboard, traps focus, closes on Escape and on a link", async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto("/products");
    const trigger = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });

    await trigger.click();
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
    await expect(menu.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
    // The page behind is inert: a press there does nothing but close the menu (a click outside).
    await page.mouse.click(10, 400);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL("/products");

    await trigger.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await trigger.click();
    expect(scripts, "script requests on /products").toEqual([]);
    await menu.getByRole("link", { name: "Get Quote" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("a browser without invoker commands opens the same menu as a popover", async ({ page }) => {
    await page.goto("/about");
    // What such a browser sees: the button's popover target, without the command it does not know.
    await page.getByRole("button", { name: "Open menu" }).evaluate((button) => {
      button.removeAttribute("commandfor");
      button.removeAttribute("command");
    });
    await page
      .getByRole("button", { name: "Close menu", includeHidden: true })
      .evaluate((button) => button.removeAttribute("commandfor"));
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((dialog) => dialog.matches(":popover-open"))).toBe(true);
    await expect(menu.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL("/products");
  });

  test("the tooltip shows after the pointer rests about 700 ms, at once on keyboard focus, and hides on leaving", async ({
    page,
  }) => {
    await page.goto("/about");
    const trigger = page.getByRole("button", { name: "Open menu" });
    const tooltip = page.getByRole("tooltip", { name: "Open menu" });

    await trigger.hover();
    const hovered = Date.now();
    await page.waitForTimeout(250);
    await expect(tooltip).toBeHidden();
    await expect(tooltip).toBeVisible({ timeout: 3_000 });
    expect(Date.now() - hovered, "shown after the delay").toBeGreaterThanOrEqual(500);
    await page.mouse.move(200, 600);
    await expect(tooltip).toBeHidden({ timeout: 300 });

    await page.getByRole("link", { name: /home$/ }).focus();
    for (
      let press = 0;
      press < 5 && !(await trigger.evaluate((el) => el === document.activeElement));
      press++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(trigger).toBeFocused();
    await expect(tooltip).toBeVisible({ timeout: 300 });
    await page.keyboard.press("Tab");
    await expect(tooltip).toBeHidden({ timeout: 300 });
  });
});

function storedContacts(email: string): number {
  const db = new Database(path.join(testDataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select count(*) as n from contact_submissions where email = ?").get(email) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

async function fillHomeForm(page: Page, email: string): Promise<void> {
  await page.getByLabel("First Name", { exact: true }).fill("Robin");
  await page.getByLabel("Last Name", { exact: true }).fill("Hale");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Company", { exact: true }).fill("Hale Foods");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("We need freezer-grade labels.");
  await page.getByRole("button", { name: "Send Message" }).click();
}

async function expectCarried(page: Page, email: string): Promise<void> {
  // Lands on the filled form, which says it is not sent yet (docs/product.md#home-message-form).
  await expect(page).toHaveURL("/contact#contact-form");
  await expect(page.getByText(carriedMessageNote)).toBeInViewport();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Robin Hale");
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
    "We need freezer-grade labels.\n\nCompany: Hale Foods",
  );
  await expect(page.getByRole("heading", { name: "Thank You!" })).toHaveCount(0);
  expect(storedContacts(email), "the carry-over sends nothing").toBe(0);
}

test.describe("the home form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opens an empty contact form and sends nothing; the message typed there is sent", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    const email = `carry-nojs-${Date.now()}@example.com`;
    await page.goto("/");
    await fillHomeForm(page, email);
    // Nothing typed travels: the contact form is empty (docs/decisions/0043).
    await expect(page).toHaveURL(/\/contact\??#contact-form$/);
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(page.getByText(carriedMessageNote)).toBeHidden();
    expect(storedContacts(email)).toBe(0);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Robin Hale");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("We need freezer-grade labels.");
    await sendContactForm(page);
    expect(storedContacts(email)).toBe(1);
  });
});

test.describe("from a page without scripts to a form page and back", () => {
  test("the carried form sends with a toast once its scripts load; back and forward keep both kinds", async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    const email = `carry-js-${Date.now()}@example.com`;
    await page.goto("/");
    await fillHomeForm(page, email);
    await expectCarried(page, email);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast][data-visible='true'] [data-title]")).toHaveText(
      "Message Sent!",
    );
    await expect.poll(() => storedContacts(email)).toBe(1);

    await page.goBack();
    await expect(page).toHaveURL("/");
    await expectNoScriptRan(page);
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast][data-visible='true'] [data-title]")).toHaveText(
      "Name Required",
    );
  });

  test("text typed before the scripts run is kept and sent", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    const email = `typed-first-${Date.now()}@example.com`;
    // Hold the scripts back until the visitor has typed everything.
    const release = await holdRequests(page, "**/assets/*.js");
    await page.goto("/contact");
    await fillContactForm(page, { name: "Dana Cole", email, message: "Typed before the scripts ran." });
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
    release();
    await waitForHydration(page);
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Dana Cole");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast][data-visible='true'] [data-title]")).toHaveText(
      "Message Sent!",
    );
    await expect.poll(() => storedContacts(email)).toBe(1);
  });
});
