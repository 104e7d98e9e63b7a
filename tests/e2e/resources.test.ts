import { expect, type Locator, type Page, test } from "@playwright/test";
import { articles } from "../../app/content/article-files.server";
import { articleCategories } from "../../app/content/articles";
import { brochureCategoryLabels, brochures, catalog } from "../../app/content/brochures";
import { inquiries } from "../../app/content/inquiries";
import { brochureCategories } from "../../app/content/schema";
import { expectNoAxeViolations, viewports, waitForHydration } from "./support";

const documentsSection = (page: Page) => page.locator("section#technical-documents");
const articlesSection = (page: Page) => page.locator("section#tips-articles");
const documentCards = (page: Page) =>
  documentsSection(page).getByTestId("document-list").locator(":scope > li");
const articleCards = (page: Page) => articlesSection(page).getByTestId("article-list").locator(":scope > li");
const liveCount = (section: Locator) => section.locator('[aria-live="polite"]');

async function openResources(page: Page, query = ""): Promise<void> {
  await page.goto(`/resources${query}`);
  await waitForHydration(page);
}

test.describe("prerendered HTML", () => {
  test("holds both lists unfiltered and the catalog, before any JavaScript runs", async ({ request }) => {
    const response = await request.get("/resources");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const brochure of brochures) expect(html).toContain(brochure.title.replace(/&/g, "&amp;"));
    for (const article of articles) expect(html).toContain(article.title);
    expect(html).toContain(catalog.title);
    expect(html).toContain(">18 documents<");
    expect(html).toContain(">8 articles<");
  });
});

