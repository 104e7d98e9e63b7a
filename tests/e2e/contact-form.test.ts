import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import {
  fillContactForm,
  holdRequests,
  mailMentioning,
  sendContactForm,
  testDataDir,
  uniqueClientAddress,
  waitForHydration,
} from "./support";

const SALES = "sales@ridgeline-supply.example";

function storedSubmissions(
  email: string,
): Array<{ name: string; email: string; phone: string | null; message: string }> {
  const db = new Database(path.join(testDataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("select name, email, phone, message from contact_submissions where email = ?")
      .all(email) as Array<{
      name: string;
      email: string;
      phone: string | null;
      message: string;
    }>;
  } finally {
    db.close();
  }
}

async function openContact(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  await page.goto("/contact");
  await waitForHydration(page);
}

const visibleToast = (page: Page) => page.locator("[data-sonner-toast][data-visible='true']");

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = visibleToast(page);
  await expect(toast).toHaveCount(1);
  await expect(toast.locator("[data-title]")).toHaveText(title);
  await expect(toast.locator("[data-description]")).toHaveText(description);
}

test.describe("contact form in the browser", () => {
  test("checks the fields in the documented order, one notice at a time", async ({ page }) => {
    await openContact(page);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Send Message" }) });
    const send = form.getByRole("button", { name: "Send Message" });

    await send.click();
    await expectToast(page, "Name Required", "Please enter your name.");
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();

    // Each step changes one field; the notice is then the first field still wrong.
    const steps = [
      ["Name", "   ", "Name Required", "Please enter your name."],
      ["Name", "Jordan Miles", "Email Required", "Please enter your email address."],
      ["Email", "jordan at example", "Invalid Email", "Please enter a valid email address."],
      ["Email", "jordan@example.com", "Message Required", "Please enter your message."],
    ] as const;
    for (const [field, value, title, text] of steps) {
      await form.getByRole("textbox", { name: field, exact: true }).fill(value);
      await send.click();
      await expectToast(page, title, text);
    }
    await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveAttribute("rows", "5");
  });

  test("sends, shows 'Sending...' while busy, thanks the visitor and resets to an empty form", async ({
    page,
  }) => {
    await openContact(page);
    const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Avery Stone");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Phone (optional)", exact: true }).fill("(555) 010-2000");
    await page
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("Quote for 20 rolls of 4x6 direct thermal labels, please.");

    // Hold the answer back a moment, so the busy state can be seen.
    const release = await holdRequests(page, "/api/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const busy = page.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeDisabled();
    release();

    await expectToast(page, "Message Sent!", "Thank you for your submission! We'll get back to you soon.");
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeFocused();

    expect(storedSubmissions(email)).toEqual([
      {
        name: "Avery Stone",
        email,
        phone: "(555) 010-2000",
        message: "Quote for 20 rolls of 4x6 direct thermal labels, please.",
      },
    ]);
    // The notification to sales, and the visitor's acknowledgement (docs/quotes.md), which repeats nothing
    // typed. Each is told apart by whom it goes to: mail is sent at least once, and a copy of either may
    // arrive again under load, with the same Message-ID (the workers' own tests count deliveries).
    const to = (address: string) =>
      mailMentioning(email).filter((mail) =>
        mail.split("\n").some((line) => line.startsWith(`To: ${address}`)),
      );
    await expect
      .poll(() => [to(SALES).length > 0, to(email).length > 0], { timeout: 10_000 })
      .toEqual([true, true]);
    const eml = to(SALES)[0] ?? "";
    for (const acknowledgement of to(email)) expect(acknowledgement).not.toContain("Avery");
    expect(eml).toMatch(new RegExp(`Reply-To: .*${email.replace(/[.]/g, "\\.")}`));
    expect(eml).toContain("Avery Stone");

    await page.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  });

  test("when the server cannot be reached: 'Submission Failed' with the sales address, and nothing typed is lost", async ({
    page,
  }) => {
    await openContact(page);
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.route("/api/contact", (route) => route.abort("connectionrefused"));
    await fillContactForm(page, {
      name: "Casey Park",
      email: "casey@example.com",
      message: "Do you repair Zebra ZT410 print heads?",
    });
    await page.getByRole("button", { name: "Send Message" }).click();

    await expectToast(
      page,
      "Submission Failed",
      `There was an issue submitting your form. Please try again or email ${SALES}.`,
    );
    await expect(visibleToast(page).getByRole("link", { name: SALES })).toHaveAttribute(
      "href",
      `mailto:${SALES}`,
    );
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Casey Park");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
      "Do you repair Zebra ZT410 print heads?",
    );
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(errors.some((text) => text.includes("/api/contact"))).toBe(true);
  });

  test("when the server could not store the message: 'Submission Failed'", async ({ page }) => {
    await openContact(page);
    await page.route("/api/contact", (route) =>
      route.fulfill({
        status: 500,
        json: {
          ok: false,
          title: "Submission Failed",
          message: "There was an issue submitting your form. Please try again or email",
        },
      }),
    );
    await fillContactForm(page, { name: "Casey Park", email: "casey@example.com", message: "Hello" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectToast(
      page,
      "Submission Failed",
      `There was an issue submitting your form. Please try again or email ${SALES}.`,
    );
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Hello");
  });

  test("the home page's form carries name, e-mail and message into the contact form, not into the URL", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("First Name", { exact: true }).fill("Robin");
    await page.getByLabel("Last Name", { exact: true }).fill("Hale");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("robin.hale@example.com");
    await page.getByLabel("Company", { exact: true }).fill("Hale Foods");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("We need freezer-grade labels.");
    await page.getByRole("button", { name: "Send Message" }).click();
    // Lands on the filled form (docs/product.md#home-message-form).
    await expect(page).toHaveURL("/contact#contact-form");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Robin Hale");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
      "robin.hale@example.com",
    );
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
      "We need freezer-grade labels.\n\nCompany: Hale Foods",
    );
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain POST shows the thank-you panel", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto("/contact");
    const email = `nojs-${Date.now()}@example.com`;
    await fillContactForm(page, {
      name: "Sam Reed",
      email,
      message: "Please call me about pallet racking labels.",
    });
    await sendContactForm(page);
    expect(storedSubmissions(email)).toHaveLength(1);
  });

  test("a refused POST shows the message and keeps what was typed", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto("/contact");
    await fillContactForm(page, { name: "Sam Reed", email: "not-an-address", message: "Keep this text." });
    const response = page.waitForResponse(
      (res) => res.url().endsWith("/contact") && res.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Invalid Email");
    await expect(page.getByRole("alert")).toContainText("Please enter a valid email address.");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Sam Reed");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Keep this text.");
  });
});

