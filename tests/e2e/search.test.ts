import { expect, type Locator, type Page, test } from "@playwright/test";
import { company } from "../../app/content/company";
import { expectNoAxeViolations, viewports, waitForHydration } from "./support";

/** The titles of the results, in order, group by group. */
async function resultTitles(page: Page): Promise<string[]> {
  return page.locator("main article h3").allInnerTexts();
}

const documentCards = (page: Page) =>
  page.locator("section#technical-documents").getByTestId("document-list").locator(":scope > li");
const articleCards = (page: Page) =>
  page.locator("section#tips-articles").getByTestId("article-list").locator(":scope > li");

/** The visible site search field: a searchbox until its suggestions code loads, a combobox after. */
const siteField = (scope: Page | Locator) =>
  scope
    .getByRole("combobox", { name: "Search the site" })
    .or(scope.getByRole("searchbox", { name: "Search the site" }));

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [label, viewport] of Object.entries(viewports)) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test(`a word only inside a brochure's PDF lists that brochure, marked, linked to its PDF page (${label})`, async ({
        page,
      }) => {
        const response = await page.goto("/search?q=cryogenic");
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “cryogenic”");
        const group = page.getByRole("region", { name: "Brochures and the stock catalog" });
        const hit = group.getByRole("article").filter({ hasText: "Healthcare and Laboratory Labels" });
        await expect(hit).toHaveCount(1);
        await expect(hit.getByRole("link", { name: /Healthcare and Laboratory Labels/ })).toHaveAttribute(
          "href",
          /^\/brochures\/ridgeline-healthcare-labels\.pdf#page=\d+$/,
        );
        await expect(hit.locator("mark")).toContainText(["cryogenic"], { ignoreCase: true });
        await expect(hit.getByRole("link", { name: "On the Resources page" })).toHaveAttribute(
          "href",
          "/resources#document-healthcare",
        );
      });

      test(`an empty query shows the form and popular starting points (${label})`, async ({ page }) => {
        await page.goto("/search");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
        await expect(page.getByRole("searchbox", { name: "Search for" })).toHaveValue("");
        const popular = page.getByRole("region", { name: "Popular starting points" });
        await expect(popular.getByRole("link", { name: "Industrial Labels" })).toHaveAttribute(
          "href",
          "/products#labels",
        );
        await expect(popular.getByRole("link")).toHaveCount(6);
      });

      test(`a query that finds nothing answers 200, says so and offers the contact page and phone (${label})`, async ({
        page,
      }) => {
        const response = await page.goto("/search?q=qzxv+wvxq");
        expect(response?.status()).toBe(200);
        const none = page.getByTestId("no-results");
        await expect(none.getByRole("heading")).toHaveText("Nothing found for “qzxv wvxq”");
        await expect(none.getByRole("link", { name: "Send us a message" })).toHaveAttribute(
          "href",
          "/contact",
        );
        await expect(none.getByRole("link", { name: `Call ${company.phone}` })).toHaveAttribute(
          "href",
          `tel:${company.phoneE164}`,
        );
        await expect(page.getByTestId("result-count")).toHaveText("0 results");
      });

      test(`/resources?q=rfid holds fewer documents than /resources, filtered on the server (${label})`, async ({
        page,
      }) => {
        await page.goto("/resources");
        const all = await documentCards(page).count();
        await page.goto("/resources?q=rfid");
        await expect(documentCards(page)).toHaveCount(2);
        expect(all).toBeGreaterThan(2);
        await expect(documentCards(page).getByRole("heading", { level: 3 })).toHaveText([
          "RFID Labels and Tags",
          "RFID Label Specification Sheet",
        ]);
        await expect(page.getByLabel("Search documents")).toHaveValue("rfid");
        await expect(articleCards(page)).toHaveCount(8);
      });
    });
  }

  test("both lists filter on the server, by text and category", async ({ page }) => {
    await page.goto("/resources?category=packaging&aq=barcode&acategory=design");
    await expect(documentCards(page).getByRole("heading", { level: 3 })).toHaveText([
      "Flexible Packaging",
      "Protective Packaging and Foam Fabrication",
    ]);
    await expect(articleCards(page).getByRole("heading", { level: 3 })).toHaveText([
      "Designing Barcode Labels That Scan the First Time",
    ]);
    await expect(page.getByRole("button", { name: "Packaging", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("the header field is a form that asks /search", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto("/about");
    await siteField(page).fill("thermal ribbons");
    await siteField(page).press("Enter");
    await expect(page).toHaveURL("/search?q=thermal+ribbons");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “thermal ribbons”");
    await expect(page.getByRole("region", { name: "Product areas and items" })).toBeVisible();
  });

  test("the results page's own form searches again", async ({ page }) => {
    await page.goto("/search?q=foam");
    await page.getByRole("searchbox", { name: "Search for" }).fill("GHS");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/search?q=GHS");
    expect(await resultTitles(page)).toContain("GHS Chemical Labels (PDF)");
  });
});

test.describe("matching", () => {
  test('4x6, 4 x 6, 4×6 and 4"x6" give the same results', async ({ page }) => {
    const titles: string[][] = [];
    for (const query of [
      "4x6 thermal labels",
      "4 x 6 thermal labels",
      "4×6 thermal labels",
      '4"x6" thermal labels',
    ]) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      titles.push(await resultTitles(page));
    }
    expect(titles[0]?.length).toBeGreaterThan(0);
    for (const other of titles.slice(1)) expect(other).toEqual(titles[0]);
    await page.goto("/search?q=4x6");
    const alone = (await page.getByTestId("result-count").textContent()) ?? "";
    await page.goto(`/search?q=${encodeURIComponent("4 x 6")}`);
    await expect(page.getByTestId("result-count")).toHaveText(alone);
  });

  test("ZT-410, ZT410 and zt 410 give the same results", async ({ page }) => {
    const titles: string[][] = [];
    for (const query of ["ribbon for ZT-410", "ribbon for ZT410", "ribbon for zt 410"]) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      titles.push(await resultTitles(page));
    }
    expect(titles[0]?.length).toBeGreaterThan(0);
    expect(titles[1]).toEqual(titles[0]);
    expect(titles[2]).toEqual(titles[0]);
  });

  test("a typo in a longer word still finds it", async ({ page }) => {
    await page.goto("/search?q=polyethylene");
    const exact = await resultTitles(page);
    await page.goto("/search?q=polyethylen");
    expect(await resultTitles(page)).toEqual(exact);
    for (const typo of ["polyethelene", "polyehtylene", "plyethylene"]) {
      await page.goto(`/search?q=${typo}`);
      expect(await resultTitles(page), typo).toEqual(exact);
    }
  });
});

