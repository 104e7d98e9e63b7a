import { type Browser, expect, type Locator, type Page, type Response, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  uniqueClientAddress,
  viewports,
  waitForHydration,
  waitMinimumFill,
} from "./support";

/*
 * Messages beside the fields (docs/product.md#field-errors): each invalid field is marked
 * aria-invalid="true", its message is tied to it by aria-describedby, and the first invalid field has
 * the focus, with JavaScript (checked in the browser, or answered by the server) and without (the page
 * the server renders after the post). The notices keep their titles and order.
 */

async function open(page: Page, path: string, hydrate: boolean): Promise<number> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  await page.goto(path);
  if (hydrate) await waitForHydration(page);
  return Date.now();
}

/** The field is invalid, names `errorId` in aria-describedby, and that element says `message`. */
async function expectInvalid(field: Locator, errorId: string, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`(^| )${errorId}( |$)`));
  await expect(field.page().locator(`#${errorId}`)).toHaveText(message);
  await expect(field).toHaveAccessibleDescription(
    typeof message === "string" ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) : message,
  );
}

async function expectValid(field: Locator, errorId: string): Promise<void> {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(field.page().locator(`#${errorId}`)).toHaveCount(0);
}

const visibleToast = (page: Page) => page.locator("[data-sonner-toast][data-visible='true']");

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  await expect(visibleToast(page)).toHaveCount(1);
  await expect(visibleToast(page).locator("[data-title]")).toHaveText(title);
  await expect(visibleToast(page).locator("[data-description]")).toHaveText(description);
}

/** axe judges colours as painted: let the toast's slide and fade finish first. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length))
    .toBe(0);
}

/** Presses the form's button and waits for the page the server answers the post with. */
async function post(page: Page, button: string, path: string): Promise<Response> {
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === path && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: button, exact: true }).click();
  return answer;
}

/**
 * axe runs as a script, which a page without JavaScript cannot run: the HTML the server answered is
 * checked in a page of its own that loads the same styles but none of the site's scripts.
 */
