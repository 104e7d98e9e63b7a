import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, expect, type Page } from "@playwright/test";
import { repoRoot } from "../support/cli";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { QUOTE_MIN_FILL_MS, uniqueClientAddress, viewports } from "./support";

const execFileAsync = promisify(execFile);

/**
 * Runs `npm run staff -- ARGS` on the database at `databaseUrl`, as an operator would; fails the test if it fails.
 * Asynchronous: a synchronous run held the test's event loop for seconds, and the next request then went out on
 * a kept-alive connection the server had closed meanwhile ("other side closed").
 */
export async function staffCommand(databaseUrl: string, args: string[]): Promise<string> {
  const run: { code?: number; stdout?: string; stderr?: string } = await execFileAsync(
    "npm",
    ["run", "--silent", "staff", "--", ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    },
  ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
  expect(run.code ?? 0, run.stderr).toBe(0);
  return run.stdout ?? "";
}

/** A member of staff to add: e-mail, role and, for a rep, the branch. */
export type StaffMember = [email: string, role: "owner" | "manager" | "rep", branch?: string];

/** Adds each member with `npm run staff -- add`, in order; resolves with what each command printed. */
export async function addStaff(databaseUrl: string, members: readonly StaffMember[]): Promise<string[]> {
  const printed: string[] = [];
  for (const [email, role, branch] of members)
    printed.push(
      await staffCommand(databaseUrl, [
        "add",
        email,
        "--role",
        role,
        ...(branch ? ["--branch", branch] : []),
      ]),
    );
  return printed;
}

/** The sign-in link in the newest e-mail the peer received for `to`, once one has arrived after `after` mails. */
export async function linkFor(peer: SmtpPeer, to: string, after: number): Promise<string> {
  const mailTo = () =>
    peer.messages.filter((mail) => (mail.to && "text" in mail.to ? mail.to.text : "") === to);
  await expect.poll(() => mailTo().length, { timeout: 15_000 }).toBeGreaterThan(after);
  const text = mailTo().at(-1)?.text ?? "";
  const link = /https?:\/\/\S+\/desk\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return link ?? "";
}

/** How many e-mails the peer has received for `to`. */
export function mailCount(peer: SmtpPeer, to: string): number {
  return peer.messages.filter((mail) => (mail.to && "text" in mail.to ? mail.to.text : "") === to).length;
}

/** Asks for a sign-in link on the desk's page, as staff do; returns the link from the e-mail. */
export async function askForLink(page: Page, origin: string, peer: SmtpPeer, email: string): Promise<string> {
  const before = mailCount(peer, email);
  await page.goto(`${origin}/desk`);
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  return linkFor(peer, email, before);
}

/** Signs in with the e-mailed link in this page's browser: open it, press Sign in, see the inbox. */
export async function signIn(page: Page, origin: string, peer: SmtpPeer, email: string): Promise<void> {
  const link = await askForLink(page, origin, peer, email);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
}

/** Sends a quote request from the public form (a Dallas ZIP code routes it to Dallas); returns its reference. */
export async function sendQuote(origin: string, zip: string): Promise<string> {
  const html = await (await fetch(`${origin}/quote`)).text();
  const token = /name="startedAt" value="([^"]+)"/.exec(html)?.[1] ?? "";
  await new Promise((resolve) => setTimeout(resolve, QUOTE_MIN_FILL_MS));
  const form = new FormData();
  const fields: Record<string, string> = {
    company: "Lone Star Cold Storage",
    name: "Ines Okafor",
    email: "ines.okafor@example.com",
    postalCode: zip,
    "items[0].area": "labels",
    "items[0].description": "4x6 thermal transfer labels",
    "items[0].quantity": "24",
    "items[0].unit": "roll",
    website: "",
    startedAt: token,
    intent: "send",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${origin}/quote`, { method: "POST", body: form });
  expect(response.status).toBe(200);
  const found = /Your reference: <strong[^>]*>(Q-[A-Z0-9]{6})</.exec(await response.text())?.[1] ?? "";
  expect(found).toMatch(/^Q-/);
  return found;
}

/** A site for a desk test file: its own SQLite database in a folder of its own, and a real SMTP peer. */
export interface DeskSite {
  peer: SmtpPeer;
  server: SpawnedServer;
  databaseUrl: string;
  /** Stops the server and the peer and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Starts a server on `port` that sends its mail to a real SMTP peer and trusts the test's proxy
 * header, with `env` added; `folder` names its temporary folder.
 */
export async function startDeskSite(
  port: number,
  folder: string,
  env: Record<string, string> = {},
): Promise<DeskSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), folder));
  const databaseUrl = `sqlite:${path.join(dataDir, "site.db")}`;
  const peer = await startSmtpPeer();
  const server = await spawnServer(port, {
    SMTP_URL: peer.url,
    DATABASE_URL: databaseUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "true",
    ...env,
  });
  return {
    peer,
    server,
    databaseUrl,
    async stop() {
      await server.stop();
      await peer.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A page in a browser context of its own, so each is a client of its own (per-client limits), as the
 * server trusts the test's proxy header. A dialog on a desk page fails the test.
 */
export async function newDeskPage(
  browser: Browser,
  size: keyof typeof viewports,
  options: { acceptDownloads?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: viewports[size],
    extraHTTPHeaders: { "x-forwarded-for": uniqueClientAddress() },
    ...options,
  });
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog fired on a desk page: ${dialog.message()}`);
  });
  return page;
}
