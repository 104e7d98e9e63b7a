import { expect, type Page, test } from "@playwright/test";
import { getBrochure } from "../../app/content/brochures";
import { cataloguePages } from "../../app/content/catalogue-pages";
import { company } from "../../app/content/company";
import { inquiries } from "../../app/content/inquiries";
import { products as productsContent } from "../../app/content/products";
import { type InquiryId, type ProductsContent, productSectionIds } from "../../app/content/schema";
import { decodeMailto, describeGenerated, generatedDocuments } from "./content-support";
import { viewports, waitForHydration } from "./support";

// Typed by the schema, so optional fields (the foam benefits) and inquiry ids read the same everywhere.
const products: ProductsContent = productsContent;
const sections = products.sections;
const sectionsWithBrochures = sections.filter((section) => section.brochureIds.length > 0);

async function openProducts(page: Page, hash = ""): Promise<void> {
  await page.goto(`/products${hash}`);
  await waitForHydration(page);
}

test.describe("sections", () => {
  test.use({ viewport: viewports.desktop });

  test("shows the eight anchored sections in order, each with its title, products and request button", async ({
    page,
  }) => {
    await openProducts(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(products.hero.heading);
    await expect(page.locator("main section[id]")).toHaveCount(productSectionIds.length);
    expect(await page.locator("main section[id]").evaluateAll((els) => els.map((el) => el.id))).toEqual([
      ...productSectionIds,
    ]);

    for (const section of sections) {
      const region = page.getByRole("region", { name: section.title, exact: true });
      await expect(region).toHaveAttribute("id", section.id);
      await expect(region.getByRole("heading", { level: 2 })).toHaveText(section.title);
      for (const paragraph of section.description) await expect(region.getByText(paragraph)).toBeVisible();
      const cards = region
        .getByRole("heading", { level: 3 })
        .filter({ hasNotText: products.brochureList.heading })
        .filter({ hasNotText: cataloguePages.products.familiesHeading });
      await expect(cards).toHaveText(section.items.map((item) => item.name));
      for (const item of section.items) {
        await expect(region.getByText(item.description, { exact: true })).toBeVisible();
        for (const benefit of item.benefits ?? []) await expect(region.getByText(benefit)).toBeVisible();
      }
      await expect(region.getByRole("link", { name: section.ctaLabel })).toBeVisible();
    }
  });

  test("lists benefits on the foam items", async ({ page }) => {
    await openProducts(page);
    const foams = page.locator("section#die-cut-foams");
    const foamSection = products.sections.find((section) => section.id === "die-cut-foams");
    const withBenefits = foamSection?.items.filter((item) => item.benefits) ?? [];
    expect(withBenefits.length).toBeGreaterThan(0);
    await expect(foams.getByText(products.benefitsLabel, { exact: true })).toHaveCount(withBenefits.length);
  });

  test("the section nav links to every anchor", async ({ page }) => {
    await openProducts(page);
    const nav = page.getByRole("navigation", { name: products.sectionNav.label });
    const links = nav.getByRole("link");
    await expect(links).toHaveText(products.sections.map((section) => section.title));
    for (const section of products.sections) {
      await expect(nav.getByRole("link", { name: section.title })).toHaveAttribute("href", `#${section.id}`);
    }
    await nav.getByRole("link", { name: "Warehouse Labeling" }).click();
    await expect(page).toHaveURL(/\/products#warehouse-labeling$/);
    await expect(page.locator("section#warehouse-labeling")).toBeInViewport();
  });

  test("sends visitors on to /resources, with the GHS callout and the closing requests", async ({ page }) => {
    await openProducts(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: products.resourcesLink.label })).toHaveAttribute(
      "href",
      "/resources",
    );
    const ghs = page.getByRole("region", { name: products.ghsCallout.heading });
    await expect(ghs.getByText(products.ghsCallout.text)).toBeVisible();
    await expect(ghs.getByRole("link", { name: products.ghsCallout.linkLabel })).toHaveAttribute(
      "href",
      "/resources",
    );
    const closing = page.getByRole("region", { name: products.closing.heading });
    await expect(closing.getByRole("link", { name: products.closing.quoteLabel })).toBeVisible();
    await expect(closing.getByRole("link", { name: products.closing.consultationLabel })).toBeVisible();

    await main.getByRole("link", { name: products.resourcesLink.label }).click();
    await expect(page).toHaveURL("/resources");
  });
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`anchors at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const id of productSectionIds) {
      test(`/products#${id} scrolls the section into view below the sticky header (${label})`, async ({
        page,
      }) => {
        await openProducts(page, `#${id}`);
        const section = page.locator(`section#${id}`);
        await expect(section).toBeInViewport();
        const headerBottom = await page
          .locator("header")
          .first()
          .evaluate((el) => el.getBoundingClientRect().bottom);
        const top = await section.evaluate((el) => el.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(headerBottom - 1);
        // The heading is what the visitor came for: clear of the header and near the top of the screen.
        const heading = await section.getByRole("heading", { level: 2 }).evaluate((el) => ({
          top: el.getBoundingClientRect().top,
          bottom: el.getBoundingClientRect().bottom,
        }));
        expect(heading.top).toBeGreaterThan(headerBottom);
        expect(heading.bottom).toBeLessThan(viewport.height / 2);
      });
    }
  });
}

