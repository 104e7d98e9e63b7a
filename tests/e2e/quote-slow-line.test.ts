import { createHash, randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { fillQuoteForm, waitForHydration, waitMinimumFill } from "./support";

/*
 * A slow line never loses a quote (docs/decisions/0028-quote-form-on-phones-and-slow-lines.md): in a
 * real browser whose upload Chromium throttles, a 6 MB PDF at 2 Mbit/s (about 25 s, as long as the
 * whole upload used to be allowed) is stored and reaches sales attached; on a line far too slow for
 * the file, the request goes without it and the buyer is told how to send it.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 160;
const sha256 = (content: Buffer | Uint8Array) => createHash("sha256").update(content).digest("hex");

let server: SpawnedServer | undefined;
let peer: SmtpPeer | undefined;
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await spawnServer(port, { SMTP_URL: peer.url, SALES_EMAIL: "quotes@ridgeline.test" });
});
test.afterAll(async () => {
  await server?.stop();
  await peer?.stop();
});

/** Throttles the page's uploads to `bytesPerSecond`, as Chromium's DevTools network emulation does. */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function fillRequest(page: Page, email: string, file: { name: string; buffer: Buffer }) {
  await page.goto(`${server?.origin}/quote?area=labels`);
  await waitForHydration(page);
  const openedAt = Date.now();
  await fillQuoteForm(page, { email, item: "3x2 freezer-grade labels", quantity: "60" });
  await page.getByLabel("Attachments (optional)").setInputFiles([{ ...file, mimeType: "application/pdf" }]);
  await waitMinimumFill(openedAt);
}

const salesMail = (reference: string) =>
  peer?.messages.find(
    (mail) =>
      (mail.to && "text" in mail.to ? mail.to.text : "") === "quotes@ridgeline.test" &&
      (mail.subject ?? "").includes(reference),
  );

test("a 6 MB PDF at 2 Mbit/s shows the time left, is stored and reaches sales attached", async ({ page }) => {
  test.setTimeout(150_000);
  const content = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(6 * 1024 * 1024 - 9)]);
  await fillRequest(page, "odile.marchetti@example.com", { name: "die line.pdf", buffer: content });
  await throttleUpload(page, 2_000_000 / 8);
  const started = Date.now();
  await page.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(page.getByTestId("quote-progress")).toContainText(
    /Uploading: \d+%, about \d+ (seconds|minutes?) left/,
    {
      timeout: 15_000,
    },
  );
  await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeFocused({ timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  console.info(`[slow line] 6 MB at 2 Mbit/s: sent and answered in ${seconds.toFixed(1)} s`);
  // Longer than the 25 s the whole upload was once allowed; the line never stalled.
  expect(seconds).toBeGreaterThan(20);
  const reference = (await page.getByTestId("quote-reference").locator("strong").textContent()) ?? "";
  expect(reference).toMatch(/^Q-[2-9A-HJKMNP-TW-Z]{6}$/);
  await expect(page.getByTestId("quote-sent")).toContainText("die line.pdf");
  await expect(page.getByTestId("quote-files-to-send")).toHaveCount(0);

  await expect.poll(() => salesMail(reference)?.attachments.length ?? 0, { timeout: 30_000 }).toBe(1);
  const sales = salesMail(reference);
  expect(sales?.attachments[0]?.filename).toBe("die line.pdf");
  expect(sha256(sales?.attachments[0]?.content ?? Buffer.alloc(0))).toBe(sha256(content));
});

test("on a line far too slow for its file, the request is sent without it and the buyer is told to reply with it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const content = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3 * 1024 * 1024 - 9)]);
  await fillRequest(page, "odile.m@example.com", { name: "pallet plan.pdf", buffer: content });
  // 4 KB/s: 3 MB would take over twelve minutes, far past the server's three-minute ceiling.
  await throttleUpload(page, 4 * 1024);
  await page.getByRole("button", { name: "Send Quote Request" }).click();
  await expect(page.getByTestId("quote-progress")).toContainText("Sending your request without them", {
    timeout: 30_000,
  });
  await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeFocused({ timeout: 30_000 });
  const reference = (await page.getByTestId("quote-reference").locator("strong").textContent()) ?? "";
  const toSend = page.getByTestId("quote-files-to-send");
  await expect(toSend).toContainText("pallet plan.pdf");
  await expect(toSend).toContainText("reply to the acknowledgement e-mail");
  await expect(toSend).toContainText(reference);
  await expect(page.getByTestId("quote-sent")).toContainText("3x2 freezer-grade labels: 60 each");

  await expect.poll(() => salesMail(reference) !== undefined, { timeout: 30_000 }).toBe(true);
  const sales = salesMail(reference);
  expect(sales?.attachments).toHaveLength(0);
  expect(sales?.text ?? "").toContain("Files that did not arrive");
  expect(sales?.text ?? "").toContain("pallet plan.pdf");
});