async function expectServedPageAxeClean(
  browser: Browser,
  answer: Response,
  viewport: { width: number; height: number },
): Promise<void> {
  const html = await answer.text();
  // The test's own options (JavaScript off) would apply to this context too: turn it on here.
  const context = await browser.newContext({ viewport, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.route("**/*", (route) => {
      if (route.request().resourceType() === "script") return route.abort();
      if (route.request().resourceType() === "document")
        return route.fulfill({ status: answer.status(), contentType: "text/html", body: html });
      return route.continue();
    });
    await page.goto(answer.url());
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
}

const contactField = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

/** The contact form's messages under each field (docs/product.md#contact-form). */
const CONTACT_FIELD_ERRORS = {
  Name: ["contact-name-error", "Please enter your name."],
  Email: ["contact-email-error", "Please enter a valid email address."],
  Message: ["contact-message-error", "Please enter your message."],
} as const;

async function expectContactInvalid(page: Page, label: keyof typeof CONTACT_FIELD_ERRORS): Promise<void> {
  const [errorId, message] = CONTACT_FIELD_ERRORS[label];
  await expectInvalid(contactField(page, label), errorId, message);
}
const newsletterEmail = (page: Page) => page.getByRole("textbox", { name: "Email address" });
const quoteRow = (page: Page, n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });

async function fillQuote(page: Page, { name = "Rae Lindqvist" } = {}) {
  await page.getByLabel("Company").fill("Harbor Freightworks");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByLabel("Email").fill(`field-errors-${Date.now()}@example.com`);
  await quoteRow(page, 1).getByLabel("Item number or description").fill("Pallet labels");
  await quoteRow(page, 1).getByLabel("Quantity").fill("10");
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`field errors with JavaScript at ${viewport.width} px`, () => {
    test.use({ viewport });
    // axe over a whole page takes a while on a busy machine.
    test.describe.configure({ timeout: 60_000 });

    test(`contact: an empty name is marked, described and focused; the toast is unchanged (${label})`, async ({
      page,
    }) => {
      await open(page, "/contact", true);
      await contactField(page, "Email").fill("jordan@example.com");
      await contactField(page, "Message").fill("Labels, please.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, "Name Required", "Please enter your name.");
      const name = contactField(page, "Name");
      await expectInvalid(name, "contact-name-error", "Please enter your name.");
      await expect(name).toBeFocused();
      await expectValid(contactField(page, "Email"), "contact-email-error");
      await settled(page);
      await expectNoAxeViolations(page);
      // Corrected, the message goes.
      await name.fill("Jordan Miles");
      await expectValid(name, "contact-name-error");
    });

    test(`contact: several invalid fields at once, the first focused (${label})`, async ({ page }) => {
      await open(page, "/contact", true);
      await contactField(page, "Email").fill("jordan at example");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, "Name Required", "Please enter your name.");
      await expectContactInvalid(page, "Name");
      await expectContactInvalid(page, "Email");
      await expectContactInvalid(page, "Message");
      await expectValid(contactField(page, "Phone (optional)"), "contact-phone-error");
      await expect(contactField(page, "Name")).toBeFocused();
      await settled(page);
      await expectNoAxeViolations(page);

      // The next notice is the next rule, and the focus goes to its field.
      await contactField(page, "Name").fill("Jordan Miles");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, "Invalid Email", "Please enter a valid email address.");
      await expect(contactField(page, "Email")).toBeFocused();
      await expectValid(contactField(page, "Name"), "contact-name-error");
      await expectContactInvalid(page, "Message");
    });

    test(`contact: the server's field messages are shown the same way (${label})`, async ({ page }) => {
      await open(page, "/contact", true);
      // An answer the browser's own check cannot produce: the server refuses the e-mail field.
      await page.route("/api/contact", (route) =>
        route.fulfill({
          status: 400,
          json: {
            ok: false,
            title: "Invalid Email",
            message: "Please enter a valid email address.",
            fieldErrors: { email: "Please enter a valid email address." },
          },
        }),
      );
      await contactField(page, "Name").fill("Jordan Miles");
      await contactField(page, "Email").fill("jordan@example.com");
      await contactField(page, "Message").fill("Labels, please.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expectToast(page, "Invalid Email", "Please enter a valid email address.");
      await expectContactInvalid(page, "Email");
      await expect(contactField(page, "Email")).toBeFocused();
    });

    test(`newsletter: a blank address is marked, described with its note and focused (${label})`, async ({
      page,
    }) => {
      await open(page, "/resources", true);
      await page.getByRole("button", { name: "Subscribe", exact: true }).click();
      await expectToast(page, "Email Required", "Please enter your email address");
      const email = newsletterEmail(page);
      await expectInvalid(email, "newsletter-email-error", "Please enter your email address");
      // The privacy note still describes the field, after the message.
      await expect(email).toHaveAttribute("aria-describedby", "newsletter-email-error newsletter-email-hint");
      await expect(email).toBeFocused();
      await settled(page);
      await expectNoAxeViolations(page);
      await email.fill("buyer@example");
      await expectValid(email, "newsletter-email-error");
      await page.getByRole("button", { name: "Subscribe", exact: true }).click();
      await expectToast(page, "Invalid Email", "Please enter a valid email address");
      await expectInvalid(email, "newsletter-email-error", "Please enter a valid email address");
    });

    test(`quote: a missing name is marked, described and listed in the focused error summary (${label})`, async ({
      page,
    }) => {
      await open(page, "/quote", true);
      await fillQuote(page, { name: "" });
      await page.getByRole("button", { name: "Send Quote Request" }).click();
      const summary = page.getByTestId("quote-error-summary");
      await expect(summary).toBeFocused();
      await expect(page.getByRole("alert")).toContainText("There is a problem");
      await expect(page.getByRole("alert")).toContainText("Please enter your name.");
      const name = page.getByRole("textbox", { name: "Name", exact: true });
      await expectInvalid(name, "quote-name-error", "Please enter your name.");
      await summary.getByRole("link", { name: "Please enter your name." }).click();
      await expect(name).toBeFocused();
      await expectValid(page.getByLabel("Company"), "quote-company-error");
      await expectNoAxeViolations(page);
    });

    test(`quote: a refused file comes back keyed to the attachments field (${label})`, async ({ page }) => {
      const openedAt = await open(page, "/quote", true);
      await fillQuote(page);
      const files = page.getByLabel("Attachments (optional)");
      await files.setInputFiles([
        { name: "quote.pdf", mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><p>x</p>") },
      ]);
      await waitMinimumFill(openedAt);
      const answer = page.waitForResponse((res) => res.url().endsWith("/api/quote"));
      await page.getByRole("button", { name: "Send Quote Request" }).click();
      const body = (await (await answer).json()) as { title: string; fieldErrors?: Record<string, string> };
      expect(body.title).toBe("File Type Not Accepted");
      expect(body.fieldErrors?.files).toContain('"quote.pdf" was not accepted');
      await expectInvalid(files, "quote-files-error", /"quote\.pdf" was not accepted/);
      // The hint about accepted files still describes the field, after the message.
      await expect(files).toHaveAttribute("aria-describedby", "quote-files-error quote-files-hint");
      await expect(page.getByTestId("quote-error-summary")).toBeFocused();
      await page.getByTestId("quote-error-summary").getByRole("link").click();
      await expect(files).toBeFocused();
      await expectNoAxeViolations(page);
    });
  });

  test.describe(`field errors without JavaScript at ${viewport.width} px`, () => {
    test.use({ viewport, javaScriptEnabled: false });
    // axe over a whole page takes a while on a busy machine.
    test.describe.configure({ timeout: 60_000 });

    test(`contact: the page marks the empty name and focuses it (${label})`, async ({ page, browser }) => {
      await open(page, "/contact", false);
      await contactField(page, "Email").fill("sam@example.com");
      await contactField(page, "Message").fill("Keep this text.");
      const answer = await post(page, "Send Message", "/contact");
      expect(answer.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("Name Required");
      await expect(page.getByRole("alert")).toContainText("Please enter your name.");
      const name = contactField(page, "Name");
      await expectInvalid(name, "contact-name-error", "Please enter your name.");
      await expect(name).toBeFocused();
      await expect(contactField(page, "Message")).toHaveValue("Keep this text.");
      await expectServedPageAxeClean(browser, answer, viewport);
    });

    test(`contact: several invalid fields, the first focused (${label})`, async ({ page, browser }) => {
      await open(page, "/contact", false);
      await contactField(page, "Name").fill("Sam Reed");
      await contactField(page, "Email").fill("not-an-address");
      const answer = await post(page, "Send Message", "/contact");
      expect(answer.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("Invalid Email");
      await expectValid(contactField(page, "Name"), "contact-name-error");
      await expectContactInvalid(page, "Email");
      await expectContactInvalid(page, "Message");
      await expect(contactField(page, "Email")).toBeFocused();
      await expect(contactField(page, "Email")).toHaveValue("not-an-address");
      await expectServedPageAxeClean(browser, answer, viewport);
    });

    test(`newsletter: the page marks the refused address and focuses it (${label})`, async ({
      page,
      browser,
    }) => {
      await open(page, "/resources", false);
      await newsletterEmail(page).fill("nope@");
      const answer = await post(page, "Subscribe", "/resources");
      expect(answer.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("Invalid Email");
      const email = newsletterEmail(page);
      await expectInvalid(email, "newsletter-email-error", "Please enter a valid email address");
      await expect(email).toBeFocused();
      await expect(email).toHaveValue("nope@");
      await expectServedPageAxeClean(browser, answer, viewport);
    });

    test(`quote: the page marks the missing name and focuses it (${label})`, async ({ page, browser }) => {
      const openedAt = await open(page, "/quote", false);
      await fillQuote(page, { name: "" });
      await waitMinimumFill(openedAt);
      const answer = await post(page, "Send Quote Request", "/quote");
      expect(answer.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("There is a problem");
      await expect(page.getByRole("alert")).toContainText("Please enter your name.");
      const name = page.getByRole("textbox", { name: "Name", exact: true });
      await expectInvalid(name, "quote-name-error", "Please enter your name.");
      await expect(name).toBeFocused();
      await expect(page.getByLabel("Company")).toHaveValue("Harbor Freightworks");
      await expectServedPageAxeClean(browser, answer, viewport);
    });

    test(`unsubscribe: the page marks the refused address and focuses it (${label})`, async ({
      page,
      browser,
    }) => {
      await open(page, "/newsletter/unsubscribe", false);
      const email = page.getByRole("textbox", { name: "Email address" });
      await email.fill("not an address");
      const answer = await post(page, "Send unsubscribe link", "/newsletter/unsubscribe");
      expect(answer.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText("Invalid Email");
      await expectInvalid(email, "unsubscribe-email-error", "Please enter a valid email address");
      await expect(email).toBeFocused();
      await expectServedPageAxeClean(browser, answer, viewport);
    });
  });
}