test.describe("brochures", () => {
  test.use({ viewport: viewports.desktop });

  for (const section of sectionsWithBrochures) {
    test(`${section.id}: each brochure shows its details, previews as a PDF and downloads under its file name`, async ({
      page,
      context,
    }) => {
      await openProducts(page);
      const list = page
        .locator(`section#${section.id}`)
        .getByRole("list", { name: products.brochureList.heading });
      await expect(list.getByRole("listitem")).toHaveCount(section.brochureIds.length);

      for (const id of section.brochureIds) {
        const brochure = getBrochure(id);
        const file = generatedDocuments.brochures[id];
        if (!brochure || !file) throw new Error(`missing brochure ${id}`);
        expect(file.fileName).toBe(brochure.fileName);
        const details = describeGenerated(file);
        const item = list.locator(`li[data-brochure="${id}"]`);
        await expect(item.getByRole("heading", { level: 4 })).toHaveText(brochure.title);
        await expect(item.getByText(brochure.description)).toBeVisible();
        await expect(item.getByText(details, { exact: true })).toBeVisible();

        const preview = item.getByRole("link", {
          name: `${products.brochureList.previewLabel} ${brochure.title} (${details}, opens in a new tab)`,
        });
        await expect(preview).toHaveAttribute("target", "_blank");
        const pdfResponse = context.waitForEvent(
          "response",
          (response) => new URL(response.url()).pathname === `/brochures/${brochure.fileName}`,
        );
        const [popup] = await Promise.all([context.waitForEvent("page"), preview.click()]);
        const response = await pdfResponse;
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toContain("application/pdf");
        await popup.close();

        const download = item.getByRole("link", {
          name: `${products.brochureList.downloadLabel} ${brochure.title} (${details})`,
        });
        const [saved] = await Promise.all([page.waitForEvent("download"), download.click()]);
        expect(saved.suggestedFilename()).toBe(brochure.fileName);
        await saved.cancel();
      }
    });
  }

  test("every PDF link on the page answers 200 with a real PDF", async ({ page, request }) => {
    await openProducts(page);
    const hrefs = await page
      .locator('main a[href*=".pdf"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
    const expected = new Set(sectionsWithBrochures.flatMap((section) => section.brochureIds));
    // One preview and one download link per distinct brochure.
    expect(hrefs).toHaveLength(expected.size * 2);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toContain("application/pdf");
      const body = await response.body();
      expect(body.subarray(0, 4).toString("latin1"), href).toBe("%PDF");
      if (href.endsWith("?download")) {
        expect(response.headers()["content-disposition"], href).toMatch(
          /^attachment; filename="[a-z0-9-]+\.pdf"$/,
        );
      }
    }
  });
});

