import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { pngOfSize } from "../support/files";
import {
  expectNoAxeViolations,
  fillContactForm,
  mailMentioning,
  QUOTE_MIN_FILL_MS,
  sendContactForm,
  testDataDir,
  uniqueClientAddress,
  viewports,
  waitForHydration,
  waitMinimumFill,
} from "./support";
import { vnuErrors } from "./vnu";

/*
 * The online quote request in a real browser: with and without JavaScript, rows added and removed,
 * files uploaded with a progress bar, keyboard only, axe, phone and desktop widths. The form refuses
 * posts made sooner than 3 s after it was rendered, so each test waits that long before sending.
 */

const pdf = (size = 4000) => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size - 9)]);
const png = () => pngOfSize(3008);

function stored(reference: string) {
  const db = new Database(path.join(testDataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    const request = db
      .prepare("select id, company, email from quote_requests where reference = ?")
      .get(reference) as { id: number; company: string; email: string } | undefined;
    if (!request) return null;
    const items = db
      .prepare(
        "select area, description, quantity, unit from quote_items where request_id = ? order by position",
      )
      .all(request.id) as Array<{ area: string | null; description: string; quantity: number; unit: string }>;
    const files = db
      .prepare(
        "select f.file_name as name, f.byte_size as size from quote_files q join stored_files f on f.id = q.file_id where q.request_id = ? order by q.position",
      )
      .all(request.id) as Array<{ name: string; size: number }>;
    return { ...request, items, files };
  } finally {
    db.close();
  }
}

async function openQuote(page: Page, query = "", hydrate = true): Promise<number> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  await page.goto(`/quote${query}`);
  if (hydrate) await waitForHydration(page);
  return Date.now();
}

/** Presses Tab, at most `limit` times, until `target` has the focus; the test then checks that it has. */
async function tabTo(page: Page, target: Locator, limit: number): Promise<void> {
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function fillContact(page: Page, email: string, company = "Harbor Freightworks") {
  await page.getByLabel("Company").fill(company);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Rae Lindqvist");
  await page.getByLabel("Email").fill(email);
}

const row = (page: Page, n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });

