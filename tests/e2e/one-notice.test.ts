import { expect, type Page, test } from "@playwright/test";
import { holdRequests, uniqueClientAddress, viewports, waitForHydration } from "./support";

/*
 * One notice at a time (docs/product.md#field-errors): after any submit the only notice on screen is
 * the latest one, in the toast or in the form's banner, never both with different texts, and a banner
 * never names a field that is now valid. A form first posted before its scripts ran comes back with a
 * banner; the scripts then take over and the next submit answers with a toast.
 */

const toastTitles = (page: Page) => page.locator("[data-sonner-toast][data-visible='true'] [data-title]");
const banner = (page: Page, form: string) => page.locator(`${form} [role=alert]`);

/** Opens `path` with its scripts held back, so the first submit is a plain post, as on a slow line. */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
  const release = await holdRequests(page, "**/assets/*.js");
  await page.goto(path);
  return release;
}

/** Posts the form without its scripts and waits for the page the server answers with. */
async function postPlain(page: Page, button: string, path: string): Promise<void> {
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === path && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: button, exact: true }).click();
  await answer;
  await page.waitForLoadState("load");
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`one notice at a time at ${viewport.width} px (${label})`, () => {
    test.use({ viewport });
    // Two page loads and the scripts' first load each: more than the default on a busy machine.
    test.describe.configure({ timeout: 60_000 });

    test("contact: a blank name, then a blank e-mail, shows 'Email Required' alone", async ({ page }) => {
      const release = await openWithScriptsHeld(page, "/contact");
      await postPlain(page, "Send Message", "/contact");
      await expect(banner(page, "#contact-form")).toContainText("Name Required");
      release();
      await waitForHydration(page);
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Dana Cole");
      // The banner named the name, which is now filled: it goes at once.
      await expect(banner(page, "#contact-form")).toHaveCount(0);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(toastTitles(page)).toHaveText(["Email Required"]);
      await expect(banner(page, "#contact-form")).toHaveCount(0);
    });

    test("contact: a banner no field explains gives way to the next submit's toast", async ({ page }) => {
      const release = await openWithScriptsHeld(page, "/contact");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Dana Cole");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-address");
      await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello");
      await postPlain(page, "Send Message", "/contact");
      await expect(banner(page, "#contact-form")).toContainText("Invalid Email");
      release();
      await waitForHydration(page);
      await page.getByRole("textbox", { name: "Message", exact: true }).fill("");
      // The banner names the e-mail, still invalid: it stays until the next submit.
      await expect(banner(page, "#contact-form")).toContainText("Invalid Email");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(toastTitles(page)).toHaveText(["Invalid Email"]);
      await expect(banner(page, "#contact-form")).toHaveCount(0);
    });

    test("newsletter: a refused address's banner goes with the next submit", async ({ page }) => {
      const release = await openWithScriptsHeld(page, "/resources");
      const form = "#newsletter";
      const field = page.locator("#newsletter-email");
      await field.fill("not-an-address");
      await postPlain(page, "Subscribe", "/resources");
      await expect(banner(page, form)).toContainText("Invalid Email");
      release();
      await waitForHydration(page);
      await page.locator("#newsletter-email").fill("");
      await expect(banner(page, form)).toHaveCount(0);
      await page.getByRole("button", { name: "Subscribe", exact: true }).click();
      await expect(toastTitles(page)).toHaveText(["Email Required"]);
      await expect(banner(page, form)).toHaveCount(0);
    });
  });
}

test.describe("a name of spaces only", () => {
  test("is refused as blank on /contact, and its own field is marked, with scripts", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("    ");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toastTitles(page)).toHaveText(["Name Required"]);
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.locator("#contact-name-error")).toHaveText("Please enter your name.");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  });

  test("is refused as blank on /contact, and its own field is marked, without scripts", async ({ page }) => {
    await openWithScriptsHeld(page, "/contact");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("    ");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@example.com");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello");
    await postPlain(page, "Send Message", "/contact");
    await expect(banner(page, "#contact-form")).toContainText("Name Required");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.locator("#contact-name-error")).toHaveText("Please enter your name.");
    await expect(page.locator("#contact-email-error, #contact-message-error")).toHaveCount(0);
  });

  test("is refused as blank on /quote, and its own field is marked", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto("/quote");
    await waitForHydration(page);
    await page.getByLabel("Company").fill("Quarry Lane Foods");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("   ");
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    const summary = page.getByTestId("quote-error-summary");
    await expect(summary.getByRole("link").first()).toHaveText("Please enter your name.");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  });
});

test.describe("the quote form's notices", () => {
  test("rows added without scripts are no longer announced once the next submit answers", async ({
    page,
  }) => {
    const release = await openWithScriptsHeld(page, "/quote");
    await postPlain(page, "Add item", "/quote");
    const returned = page.locator("form p[role=status]");
    await expect(returned).toHaveCount(1);
    release();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await expect(page.getByTestId("quote-error-summary")).toBeVisible();
    await expect(returned).toHaveCount(0);
    await expect(page.locator("#quote-alert")).toHaveCount(0);
  });
});
