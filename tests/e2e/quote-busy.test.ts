import { randomBytes } from "node:crypto";
import net from "node:net";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { waitForHydration } from "./support";

/*
 * A buyer who sends a quote with a file while every upload slot is taken (docs/quotes.md#limits-and-checks):
 * in a real browser, with and without JavaScript, the answer comes while the browser is still sending
 * its file, and the buyer reads 'Server Busy', told to send now without the files, with everything
 * typed still in the form, not a reset connection; sent again without the file, the request gets its
 * reference. One slot, held by another client's upload that never finishes.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 150;
const BOUNDARY = "----quoteBusyBoundary7MA4YWxkTrZu0gW";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let spawned: SpawnedServer | undefined;
let holder: net.Socket | undefined;
let trickle: NodeJS.Timeout | undefined;

test.beforeAll(async () => {
  // The longest stall limit: a slot must bring 1 KB a second over it, so the trickling holder below
  // keeps the slot for two minutes, however slowly a loaded machine runs the browser.
  spawned = await spawnServer(PORT, {
    TRUST_PROXY: "true",
    QUOTE_UPLOAD_CONCURRENCY: "1",
    QUOTE_UPLOAD_STALL_MS: "120000",
  });
});

// Before each test, another client's upload takes the one slot and keeps it: its body never ends, and
// a byte every two seconds keeps it from going silent (a fresh one each time, as a slot must bring 1 KB
// a second over each stall window, and the server gives it up after one). It carries
// a form token old enough to pass, first, as the form sends it: otherwise its file would be refused
// at once and the slot freed.
test.beforeEach(async () => {
  if (!spawned) throw new Error("the server did not start");
  const page = await (await fetch(`${spawned.origin}/quote`)).text();
  const token = /name="startedAt" value="([^"]+)"/.exec(page)?.[1] ?? "";
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  const start =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="startedAt"\r\n\r\n${token}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="company"\r\n\r\nSlow Uploader\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n` +
    "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n";
  holder = net.connect(PORT, "127.0.0.1");
  holder.on("error", () => undefined);
  holder.write(
    `POST /quote HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nX-Forwarded-For: 203.0.113.77\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n${start}`,
  );
  trickle = setInterval(() => holder?.write("A"), 2_000);
});

test.afterEach(async () => {
  clearInterval(trickle);
  holder?.destroy();
  // The slot is given back when the server sees the connection gone.
  await new Promise((resolve) => setTimeout(resolve, 300));
});

test.afterAll(async () => {
  await spawned?.stop();
});

async function fillAndSend(page: Page, hydrate: boolean): Promise<void> {
  await page.goto(`${spawned?.origin}/quote`);
  if (hydrate) await waitForHydration(page);
  await page.getByLabel("Company").fill("Busy Day Packaging");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Rae Lindqvist");
  await page.getByLabel("Email").fill("rae@example.com");
  await page
    .getByRole("group", { name: "Item 1", exact: true })
    .getByLabel("Item number or description")
    .fill("Foam insert");
  await page.getByRole("group", { name: "Item 1", exact: true }).getByLabel("Quantity").fill("250");
  // Big enough that the browser is still sending it when the answer comes.
  const drawing = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(8 * 1024 * 1024)]);
  await page
    .getByLabel("Attachments (optional)")
    .setInputFiles([{ name: "drawing.pdf", mimeType: "application/pdf", buffer: drawing }]);
  await page.waitForTimeout(3_100);
  await page.getByRole("button", { name: "Send Quote Request" }).click();
}

async function withPage(browser: Browser, javaScriptEnabled: boolean, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test("without JavaScript: the busy page comes back with the form filled in, and the sales address", async ({
  browser,
}) => {
  await withPage(browser, false, async (page) => {
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await fillAndSend(page, false);
    const response = await answered;
    expect(response.status()).toBe(503);
    expect(await response.headerValue("retry-after")).toBe("30");
    await expect(page.getByRole("alert")).toContainText("Server Busy");
    await expect(page.getByRole("alert")).toContainText(
      "Send yours now without the files and attach them later by replying to our acknowledgement e-mail",
    );
    await expect(page.getByRole("alert")).toContainText("or try again in a minute or email");
    await expect(page.getByLabel("Company")).toHaveValue("Busy Day Packaging");
    await expect(page.getByRole("group", { name: "Item 1", exact: true }).getByLabel("Quantity")).toHaveValue(
      "250",
    );
  });
});

test("with JavaScript: the upload is answered 'Server Busy' and nothing typed is lost", async ({
  browser,
}) => {
  await withPage(browser, true, async (page) => {
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/quote"));
    await fillAndSend(page, true);
    expect((await answered).status()).toBe(503);
    await expect(page.getByText("Many quote requests are being uploaded right now.")).toBeVisible();
    await expect(page.getByLabel("Company")).toHaveValue("Busy Day Packaging");
    // As the notice says: the request goes now without the file, while the slot is still taken.
    await page.getByLabel("Attachments (optional)").setInputFiles([]);
    const resent = page.waitForResponse((response) => response.url().endsWith("/api/quote"));
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    expect((await resent).status()).toBe(200);
    await expect(page.getByText("Your reference:")).toBeVisible();
  });
});
