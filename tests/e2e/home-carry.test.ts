import { expect, type Page, type Request, test } from "@playwright/test";
import { carriedMessageNote } from "../../app/content/contact";
import { uniqueClientAddress, viewports } from "./support";

/*
 * docs/product.md#home-message-form and docs/decisions/0043: the home page's Get in Touch form sends
 * nothing. With scripts its values travel to /contact inside the browser and fill the contact form;
 * without, Send Message opens an empty /contact. Every request the browser makes is watched: none may
 * carry what was typed, in its address or its body.
 */

const typed = {
  first: "Robin",
  last: "Hale",
  email: `robin.hale.${Date.now()}@example.com`,
  company: "Hale Foods Cooperative",
  message: "We need freezer-grade labels for 3 lines.",
};

/** Every request the page makes from now on: its method, address and body. */
function watchRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

function expectNothingTypedSent(requests: Request[]): void {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    const sent = decodeURIComponent(`${request.url()} ${request.postData() ?? ""}`.replace(/\+/g, " "));
    for (const value of Object.values(typed)) {
      expect(sent, `${request.method()} ${request.url()}`).not.toContain(value);
    }
    expect(request.method(), request.url()).toBe("GET");
  }
}

async function fillAndSend(page: Page): Promise<void> {
  const section = page.getByRole("region", { name: "Get in Touch" });
  await section.getByLabel("First Name", { exact: true }).fill(typed.first);
  await section.getByLabel("Last Name", { exact: true }).fill(typed.last);
  await section.getByRole("textbox", { name: "Email", exact: true }).fill(typed.email);
  await section.getByLabel("Company", { exact: true }).fill(typed.company);
  await section.getByRole("textbox", { name: "Message", exact: true }).fill(typed.message);
  await section.getByRole("button", { name: "Send Message" }).click();
  await page.waitForURL(/\/contact/);
  await page.waitForLoadState("load");
}

const contactField = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`the home form at ${viewport.width} px (${label})`, () => {
    test.use({ viewport });

    test("with scripts: fills the contact form from the browser, and no request carries a typed value", async ({
      page,
    }) => {
      await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
      await page.goto("/");
      const requests = watchRequests(page);
      await fillAndSend(page);
      await expect(page).toHaveURL("/contact#contact-form");
      await expect(page.getByText(carriedMessageNote)).toBeInViewport();
      await expect(contactField(page, "Name")).toHaveValue(`${typed.first} ${typed.last}`);
      await expect(contactField(page, "Email")).toHaveValue(typed.email);
      await expect(contactField(page, "Message")).toHaveValue(
        `${typed.message}\n\nCompany: ${typed.company}`,
      );
      // The page's scripts load on the first interaction and take the values over.
      await page.mouse.move(5, 5);
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      await page.waitForLoadState("networkidle");
      await expect(contactField(page, "Name")).toHaveValue(`${typed.first} ${typed.last}`);
      expectNothingTypedSent(requests);
      // Read once: a later visit to /contact starts empty.
      await page.goto("/contact");
      await expect(contactField(page, "Name")).toHaveValue("");
      await expect(page.getByText(carriedMessageNote)).toBeHidden();
    });
  });
}

test.describe("the home form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Send Message opens an empty contact form, and no request carries a typed value", async ({ page }) => {
    await page.goto("/");
    const requests = watchRequests(page);
    await fillAndSend(page);
    expect(new URL(page.url()).pathname).toBe("/contact");
    expect(new URL(page.url()).hash).toBe("#contact-form");
    for (const name of ["Name", "Email", "Message"]) await expect(contactField(page, name)).toHaveValue("");
    await expect(page.getByText(carriedMessageNote)).toBeHidden();
    expectNothingTypedSent(requests);
  });
});
