import { type Browser, expect, type Page, test } from "@playwright/test";
import { addStaff, type DeskSite, newDeskPage, signIn, startDeskSite } from "./desk-support";
import { expectNoAxeViolations, QUOTE_MIN_FILL_MS, type viewports } from "./support";

/*
 * A quote's lead page on the desk (docs/desk.md#lead-page): its lines' part numbers link to their item
 * pages or are flagged, and its file downloads through a short-lived link that only staff who may see
 * the lead can open. One server for the file, its tests in order.
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100) + 560;
// The quote form keeps no <, > or " in a name (safeFileName); & and ' are shown as typed.
const FILE_NAME = "Pallet 'drawing' & plan é.pdf";
// A PDF's first bytes, then every byte value: the download must be these bytes exactly.
const FILE = Buffer.concat([
  Buffer.from("%PDF-1.7\n"),
  Buffer.from(Array.from({ length: 256 }, (_, index) => index)),
  Buffer.from("\n%%EOF\n"),
]);
const KNOWN = "RDT-1X0.5-3C";
const KNOWN_PATH = `/products/direct-thermal-labels/${KNOWN}`;
const DISCONTINUED = "PRD-ZD420T-203";
const REPLACEMENT = "PRD-ZD421T-203";
let site: DeskSite;
let leadPath = "";
let fileHref = "";

/** Sends a Dallas quote with three part numbers (known, discontinued, unknown) and one file; returns its reference. */
async function sendQuoteWithSkusAndFile(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/quote`)).text();
  const token = /name="startedAt" value="([^"]+)"/.exec(html)?.[1] ?? "";
  await new Promise((resolve) => setTimeout(resolve, QUOTE_MIN_FILL_MS));
  const form = new FormData();
  const lines = [
    [KNOWN, "1 x 0.5 in labels"],
    [DISCONTINUED, "Desktop printer"],
    ["NO-SUCH-77", "Something else"],
  ];
  const fields: Record<string, string> = {
    company: "Lone Star Cold Storage",
    name: "Ines Okafor",
    email: "ines.okafor@example.com",
    postalCode: "75201",
    website: "",
    startedAt: token,
    intent: "send",
  };
  for (const [index, [sku, description]] of lines.entries()) {
    fields[`items[${index}].sku`] = sku ?? "";
    fields[`items[${index}].description`] = description ?? "";
    fields[`items[${index}].quantity`] = "2";
    fields[`items[${index}].unit`] = "each";
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("files", new Blob([new Uint8Array(FILE)], { type: "application/pdf" }), FILE_NAME);
  const response = await fetch(`${origin}/quote`, { method: "POST", body: form });
  const body = await response.text();
  expect(response.status, body.slice(0, 2000)).toBe(200);
  const found = /Your reference: <strong[^>]*>(Q-[A-Z0-9]{6})</.exec(body)?.[1] ?? "";
  expect(found).toMatch(/^Q-/);
  return found;
}

async function signedIn(browser: Browser, size: keyof typeof viewports, email: string): Promise<Page> {
  const page = await newDeskPage(browser, size, { acceptDownloads: true });
  await signIn(page, site.server.origin, site.peer, email);
  return page;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startDeskSite(port, "desk-lead-files-");
  await addStaff(site.databaseUrl, [
    ["owner@example.test", "owner"],
    ["chicago.rep@example.test", "rep", "chicago"],
  ]);
});

test.afterAll(async () => {
  await site?.stop();
});

test("must show: a quote's skus link to their item pages or are flagged, and its file downloads, exactly, as an attachment", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const reference = await sendQuoteWithSkusAndFile(site.server.origin);
  const page = await signedIn(browser, "desktop", "owner@example.test");
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: reference, level: 1 })).toBeVisible();
  leadPath = new URL(page.url()).pathname;

  const items = page.getByRole("table");
  await expect(items.getByRole("link", { name: KNOWN })).toHaveAttribute("href", KNOWN_PATH);
  await expect(items.getByRole("row").filter({ hasText: "NO-SUCH-77" })).toContainText("unknown sku");
  const discontinued = items.getByRole("row").filter({ hasText: DISCONTINUED });
  await expect(discontinued).toContainText(`discontinued, replaced by ${REPLACEMENT}`);
  await expect(discontinued.getByRole("link", { name: REPLACEMENT })).toHaveAttribute(
    "href",
    `/products/desktop-printers/${REPLACEMENT}`,
  );
  // The file's name is text, as the buyer typed it.
  const file = page.getByRole("link", { name: FILE_NAME });
  await expect(file).toHaveText(FILE_NAME);
  fileHref = (await file.getAttribute("href")) ?? "";
  expect(fileHref).toMatch(/^\/desk\/leads\/quote\/\d+\/files\/\d+\?expires=\d+&sig=[\w-]+$/);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
  expect(download.suggestedFilename()).toBe(FILE_NAME);
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(FILE)).toBe(true);

  const answer = await page.request.get(`${site.server.origin}${fileHref}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-disposition"]).toBe(
    `attachment; filename="Pallet 'drawing' & plan _.pdf"; filename*=UTF-8''Pallet%20%27drawing%27%20%26%20plan%20%C3%A9.pdf`,
  );
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers()["content-type"]).toBe("application/octet-stream");
  // HEAD gets the same headers and no body.
  const head = await page.request.head(`${site.server.origin}${fileHref}`);
  expect(head.status()).toBe(200);
  expect(head.headers()["content-disposition"]).toBe(answer.headers()["content-disposition"]);
  expect(head.headers()["content-length"]).toBe(String(FILE.length));
  expect((await head.body()).length).toBe(0);

  // The part number opens the item page of that sku.
  await page.goto(`${site.server.origin}${leadPath}`);
  await page.getByRole("table").getByRole("link", { name: KNOWN }).click();
  await expect(page).toHaveURL(`${site.server.origin}${KNOWN_PATH}`);
  await expect(page.getByText(KNOWN).first()).toBeVisible();
});

