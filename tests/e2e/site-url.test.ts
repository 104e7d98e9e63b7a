import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { builtServer } from "../../scripts/lib/server-process";
import { startSmtpPeer } from "../support/smtp-peer";
import { linkIn, mailFor } from "./newsletter-support";
import { spawnServer } from "./spawned-server";
import { navigateInApp, waitForHydration } from "./support";

/*
 * One build serves any address: SITE_URL is read when the server starts, and every canonical link,
 * Open Graph URL, JSON-LD URL, sitemap and robots entry follows it, on the first load and after
 * navigating in the browser.
 */

const origin = "https://www.example.com";
const port = Number(process.env.E2E_PORT ?? 3100) + 95;

test("a server started with SITE_URL puts that origin everywhere, without a rebuild", async ({ browser }) => {
  test.setTimeout(60_000);
  const server = await spawnServer(port, { SITE_URL: origin });
  try {
    const home = await (await fetch(`${server.origin}/`)).text();
    expect(home).toContain(`<link rel="canonical" href="${origin}/"/>`);
    expect(home).toContain(`<meta property="og:url" content="${origin}/"/>`);
    expect(home).toContain(`<meta property="og:image" content="${origin}/images/og-default.png"/>`);
    expect(home).not.toContain("localhost");

    const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${origin}/</loc>`);
    expect(sitemap).toContain(`<loc>${origin}/resources/articles/`);
    expect(sitemap).not.toContain("localhost");
    expect(await (await fetch(`${server.origin}/robots.txt`)).text()).toContain(
      `Sitemap: ${origin}/sitemap.xml`,
    );

    const packaging = await (await fetch(`${server.origin}/protective-packaging`)).text();
    expect(packaging).toContain(`"url":"${origin}/"`);
    // A page rendered on request (the 404 page) follows it too.
    const missing = await (await fetch(`${server.origin}/no-such-page`)).text();
    expect(missing).toContain(`<meta property="og:url" content="${origin}/no-such-page"/>`);
    // Compressed copies say the same as the plain one.
    const brotli = await fetch(`${server.origin}/about`, { headers: { "accept-encoding": "br" } });
    expect(await brotli.text()).toContain(`<link rel="canonical" href="${origin}/about"/>`);

    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    // In-app navigation happens from the pages with scripts (decision 0023).
    await page.goto(`${server.origin}/contact`);
    await waitForHydration(page);
    await navigateInApp(page, "/products");
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/products`);
    await navigateInApp(page, "/resources/articles/choosing-label-face-stock");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${origin}/resources/articles/choosing-label-face-stock`,
    );
    expect(violations).toEqual([]);
    await page.close();
  } finally {
    await server.stop();
  }
});

test("without SITE_URL, the origin follows PORT: the start line says so and the e-mailed links point at that port", async () => {
  test.setTimeout(60_000);
  const ownPort = port + 1;
  const peer = await startSmtpPeer();
  const server = await spawnServer(ownPort, { SMTP_URL: peer.url });
  try {
    const origin = `http://localhost:${ownPort}`;
    const started = server.logs().find((line) => line.msg === "server listening");
    expect(started).toMatchObject({ origin, originFrom: "PORT" });
    // Mail goes out for real, and the routing file's branches still have their example addresses: the
    // start names the variable of each (SALES_EMAIL, a test address here, gets every lead in Cc).
    expect(server.logs().flatMap((line) => (line.level === 40 ? [line.variable] : []))).toEqual([
      "BRANCH_EMAIL_ATLANTA",
      "BRANCH_EMAIL_CHICAGO",
      "BRANCH_EMAIL_DALLAS",
      "BRANCH_EMAIL_RENO",
    ]);
    const email = `port-${Date.now()}@example.com`;
    const signup = await fetch(`${server.origin}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(signup.status).toBe(200);
    const mail = await mailFor(peer, email, /confirm/i);
    const link = linkIn(mail, origin, "/newsletter/confirm");
    // The link works as mailed, on the port the server listens on.
    expect((await fetch(link)).status).toBe(200);
    expect(await (await fetch(`${server.origin}/`)).text()).toContain(
      `<link rel="canonical" href="${origin}/"/>`,
    );
  } finally {
    await server.stop();
    await peer.stop();
  }
});

test("with SMTP_URL set, a SALES_EMAIL left at its example default stops the start, naming the variable", async () => {
  const child = spawn(process.execPath, [builtServer()], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port + 2),
      DATABASE_URL: "sqlite::memory:",
      SMTP_URL: "smtp://127.0.0.1:9",
      SALES_EMAIL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  const problems = stderr.split("\n").filter((line) => line.startsWith("  - "));
  expect(problems).toEqual([
    "  - SALES_EMAIL: sales@ridgeline-supply.example is an example address that no mail reaches; with SMTP_URL set, set SALES_EMAIL to the inbox that receives leads",
  ]);
});
