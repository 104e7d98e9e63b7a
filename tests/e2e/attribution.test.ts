import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { startSmtpPeer } from "../support/smtp-peer";
import { spawnServer } from "./spawned-server";
import { fillContactForm, fillQuoteForm, sendContactForm, waitMinimumFill } from "./support";

/*
 * Attribution on every lead (docs/attribution.md): a visit lands on a campaign link, reads pages and
 * sends a form; sales see how it came, and so does the quote export. Without JavaScript the post
 * carries the page it was sent from. The snippet runs under the page's CSP on prerendered pages (by
 * hash) and pages rendered on request (by nonce).
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 300;
const SALES = "sales@ridgeline.test";
const LANDING = "/products?utm_source=newsletter&utm_medium=email&utm_campaign=spring";

test.describe.configure({ mode: "serial" });

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: Awaited<ReturnType<typeof spawnServer>>;
let dataDir: string;
let databaseUrl: string;

test.beforeAll(async () => {
  peer = await startSmtpPeer();
  dataDir = mkdtempSync(path.join(tmpdir(), "attribution-"));
  databaseUrl = `sqlite:${path.join(dataDir, "site.db")}`;
  server = await spawnServer(port, {
    SMTP_URL: peer.url,
    SALES_EMAIL: SALES,
    DATABASE_URL: databaseUrl,
    // Counts written every second, so the owner's report below sees them at once.
    ANALYTICS_FLUSH_SECONDS: "1",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await peer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A desktop Chrome's user agent: headless Chromium names itself HeadlessChrome, which counts as a bot. */
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A page of a fresh browser context, with every CSP violation it reports kept. */
async function freshPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, userAgent: CHROME });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { context, page, violations };
}

const visit = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("rl-visit") ?? "null") as Record<string, unknown>);

function salesMailFor(reference: string) {
  return peer.messages.find(
    (mail) =>
      mail.subject?.includes(reference) && (mail.to && "text" in mail.to ? mail.to.text : "").includes(SALES),
  );
}

