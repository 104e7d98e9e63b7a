import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  uniqueClientAddress,
  viewports,
  waitForHydration,
  waitMinimumFill,
} from "./support";

/*
 * The quote form on a phone and a desktop (docs/decisions/0028-quote-form-on-phones-and-slow-lines.md):
 * the error summary appearing, leading to each field and shrinking as fields are fixed; four label items
 * within the page height budget at 375 px; the success panel's record of what was sent, alone when
 * printed; axe clean in each state.
 */

/**
 * The most a request of four label items, each with its label details filled, may make the page tall
 * at 375 px (docs/decisions/0037-label-details-per-item.md); 880 px of it is the site's footer.
 */
const PHONE_HEIGHT_BUDGET_PX = 4000;

const row = (page: Page, n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });

async function openQuote(page: Page, query = "") {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  await page.goto(`/quote${query}`);
  await waitForHydration(page);
  return Date.now();
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`the quote form at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 60_000 });

    test(`the error summary appears focused, leads to each field and clears as they are fixed (${name})`, async ({
      page,
    }) => {
      await openQuote(page);
      await page.getByRole("button", { name: "Send Quote Request" }).click();
      const summary = page.getByTestId("quote-error-summary");
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("heading")).toHaveText("There is a problem");
      const links = summary.getByRole("link");
      await expect(links).toHaveText([
        "Please enter your company name.",
        "Please enter your name.",
        "Please enter your email address.",
        "Please enter an item number or a description.",
        "Please enter a quantity.",
      ]);
      // No notice of its own repeats the first message.
      await expect(page.locator("#quote-alert")).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Each link focuses its field.
      await links.filter({ hasText: "Please enter a quantity." }).click();
      await expect(row(page, 1).getByLabel("Quantity")).toBeFocused();
      await links.filter({ hasText: "Please enter your company name." }).click();
      const company = page.getByLabel("Company");
      await expect(company).toBeFocused();
      await expect(company).toBeInViewport();

      // Fixed fields leave the summary; the last one takes it away.
      await company.fill("Quarry Lane Foods");
      await expect(links).toHaveCount(4);
      await expect(summary).not.toContainText("company");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ilse Brandt");
      await page.getByLabel("Email").fill("ilse.brandt@example.com");
      await row(page, 1).getByLabel("Item number or description").fill("Case labels 4x3");
      await row(page, 1).getByLabel("Quantity").fill("12");
      await expect(summary).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test(`the success panel lists the items and files sent with the reference, and prints alone (${name})`, async ({
      page,
    }) => {
      const openedAt = await openQuote(page, "?area=labels");
      await page.getByLabel("Company").fill("Quarry Lane Foods");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ilse Brandt");
      await page.getByLabel("Email").fill(`quote-proof-${Date.now()}@example.com`);
      await row(page, 1).getByLabel("Item number or description").fill("Case labels 4x3");
      await row(page, 1).getByLabel("Quantity").fill("12");
      await row(page, 1).getByLabel("Unit", { exact: true }).selectOption("roll");
      await page.getByRole("button", { name: "Add item" }).click();
      await row(page, 2).getByLabel("Item number or description").fill("Pallet wrap 20 in");
      await row(page, 2).getByLabel("Quantity").fill("3");
      await row(page, 2).getByLabel("Unit", { exact: true }).selectOption("case");
      await page.getByLabel("Attachments (optional)").setInputFiles([
        {
          name: "label proof.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3000)]),
        },
      ]);
      await waitMinimumFill(openedAt);
      await page.getByRole("button", { name: "Send Quote Request" }).click();
      await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeFocused();
      const panel = page.getByTestId("quote-success");
      await expect(panel.getByTestId("quote-reference")).toContainText(/Q-[2-9A-HJKMNP-TW-Z]{6}/);
      const sent = panel.getByTestId("quote-sent");
      await expect(sent.getByRole("listitem")).toHaveText([
        "Case labels 4x3: 12 roll",
        "Pallet wrap 20 in: 3 case",
        "label proof.pdf",
      ]);
      await expectNoAxeViolations(page);

      await page.emulateMedia({ media: "print" });
      await expect(panel).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
      await expect(page.locator("body > header, header").first()).toBeHidden();
      await expect(page.locator("footer").first()).toBeHidden();
      await expect(panel.getByRole("link", { name: "Request another quote" })).toBeHidden();
    });
  });
}

test.describe("the quote form on a phone", () => {
  test.use({ viewport: viewports.phone });

  test("four label items, each with its label details filled, fit within the page height budget at 375 px", async ({
    page,
  }) => {
    await openQuote(page, "?area=labels");
    for (let n = 2; n <= 4; n++) await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByRole("group", { name: /^Item \d+$/ })).toHaveCount(4);
    for (let n = 1; n <= 4; n++) {
      const item = row(page, n);
      await expect(item.getByLabel("Product area")).toHaveValue("labels");
      await item.getByLabel("Item number or description").fill(`Thermal labels, size ${n}`);
      await item.getByLabel("Quantity").fill(String(n * 10));
      // The details wait folded under their item until opened.
      const summary = item.getByText("Label details (optional)");
      await expect(item.getByLabel("Width")).toBeHidden();
      await summary.click();
      await item.getByLabel("Width").fill(String(n + 1));
      await item.getByLabel("Height").fill(String(n + 2));
      await item.getByLabel("Size unit").selectOption("mm");
      await item.getByLabel(/^Material/).fill("Direct thermal paper");
      await item.getByLabel(/^Adhesive/).fill("Freezer grade");
      await item.getByLabel("Core size").fill("3 in");
      await item.getByLabel("Outside diameter or labels per roll").fill("1,000 labels");
      await item.getByLabel("Printer make and model").fill("Zebra ZT411");
      await summary.click();
      await expect(item.getByLabel("Width")).toBeHidden();
    }
    // Quantity and unit share a line; the notes wait folded.
    const quantity = await row(page, 1).getByLabel("Quantity").boundingBox();
    const unit = await row(page, 1).getByLabel("Unit", { exact: true }).boundingBox();
    expect(Math.abs((quantity?.y ?? 0) - (unit?.y ?? 1))).toBeLessThan(2);
    await expect(row(page, 1).getByLabel("Notes")).toBeHidden();
    // 'Remove' sits on the row's top edge, clear of the labels of its first fields.
    const remove = await page.getByRole("button", { name: "Remove item 1" }).boundingBox();
    const description = await row(page, 1)
      .locator("label", { hasText: "Item number or description" })
      .boundingBox();
    expect((remove?.y ?? 0) + (remove?.height ?? 0)).toBeLessThanOrEqual((description?.y ?? 0) + 0.5);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.info(`[phone] /quote with four label items and their details: ${height} px tall at 375 px`);
    expect(height).toBeLessThanOrEqual(PHONE_HEIGHT_BUDGET_PX);
    await expectNoAxeViolations(page);
    // What was typed in the folded details is kept and shown again when opened.
    await row(page, 3).getByText("Label details (optional)").click();
    await expect(row(page, 3).getByLabel("Width")).toHaveValue("4");
    await expectNoAxeViolations(page);
  });

  test("a label item's folded details open to show a message inside them", async ({ page }) => {
    await openQuote(page, "?area=labels");
    const item = row(page, 1);
    await item.getByLabel("Item number or description").fill("Thermal labels");
    await item.getByLabel("Quantity").fill("10");
    await item.getByText("Label details (optional)").click();
    // Longer than the form lets anyone type: as a pasted value past an old browser's limit would be.
    await item.getByLabel("Printer make and model").evaluate((input) => input.removeAttribute("maxlength"));
    await item.getByLabel("Printer make and model").fill("Z".repeat(201));
    await item.getByText("Label details (optional)").click();
    await expect(item.getByLabel("Printer make and model")).toBeHidden();
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    const summary = page.getByTestId("quote-error-summary");
    await expect(summary).toBeFocused();
    await expect(item.getByLabel("Printer make and model")).toBeVisible();
    await expect(item.getByLabel("Printer make and model")).toHaveAccessibleDescription(
      "Please shorten this entry.",
    );
    await summary.getByRole("link", { name: "Please shorten this entry." }).click();
    await expect(item.getByLabel("Printer make and model")).toBeFocused();
    await expectNoAxeViolations(page);
  });
});
