import { expect, type Page, test } from "@playwright/test";
import { holdRequests, uniqueClientAddress, waitForHydration } from "./support";

const TEXT = {
  // The fixed success text, then the sentence that asks for the double opt-in confirmation (docs/newsletter.md).
  success: [
    "Successfully Subscribed!",
    "Thank you for subscribing to our newsletter. You'll receive updates about manufacturing tips and industry insights. Please confirm your subscription with the link we just sent to your inbox.",
  ],
  already: ["Already Subscribed", "This email address is already subscribed to our newsletter."],
  tooMany: ["Too Many Attempts", "Too many subscription attempts. Please try again tomorrow."],
  failed: ["Subscription Failed", "There was an error subscribing to our newsletter. Please try again."],
  required: ["Email Required", "Please enter your email address"],
  invalid: ["Invalid Email", "Please enter a valid email address"],
} as const;

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function openResources(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  await page.goto("/resources");
  await waitForHydration(page);
}

async function expectToast(page: Page, [title, description]: readonly [string, string]): Promise<void> {
  const toast = page.locator("[data-sonner-toast][data-visible='true']");
  await expect(toast).toHaveCount(1);
  await expect(toast.locator("[data-title]")).toHaveText(title);
  await expect(toast.locator("[data-description]")).toHaveText(description);
}

const emailField = (page: Page) => page.getByRole("textbox", { name: "Email address" });
const subscribe = (page: Page) => page.getByRole("button", { name: "Subscribe", exact: true });

test.describe("newsletter signup in the browser", () => {
  test("validates blank, malformed and over-long addresses with the documented texts", async ({ page }) => {
    await openResources(page);
    await subscribe(page).click();
    await expectToast(page, TEXT.required);
    await emailField(page).fill("   ");
    await subscribe(page).click();
    await expectToast(page, TEXT.required);
    await emailField(page).fill("buyer@example");
    await subscribe(page).click();
    await expectToast(page, TEXT.invalid);
    await emailField(page).fill(`${"a".repeat(244)}@example.com`);
    await subscribe(page).click();
    await expectToast(page, TEXT.invalid);
    await expect(emailField(page)).toHaveValue(`${"a".repeat(244)}@example.com`);
  });

  test("subscribes (trimmed, case-insensitive), shows 'Subscribing...' while busy and clears the field", async ({
    page,
  }) => {
    await openResources(page);
    const email = uniqueEmail("Plant.Manager");
    const release = await holdRequests(page, "/api/newsletter");
    await emailField(page).fill(`  ${email.toUpperCase()}  `);
    await subscribe(page).click();
    await expect(page.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    release();
    await expectToast(page, TEXT.success);
    await expect(emailField(page)).toHaveValue("");

    // The same address in other letter case is the same (still unconfirmed) subscriber: signing up
    // again is accepted, and counts as an attempt.
    // The same text twice in a row: the cleared field, not the toast, shows that the answer came.
    for (let i = 0; i < 2; i++) {
      await emailField(page).fill(email.toLowerCase());
      await subscribe(page).click();
      await expect(emailField(page)).toHaveValue("");
      await expectToast(page, TEXT.success);
    }
    await emailField(page).fill(email.toLowerCase());
    await subscribe(page).click();
    await expectToast(page, TEXT.tooMany);
    await expect(emailField(page)).toHaveValue(email.toLowerCase());
  });

  test("when the server cannot be reached: 'Subscription Failed', and the address stays", async ({
    page,
  }) => {
    await openResources(page);
    await page.route("/api/newsletter", (route) => route.abort("connectionreset"));
    await emailField(page).fill("someone@example.com");
    await subscribe(page).click();
    await expectToast(page, TEXT.failed);
    await expect(emailField(page)).toHaveValue("someone@example.com");
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain POST to /resources shows the outcome on the page", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto("/resources");
    const email = uniqueEmail("nojs");
    await emailField(page).fill(email);
    const first = page.waitForResponse(
      (res) => res.url().endsWith("/resources") && res.request().method() === "POST",
    );
    await subscribe(page).click();
    expect((await first).status()).toBe(200);
    await expect(page.getByRole("status")).toContainText(TEXT.success[0]);

    await expect(page.getByRole("status")).toContainText(TEXT.success[1]);

    // 'Already Subscribed' is for confirmed addresses: a bad address shows the error and keeps it.
    await emailField(page).fill("nope@");
    const second = page.waitForResponse(
      (res) => res.url().endsWith("/resources") && res.request().method() === "POST",
    );
    await subscribe(page).click();
    expect((await second).status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText(TEXT.invalid[1]);
    await expect(emailField(page)).toHaveValue("nope@");
  });
});

test.describe("newsletter endpoints", () => {
  test("form-encoded POSTs to /resources answer 200, 400 and 429 with the exact texts", async ({
    request,
  }) => {
    const headers = { "x-forwarded-for": uniqueClientAddress() };
    const email = uniqueEmail("status");
    const post = (value: string) => request.post("/resources", { form: { email: value }, headers });
    const expectAnswer = async (
      value: string,
      status: number,
      [title, message]: readonly [string, string],
    ) => {
      const response = await post(value);
      expect(response.status(), value).toBe(status);
      const html = await response.text();
      expect(html).toContain(title);
      expect(html).toContain(message.replace("'", "&#x27;"));
    };
    await expectAnswer("", 400, TEXT.required);
    await expectAnswer("nope", 400, TEXT.invalid);
    await expectAnswer(email, 200, TEXT.success);
    // Unconfirmed: a new signup is accepted (and re-sends the confirmation at most once an hour).
    await expectAnswer(email.toUpperCase(), 200, TEXT.success);
    await expectAnswer(email, 200, TEXT.success);
    await expectAnswer(email, 429, TEXT.tooMany);
  });

  test("the 255/256-character boundary", async ({ request }) => {
    const headers = { "x-forwarded-for": uniqueClientAddress() };
    const at255 = `${"b".repeat(243 - 6)}${Date.now().toString().slice(-6)}@example.com`;
    expect(at255).toHaveLength(255);
    const ok = await request.post("/api/newsletter", { data: { email: at255 }, headers });
    expect(ok.status()).toBe(200);
    const tooLong = await request.post("/api/newsletter", { data: { email: `c${at255}` }, headers });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.json()).toEqual({
      ok: false,
      title: TEXT.invalid[0],
      message: TEXT.invalid[1],
      fieldErrors: { email: TEXT.invalid[1] },
    });
  });

  test("20 concurrent attempts for one new address: 3 accepted (pending), 17 too many", async ({
    request,
  }) => {
    const email = uniqueEmail("rush");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request.post("/resources", {
          form: { email },
          headers: { "x-forwarded-for": uniqueClientAddress() },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status());
    const count = (status: number) => statuses.filter((value) => value === status).length;
    expect({ ok: count(200), already: count(409), tooMany: count(429) }).toEqual({
      ok: 3,
      already: 0,
      tooMany: 17,
    });
  });
});