/** A GET as a client sends it, outside the browser; its status. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

/** `npm run report -- --format text` against the test server's database. */
function reportText(): string {
  const run = spawnSync("npx", ["tsx", "scripts/ops/report.ts", "--format", "text"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

async function sendQuote(page: Page, email: string): Promise<string> {
  const openedAt = Date.now();
  await fillQuoteForm(page, { email });
  await waitMinimumFill(openedAt);
  await page.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeVisible();
  const reference = (await page.getByTestId("quote-reference").locator("strong").textContent()) ?? "";
  expect(reference).toMatch(/^Q-[2-9A-HJKMNP-TW-Z]{6}$/);
  return reference;
}

test("a campaign visit that reads two pages and sends a quote: sales and the export see how it came", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page, violations } = await freshPage(browser);
  // A prerendered page (the snippet allowed by its hash), with an ad click id whose value is never kept.
  await page.goto(`${server.origin}${LANDING}&gclid=CLICK-VALUE-123`);
  expect(await visit(page)).toMatchObject({ l: LANDING, r: "", c: 1, n: 1 });
  await page.goto(`${server.origin}/about`);
  expect(await visit(page)).toMatchObject({ l: LANDING, n: 2 });
  // The quote page is rendered on request: the snippet runs by the request's nonce.
  await page.goto(`${server.origin}/quote`);
  expect(await visit(page)).toMatchObject({ l: LANDING, n: 3 });
  const field = JSON.parse(await page.locator("input[name=attribution]").inputValue()) as Record<
    string,
    unknown
  >;
  expect(field).toMatchObject({ landing: LANDING, pages: 3, from: "/quote", click: 1 });
  await page.waitForFunction(() => "__reactRouterContext" in window);

  const reference = await sendQuote(page, `attribution-${Date.now()}@example.com`);
  expect(violations).toEqual([]);
  await context.close();

  await expect.poll(() => salesMailFor(reference), { timeout: 15_000 }).toBeDefined();
  const mail = salesMailFor(reference);
  const text = mail?.text ?? "";
  expect(text).toContain(`How they found us:\nLanding page: ${LANDING}`);
  expect(text).toContain("Came from: direct or unknown");
  expect(text).toContain("Campaign: newsletter / email / spring");
  expect(text).toContain("Ad click: yes");
  expect(text).toMatch(/Pages seen: 3 · \d+ s from landing to sending/);
  expect(text).toContain("Sent from: /quote");
  expect(mail?.html).toContain("How they found us</h2>");
  expect(`${text}${mail?.html}`).not.toContain("CLICK-VALUE-123");

  const exported = spawnSync("npx", ["tsx", "scripts/ops/quotes.ts", "export"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(exported.status, exported.stderr).toBe(0);
  const [header = "", ...rows] = exported.stdout.split("\r\n").filter(Boolean);
  expect(header).toContain("landing_page,referrer_host,search_engine,utm_source,utm_medium,utm_campaign");
  const line = rows.find((row) => row.startsWith(reference)) ?? "";
  expect(line).toMatch(
    /,\/products\?utm_source=newsletter&utm_medium=email&utm_campaign=spring,,,newsletter,email,spring,,,yes,\/quote,3,\d+$/,
  );

  // The owner's report: the campaign with its visit and its lead, and the visit's three pages; a bot's
  // request and a prefetch of the same page are not counted.
  expect(
    await get(`${server.origin}${LANDING}`, {
      "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
    }),
  ).toBe(200);
  expect(await get(`${server.origin}${LANDING}`, { "user-agent": CHROME, "sec-purpose": "prefetch" })).toBe(
    200,
  );
  await expect
    .poll(reportText, { timeout: 30_000, intervals: [2_000] })
    .toMatch(/newsletter\s+email\s+spring\s+1\s+1\n/);
  expect(reportText()).toMatch(/Page views\s+3\n/);
});

test("the same visit without JavaScript: the post carries the page it was sent from", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await freshPage(browser, false);
  await page.goto(`${server.origin}${LANDING}`);
  await page.goto(`${server.origin}/about`);
  await page.goto(`${server.origin}/quote`);
  const reference = await sendQuote(page, `attribution-nojs-${Date.now()}@example.com`);
  await context.close();

  await expect.poll(() => salesMailFor(reference), { timeout: 15_000 }).toBeDefined();
  const text = salesMailFor(reference)?.text ?? "";
  expect(text).toContain(
    "How they found us:\nLanding page: not known (sent without JavaScript)\nCame from: direct or unknown\nSent from: /quote",
  );
});

test("a contact message carries it too, and the snippet runs on every kind of page", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page, violations } = await freshPage(browser);
  await page.goto(`${server.origin}/?utm_source=linkedin&utm_medium=social&utm_campaign=rfid-week`);
  await page.goto(`${server.origin}/contact`);
  await page.waitForFunction(() => "__reactRouterContext" in window);
  const email = `attribution-contact-${Date.now()}@example.com`;
  await fillContactForm(page, { name: "Avery Stone", email, message: "Twenty rolls of 4x6 labels, please." });
  await sendContactForm(page);
  expect(violations).toEqual([]);
  await context.close();

  const sales = () =>
    peer.messages.find(
      (mail) => mail.replyTo?.value[0]?.address === email && mail.subject?.includes("New website inquiry"),
    );
  await expect.poll(sales, { timeout: 15_000 }).toBeDefined();
  const text = sales()?.text ?? "";
  expect(text).toContain("Landing page: /?utm_source=linkedin&utm_medium=social&utm_campaign=rfid-week");
  expect(text).toContain("Campaign: linkedin / social / rfid-week");
  expect(text).toMatch(/Pages seen: 2 · /);
  expect(text).toContain("Sent from: /contact");
});