test.describe("e-mail drafts", () => {
  test.use({ viewport: viewports.desktop });

  test("every request button opens a draft to sales with the subject and body written for it", async ({
    page,
  }) => {
    await openProducts(page);
    const links = page.getByRole("main").locator('a[href^="mailto:"]');
    const drafts = await links.evaluateAll((elements) =>
      elements.map((el) => ({
        href: el.getAttribute("href") ?? "",
        inquiry: el.getAttribute("data-inquiry") ?? "",
        text: el.textContent?.trim() ?? "",
      })),
    );
    // Hero, one per section, and the two closing buttons.
    expect(drafts).toHaveLength(1 + products.sections.length + 2);
    for (const draft of drafts) {
      const inquiry = inquiries[draft.inquiry as keyof typeof inquiries];
      expect(inquiry, draft.text).toBeDefined();
      expect(decodeMailto(draft.href)).toEqual({
        to: company.email,
        subject: inquiry.subject,
        body: inquiry.body,
      });
    }

    const expectedByLabel: Array<[string, InquiryId]> = [
      [products.hero.inquiryLabel, products.hero.inquiry],
      ...products.sections.map((section): [string, InquiryId] => [section.ctaLabel, section.inquiry]),
      [products.closing.quoteLabel, products.closing.quoteInquiry],
      [products.closing.consultationLabel, products.closing.consultationInquiry],
    ];
    for (const [name, inquiry] of expectedByLabel) {
      const href = await page
        .getByRole("main")
        .getByRole("link", { name, exact: true })
        .first()
        .getAttribute("href");
      expect(decodeMailto(href ?? "").subject, name).toBe(inquiries[inquiry].subject);
    }
  });

  test("offers one draft of each kind: quote, sample, site assessment, repair, PPE, consultation, general", async ({
    page,
  }) => {
    await openProducts(page);
    const hrefs = await page
      .getByRole("main")
      .locator('a[href^="mailto:"]')
      .evaluateAll((elements) => elements.map((el) => el.getAttribute("href") ?? ""));
    const decoded = hrefs.map(decodeMailto);
    for (const kind of [
      "quote",
      "sample",
      "site-assessment",
      "repair",
      "ppe",
      "consultation",
      "general",
    ] as const) {
      const { subject, body } = inquiries[kind];
      expect(
        decoded.some(
          (draft) => draft.to === company.email && draft.subject === subject && draft.body === body,
        ),
        kind,
      ).toBe(true);
    }
  });
});

test.describe("an online way beside every e-mail draft", () => {
  test.use({ viewport: viewports.desktop });

  test("each of the eleven draft buttons keeps its draft and has a link through the site beside it", async ({
    page,
  }) => {
    await page.goto("/products");
    const drafts = page.locator('main a[href^="mailto:"][data-inquiry]');
    await expect(drafts).toHaveCount(11);
    for (const draft of await drafts.all()) {
      const inquiry = (await draft.getAttribute("data-inquiry")) as InquiryId;
      const { subject } = decodeMailto((await draft.getAttribute("href")) ?? "");
      expect(subject).toBe(inquiries[inquiry].subject);
      // The online way is the next link in the same row of buttons.
      const online = draft.locator("xpath=following-sibling::a[1]");
      const href = (await online.getAttribute("href")) ?? "";
      const url = new URL(href, "http://site");
      expect(["/quote", "/contact"], `${inquiry}: ${href}`).toContain(url.pathname);
      const section = await draft.evaluate((el) => el.closest("section[id]")?.id ?? "");
      if (url.pathname === "/quote" && productSectionIds.includes(section as never)) {
        expect(url.searchParams.get("area"), inquiry).toBe(section);
      }
      // Beside a request that is not for a price, the quote form opens with the draft's subject.
      if (["sample", "consultation", "site-assessment", "repair", "ppe"].includes(inquiry)) {
        expect(url.searchParams.get("item"), inquiry).toBe(subject);
      }
    }
  });

  test("the repair request opens the quote form with its subject and area filled in", async ({ page }) => {
    await page.goto("/products#printer-repair");
    await page
      .locator("section#printer-repair")
      .getByRole("link", { name: "Send this request online" })
      .click();
    await expect(page).toHaveURL(/\/quote\?/);
    const item = page.getByRole("group", { name: "Item 1", exact: true });
    await expect(item.getByLabel("Product area")).toHaveValue("printer-repair");
    await expect(item.getByLabel("Item number or description")).toHaveValue(inquiries.repair.subject);
  });

  test("the hero's question opens the contact form", async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("link", { name: "Ask online" }).click();
    await expect(page).toHaveURL("/contact?subject=Product+Inquiry#contact-form");
    // The message starts with the draft's subject, as the e-mail would.
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
      "Product Inquiry\n\n",
    );
  });
});
