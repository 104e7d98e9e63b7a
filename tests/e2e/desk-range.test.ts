import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { repoRoot } from "../support/cli";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { signIn, staffCommand } from "./desk-support";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { expectNoAxeViolations, uniqueClientAddress, viewports } from "./support";

const execFileAsync = promisify(execFile);

/*
 * The desk's range page in a real browser (docs/desk.md#the-range): a catalogue CSV uploaded, its
 * mistakes listed and nothing changed, a clean file applied and served by the public site, a rollback;
 * a rep and a stranger refused. One server for the file, its tests in order.
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100) + 520;
const XSS = "<img src=x onerror=alert(1)>";
const NEW_SKU = "RDT-RANGE-42";
const NEW_ITEM = `/products/direct-thermal-labels/${NEW_SKU}`;
let peer: SmtpPeer;
let server: SpawnedServer;
let dataDir: string;
let databaseUrl: string;

const starter = readFileSync(path.join(repoRoot, "content", "catalogue", "starter-range.csv"), "utf8");
const starterLines = starter
  .replace(/^\uFEFF/, "")
  .trimEnd()
  .split(/\r?\n/);
/** The starter's second item, as a new sku (its columns as the starter file has them). */
const newRow = (width: string) =>
  (starterLines[2] ?? "")
    .replace(/^RDT-1\.25X1-3C,/, `${NEW_SKU},`)
    .replace('"1.25 x 1 in direct thermal paper labels', '"Range test labels')
    .replace(/^([^,]+,[^,]+,"[^"]+"),1\.25,/, `$1,${width},`);
/** The starter range plus the new item: its row is the file's last (row starterLines.length + 1). */
const withNewItem = (width: string) => `${[...starterLines, newRow(width)].join("\r\n")}\r\n`;

async function newPage(browser: Browser, size: keyof typeof viewports, javaScript = true): Promise<Page> {
  const context = await browser.newContext({
    viewport: viewports[size],
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { "x-forwarded-for": uniqueClientAddress() },
  });
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog fired on a desk page: ${dialog.message()}`);
  });
  return page;
}

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function upload(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel("Catalogue CSV file").setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(text),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
}

const status = async (address: string) => (await fetch(`${server.origin}${address}`)).status;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "desk-range-e2e-"));
  databaseUrl = `sqlite:${path.join(dataDir, "site.db")}`;
  peer = await startSmtpPeer();
  server = await spawnServer(port, {
    SMTP_URL: peer.url,
    DATABASE_URL: databaseUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "true",
  });
  await staffCommand(databaseUrl, ["add", "owner@example.test", "--role", "owner"]);
  await staffCommand(databaseUrl, ["add", "manager@example.test", "--role", "manager"]);
  await staffCommand(databaseUrl, ["add", "reno.rep@example.test", "--role", "rep", "--branch", "reno"]);
});

test.afterAll(async () => {
  await server?.stop();
  await peer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the owner uploads a file with a mistake (nothing changes), applies a clean one the site then serves, and rolls it back", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, "desktop");
  await signIn(page, server.origin, peer, "owner@example.test");
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Range" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The range" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Version 1 .*starter range.*Active/ })).toBeVisible();

  // One bad cell: the row, the column and the reason, in a table; the file's name as typed, as text.
  await upload(page, `${XSS}.csv`, withNewItem("four"));
  await expect(page.getByRole("heading", { name: `1 mistake in ${XSS}.csv` })).toBeVisible();
  await expect(page.locator('[aria-labelledby="check-result"] img')).toHaveCount(0);
  const mistake = page
    .getByRole("table", { name: /^Mistakes in / })
    .getByRole("row")
    .last();
  await expect(mistake).toContainText(String(starterLines.length + 1));
  await expect(mistake).toContainText("width");
  await expect(mistake).toContainText("four");
  await expect(page.getByText("Nothing changed. Correct these rows")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await status(NEW_ITEM)).toBe(404);
  expect(await (await fetch(`${server.origin}/products/direct-thermal-labels`)).text()).not.toContain(
    NEW_SKU,
  );

  // A clean file: what it changes, then Apply; the versions list names the file and who uploaded it.
  await upload(page, "prices-2026.csv", withNewItem("1.25"));
  await expect(page.getByRole("heading", { name: "prices-2026.csv is ready" })).toBeVisible();
  await expect(page.getByText(`${starterLines.length} items: 1 new sku, 0 skus removed`)).toBeVisible();
  expect(await status(NEW_ITEM)).toBe(404);
  await page.getByRole("button", { name: "Apply prices-2026.csv" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Applied: version 2 is active\./);
  await expect(
    page.getByRole("row", { name: /Version 2 .*prices-2026\.csv, uploaded by owner@example\.test.*Active/ }),
  ).toBeVisible();
  // The running site serves it without a restart (this instance at once, others within 15 s).
  await expect.poll(() => status(NEW_ITEM), { timeout: 60_000 }).toBe(200);
  expect(await (await fetch(`${server.origin}${NEW_ITEM}`)).text()).toContain("Range test labels");
  await expectNoAxeViolations(page);

  // The command line's versions list names the upload too.
  const listed = await execFileAsync("npm", ["run", "--silent", "catalogue", "--", "versions"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(listed.stdout).toMatch(/\n\s+2 .*prices-2026\.csv, uploaded by owner@example\.test {2}\(active\)\n/);
  // Rolled back: the item is gone again.
  await page.getByRole("button", { name: "Roll back to version 1" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Rolled back: version 1 is active again\./);
  await expect(page.getByRole("row", { name: /Version 1 .*Active/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Return to version 2" })).toBeVisible();
  await expect.poll(() => status(NEW_ITEM), { timeout: 60_000 }).toBe(404);
  await page.context().close();
});

test("a manager checks a file at 375 px without scripts, by keyboard; nothing is wider than the phone; a file over 50 MB is refused unread", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, "phone", false);
  await signIn(page, server.origin, peer, "manager@example.test");
  await page.goto(`${server.origin}/desk/range`);
  await noWiderThan(page, 375);
  await page.getByLabel("Catalogue CSV file").setInputFiles({
    name: "branch-prices-with-a-rather-long-name-from-the-buyer-2026-11-28.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(withNewItem("wide")),
  });
  await page.getByRole("button", { name: "Check the file" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: /^1 mistake in / })).toBeVisible();
  await noWiderThan(page, 375);

  await upload(page, "prices.csv", withNewItem("1.25"));
  await expect(page.getByRole("button", { name: "Apply prices.csv" })).toBeVisible();
  await noWiderThan(page, 375);
  await page.getByRole("button", { name: "Apply prices.csv" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(/^Applied: version \d+ is active\./);
  const applied = /version (\d+)/.exec((await page.getByRole("status").textContent()) ?? "")?.[1];
  await noWiderThan(page, 375);
  // Apply a second time (the back button, a double press): the staged file is gone, nothing changes.
  const again = await page.request.post(`${server.origin}/desk/range`, {
    form: { intent: "apply", upload: "A".repeat(32) },
    headers: { origin: server.origin },
  });
  expect(again.url()).toContain("done=gone");

  // 50 MB and one byte: cut off as it streams, the desk's page says so, nothing changed.
  const tooLarge = await page.request.post(`${server.origin}/desk/range/upload`, {
    multipart: {
      catalogue: { name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(50 * 1024 * 1024 + 1, 97) },
    },
    headers: { origin: server.origin },
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.text()).toContain("huge.csv is larger than 50 MB, so it was not read.");
  await page.goto(`${server.origin}/desk/range`);
  await expect(page.getByRole("row", { name: new RegExp(`Version ${applied} .*Active`) })).toBeVisible();
  await page.context().close();

  // axe runs in the page, so with scripts: the mistakes and the versions at 375 px.
  const checked = await newPage(browser, "phone");
  await signIn(checked, server.origin, peer, "manager@example.test");
  await checked.goto(`${server.origin}/desk/range`);
  await upload(checked, `${XSS}.csv`, withNewItem("four"));
  await expect(checked.getByRole("heading", { name: /^1 mistake in / })).toBeVisible();
  await noWiderThan(checked, 375);
  await expectNoAxeViolations(checked);
  await checked.context().close();
});

test("a rep has no link to the range and gets the 404 page for it, on GET and POST", async ({ browser }) => {
  const page = await newPage(browser, "phone");
  await signIn(page, server.origin, peer, "reno.rep@example.test");
  await expect(
    page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Range" }),
  ).toHaveCount(0);
  for (const address of ["/desk/range", "/desk/range/upload"]) {
    expect((await page.goto(`${server.origin}${address}`))?.status(), address).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  }
  const headers = { origin: server.origin };
  const rollback = await page.request.post(`${server.origin}/desk/range`, {
    form: { intent: "rollback", version: "2" },
    headers,
  });
  expect(rollback.status()).toBe(404);
  const uploaded = await page.request.post(`${server.origin}/desk/range/upload`, {
    multipart: {
      catalogue: { name: "rep.csv", mimeType: "text/csv", buffer: Buffer.from(withNewItem("1")) },
    },
    headers,
  });
  expect(uploaded.status()).toBe(404);
  expect(await uploaded.text()).toContain("Not found");
  await page.context().close();
});

test("without a session the range answers the sign-in page; a post from another origin is refused", async ({
  browser,
}) => {
  const page = await newPage(browser, "phone");
  for (const address of ["/desk/range", "/desk/range/upload"]) {
    const response = await page.goto(`${server.origin}${address}`);
    expect(response?.status(), address).toBe(401);
    await expect(page.getByRole("heading", { name: "Sign in to the sales desk" })).toBeVisible();
    expect(await page.content()).not.toContain("starter range");
  }
  const form = new FormData();
  form.append("catalogue", new Blob([withNewItem("1")], { type: "text/csv" }), "stranger.csv");
  const stranger = await fetch(`${server.origin}/desk/range/upload`, {
    method: "POST",
    headers: { origin: server.origin },
    body: form,
  });
  expect(stranger.status).toBe(401);
  const crossOrigin = await fetch(`${server.origin}/desk/range`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" },
    body: "intent=rollback&version=1",
  });
  expect(crossOrigin.status).toBe(403);
  const crossUpload = await fetch(`${server.origin}/desk/range/upload`, {
    method: "POST",
    headers: { origin: "http://evil.example" },
    body: form,
  });
  expect(crossUpload.status).toBe(403);
  await page.context().close();
});