test.describe("contact endpoints", () => {
  test("form-encoded POSTs to /contact answer the statuses and exact texts", async ({ request }) => {
    const client = { "x-forwarded-for": uniqueClientAddress() };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ name: "", email: "a@b.co", message: "x" }, 400, "Please enter your name."],
      [{ name: "A", email: "", message: "x" }, 400, "Please enter your email address."],
      [{ name: "A", email: "a b@c.d", message: "x" }, 400, "Please enter a valid email address."],
      [{ name: "A", email: "a@b.co", message: " " }, 400, "Please enter your message."],
      [{ name: "A", email: "a@b.co", message: "Hello" }, 200, "Thank You!"],
    ];
    for (const [form, status, text] of cases) {
      const response = await request.post("/contact", { form, headers: client });
      expect(response.status(), JSON.stringify(form)).toBe(status);
      expect(await response.text()).toContain(text);
    }
  });

  test("POST /api/contact answers JSON; the honeypot is answered as success and stores nothing", async ({
    request,
  }) => {
    const headers = { "x-forwarded-for": uniqueClientAddress() };
    const email = `bot-${Date.now()}@example.com`;
    const bot = await request.post("/api/contact", {
      headers,
      data: { name: "Bot", email, message: "Buy now", website: "http://spam.example" },
    });
    expect(bot.status()).toBe(200);
    expect(await bot.json()).toEqual({
      ok: true,
      title: "Message Sent!",
      message: "Thank you for your submission! We'll get back to you soon.",
      // Like a real answer's, so a bot cannot tell (docs/quotes.md); nothing is stored under it.
      reference: expect.stringMatching(/^C-[2-9A-HJKMNP-TW-Z]{6}$/),
    });
    expect(storedSubmissions(email)).toHaveLength(0);

    const missing = await request.post("/api/contact", {
      headers,
      data: { name: "A", email: "a@b.co", message: "" },
    });
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toEqual({
      ok: false,
      title: "Message Required",
      message: "Please enter your message.",
      fieldErrors: { message: "Please enter your message." },
    });
  });

  test("a client sending too many messages is refused with 429", async ({ request }) => {
    const headers = { "x-forwarded-for": uniqueClientAddress() };
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await request.post("/api/contact", {
        headers,
        data: { name: "Flood", email: `flood-${index}@example.com`, message: "again" },
      });
      statuses.push(response.status());
      if (response.status() === 429) {
        expect((await response.json()).title).toBe("Too Many Requests");
        expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    // The limit is per client: someone else is not affected.
    const other = await request.post("/api/contact", {
      headers: { "x-forwarded-for": uniqueClientAddress() },
      data: { name: "Other", email: "other@example.com", message: "hello" },
    });
    expect(other.status()).toBe(200);
  });
});
