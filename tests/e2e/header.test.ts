import { expect, test } from "@playwright/test";
import { openMobileMenu, sitePages, viewports, waitForHydration } from "./support";

const labels = sitePages.map((page) => page.name);

test.describe("desktop header", () => {
  test.use({ viewport: viewports.desktop });

  test("shows the six links in order and marks only the current one", async ({ page }) => {
    for (const { path, name } of sitePages) {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link")).toHaveText(labels);
      const current = nav.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(name);
    }
  });

  test("a page below a route keeps that route active; Home is active only on /", async ({ page }) => {
    await page.goto("/resources/articles/anything");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the active link looks different from the others", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const active = await nav
      .getByRole("link", { name: "About" })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const inactive = await nav
      .getByRole("link", { name: "Products" })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(active).not.toBe(inactive);
  });

  test("the phone number is a tel: link from lg up, and the menu button is hidden", async ({ page }) => {
    await page.goto("/");
    const phone = page.getByTestId("header-phone");
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute("href", "tel:+18005550199");
    await expect(phone).toHaveText("(800) 555-0199");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

test.describe("breakpoints", () => {
  test("md (768 px): desktop navigation, no phone number, no menu button", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByTestId("header-phone")).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("below md: only the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });

  test("lg (1024 px): the phone number shows", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto("/");
    await expect(page.getByTestId("header-phone")).toBeVisible();
  });
});

test.describe("from 768 to 1440 px", () => {
  test("the header holds one line at every width, its search placeholder whole", async ({ page }) => {
    // 85 widths, each a relayout: 5 s on a quiet machine, 14 s in a full run, over 30 s beside other workers.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/protective-packaging");
    const problems: string[] = [];
    for (let width = 768; width <= 1440; width += 8) {
      await page.setViewportSize({ width, height: 900 });
      const found = await page.getByRole("banner").evaluate((header) => {
        const row = header.firstElementChild as HTMLElement;
        const search = header.querySelector<HTMLInputElement>("#header-search");
        const wrong: string[] = [];
        if (header.scrollWidth > header.clientWidth) wrong.push("the header scrolls sideways");
        if (row.getBoundingClientRect().height > 80)
          wrong.push(`the row is ${row.getBoundingClientRect().height} px tall`);
        for (const link of header.querySelectorAll<HTMLElement>('nav[aria-label="Main"] a'))
          if (link.getBoundingClientRect().height > 40) wrong.push(`"${link.textContent}" wraps`);
        if (!search) return ["no search field"];
        // The placeholder typed in as a value: the field then shows it as it shows the placeholder, in
        // its own font and room (less the clear button's), and scrolls when the word does not fit.
        const typed = search.value;
        search.value = search.placeholder;
        if (search.scrollWidth > search.clientWidth)
          wrong.push(`"${search.placeholder}" needs ${search.scrollWidth} px, has ${search.clientWidth}`);
        search.value = typed;
        return wrong;
      });
      problems.push(...found.map((problem) => `${width} px: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: viewports.phone });

  test("opens from the right with the links, contact block and Get Quote", async ({ page }) => {
    const menu = await openMobileMenu(page, "/products");
    await expect(menu.getByRole("navigation", { name: "Mobile" }).getByRole("link")).toHaveText(labels);
    await expect(menu.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "(800) 555-0199" })).toHaveAttribute(
      "href",
      "tel:+18005550199",
    );
    await expect(menu.getByRole("link", { name: "sales@ridgeline-supply.example" })).toHaveAttribute(
      "href",
      "mailto:sales@ridgeline-supply.example",
    );
    // Docked to the right edge once the slide-in animation has finished.
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box ? Math.round(box.x + box.width) : 0;
      })
      .toBe(375);
    await menu.getByRole("link", { name: "Get Quote" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(menu).toBeHidden();
  });

  test("choosing a link navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("Escape closes it and focus returns to the menu button", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("traps focus while open", async ({ page }) => {
    const menu = await openMobileMenu(page, "/");
    for (let step = 0; step < 15; step += 1) {
      await page.keyboard.press(step % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
  });

  test("the menu button has a tooltip", async ({ page }) => {
    // The home page's images load before its scripts hydrate; on a busy machine that took over 30 s once.
    test.setTimeout(60_000);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).hover();
    await expect(page.getByRole("tooltip", { name: "Open menu" })).toBeVisible({ timeout: 3_000 });
  });
});

test("the footer shows the links, contact details, locations and the year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("navigation", { name: "Footer" }).getByRole("link")).toHaveText(labels);
  for (const place of ["Atlanta, Georgia", "Chicago, Illinois", "Dallas, Texas", "Reno, Nevada"]) {
    await expect(footer).toContainText(place);
  }
  await expect(footer.getByRole("link", { name: "(800) 555-0199" })).toBeVisible();
  await expect(footer).toContainText(String(new Date().getFullYear()));
});
