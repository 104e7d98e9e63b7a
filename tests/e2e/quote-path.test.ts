import { expect, type Locator, type Page, test } from "@playwright/test";
import { carriedMessageNote } from "../../app/content/contact";
import { protectivePackaging } from "../../app/content/protective-packaging";
import { quoteLinks } from "../../app/content/quote";
import { expectNoAxeViolations, uniqueClientAddress, viewports } from "./support";

/**
 * docs/product.md#path-to-a-quote: the online quote form is one tap away from every page, the search
 * finds it and turns a search that found nothing into its first item, and the header holds one line.
 */

const firstDescription = (page: Page) =>
  page.getByRole("group", { name: "Item 1", exact: true }).getByLabel("Item number or description");

async function expectQuoteForm(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/quote(\?|$)/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request a Quote");
  await expect(firstDescription(page)).toBeVisible();
}

/** Counts the taps a visitor makes. */
function tapper(page: Page) {
  let taps = 0;
  return {
    async tap(target: Locator) {
      taps += 1;
      await target.click();
    },
    get count() {
      return taps;
    },
    page,
  };
}

test.describe("one tap to /quote at 1280 px", () => {
  test.use({ viewport: viewports.desktop });

  for (const path of ["/", "/products", "/about", "/contact", "/resources", "/protective-packaging"]) {
    test(`${path}: the header's quote link and the footer's open the form`, async ({ page }) => {
      await page.goto(path);
      const footerLink = page.getByRole("contentinfo").getByRole("link", { name: quoteLinks.footer });
      await expect(footerLink).toHaveAttribute("href", "/quote");
      const taps = tapper(page);
      await taps.tap(page.getByRole("banner").getByRole("link", { name: quoteLinks.header }));
      await expectQuoteForm(page);
      expect(taps.count).toBe(1);
    });
  }

  test("from /products a section's quote link opens the form with its area chosen", async ({ page }) => {
    await page.goto("/products");
    const taps = tapper(page);
    await taps.tap(page.locator("section#labels").getByRole("link", { name: "Get a quote online" }));
    await expectQuoteForm(page);
    await expect(
      page.getByRole("group", { name: "Item 1", exact: true }).getByLabel("Product area"),
    ).toHaveValue("labels");
    expect(taps.count).toBe(1);
  });
});

/** The e-mail draft and the online quote link beside it, from their boxes and colours. */
async function looks(link: Locator) {
  return link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      background: style.backgroundColor,
      height: Math.round(box.height),
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
    };
  });
}

