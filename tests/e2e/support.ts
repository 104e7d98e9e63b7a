import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";

export const sitePages = [
  { path: "/", name: "Home" },
  { path: "/products", name: "Products" },
  { path: "/protective-packaging", name: "Protective Packaging" },
  { path: "/about", name: "About" },
  { path: "/resources", name: "Resources" },
  { path: "/contact", name: "Contact" },
] as const;

/** The main navigation's pages and the pages linked from the footer alone (the privacy page). */
export const contentPages = [...sitePages, { path: "/privacy", name: "Privacy" }] as const;

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Zero axe violations of any impact, against WCAG 2.2 AA and best practices. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/**
 * Waits until the page is ready for a visitor: a page with scripts once React has hydrated it, so
 * clicks reach React's handlers; a page served without scripts (decision 0023) once it has loaded,
 * as there is nothing to hydrate.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  const hasScripts = await page.evaluate(() => document.querySelector("script[type=module]") !== null);
  if (hasScripts) {
    // A page with forms loads its scripts on the visitor's first interaction: the pointer moving is one.
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await page.waitForFunction(() =>
      Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter),
    );
  }
  await page.waitForLoadState("networkidle");
}

/** Navigates inside the app, the way a link click does. */
export async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter;
    return router.navigate(target);
  }, to);
}

/**
 * A client address of its own for a test: a random /64 of the IPv6 documentation prefix
 * 2001:db8::/32, sent only as an X-Forwarded-For header value. The server keys per-client limits
 * by /64, so limits never carry over between tests, whichever worker runs them.
 */
export function uniqueClientAddress(): string {
  const group = () => randomBytes(2).toString("hex");
  return `2001:db8:${group()}:${group()}::1`;
}

/** The folder where the test server keeps its database and mail (see start-test-server.mjs). */
export function testDataDir(): string {
  return `reports/e2e-data-${process.env.E2E_PORT ?? "3100"}`;
}

/** The e-mails the test server has written to files (MAIL_TRANSPORT=file) that contain `text`. */
export function mailMentioning(text: string): string[] {
  const dir = path.join(testDataDir(), "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.map((file) => readFileSync(path.join(dir, file), "utf8")).filter((eml) => eml.includes(text));
}

/** In a describe block: every test starts on `path`, loaded and ready, at the given width (desktop by default). */
export function openForEachTest(
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
): void {
  test.use({ viewport });
  test.beforeEach(async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
  });
}

/**
 * Holds back every request matching `url` until the returned function is called, so a test can see
 * what the page shows meanwhile (a busy button, a page not yet hydrated).
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A form post as a browser without scripts sends it: `fields` URL-encoded, or a body written out. */
export function postForm(url: string, fields: Record<string, string> | string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
}

/** Opens `path`, waits until it is ready, and opens the mobile menu; returns the menu, shown. */
export async function openMobileMenu(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return menu;
}

/** Fills the contact form's required fields on the current page. */
export async function fillContactForm(
  page: Page,
  fields: { name: string; email: string; message: string },
): Promise<void> {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(fields.name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(fields.email);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(fields.message);
}

/** Sends the contact form on the current page: its post is answered with a 200 and the thank-you panel shows. */
export async function sendContactForm(page: Page): Promise<void> {
  // With scripts the form posts to /api/contact, without them to /contact.
  const answer = page.waitForResponse(
    (response) => response.url().endsWith("/contact") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
}

/** The quote form refuses posts sent sooner than 3 s after it was rendered (docs/quotes.md); tests wait a little longer. */
export const QUOTE_MIN_FILL_MS = 3100;

/** Waits until the quote form rendered at `openedAt` (a Date.now() value) may be sent. */
export async function waitMinimumFill(openedAt: number): Promise<void> {
  const left = openedAt + QUOTE_MIN_FILL_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** What a quote request says where a test does not care. */
const quoteRequestDefaults = {
  company: "Harbor Freightworks",
  name: "Rae Lindqvist",
  item: "4x6 direct thermal labels",
  quantity: "40",
};

/** Fills the quote form's contact fields and its first item: `email`, and the defaults for what is not given. */
export async function fillQuoteForm(
  page: Page,
  given: { email: string } & Partial<typeof quoteRequestDefaults>,
): Promise<void> {
  const fields = { ...quoteRequestDefaults, ...given };
  await page.getByLabel("Company").fill(fields.company);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  const first = page.getByRole("group", { name: "Item 1", exact: true });
  await first.getByLabel("Item number or description").fill(fields.item);
  await first.getByLabel("Quantity").fill(fields.quantity);
}
