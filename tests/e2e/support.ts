import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

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