test.describe("bad input", () => {
  const hostile = [
    "<script>window.pwned=1</script>",
    `"><img src=x onerror="window.pwned=1">`,
    "a".repeat(5000),
    "\u0000\u0001\u001b[31m\u202e",
    "!!!???...",
    "%%%",
    "' OR 1=1; --",
  ];

  for (const query of hostile) {
    test(`${JSON.stringify(query.slice(0, 30))}: a normal page and JSON, escaped`, async ({
      page,
      request,
    }) => {
      const response = await page.goto(`/search?q=${encodeURIComponent(query)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.locator("main img[src='x']").count()).toBe(0);
      const heading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
      expect(heading.length).toBeLessThan(230);

      const api = await request.get(`/api/search?q=${encodeURIComponent(query)}`);
      expect(api.status()).toBe(200);
      expect(api.headers()["content-type"]).toMatch(/^application\/json/);
      const body = (await api.json()) as { query: string; suggestions: unknown[] };
      expect(Array.isArray(body.suggestions)).toBe(true);
      expect([...body.query].length).toBeLessThanOrEqual(200);
    });
  }

  test("the query is shown as text, not markup", async ({ request }) => {
    const html = await (await request.get("/search?q=%3Cb%3Ebold%3C%2Fb%3E")).text();
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
  });

  test("a repeated or missing q, and other parameters, are an ordinary page", async ({ request }) => {
    for (const url of [
      "/search?q=foam&q=tape",
      "/search?x=1",
      "/search?q",
      "/api/search",
      "/api/search?q=&q=x",
    ]) {
      expect((await request.get(url)).status(), url).toBe(200);
    }
  });
});

test.describe("the results page", () => {
  test("is not indexed, not in the sitemap, and links each result to its place", async ({
    page,
    request,
  }) => {
    await page.goto("/search?q=stretch+film");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const products = page.getByRole("region", { name: "Product areas and items" });
    await expect(products.getByRole("link", { name: "Stretch film" })).toHaveAttribute(
      "href",
      "/products#packaging",
    );
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/search");
  });

  test("groups the results: products, documents, articles, pages, then the catalogue's items and families", async ({
    page,
  }) => {
    await page.goto("/search?q=labels");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Product areas and items",
      "Brochures and the stock catalog",
      "Tips articles",
      "Pages",
      "Catalogue items",
      "Product families",
    ]);
    await expect(page.locator("main mark").first()).toBeVisible();
  });

  test("an article result opens the article", async ({ page }) => {
    await page.goto("/search?q=hazcom");
    await waitForHydration(page);
    await page.getByRole("region", { name: "Tips articles" }).getByRole("link").first().click();
    await expect(page).toHaveURL("/resources/articles/ghs-chemical-container-labels");
  });
});

// The header's suggestions, on every page: search-suggestions.test.ts.

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const [state, url] of [
      ["results", "/search?q=cryogenic"],
      ["empty query", "/search"],
      ["no results", "/search?q=qzxv+wvxq"],
      ["filtered resources", "/resources?q=rfid&aq=barcode"],
    ]) {
      test(`${state} (${label})`, async ({ page }) => {
        await page.goto(url ?? "/search");
        await waitForHydration(page);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test("with JavaScript, a filtered /resources URL hydrates without errors and keeps filtering", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/resources?q=rfid&aq=barcode");
  await waitForHydration(page);
  await expect(documentCards(page)).toHaveCount(2);
  await expect(articleCards(page)).toHaveCount(2);
  await page.getByLabel("Search documents").fill("ghs");
  await expect(documentCards(page)).toHaveCount(1);
  expect(errors).toEqual([]);
});