test.describe("the online quote link is as prominent as the e-mail draft beside it", () => {
  for (const [label, viewport] of Object.entries(viewports)) {
    test(`/products and /protective-packaging (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/products");
      // Beside each of the ten drafts that ask for a price, a sample or a service (the question beside
      // 'Ask a Question' opens the contact form instead).
      const online = page.locator('main a[href^="/quote"]');
      await expect(online).toHaveCount(10);
      for (const link of await online.all()) {
        const draft = link.locator("xpath=preceding-sibling::a[starts-with(@href, 'mailto:')][1]");
        const [drafted, quoted] = [await looks(draft), await looks(link)];
        expect(quoted.background).toBe(drafted.background);
        expect(quoted.fontSize).toBe(drafted.fontSize);
        expect(quoted.fontWeight).toBe(drafted.fontWeight);
        expect(quoted.height).toBeGreaterThanOrEqual(drafted.height - 1);
      }
      await page.goto("/protective-packaging");
      const hero = page.getByRole("region", { name: protectivePackaging.hero.heading });
      const draft = hero.locator('a[href^="mailto:"]').first();
      const quoted = hero.getByRole("link", { name: "Get a quote online" });
      const [a, b] = [await looks(draft), await looks(quoted)];
      expect(b.background).toBe(a.background);
      expect(b.height).toBeGreaterThanOrEqual(a.height - 1);
      // The drafts still open their drafts.
      await expect(draft).toHaveAttribute("href", /^mailto:/);
    });
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: viewports.phone });

  test("from home the form is one tap away (the hero's link)", async ({ page }) => {
    await page.goto("/");
    const taps = tapper(page);
    await taps.tap(page.getByRole("main").getByRole("link", { name: "Get a quote online" }).first());
    await expectQuoteForm(page);
    expect(taps.count).toBeLessThanOrEqual(2);
  });

  test("the menu's Get Quote still goes to /contact, whose first card opens the form", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    const taps = tapper(page);
    await taps.tap(page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Get Quote" }));
    await expect(page).toHaveURL("/contact");
    const card = page.getByTestId("contact-quote-card");
    await expect(card).toContainText(quoteLinks.contactCard.question);
    await expect(card).toBeInViewport({ ratio: 0.1 });
    await taps.tap(card.getByRole("link", { name: quoteLinks.contactCard.linkLabel }));
    await expectQuoteForm(page);
    expect(taps.count).toBe(2);
  });

  test("the home form lands on the filled contact form, which says it is not sent yet", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto("/");
    await page.getByLabel("First Name", { exact: true }).fill("Robin");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("We need 4x6 freezer labels.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL("/contact#contact-form");
    await expect(page.getByText(carriedMessageNote)).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeInViewport();
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
      "We need 4x6 freezer labels.",
    );
    await expect(page.getByRole("heading", { name: "Thank You!" })).toHaveCount(0);
  });
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`search at ${viewport.width} px (${label})`, () => {
    test.use({ viewport });

    // Part numbers the range does not carry (4x6 and zebra now find the catalogue's items).
    for (const query of ["kx-900", "hx-4410"]) {
      test(`a search for ${query} finds nothing and opens the form with it as the first item in one tap`, async ({
        page,
      }) => {
        await page.goto(`/search?q=${query}`);
        await expect(page.getByTestId("result-count")).toHaveText("0 results");
        const link = page.getByRole("link", { name: quoteLinks.searchMiss(query) });
        // Inside the box that says nothing was found, at every width.
        const [box, button] = [await page.getByTestId("no-results").boundingBox(), await link.boundingBox()];
        expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(
          (box?.x ?? 0) + (box?.width ?? 0),
        );
        const taps = tapper(page);
        await taps.tap(link);
        await expectQuoteForm(page);
        await expect(firstDescription(page)).toHaveValue(query);
        expect(taps.count).toBe(1);
      });
    }
  });
}

test.describe("search finds the quote form and reads kind words", () => {
  const firstResult = (page: Page) => page.locator("main article h3 a").first();

  for (const query of ["quote", "quotation", "price", "pricing"]) {
    test(`"${query}" lists the quote form first`, async ({ page }) => {
      await page.goto(`/search?q=${query}`);
      await expect(firstResult(page)).toHaveText("Request a Quote");
      await expect(firstResult(page)).toHaveAttribute("href", "/quote");
    });
  }

  test('"ghs brochure" ranks the GHS brochure first', async ({ page }) => {
    await page.goto("/search?q=ghs+brochure");
    await expect(firstResult(page)).toContainText("GHS Chemical Labels");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Brochures and the stock catalog",
    ]);
  });

  test("the item carried to /quote is cleaned and cut to the field's length", async ({ page }) => {
    await page.goto(`/quote?item=${encodeURIComponent("4x6\u0000 \u200bthermal\n labels")}`);
    await expect(firstDescription(page)).toHaveValue("4x6 thermal labels");
    await page.goto(`/quote?item=${"a".repeat(500)}`);
    await expect(firstDescription(page)).toHaveValue("a".repeat(200));
    await page.goto("/quote?item=%20%20");
    await expect(firstDescription(page)).toHaveValue("");
  });
});

/** The boxes of everything in the header row that must stay on one line. */
async function headerRow(page: Page) {
  return page.getByRole("banner").evaluate((header) => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const items = [
      ...header.querySelectorAll('nav[aria-label="Main"] a'),
      header.querySelector('[data-testid="header-phone"]'),
      header.querySelector("#header-search"),
      header.querySelector('[data-testid="header-quote"]'),
      header.querySelector("a[aria-label$=', home']"),
    ].filter((element): element is Element => element !== null && visible(element));
    return {
      rowHeight: header.getBoundingClientRect().height,
      overflow: header.scrollWidth - header.clientWidth,
      items: items.map((element) => {
        const box = element.getBoundingClientRect();
        // The lines its text takes: the distinct tops of its text's boxes.
        const tops = new Set<number>();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
        }
        return {
          name: element.getAttribute("aria-label") || element.textContent?.trim() || element.id,
          top: box.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
          height: box.height,
          lines: tops.size,
        };
      }),
    };
  });
}

test.describe("the header holds one line", () => {
  for (const width of [768, 1024, 1100, 1160, 1280, 1440]) {
    test(`at ${width} px: no link, phone number or search field wraps, all in one row`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/", "/protective-packaging"]) {
        await page.goto(path);
        await expect(page.getByRole("banner").getByRole("link", { name: quoteLinks.header })).toBeVisible();
        await expect(page.locator("#header-search")).toBeVisible();
        if (width >= 1024) await expect(page.getByTestId("header-phone")).toBeVisible();
        const { rowHeight, overflow, items } = await headerRow(page);
        expect(overflow, "nothing sticks out of the header").toBeLessThanOrEqual(0);
        expect(rowHeight).toBeLessThanOrEqual(81);
        const centre = (item: (typeof items)[number]) => (item.top + item.bottom) / 2;
        const first = items[0];
        if (!first) throw new Error("no header items");
        for (const item of items) {
          // The logo's two-line wordmark is drawn that way; every other text stays on one line.
          if (item.name !== "header-search" && !item.name.endsWith(", home"))
            expect(item.lines, `${item.name} on one line`).toBeLessThanOrEqual(1);
          expect(Math.abs(centre(item) - centre(first)), `${item.name} is in the row`).toBeLessThanOrEqual(2);
          expect(item.right, `${item.name} inside the page`).toBeLessThanOrEqual(width);
        }
        const search = items.find((item) => item.name === "header-search");
        expect(search?.height).toBeLessThanOrEqual(44);
        expect(search && search.right - search.left).toBeGreaterThanOrEqual(80);
        // Nothing overlaps its neighbour.
        const sorted = [...items].sort((a, b) => a.left - b.left);
        for (let index = 1; index < sorted.length; index++) {
          const [before, after] = [sorted[index - 1], sorted[index]];
          if (before && after)
            expect(after.left, `${after.name} after ${before.name}`).toBeGreaterThanOrEqual(
              before.right - 0.5,
            );
        }
      }
    });
  }
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`axe at ${viewport.width} px (${label})`, () => {
    test.use({ viewport });
    for (const path of ["/contact", "/search?q=4x6", "/quote?item=4x6", "/about", "/products"]) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  });
}