test.describe("quote request with JavaScript", () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`the page is axe clean and fits at ${viewport.width} px, also with errors and label details shown (${name})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await openQuote(page, "?area=labels");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request a Quote");
      await expect(row(page, 1).getByLabel("Product area")).toHaveValue("labels");
      await expect(page.getByRole("heading", { name: "Foam and protective packaging details" })).toBeHidden();
      await expectNoAxeViolations(page);
      // The first item's label details, opened.
      await row(page, 1).getByText("Label details (optional)").click();
      await expect(row(page, 1).getByLabel("Width")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Send Quote Request" }).click();
      await expect(page.getByTestId("quote-error-summary")).toContainText("Please enter your company name.");
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test("ties each message to its field and lists them in the focused error summary", async ({ page }) => {
    await openQuote(page);
    await page.getByLabel("Company").fill("Acme");
    await page.getByLabel("Email").fill("not-an-address");
    await row(page, 1).getByLabel("Quantity").fill("0");
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await expect(page.getByTestId("quote-error-summary")).toBeFocused();
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await page.getByRole("link", { name: "Please enter your name." }).click();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please enter your name.");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(row(page, 1).getByLabel("Quantity")).toHaveAccessibleDescription(/whole number/);
    await expect(row(page, 1).getByLabel("Item number or description")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    // Typing clears the field's message; nothing typed is lost.
    await name.fill("Rae");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Company")).toHaveValue("Acme");
  });

  test("adds and removes rows in place, turns a pasted list into rows, uploads with progress and shows the reference", async ({
    page,
  }) => {
    const openedAt = await openQuote(page, "?area=labels");
    const email = `quote-js-${Date.now()}@example.com`;
    await fillContact(page, email);
    await row(page, 1).getByLabel("Item number or description").fill("4x6 direct thermal labels");
    await row(page, 1).getByLabel("Quantity").fill("40");
    await row(page, 1).getByLabel("Unit", { exact: true }).selectOption("roll");

    await page.getByRole("button", { name: "Add item" }).click();
    await expect(row(page, 2)).toBeVisible();
    await expect(row(page, 2).getByLabel("Item number or description")).toBeFocused();
    await row(page, 2).getByLabel("Item number or description").fill("Will be removed");
    await page.getByRole("button", { name: "Add item" }).click();
    await row(page, 3).getByLabel("Product area").selectOption("die-cut-foams");
    await expect(page.getByRole("heading", { name: "Foam and protective packaging details" })).toBeVisible();
    await row(page, 3).getByLabel("Item number or description").fill("Foam insert for gauge");
    await row(page, 3).getByLabel("Quantity").fill("250");
    await page.getByRole("button", { name: "Remove item 2" }).click();
    await expect(page.getByRole("group", { name: /^Item \d+$/ })).toHaveCount(2);
    await expect(row(page, 2).getByLabel("Item number or description")).toHaveValue("Foam insert for gauge");

    await page.getByLabel("Paste a list (optional)").fill("ITEM-123, 500");
    await page.getByRole("button", { name: "Turn the list into items" }).click();
    await expect(row(page, 3).getByLabel("Item number or description")).toHaveValue("ITEM-123");
    await expect(row(page, 3).getByLabel("Quantity")).toHaveValue("500");
    await page.getByLabel("Part dimensions (L × W × H)").fill("10 x 6 x 2 in");

    await page.getByLabel("Attachments (optional)").setInputFiles([
      { name: "drawing.pdf", mimeType: "application/pdf", buffer: pdf(6 * 1024 * 1024) },
      { name: "artwork.png", mimeType: "image/png", buffer: png() },
    ]);
    await page.evaluate(() => {
      const seen = { progress: false, sending: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector("[data-testid=quote-progress]");
        if (bar && /Uploading: \d+%/.test(bar.textContent ?? "")) seen.progress = true;
        if (document.body.textContent?.includes("Sending...")) seen.sending = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await waitMinimumFill(openedAt);
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({
      progress: true,
      sending: true,
    });
    const reference = (await page.getByTestId("quote-reference").locator("strong").textContent()) ?? "";
    expect(reference).toMatch(/^Q-[2-9A-HJKMNP-TW-Z]{6}$/);

    const request = stored(reference);
    expect(request?.email).toBe(email);
    expect(request?.items).toEqual([
      { area: "labels", description: "4x6 direct thermal labels", quantity: 40, unit: "roll" },
      { area: "die-cut-foams", description: "Foam insert for gauge", quantity: 250, unit: "each" },
      { area: "labels", description: "ITEM-123", quantity: 500, unit: "each" },
    ]);
    expect(request?.files).toEqual([
      { name: "drawing.pdf", size: 6 * 1024 * 1024 },
      { name: "artwork.png", size: 3008 },
    ]);
    await expect.poll(() => mailMentioning(reference).length, { timeout: 10_000 }).toBe(2);
  });

  test("refuses an HTML file named .pdf, naming it, and keeps everything typed", async ({ page }) => {
    const openedAt = await openQuote(page);
    await fillContact(page, `quote-html-${Date.now()}@example.com`);
    await row(page, 1).getByLabel("Item number or description").fill("Pallet labels");
    await row(page, 1).getByLabel("Quantity").fill("10");
    await page.getByLabel("Attachments (optional)").setInputFiles([
      {
        name: "quote.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("<!doctype html><script>x</script>"),
      },
    ]);
    await waitMinimumFill(openedAt);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/quote"));
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText('"quote.pdf" was not accepted');
    await expect(page.getByLabel("Attachments (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Company")).toHaveValue("Harbor Freightworks");
    await expect(row(page, 1).getByLabel("Quantity")).toHaveValue("10");
  });

  test("accepts a 600-byte PDF attached first and a PNG second, each for what it is", async ({ page }) => {
    const openedAt = await openQuote(page);
    await fillContact(page, `quote-small-${Date.now()}@example.com`);
    await row(page, 1).getByLabel("Item number or description").fill("Pallet labels");
    await row(page, 1).getByLabel("Quantity").fill("10");
    const smallPdf = Buffer.from(
      "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n".padEnd(
        600,
        "\n",
      ),
    );
    await page.getByLabel("Attachments (optional)").setInputFiles([
      { name: "drawing.pdf", mimeType: "application/pdf", buffer: smallPdf },
      { name: "artwork.png", mimeType: "image/png", buffer: png() },
    ]);
    await waitMinimumFill(openedAt);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/quote"));
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeFocused();
    const reference = (await page.getByTestId("quote-reference").locator("strong").textContent()) ?? "";
    expect(stored(reference)?.files).toEqual([
      { name: "drawing.pdf", size: 600 },
      { name: "artwork.png", size: 3008 },
    ]);
  });

  test("works with the keyboard alone", async ({ page }) => {
    const openedAt = await openQuote(page, "?area=packaging");
    const company = page.getByLabel("Company");
    await tabTo(page, company, 60);
    await page.keyboard.type("Keyboard Kartons");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Kit Keys");
    await page.keyboard.press("Tab");
    await page.keyboard.type(`quote-kbd-${Date.now()}@example.com`);
    const description = row(page, 1).getByLabel("Item number or description");
    await tabTo(page, description, 10);
    await page.keyboard.type("Stretch film 18 in");
    await page.keyboard.press("Tab");
    await page.keyboard.type("6");
    await waitMinimumFill(openedAt);
    // Enter in a field sends the request (not 'Add item', the form's first button).
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeFocused();
  });

  test("the links beside the e-mail drafts open the form with the product area chosen", async ({ page }) => {
    await page.goto("/products");
    const labels = page.locator("section#labels");
    // Beside the sample draft, the form opens with the draft's subject as the first item.
    await expect(labels.getByRole("link", { name: "Get a quote online" })).toHaveAttribute(
      "href",
      "/quote?area=labels&item=Label+Sample+Request",
    );
    await expect(
      page.locator("section#packaging").getByRole("link", { name: "Get a quote online" }),
    ).toHaveAttribute("href", "/quote?area=packaging");
    // One beside each draft that asks for a price, a sample or a service: ten in all.
    await expect(page.locator('main a[href^="/quote"]')).toHaveCount(10);
    await page.goto("/protective-packaging");
    await expect(page.getByRole("link", { name: "Get a quote online" })).toHaveAttribute(
      "href",
      "/quote?area=die-cut-foams",
    );
    await page.goto("/resources");
    await expect(page.getByRole("link", { name: "Get a quote online" })).toHaveAttribute("href", "/quote");
    await waitForHydration(page);
    await page.goto("/products");
    await waitForHydration(page);
    await labels.getByRole("link", { name: "Get a quote online" }).click();
    await expect(page).toHaveURL(/\/quote\?area=labels&item=Label\+Sample\+Request$/);
    await expect(row(page, 1).getByLabel("Product area")).toHaveValue("labels");
    await expect(row(page, 1).getByLabel("Item number or description")).toHaveValue("Label Sample Request");
  });
});

test.describe("quote request without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Add item keeps what was typed and says files must be chosen again; sending shows the reference", async ({
    page,
  }) => {
    await openQuote(page, "?area=labels", false);
    const email = `quote-nojs-${Date.now()}@example.com`;
    await fillContact(page, email);
    await row(page, 1).getByLabel("Item number or description").fill("Freezer labels 2x1");
    await row(page, 1).getByLabel("Quantity").fill("24");
    await page.getByLabel("Paste a list (optional)").fill("ITEM-77, 3");
    await page
      .getByLabel("Attachments (optional)")
      .setInputFiles([{ name: "drawing.pdf", mimeType: "application/pdf", buffer: pdf() }]);
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByRole("status")).toContainText("files are not kept");
    await expect(page.getByRole("group", { name: /^Item \d+$/ })).toHaveCount(5);
    await expect(page.getByLabel("Company")).toHaveValue("Harbor Freightworks");
    await expect(row(page, 1).getByLabel("Quantity")).toHaveValue("24");
    await expect(row(page, 2).getByLabel("Item number or description")).toHaveValue("ITEM-77");
    await expect(row(page, 3).getByLabel("Product area")).toHaveValue("labels");
    const openedAt = Date.now();

    await row(page, 3).getByLabel("Item number or description").fill("Core labels");
    await row(page, 3).getByLabel("Quantity").fill("2");
    await row(page, 3).getByLabel("Unit", { exact: true }).selectOption("case");
    await page
      .getByLabel("Attachments (optional)")
      .setInputFiles([{ name: "drawing.pdf", mimeType: "application/pdf", buffer: pdf() }]);
    await waitMinimumFill(openedAt);
    const answer = page.waitForResponse(
      (res) => res.url().endsWith("/quote") && res.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeVisible();
    const reference = (await page.getByTestId("quote-reference").locator("strong").textContent()) ?? "";
    const request = stored(reference);
    expect(request?.items.map((item) => item.description)).toEqual([
      "Freezer labels 2x1",
      "ITEM-77",
      "Core labels",
    ]);
    expect(request?.files).toHaveLength(1);
  });

  test("a refused post comes back with the message and what was typed", async ({ page }) => {
    await openQuote(page, "", false);
    await page.getByLabel("Company").fill("Typed Company");
    await page.getByLabel("Email").fill("typed@example");
    await row(page, 1).getByLabel("Item number or description").fill("Typed item");
    await new Promise((resolve) => setTimeout(resolve, QUOTE_MIN_FILL_MS));
    const answer = page.waitForResponse(
      (res) => res.url().endsWith("/quote") && res.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Please enter your name.");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAccessibleDescription(
      "Please enter your name.",
    );
    await expect(page.getByLabel("Company")).toHaveValue("Typed Company");
    await expect(page.getByLabel("Email")).toHaveValue("typed@example");
    await expect(row(page, 1).getByLabel("Item number or description")).toHaveValue("Typed item");
  });
});

test.describe("contact references", () => {
  test("the Thank You! panel shows the message's reference, with and without JavaScript", async ({
    page,
    browser,
  }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto("/contact");
    await waitForHydration(page);
    await fillContactForm(page, {
      name: "Ref Tester",
      email: `ref-${Date.now()}@example.com`,
      message: "Do you stock 4x6 labels?",
    });
    await sendContactForm(page);
    await expect(page.getByTestId("contact-reference")).toHaveText(
      /^Your reference: C-[2-9A-HJKMNP-TW-Z]{6}$/,
    );

    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await plain.goto("/contact");
    await plain.getByRole("textbox", { name: "Name", exact: true }).fill("Ref Tester");
    await plain
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(`ref-nojs-${Date.now()}@example.com`);
    await plain.getByRole("textbox", { name: "Message", exact: true }).fill("Plain post.");
    await plain.getByRole("button", { name: "Send Message" }).click();
    await expect(plain.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(plain.getByTestId("contact-reference")).toHaveText(/^Your reference: C-/);
    await context.close();
  });
});

test.describe("quote page quality", () => {
  test("the served HTML, plain and with a refused post's messages, is valid per the Nu HTML Checker", async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const dir = mkdtempSync(path.join(tmpdir(), "vnu-quote-"));
    try {
      const plain = await request.get("/quote?area=die-cut-foams");
      expect(plain.status()).toBe(200);
      const refused = await request.post("/quote", {
        headers: { "x-forwarded-for": uniqueClientAddress() },
        multipart: { company: "", email: "x", "items[0].description": "", intent: "send" },
      });
      expect(refused.status()).toBe(400);
      const files = [path.join(dir, "plain.html"), path.join(dir, "refused.html")];
      writeFileSync(files[0] ?? "", await plain.body());
      writeFileSync(files[1] ?? "", await refused.body());
      const errors = vnuErrors(files).map((m) => `${m.message} ${m.extract ?? ""}`);
      expect(errors, errors.join("\n")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("first-load JavaScript of /quote stays within the site's page budget (145 KB compressed)", async ({
    page,
  }) => {
    await page.setViewportSize(viewports.phone);
    await page.goto("/quote", { waitUntil: "networkidle" });
    await waitForHydration(page);
    const bytes = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .reduce((total, entry) => total + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    );
    console.info(`[budget] /quote first-load JS ${(bytes / 1024).toFixed(1)} KB compressed`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(145 * 1024);
  });
});
