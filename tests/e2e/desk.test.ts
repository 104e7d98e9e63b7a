import { type Browser, expect, type Page, test } from "@playwright/test";
import type { SmtpPeer } from "../support/smtp-peer";
import {
  addStaff,
  askForLink,
  type DeskSite,
  newDeskPage,
  sendQuote,
  signIn,
  staffCommand,
  startDeskSite,
} from "./desk-support";
import type { SpawnedServer } from "./spawned-server";
import { expectNoAxeViolations, postForm, uniqueClientAddress, type viewports } from "./support";

/*
 * The sales desk in a real browser, with the real SMTP peer receiving the sign-in links: one server for
 * the file, its tests in order (the last one spends the client's sign-in attempts).
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100) + 470;
const XSS_NAME = "<img src=x onerror=alert(1)>";
let site: DeskSite;
let peer: SmtpPeer;
let server: SpawnedServer;
let databaseUrl: string;
let reference = "";
let leadPath = "";

const newPage = (browser: Browser, size: keyof typeof viewports) => newDeskPage(browser, size);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startDeskSite(port, "desk-e2e-");
  ({ peer, server, databaseUrl } = site);
  const [owner] = await addStaff(databaseUrl, [
    ["owner@example.test", "owner"],
    ["chicago.rep@example.test", "rep", "chicago"],
    ["dallas.rep@example.test", "rep", "dallas"],
  ]);
  expect(owner).toContain("owner@example.test added as owner");
});

test.afterAll(async () => {
  await site?.stop();
});

test("must show: the owner signs in by an e-mailed link, finds a just-sent quote, marks it Contacted; the log names them", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  reference = await sendQuote(server.origin, "75201");
  const contact = await postForm(`${server.origin}/contact`, {
    name: XSS_NAME,
    email: "visitor@example.com",
    message: "Please call about drum labels.",
  });
  expect(contact.status).toBe(200);

  const page = await newPage(browser, "desktop");
  await signIn(page, server.origin, peer, "owner@example.test");
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("dallas");
  await expect(row).toContainText("New");
  // What the visitor typed is text: visible as typed, and no element made of it.
  await expect(page.getByText(XSS_NAME)).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await expectNoAxeViolations(page);
  // Filtered by product area and age: the labels quote is there, a barcoding filter finds nothing.
  await page.getByLabel("Product area").selectOption("labels");
  await page.getByLabel("Received").selectOption("hour");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await expect(page.getByText(XSS_NAME)).toHaveCount(0);
  await page.getByLabel("Product area").selectOption("barcoding");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No leads match.")).toBeVisible();
  await page.goto(`${server.origin}/desk`);

  await row.getByRole("link", { name: reference }).click();
  leadPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: reference })).toBeVisible();
  await expect(page.getByText("Dallas: ship-to 75201, Texas", { exact: true })).toBeVisible();
  // The e-mails sent for it, with their state: the branch's notification and the buyer's acknowledgement.
  const mails = page.getByRole("region", { name: "E-mails" });
  await expect(mails).toContainText("sent · to dallas@ridgeline-supply.example");
  await expect(mails).toContainText("to ines.okafor@example.com");
  await expect(page.getByText("4x6 thermal transfer labels")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Status").selectOption("contacted");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText(/^\d+ (s|min) \(\d+ (s|min) in business hours\)$/)).toBeVisible();
  const activity = page.getByRole("region", { name: "Activity" });
  await expect(activity).toContainText("owner@example.test");
  await expect(activity).toContainText("New → Contacted");
  await page.getByLabel("Note").fill(`Called back. ${XSS_NAME}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(activity).toContainText(`Note: Called back. ${XSS_NAME}`);

  // Speed to lead: the quote answered by the owner, in Dallas's figures and the owner's.
  await page.getByRole("link", { name: "Speed to lead" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Speed to lead" })).toBeVisible();
  const branches = page.getByRole("table", { name: "Per branch" });
  await expect(branches.getByRole("row", { name: /^Dallas 1 / })).toBeVisible();
  const staff = page.getByRole("table", { name: /^Per member of staff/ });
  await expect(staff.getByRole("row", { name: /^owner@example\.test 1 / })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`${server.origin}/desk/sessions`);
  await expect(page.getByText("(this browser)")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();
});

test("a rep of another branch neither lists the quote nor opens it by its address (404); the branch's rep does, at 375 px", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const chicago = await newPage(browser, "phone");
  await signIn(chicago, server.origin, peer, "chicago.rep@example.test");
  await expect(chicago.getByText(XSS_NAME)).toBeVisible(); // contact messages are unrouted: every rep sees them
  await expect(chicago.getByRole("link", { name: reference })).toHaveCount(0);
  const refused = await chicago.goto(`${server.origin}${leadPath}`);
  expect(refused?.status()).toBe(404);
  await expect(chicago.getByText("Lone Star Cold Storage")).toHaveCount(0);
  expect(await chicago.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await chicago.context().close();

  const dallas = await newPage(browser, "phone");
  await signIn(dallas, server.origin, peer, "dallas.rep@example.test");
  await dallas.getByRole("link", { name: reference }).click();
  await expect(dallas.getByRole("heading", { level: 1, name: reference })).toBeVisible();
  expect(await dallas.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(dallas);
  // Speed to lead on a phone, reached by keyboard from the desk's links.
  await dallas.getByRole("link", { name: "Speed to lead" }).focus();
  await dallas.keyboard.press("Enter");
  await expect(dallas.getByRole("heading", { level: 1, name: "Speed to lead" })).toBeVisible();
  await expect(dallas.getByRole("table", { name: "Per branch" })).toContainText("Answered: 1");
  expect(await dallas.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(dallas);
  await dallas.context().close();
});

test("held spam: a manager releases a held message at 375 px, by keyboard; it joins the inbox and its log; a rep gets 404", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const held = await postForm(`${server.origin}/contact`, {
    name: "https://buy-now.example",
    email: "real.buyer@example.com",
    message: "Actually a buyer: please call about 4x6 labels.",
  });
  expect(held.status).toBe(200);
  await staffCommand(databaseUrl, ["add", "manager@example.test", "--role", "manager"]);

  const rep = await newPage(browser, "phone");
  await signIn(rep, server.origin, peer, "dallas.rep@example.test");
  await expect(rep.getByRole("link", { name: "Held spam" })).toHaveCount(0);
  expect((await rep.goto(`${server.origin}/desk/held`))?.status()).toBe(404);
  await rep.context().close();

  const page = await newPage(browser, "phone");
  await signIn(page, server.origin, peer, "manager@example.test");
  await page.getByRole("link", { name: "Held spam" }).click();
  const item = page.getByRole("listitem").filter({ hasText: "https://buy-now.example" });
  await expect(item).toContainText("The name field holds a link.");
  const heldReference =
    /C-[A-Z0-9]{6}/.exec((await item.getByRole("heading").textContent()) ?? "")?.[0] ?? "";
  expect(heldReference).toMatch(/^C-/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await item.getByRole("button", { name: `Release ${heldReference}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(
    `${heldReference} released: its notification and acknowledgement are queued.`,
  );
  await expect(page.getByText("https://buy-now.example")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Inbox" }).click();
  await page.getByRole("link", { name: heldReference }).click();
  const activity = page.getByRole("region", { name: "Activity" });
  await expect(activity).toContainText("manager@example.test · Released from held spam: sent on to sales");
  // The reply button opens an e-mail to the buyer; the press beside it marks the lead Contacted.
  const reply = page.getByRole("link", { name: "Reply by e-mail" });
  expect(await reply.getAttribute("href")).toMatch(
    /^mailto:real\.buyer@example\.com\?subject=Re%3A%20your%20message%20C-/,
  );
  await page.getByRole("button", { name: "Mark Contacted" }).click();
  await expect(activity).toContainText("New → Contacted");
  await expect(page.getByRole("button", { name: "Mark Contacted" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.context().close();
});

test("without a session every desk address answers the sign-in page and no lead data", async ({
  browser,
}) => {
  const page = await newPage(browser, "phone");
  for (const address of [
    "/desk",
    "/desk/sessions",
    "/desk/speed",
    "/desk/held",
    leadPath,
    "/desk/leads/contact/1",
    "/desk/no-such-page",
  ]) {
    const response = await page.goto(`${server.origin}${address}`);
    expect(response?.status(), address).toBe(401);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'none'");
    await expect(page.getByRole("heading", { name: "Sign in to the sales desk" })).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain(reference);
    expect(html).not.toContain("Lone Star");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
  }
  await expectNoAxeViolations(page);
  await page.context().close();
});

test("a forwarded link is refused in another browser, a used one is refused, and neither signs in", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const mine = await newPage(browser, "desktop");
  const link = await askForLink(mine, server.origin, peer, "owner@example.test");
  const other = await newPage(browser, "desktop");
  const opened = await other.goto(link);
  expect(opened?.status()).toBe(403);
  await expect(other.getByText("works only in the browser where it was asked for")).toBeVisible();
  await expect(other.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  // Pressed anyway (a post with the token, without the asking browser's cookie): refused, and the link stays unspent.
  const pressed = await fetch(`${server.origin}/desk/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: `token=${new URL(link).searchParams.get("token")}`,
  });
  expect(pressed.status).toBe(403);
  expect(pressed.headers.get("set-cookie")).toBeNull();
  expect((await other.context().cookies()).map((cookie) => cookie.name)).not.toContain("desk_session");

  await mine.goto(link);
  await mine.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(mine.getByRole("heading", { name: "Inbox" })).toBeVisible();
  const again = await mine.goto(link);
  expect(again?.status()).toBe(410);
  await expect(mine.getByText("has been used already")).toBeVisible();
  const replay = await other.goto(link);
  expect(replay?.status()).toBe(410);
  await mine.context().close();
  await other.context().close();
});

test("a post from another origin, or one that says nothing of where it comes from, is refused (403)", async ({
  browser,
}) => {
  const page = await newPage(browser, "desktop");
  await signIn(page, server.origin, peer, "owner@example.test");
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "desk_session");
  expect(cookie).toMatchObject({ path: "/desk", httpOnly: true, sameSite: "Lax", secure: false });
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    cookie: `desk_session=${cookie?.value}`,
  };
  const attempts: Record<string, string>[] = [
    { origin: "http://evil.example" },
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    {},
  ];
  for (const extra of attempts) {
    const response = await fetch(`${server.origin}${leadPath}`, {
      method: "POST",
      headers: { ...headers, ...extra },
      body: "intent=note&note=forged",
    });
    expect(response.status, JSON.stringify(extra)).toBe(403);
  }
  await page.goto(`${server.origin}${leadPath}`);
  await expect(page.getByRole("region", { name: "Activity" })).not.toContainText("forged");
  await page.context().close();
});

test("sign-out, sign out everywhere and disabling end sessions on the server; no public page sets or receives a cookie", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, "desktop");
  await signIn(page, server.origin, peer, "owner@example.test");
  const session = async (p: Page) =>
    (await p.context().cookies()).find((entry) => entry.name === "desk_session")?.value ?? "";
  const withCookie = (value: string) =>
    fetch(`${server.origin}/desk`, { headers: { cookie: `desk_session=${value}` } }).then((r) => r.status);
  const first = await session(page);
  expect(await withCookie(first)).toBe(200);

  // Public pages in the same browser: no Set-Cookie, and no cookie sent to them.
  for (const address of [
    "/",
    "/contact",
    "/quote",
    "/products",
    "/search?q=labels",
    "/privacy",
    "/no-such-page",
  ]) {
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === address.split("?")[0]);
    const response = await page.goto(`${server.origin}${address}`);
    expect(await response?.headerValue("set-cookie"), address).toBeNull();
    expect((await (await sent).allHeaders()).cookie, address).toBeUndefined();
  }

  await page.goto(`${server.origin}/desk`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the sales desk" })).toBeVisible();
  expect(await withCookie(first)).toBe(401);

  await signIn(page, server.origin, peer, "owner@example.test");
  const second = await session(page);
  await page.goto(`${server.origin}/desk/sessions`);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  expect(await withCookie(second)).toBe(401);

  const rep = await newPage(browser, "phone");
  await signIn(rep, server.origin, peer, "dallas.rep@example.test");
  const repSession = await session(rep);
  expect(await withCookie(repSession)).toBe(200);
  expect(await staffCommand(databaseUrl, ["disable", "dallas.rep@example.test"])).toContain("disabled");
  expect(await withCookie(repSession)).toBe(401);
  await rep.reload();
  await expect(rep.getByRole("heading", { name: "Sign in to the sales desk" })).toBeVisible();
  await page.context().close();
  await rep.context().close();
});

test("twenty wrong sign-in presses from one client are limited (429)", async () => {
  const client = uniqueClientAddress();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${server.origin}/desk/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": client,
      },
      body: `token=${"A".repeat(42)}${attempt % 10}`,
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
  expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
});