test("must show: the file link serves nobody without a session, nor a rep of another branch, nor once altered", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const url = `${site.server.origin}${fileHref}`;
  const isFile = (body: Buffer) => body.includes(FILE.subarray(0, 40));

  // Copied to a browser without the desk's session: the sign-in page, not the file.
  const stranger = await newDeskPage(browser, "desktop");
  const unsigned = await stranger.request.get(url);
  expect(unsigned.status()).toBe(401);
  expect(isFile(await unsigned.body())).toBe(false);
  await stranger.goto(url);
  await expect(stranger.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();

  // A rep of another branch: the desk's 404, as for the lead itself.
  const rep = await signedIn(browser, "desktop", "chicago.rep@example.test");
  const forRep = await rep.request.get(url);
  expect(forRep.status()).toBe(404);
  expect(isFile(await forRep.body())).toBe(false);
  expect((await rep.request.get(`${site.server.origin}${leadPath}`)).status()).toBe(404);

  // Altered: a later expiry under the same signature, or another signature: 403, with the desk's page.
  const owner = await signedIn(browser, "desktop", "owner@example.test");
  const later = url.replace(/expires=(\d+)/, (_, expires: string) => `expires=${Number(expires) + 86_400}`);
  const forged = url.replace(/sig=([\w-])/, (_, first: string) => `sig=${first === "A" ? "B" : "A"}`);
  const lapsed = url.replace(/expires=\d+/, "expires=1000000000");
  for (const address of [later, forged, lapsed]) {
    const refused = await owner.request.get(address);
    expect(refused.status(), address).toBe(403);
    expect(isFile(await refused.body())).toBe(false);
  }
  await owner.goto(later);
  await expect(owner.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expectNoAxeViolations(owner);
  // The desk's signature does not open the webhooks' /files address.
  const fileId = /files\/(\d+)/.exec(fileHref)?.[1];
  const atFiles = await owner.request.get(`${site.server.origin}/files/${fileId}/x.pdf?${url.split("?")[1]}`);
  expect(atFiles.status()).toBe(403);
});

test("must show: at 375 px the items and files are usable without the page scrolling sideways, and axe is clean", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, "phone", "owner@example.test");
  await page.goto(`${site.server.origin}${leadPath}`);
  await expect(page.getByRole("link", { name: FILE_NAME })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The items table scrolls in its own box, which the keyboard reaches.
  const box = page.locator("#lead-items ~ .overflow-x-auto");
  await box.focus();
  await expect(box).toBeFocused();
  await expect(page.getByRole("table").getByRole("link", { name: KNOWN })).toBeVisible();
  await expectNoAxeViolations(page);
});
