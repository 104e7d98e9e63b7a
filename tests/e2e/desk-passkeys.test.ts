import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type CDPSession, expect, type Page, test } from "@playwright/test";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { signIn, staffCommand } from "./desk-support";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { expectNoAxeViolations, uniqueClientAddress, viewports } from "./support";

/*
 * Passkeys on the sales desk in a real Chromium, with its virtual authenticator standing in for a
 * fingerprint reader (docs/desk.md#passkeys). The site is served as http://localhost: a passkey needs a
 * domain (an IP address is no RP ID) and a secure context (localhost is one).
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3100) + 486;
const origin = `http://localhost:${port}`;
let peer: SmtpPeer;
let server: SpawnedServer;
let dataDir: string;

async function newPage(browser: Browser, size: keyof typeof viewports): Promise<Page> {
  const context = await browser.newContext({
    viewport: viewports[size],
    extraHTTPHeaders: { "x-forwarded-for": uniqueClientAddress() },
  });
  return context.newPage();
}

/** A platform authenticator that holds discoverable credentials and verifies its user, on this page. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function addPasskey(page: Page, name: string): Promise<void> {
  const response = await page.goto(`${origin}/desk/sessions`);
  // The one script the desk allows, on the page that runs it, and nothing else.
  expect(response?.headers()["content-security-policy"]).toMatch(
    new RegExp(`script-src ${origin}/assets/passkeys-client-[\\w-]+\\.js;`),
  );
  await page.getByLabel("Passkey name").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(
    page.getByText("Passkey added. Next time, choose “Sign in with a passkey” on the sign-in page."),
  ).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("last used never");
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${origin}/desk`);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the sales desk" })).toBeVisible();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "desk-passkeys-"));
  const databaseUrl = `sqlite:${path.join(dataDir, "site.db")}`;
  peer = await startSmtpPeer();
  server = await spawnServer(port, {
    SMTP_URL: peer.url,
    DATABASE_URL: databaseUrl,
    SITE_URL: origin,
    TRUST_PROXY: "true",
  });
  await staffCommand(databaseUrl, ["add", "owner@example.test", "--role", "owner"]);
  await staffCommand(databaseUrl, ["add", "dallas.rep@example.test", "--role", "rep", "--branch", "dallas"]);
});

test.afterAll(async () => {
  await server?.stop();
  await peer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("must show: signed in by link, the owner adds a passkey, signs out, signs in with it, and removes it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, "desktop");
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await signIn(page, origin, peer, "owner@example.test");
  const inbox = await page.goto(`${origin}/desk`);
  expect(inbox?.headers()["content-security-policy"]).toContain("script-src 'none'");

  await addPasskey(page, "Work laptop");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expectNoAxeViolations(page);

  await signOut(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "desk_session");
  expect(session).toMatchObject({ path: "/desk", httpOnly: true, sameSite: "Lax" });

  await page.goto(`${origin}/desk/sessions`);
  const entry = page.getByRole("listitem").filter({ hasText: "Work laptop" });
  await expect(entry).not.toContainText("last used never");
  await entry.getByRole("button", { name: "Remove passkey Work laptop" }).click();
  await expect(page.getByText("Passkey removed. It no longer signs you in.")).toBeVisible();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

  // The authenticator still holds it; the desk no longer takes it.
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(
    page.getByText("That passkey did not sign you in. Try again, or e-mail yourself a sign-in link."),
  ).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("desk_session");
  await page.context().close();
});

test("at 375 px a rep adds a passkey and signs in with it, by keyboard and from the field's suggestions; a disabled rep's passkey signs in no one", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, "phone");
  await addAuthenticator(page);
  await signIn(page, origin, peer, "dallas.rep@example.test");
  await addPasskey(page, "Phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);

  await signOut(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: "Sign in with a passkey" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();

  // Offered among the address field's suggestions too, once the field has focus (the virtual
  // authenticator picks the one passkey at once, as a person would from the list).
  await signOut(page);
  await page.getByLabel("Work e-mail").focus();
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();

  await signOut(page);
  await staffCommand(`sqlite:${path.join(dataDir, "site.db")}`, ["disable", "dallas.rep@example.test"]);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(
    page.getByText("That passkey did not sign you in. Try again, or e-mail yourself a sign-in link."),
  ).toBeVisible();
  await page.context().close();
});

test("without scripts the sign-in page offers the e-mailed link only, and the sessions page says why there is no passkey form", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": uniqueClientAddress() },
  });
  const page = await context.newPage();
  await page.goto(`${origin}/desk`);
  await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await signIn(page, origin, peer, "owner@example.test");
  await page.goto(`${origin}/desk/sessions`);
  await expect(
    page.getByText("Adding a passkey needs a browser that supports passkeys, with JavaScript on."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await context.close();
});

test("a passkey post from another site is refused (403), and one that is no ceremony's answer gets 400 or 413, never a session", async () => {
  const post = (body: string, site: string) =>
    fetch(`${origin}/desk/passkey`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": site,
        "x-forwarded-for": uniqueClientAddress(),
      },
      body,
    });
  const answer = JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: {} });
  expect((await post(`response=${encodeURIComponent(answer)}`, "cross-site")).status).toBe(403);
  for (const body of [
    `response=${encodeURIComponent(answer)}`,
    "response=%7Bnot%20json",
    "response=",
    "x=1",
  ]) {
    const response = await post(body, "same-origin");
    expect(response.status, body).toBe(400);
    expect(response.headers.get("set-cookie"), body).toBeNull();
  }
  expect((await post(`response=${"A".repeat(20_000)}`, "same-origin")).status).toBe(413);
});
