import { expect, test } from "@playwright/test";
import { navigateInApp, waitForHydration } from "./support";

test("an unknown path answers 404 with the not-found page", async ({ request }) => {
  const response = await request.get("/no-such-page?x=1");
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain("Oops! Page not found");
  expect(html).toContain("Return to Home");
  expect(html).toContain('content="noindex"');
});

test("the browser shows the page, reports the 404 in its console and links home", async ({ page }) => {
  // The page has no script (decision 0023): the console's report is the browser's own, of the
  // document's 404 status, with the page's address.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} ${message.location().url}`);
  });
  const response = await page.goto("/warehouse/missing-thing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await waitForHydration(page);
  await expect
    .poll(() => errors.some((text) => text.includes("404") && text.includes("/warehouse/missing-thing")))
    .toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("an in-app navigation to an unknown path shows the not-found page too", async ({ page }) => {
  // Only the pages with forms navigate in the app (decision 0023).
  await page.goto("/contact");
  await waitForHydration(page);
  await navigateInApp(page, "/nowhere");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
});

test("the page offers the site's search and its main sections, and loads no script file", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/no-such-thing");
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  const sections = page.getByRole("navigation", { name: "Or go to" });
  for (const [name, href] of [
    ["Products", "/products"],
    ["Protective Packaging", "/protective-packaging"],
    ["About", "/about"],
    ["Resources", "/resources"],
    ["Contact", "/contact"],
  ] as const) {
    await expect(sections.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  const search = page.getByRole("main").getByRole("searchbox", { name: /Search our products/ });
  await search.fill("thermal labels");
  await search.press("Enter");
  await expect(page).toHaveURL("/search?q=thermal+labels");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the 404 page's search box is a plain form to /search", async ({ page }) => {
    await page.goto("/no-such-thing");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/search?q=");
  });
});
