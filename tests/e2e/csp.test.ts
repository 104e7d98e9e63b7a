import { expect, type Page, test } from "@playwright/test";
import {
  contentPages,
  fillContactForm,
  sendContactForm,
  uniqueClientAddress,
  viewports,
  waitForHydration,
} from "./support";

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...console,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

test.describe("Content-Security-Policy", () => {
  test("every page has a policy without 'unsafe-inline' scripts, and none may be framed", async ({
    request,
  }) => {
    for (const path of [
      ...contentPages.map((page) => page.path),
      "/missing-page",
      "/resources/articles/choosing-label-face-stock",
    ]) {
      const policy = (await request.get(path)).headers()["content-security-policy"] ?? "";
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
      expect(scriptSrc, path).toMatch(/'(sha256-|nonce-)/);
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(policy, path).toContain("frame-ancestors 'none'");
    }
  });

  test("a page rendered on request carries a fresh nonce on its inline scripts", async ({ request }) => {
    const first = await request.get("/missing-page");
    const second = await request.get("/missing-page");
    const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
    const nonce = nonceOf(first.headers()["content-security-policy"]);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers()["content-security-policy"])).not.toBe(nonce);
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline.filter((attributes) => !attributes.includes("application/ld+json"))) {
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
  });

  for (const [label, viewport] of Object.entries(viewports)) {
    test(`the pages run with no violation (${label})`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      const violations = await watchViolations(page);
      for (const { path } of contentPages) {
        await page.goto(path);
        await waitForHydration(page);
        expect(await violations(), path).toEqual([]);
      }
      await page.goto("/resources/articles/choosing-label-face-stock");
      await waitForHydration(page);
      await page.goto("/no-such-page");
      await waitForHydration(page);
      expect(await violations()).toEqual([]);
    });
  }

  test("menus, toasts and the thank-you panel run with no violation", async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    const violations = await watchViolations(page);
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
    await fillContactForm(page, { name: "Dana", email: "dana@example.com", message: "Hello" });
    await sendContactForm(page);
    expect(await violations()).toEqual([]);
  });
});