test.describe("stock catalog", () => {
  test("the card shows the catalog and its real PDF details", async ({ page }) => {
    await openResources(page);
    const section = page.locator("section#stock-catalog");
    await expect(section.getByRole("heading", { level: 3, name: catalog.title })).toBeVisible();
    await expect(section.getByText(catalog.description)).toBeVisible();
    await expect(section.getByTestId("catalog-details")).toHaveText(/^PDF, \d+ pages, [\d.]+ (KB|MB)$/);
  });

  test("Download PDF saves the catalog under its file name, and the file is a PDF", async ({
    page,
    request,
  }) => {
    await openResources(page);
    const link = page.getByRole("link", { name: /^Download PDF/ });
    await expect(link).toHaveAttribute("href", /^\/catalog\/2025-end-user-online-catalog\.pdf\?download$/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("2025-end-user-online-catalog.pdf");

    const response = await request.get((await link.getAttribute("href")) ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");
  });

  test("quick product search links open the matching product sections", async ({ page }) => {
    await openResources(page);
    const card = page.locator("section#stock-catalog");
    const expected = [
      ["Thermal Labels", "/products#labels"],
      ["Thermal Ribbons", "/products#barcoding"],
      ["Ridgeline Labels", "/products#labels"],
      ["Barcode Equipment", "/products#barcoding"],
    ] as const;
    for (const [label, href] of expected) {
      await expect(card.getByRole("link", { name: new RegExp(`^${label}`) })).toHaveAttribute("href", href);
    }
    await card.getByRole("link", { name: /^Barcode Equipment/ }).click();
    await expect(page).toHaveURL("/products#barcoding");
  });

  test("Request Custom Quote opens an e-mail draft with the custom quote subject and body", async ({
    page,
  }) => {
    await openResources(page);
    const href = await page.getByRole("link", { name: "Request Custom Quote" }).getAttribute("href");
    expect(href).toMatch(/^mailto:[^?]+@[^?]+\?/);
    const url = new URL(href ?? "");
    expect(url.searchParams.get("subject")).toBe("Custom Quote Request");
    const body = url.searchParams.get("body") ?? "";
    expect(body).toBe(inquiries["custom-quote"].body.replace(/\n/g, "\r\n"));
    expect(body).toContain("I would like a custom quote for industrial supplies.");
  });
});

test.describe("technical documents", () => {
  test("lists the 18 brochures, each with details, a preview and a download that answer PDF", async ({
    page,
    request,
  }) => {
    await openResources(page);
    await expect(documentCards(page)).toHaveCount(18);
    await expect(liveCount(documentsSection(page))).toHaveText("18 documents");
    for (const brochure of brochures) {
      const card = documentCards(page).filter({
        has: page.getByRole("heading", { name: brochure.title, exact: true }),
      });
      await expect(card.getByText(brochure.description)).toBeVisible();
      await expect(card.getByText(/^PDF, \d+ pages?, [\d.]+ (KB|MB)$/)).toBeVisible();
      const preview = card.getByRole("link", { name: /^Preview/ });
      const download = card.getByRole("link", { name: /^Download/ });
      await expect(preview).toHaveAttribute("target", "_blank");
      await expect(download).toHaveAttribute("download", brochure.fileName);
      for (const link of [preview, download]) {
        const response = await request.get((await link.getAttribute("href")) ?? "");
        expect(response.status(), brochure.id).toBe(200);
        expect(response.headers()["content-type"], brochure.id).toBe("application/pdf");
      }
    }
  });

  test("search matches title and description, ignoring case and surrounding spaces", async ({ page }) => {
    await openResources(page);
    const search = page.getByLabel("Search documents");
    const cases = [
      ["ghs", ["GHS Chemical Labels"]],
      ["  GHS  ", ["GHS Chemical Labels"]],
      ["pallets", ["RFID Labels and Tags"]],
      ["rfid label", ["RFID Labels and Tags", "RFID Label Specification Sheet"]],
    ] as const;
    for (const [query, titles] of cases) {
      await search.fill(query);
      await expect(documentCards(page).getByRole("heading", { level: 3 })).toHaveText([...titles]);
      await expect(liveCount(documentsSection(page))).toHaveText(
        `${titles.length} ${titles.length === 1 ? "document" : "documents"}`,
      );
    }
  });

  test("category buttons filter, show their pressed state and hide the category label", async ({ page }) => {
    await openResources(page);
    const group = documentsSection(page).getByRole("group", { name: "Filter documents by category" });
    const labels = ["All", ...brochureCategories.map((category) => brochureCategoryLabels[category])];
    await expect(group.getByRole("button")).toHaveText(labels);
    await expect(group.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await expect(documentsSection(page).getByTestId("document-category")).toHaveCount(18);

    for (const category of brochureCategories) {
      const label = brochureCategoryLabels[category];
      await group.getByRole("button", { name: label, exact: true }).click();
      const expected = brochures.filter((brochure) => brochure.category === category);
      await expect(documentCards(page)).toHaveCount(expected.length);
      await expect(documentCards(page).getByRole("heading", { level: 3 })).toHaveText(
        expected.map((b) => b.title),
      );
      await expect(group.getByRole("button", { name: label, exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(group.locator('[aria-pressed="true"]')).toHaveCount(1);
      await expect(documentsSection(page).getByTestId("document-category")).toHaveCount(0);
      await expect(page).toHaveURL(`/resources?category=${category}`);
    }

    await group.getByRole("button", { name: "All" }).click();
    await expect(documentCards(page)).toHaveCount(18);
    await expect(documentsSection(page).getByTestId("document-category").first()).toHaveText("Company");
    await expect(page).toHaveURL("/resources");
  });

  test("an empty result says so, and clearing brings the list back", async ({ page }) => {
    await openResources(page);
    await page.getByLabel("Search documents").fill("no such brochure");
    const section = documentsSection(page);
    await expect(section.getByText("No documents found", { exact: true })).toBeVisible();
    await expect(
      section.getByText("Try adjusting your search terms or category filter.", { exact: true }),
    ).toBeVisible();
    await expect(liveCount(section)).toHaveText("0 documents");
    await section.getByRole("button", { name: "Clear search and filter" }).click();
    await expect(documentCards(page)).toHaveCount(18);
    await expect(page.getByLabel("Search documents")).toHaveValue("");
  });
});

test.describe("tips articles", () => {
  test("lists the 8 articles with category, excerpt, details, tags and a Read Article link", async ({
    page,
  }) => {
    await openResources(page);
    await expect(articleCards(page)).toHaveCount(8);
    await expect(liveCount(articlesSection(page))).toHaveText("8 articles");
    const first = articles[0];
    if (!first) throw new Error("expected articles");
    const card = articleCards(page).first();
    await expect(card.getByTestId("article-category")).toHaveText(first.category);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(first.title);
    await expect(card.getByText(first.excerpt)).toBeVisible();
    await expect(card.getByText(first.readTime)).toBeVisible();
    await expect(card.getByText(first.author)).toBeVisible();
    await expect(card.locator("time")).toHaveAttribute("datetime", first.date);
    await expect(card.locator("time")).toHaveText("February 11, 2025");
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(first.tags);
    for (const [index, article] of articles.entries()) {
      await expect(
        articleCards(page)
          .nth(index)
          .getByRole("link", { name: /^Read Article/ }),
      ).toHaveAttribute("href", `/resources/articles/${article.slug}`);
    }
  });

  test("Read Article opens the article", async ({ page }) => {
    await openResources(page);
    await articleCards(page)
      .nth(4)
      .getByRole("link", { name: /^Read Article/ })
      .click();
    await expect(page).toHaveURL("/resources/articles/ghs-chemical-container-labels");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(articles[4]?.title ?? "");
  });

  test("search matches title, excerpt or any tag, ignoring case", async ({ page }) => {
    await openResources(page);
    const search = page.getByLabel("Search articles");
    const cases = [
      ["FIFO", ["How to Store Labels and Thermal Ribbons So They Perform on the Line"]],
      ["bs 5609", ["GHS Labels for Chemical Containers: The Six Required Elements and Durability"]],
      ["  quiet zones ", ["Designing Barcode Labels That Scan the First Time"]],
      [
        "adhesives explained",
        ["Label Adhesives Explained: Permanent, Removable, Freezer-Grade and High-Tack"],
      ],
    ] as const;
    for (const [query, titles] of cases) {
      await search.fill(query);
      await expect(articleCards(page).getByRole("heading", { level: 3 })).toHaveText([...titles]);
      await expect(liveCount(articlesSection(page))).toHaveText("1 article");
    }
  });

  test("the nine category buttons filter and show their pressed state", async ({ page }) => {
    await openResources(page);
    const group = articlesSection(page).getByRole("group", { name: "Filter articles by category" });
    await expect(group.getByRole("button")).toHaveText([
      "All Categories",
      "Material Selection",
      "Adhesives",
      "Printing Technology",
      "Storage & Handling",
      "Compliance",
      "Troubleshooting",
      "Design",
      "Cost Optimization",
    ]);
    await expect(group.getByRole("button", { name: "All Categories" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    for (const category of articleCategories) {
      await group.getByRole("button", { name: category, exact: true }).click();
      await expect(group.getByRole("button", { name: category, exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(group.locator('[aria-pressed="true"]')).toHaveCount(1);
      await expect(articleCards(page)).toHaveCount(1);
      await expect(articleCards(page).getByTestId("article-category")).toHaveText(category);
    }
    await group.getByRole("button", { name: "All Categories" }).click();
    await expect(articleCards(page)).toHaveCount(8);
  });

  test("an empty result shows the exact message", async ({ page }) => {
    await openResources(page);
    await page.getByLabel("Search articles").fill("fifo");
    await articlesSection(page).getByRole("button", { name: "Design", exact: true }).click();
    await expect(
      articlesSection(page).getByText(
        "No articles found matching your search criteria. Try adjusting your search terms or category filter.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(liveCount(articlesSection(page))).toHaveText("0 articles");
  });
});

test.describe("state in the URL", () => {
  test("typing replaces the history entry; a category click pushes one", async ({ page }) => {
    await openResources(page);
    const historyLength = () => page.evaluate(() => window.history.length);
    const before = await historyLength();
    // No delay between keys: every keystroke must survive the navigations it triggers.
    await page.getByLabel("Search documents").pressSequentially("labels");
    await expect(page.getByLabel("Search documents")).toHaveValue("labels");
    await expect(page).toHaveURL("/resources?q=labels");
    expect(await historyLength()).toBe(before);
    await documentsSection(page).getByRole("button", { name: "RFID" }).click();
    await expect(page).toHaveURL("/resources?q=labels&category=rfid");
    expect(await historyLength()).toBe(before + 1);
    await page.getByLabel("Search articles").fill("storage");
    await articlesSection(page).getByRole("button", { name: "Storage & Handling" }).click();
    await expect(page).toHaveURL("/resources?q=labels&category=rfid&aq=storage&acategory=storage-handling");
  });

  test("reload, back and forward restore search and filters", async ({ page }) => {
    await openResources(page);
    await page.getByLabel("Search documents").fill("warehouse");
    await documentsSection(page).getByRole("button", { name: "Warehouse Labeling" }).click();
    await page.getByLabel("Search articles").fill("ribbons");
    await expect(page).toHaveURL("/resources?q=warehouse&category=warehouse-labeling&aq=ribbons");

    const expectFiltered = async () => {
      await expect(page.getByLabel("Search documents")).toHaveValue("warehouse");
      await expect(
        documentsSection(page).getByRole("button", { name: "Warehouse Labeling" }),
      ).toHaveAttribute("aria-pressed", "true");
      await expect(documentCards(page)).toHaveCount(3);
      await expect(page.getByLabel("Search articles")).toHaveValue("ribbons");
      await expect(articleCards(page)).toHaveCount(2);
    };
    await expectFiltered();

    await page.reload();
    await waitForHydration(page);
    await expectFiltered();

    await page.goBack();
    await expect(page).toHaveURL("/resources?q=warehouse");
    await expect(documentsSection(page).getByRole("button", { name: "All" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByLabel("Search articles")).toHaveValue("");
    await expect(articleCards(page)).toHaveCount(8);

    await page.goForward();
    await expectFiltered();
  });

  test("a shared link opens filtered, and a hero badge filters the documents", async ({ page }) => {
    await openResources(page, "?acategory=compliance&q=pallets");
    await expect(articleCards(page).getByTestId("article-category")).toHaveText(["Compliance"]);
    await expect(articlesSection(page).getByRole("button", { name: "Compliance" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(documentCards(page).getByRole("heading", { level: 3 })).toHaveText(["RFID Labels and Tags"]);
    await page
      .getByRole("navigation", { name: "Browse documents by category" })
      .getByRole("link", { name: "RFID" })
      .click();
    await expect(page).toHaveURL("/resources?category=rfid#technical-documents");
    await expect(documentCards(page)).toHaveCount(2);
    await expect(page.getByLabel("Search documents")).toHaveValue("");
  });

  test("loading a filtered URL hydrates without console errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await openResources(page, "?q=ghs");
    await expect(documentCards(page)).toHaveCount(1);
    await expect(page.getByLabel("Search documents")).toHaveValue("ghs");
    expect(errors).toEqual([]);
  });
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });
    test(`/resources (${label})`, async ({ page }) => {
      await openResources(page);
      await expectNoAxeViolations(page);
    });
    test(`/resources with empty results (${label})`, async ({ page }) => {
      await openResources(page, "?q=zzzz&category=rfid&aq=zzzz");
      await expect(documentsSection(page).getByText("No documents found")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
