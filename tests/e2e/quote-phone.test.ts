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
 * at 375 px: one column since docs/decisions/0044-quote-form-one-column-on-phones.md (4,683 px measured
 * then); 880 px of it is the site's footer.
 */
const PHONE_HEIGHT_BUDGET_PX = 4800;

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
        "Case labels 4x3: 12 rolls",
        "Pallet wrap 20 in: 3 cases",
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
  test.describe.configure({ timeout: 60_000 });

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
      await item.getByLabel("Roll OD or labels per roll").fill("1,000 labels");
      await item.getByLabel("Printer make and model").fill("Zebra ZT411");
      await summary.click();
      await expect(item.getByLabel("Width")).toBeHidden();
    }
    // One column on a phone (docs/decisions/0044): the unit under the quantity; the notes wait folded.
    const quantity = await row(page, 1).getByLabel("Quantity").boundingBox();
    const unit = await row(page, 1).getByLabel("Unit", { exact: true }).boundingBox();
    expect(Math.abs((quantity?.x ?? 0) - (unit?.x ?? 1))).toBeLessThan(2);
    expect(unit?.y ?? 0).toBeGreaterThan((quantity?.y ?? 0) + (quantity?.height ?? 0));
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

test.describe("the quote form's fields at 375 px", () => {
  test.use({ viewport: viewports.phone });

  // 40 characters, as long as company names often are; and a description a buyer writes out in full.
  const company = "Peach State Foodservice Cooperative Inc.";
  const description = "4x6 direct thermal labels, perforated";

  test("stand in one column, each label on one line, every value shown whole", async ({ page }) => {
    expect(company).toHaveLength(40);
    await openQuote(page, "?area=labels");
    await page.getByLabel("Company").fill(company);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ilse Brandt");
    await page.getByLabel("Email").fill("ilse@peachstate.coop");
    await row(page, 1).getByLabel("Item number or description").fill(description);
    await row(page, 1).getByLabel("Quantity").fill("1,000");
    await row(page, 1).getByText("Label details (optional)").click();
    await row(page, 1)
      .getByLabel(/^Material/)
      .fill("Direct thermal paper");

    const form = page.locator("form[aria-labelledby=page-title]");
    const controls = form.locator(
      "input:visible:not([type=hidden]):not([type=file]), select:visible, textarea:visible",
    );
    const boxes = await controls.evaluateAll((elements) =>
      elements
        .filter((el) => !el.closest("[aria-hidden=true]"))
        .map((el) => {
          const input = el as HTMLInputElement;
          const rect = el.getBoundingClientRect();
          return {
            name: input.name,
            x: Math.round(rect.x),
            width: Math.round(rect.width),
            scroll: input.scrollWidth,
            client: input.clientWidth,
          };
        }),
    );
    expect(boxes.length).toBeGreaterThan(10);
    // One column: every field starts at its group's left edge and is as wide as its neighbours.
    const contactNames = ["company", "name", "email", "phone", "postalCode", "neededBy", "poReference"];
    const contactBoxes = boxes.filter((box) => contactNames.includes(box.name));
    expect(contactBoxes).toHaveLength(contactNames.length);
    expect(new Set(contactBoxes.map((box) => box.x)).size, JSON.stringify(contactBoxes)).toBe(1);
    expect(new Set(contactBoxes.map((box) => box.width)).size, JSON.stringify(contactBoxes)).toBe(1);
    const itemBoxes = boxes.filter((box) => box.name.startsWith("items[0]") && !box.name.includes("labels."));
    expect(new Set(itemBoxes.map((box) => box.x)).size, JSON.stringify(itemBoxes)).toBe(1);
    // Every value shows whole: nothing scrolls inside its box.
    for (const box of boxes) expect(box.scroll, box.name).toBeLessThanOrEqual(box.client);

    // Each label is one line high.
    const labels = await form.locator("label:visible").evaluateAll((elements) =>
      elements
        .filter((el) => !el.closest("[aria-hidden=true]") && el.getBoundingClientRect().width > 0)
        .map((el) => ({
          text: el.textContent ?? "",
          lines: Math.round(
            el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
          ),
        })),
    );
    for (const label of labels) expect(label.lines, label.text).toBe(1);
  });
});
