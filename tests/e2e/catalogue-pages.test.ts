import { gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { startSmtpPeer } from "../support/smtp-peer";
import { spawnServer } from "./spawned-server";
import { expectNoAxeViolations, fillQuoteForm, viewports, waitMinimumFill } from "./support";

/*
 * The catalogue's family and item pages (docs/catalogue.md#family-pages): rendered on request from the
 * starter range the test server's empty database loaded, with no script file, filters as links.
 */

// Several document loads per test, on a shared machine.
test.describe.configure({ timeout: 90_000 });

const FAMILY = "/products/direct-thermal-labels";
/** Rows a family page shows at a time. */
const PAGE_ROWS = 50;

/** Every script file the page asks for (inline scripts are not requests). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js"))
      scripts.push(request.url());
  });
  return scripts;
}

const count = (page: Page) => page.getByTestId("family-count");
const rows = (page: Page) => page.getByTestId("family-table").locator("tbody tr");

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, viewport: viewports.desktop });

  test("must show: a family page reached from /products narrows its table with a filter link, back and forward work, no script file", async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto("/products");
    await page.locator("#labels").getByRole("link", { name: "Direct Thermal Labels" }).click();
    await expect(page).toHaveURL(FAMILY);
    await expect(page.getByRole("heading", { level: 1, name: "Direct Thermal Labels" })).toBeVisible();
    const all = Number(/^(\d+) items$/.exec((await count(page).textContent()) ?? "")?.[1]);
    expect(all).toBeGreaterThan(10);
    await expect(rows(page)).toHaveCount(Math.min(all, PAGE_ROWS));

    // Each value shows the count it would leave; following it leaves exactly that many.
    const four = page.locator('a[data-filter="width=4"]');
    const shown = Number(/\((\d+)\)/.exec((await four.textContent()) ?? "")?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all);
    await four.click();
    await expect(page).toHaveURL(`${FAMILY}?width=4`);
    await expect(rows(page)).toHaveCount(shown);
    await expect(count(page)).toHaveText(`${shown} of ${all} items`);
    for (const cell of await rows(page).locator("td:nth-of-type(2)").allTextContents())
      expect(cell).toBe("4 in");

    // A second filter combines with the first, in the URL.
    const six = page.locator('a[data-filter="height=6"]');
    const both = Number(/\((\d+)\)/.exec((await six.textContent()) ?? "")?.[1]);
    await six.click();
    await expect(page).toHaveURL(`${FAMILY}?width=4&height=6`);
    await expect(rows(page)).toHaveCount(both);

    await page.goBack();
    await expect(page).toHaveURL(`${FAMILY}?width=4`);
    await expect(rows(page)).toHaveCount(shown);
    await page.goForward();
    await expect(rows(page)).toHaveCount(both);

    // The chosen value is a link that takes it away again.
    await page.locator('a[data-filter="width=4"][aria-current="true"]').click();
    await expect(page).toHaveURL(`${FAMILY}?height=6`);
    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(rows(page)).toHaveCount(Math.min(all, PAGE_ROWS));
    expect(scripts).toEqual([]);
  });

  test("a family of more than 50 items shows 50 rows a page, turned by links in the URL", async ({
    page,
  }) => {
    await page.goto(FAMILY);
    const all = Number(/^(\d+) items$/.exec((await count(page).textContent()) ?? "")?.[1]);
    expect(all).toBeGreaterThan(PAGE_ROWS);
    const pages = Math.ceil(all / PAGE_ROWS);
    await expect(rows(page)).toHaveCount(PAGE_ROWS);
    const firstSku = await rows(page).first().getByRole("rowheader").textContent();
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(`${FAMILY}?page=2`);
    await expect(rows(page)).toHaveCount(pages === 2 ? all - PAGE_ROWS : PAGE_ROWS);
    await expect(rows(page).first().getByRole("rowheader")).not.toHaveText(firstSku ?? "");
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(FAMILY);
    await expect(rows(page).first().getByRole("rowheader")).toHaveText(firstSku ?? "");
  });

  test("no item matches: says so, with a way back; unknown filters are ignored and named", async ({
    page,
  }) => {
    await page.goto(`${FAMILY}?width=4&height=0.5&colour=red`);
    await expect(page.getByTestId("no-match")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No item matches these filters" })).toBeVisible();
    await expect(page.getByTestId("ignored-filters")).toContainText("colour=red");
    await page.getByTestId("no-match").getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(FAMILY);
    await expect(rows(page).first()).toBeVisible();
  });

  test("must show: an item's 'Request a quote for this item' opens /quote with its part number filled in", async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(FAMILY);
    const first = rows(page).first().getByRole("rowheader").getByRole("link");
    const sku = (await first.textContent()) ?? "";
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Price on request")).toBeVisible();
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "Product", sku, category: "Direct thermal labels" });
    expect(scripts).toEqual([]);

    await page.getByRole("link", { name: "Request a quote for this item" }).click();
    await expect(page).toHaveURL(/\/quote\?sku=/);
    const item = page.getByRole("group", { name: "Item 1", exact: true });
    await expect(item.getByTestId("item-sku")).toContainText(sku);
    await expect(item.getByLabel("Product area")).toHaveValue("labels");
    await expect(item.getByLabel("Unit", { exact: true })).toHaveValue("case");
    await expect(item.getByLabel("Quantity")).toHaveValue("1");
  });

  test("'Add to quote list' asks for a quote for that one item", async ({ page }) => {
    await page.goto(FAMILY);
    const sku = (await rows(page).nth(1).getByRole("rowheader").textContent()) ?? "";
    await rows(page)
      .nth(1)
      .getByRole("button", { name: `Add to quote list: ${sku}` })
      .click();
    await expect(page).toHaveURL(/\/quote\?sku=/);
    await expect(
      page.getByRole("group", { name: "Item 1", exact: true }).getByTestId("item-sku"),
    ).toContainText(sku);
  });
});

test.describe("hostile addresses", () => {
  test("unknown filters, a thousand values and absurd numbers answer the page or a 400, never a 500", async ({
    request,
  }) => {
    const unknown = await request.get(`${FAMILY}?colour=red&width=%3Cscript%3E&page=99999999999999`);
    expect(unknown.status()).toBe(200);
    expect(await unknown.text()).toContain("Not understood, so left out");
    const thousand = Array.from({ length: 1000 }, (_, i) => `width=${i}`).join("&");
    const started = Date.now();
    expect((await request.get(`${FAMILY}?${thousand}`)).status()).toBe(400);
    expect((await request.get(`${FAMILY}?width=1e308&height=-99999999999.999999`)).status()).toBe(200);
    expect((await request.get(`${FAMILY}?width=${"9".repeat(5000)}`)).status()).toBe(400);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await request.get("/products/no-such-family")).status()).toBe(404);
  });

  test("an unknown part number answers the 404 page with the search box holding it", async ({ page }) => {
    const response = await page.goto("/products/direct-thermal-labels/NO-SUCH-SKU-42");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.locator("#not-found-search")).toHaveValue("NO-SUCH-SKU-42");
    await page.getByRole("button", { name: "Search" }).last().click();
    await expect(page).toHaveURL("/search?q=NO-SUCH-SKU-42");
  });

  test("an item page fits the first round trip, is canonical, and another case or family is sent to it", async ({
    request,
  }) => {
    const family = await (await request.get(FAMILY)).text();
    const href = /<th scope="row"[^>]*><a href="([^"]+)"/.exec(family)?.[1] ?? "";
    expect(href).toMatch(/^\/products\/direct-thermal-labels\/./);
    const html = await (await request.get(href)).text();
    expect(gzipSync(html).length).toBeLessThan(14 * 1024);
    expect(html).toContain(`<link rel="canonical" href="`);
    const lower = await request.get(href.toLowerCase().replace("direct-thermal-labels", "rack-labels"), {
      maxRedirects: 0,
    });
    expect(lower.status()).toBe(301);
    expect(lower.headers().location).toBe(href);
  });

  test("a page served again carries its own response's nonce and is otherwise the same page", async ({
    request,
  }) => {
    const nonces: string[] = [];
    const bodies: string[] = [];
    for (const path of [`${FAMILY}?width=4`, `${FAMILY}?width=4`]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? "";
      const body = await response.text();
      const inline = [...body.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((match) => match[1]);
      expect(inline.length).toBeGreaterThan(0);
      expect(new Set(inline)).toEqual(new Set([nonce]));
      nonces.push(nonce);
      bodies.push(body.split(nonce).join("NONCE"));
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(bodies[1]).toBe(bodies[0]);
  });

  test("the sitemap lists families and items", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/products/direct-thermal-labels</loc>");
    expect(sitemap).toMatch(/\/products\/thermal-transfer-ribbons\/[^<]+<\/loc>/);
    expect([...sitemap.matchAll(/<loc>/g)].length).toBeGreaterThan(400);
  });
});

test.describe("axe", () => {
  test("a family page and an item page have no violations", async ({ page }) => {
    await page.goto(`${FAMILY}?width=4`);
    await expectNoAxeViolations(page);
    await page
      .getByTestId("family-table")
      .locator("tbody tr")
      .first()
      .getByRole("rowheader")
      .getByRole("link")
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("from an item page to sales", () => {
  test.use({ javaScriptEnabled: false, viewport: viewports.desktop });

  test("must show: the quote sent from 'Request a quote for this item' reaches sales with the sku linked", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const peer = await startSmtpPeer();
    const server = await spawnServer(Number(process.env.E2E_PORT ?? 3100) + 410, { SMTP_URL: peer.url });
    try {
      const sku = "RBW-60-74-O";
      await page.goto(`${server.origin}/products/thermal-transfer-ribbons/${sku}`);
      await page.getByRole("link", { name: "Request a quote for this item" }).click();
      const openedAt = Date.now();
      await fillQuoteForm(page, { email: "buyer@example.com", item: "Wax ribbon", quantity: "3" });
      await waitMinimumFill(openedAt);
      await page.getByRole("button", { name: "Send Quote Request" }).click();
      await expect(page.getByText(/Your reference/)).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => peer.messages.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      const sales = peer.messages.find((mail) => typeof mail.html === "string" && mail.html.includes(sku));
      expect(sales?.html).toContain(`/products/thermal-transfer-ribbons/${sku}">${sku}</a>`);
      expect(sales?.text).toContain(`Part number: ${sku}`);
    } finally {
      await server.stop();
      await peer.stop();
    }
  });
});
