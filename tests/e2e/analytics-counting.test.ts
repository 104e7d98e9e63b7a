import { randomBytes } from "node:crypto";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { adminUrl, databaseUrlFor, pgQuery } from "../support/postgres";
import { clientAddress, contactBody, postJson, uniqueEmail } from "./fault-support";
import { type SpawnedServer, spawnServer } from "./spawned-server";

/*
 * First-party counting through the real server on PostgreSQL (docs/analytics.md): what is not
 * counted, views and unique visitors, two instances adding up, and what a restart loses.
 */

const basePort = Number(process.env.E2E_PORT ?? 3100);
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FLUSH_SECONDS = 1;

test.describe.configure({ mode: "serial" });

let database = "";
let databaseUrl = "";
const servers: SpawnedServer[] = [];

test.beforeEach(async () => {
  database = `t_${randomBytes(6).toString("hex")}`;
  databaseUrl = databaseUrlFor(database);
  await pgQuery(adminUrl, `create database ${database}`);
});

test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await pgQuery(adminUrl, `drop database if exists ${database} with (force)`);
});

async function start(offset: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const server = await spawnServer(basePort + offset, {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "true",
    ANALYTICS_FLUSH_SECONDS: String(FLUSH_SECONDS),
    ...env,
  });
  servers.push(server);
  return server;
}

/** One request as a client sends it; the answer's status. */
function send(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end();
  });
}

/** A browser's page view from a client address (the proxy's X-Forwarded-For). */
const view = (origin: string, path: string, client: number, headers: Record<string, string> = {}) =>
  send(origin, path, { "user-agent": CHROME, "x-forwarded-for": `198.51.100.${client}`, ...headers });

/** Counts of a metric by key, summed over days. */
async function counts(metric: string): Promise<Record<string, number>> {
  const rows = await pgQuery<{ key: string; detail: string; count: string }>(
    databaseUrl,
    "select key, detail, sum(count) as count from analytics_counts where metric = $1 group by key, detail",
    [metric],
  );
  return Object.fromEntries(
    rows.map((row) => [row.detail ? `${row.key} ${row.detail}` : row.key, Number(row.count)]),
  );
}

async function visitors(): Promise<number> {
  const rows = await pgQuery<{ n: string }>(databaseUrl, "select count(*) as n from analytics_visitors");
  return Number(rows[0]?.n ?? 0);
}

/** Waits until the servers' next writes are surely in: two flush intervals and a margin. */
const afterFlush = () => new Promise((resolve) => setTimeout(resolve, FLUSH_SECONDS * 2000 + 500));

test("a bot, a prefetch, a HEAD and a health check add nothing; 100 views from 10 clients are 100 views and 10 visitors", async () => {
  const server = await start(310);
  const { origin } = server;
  expect(await view(origin, "/", 1, { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" })).toBe(200);
  expect(await view(origin, "/", 2, { "sec-purpose": "prefetch" })).toBe(200);
  expect(await view(origin, "/", 3, { "sec-purpose": "prefetch;prerender" })).toBe(200);
  expect(await send(origin, "/", { "user-agent": CHROME }, "HEAD")).toBe(200);
  for (let index = 0; index < 5; index += 1) expect(await view(origin, "/healthz", 4)).toBe(200);
  await afterFlush();
  expect(await counts("pageview")).toEqual({});
  expect(await visitors()).toBe(0);

  for (let index = 0; index < 100; index += 1) expect(await view(origin, "/", index % 10)).toBe(200);
  await afterFlush();
  expect(await counts("pageview")).toEqual({ "/": 100 });
  expect(await counts("visit")).toEqual({ "/": 100 });
  expect(await visitors()).toBe(10);
});

test("404s with their referring host, legacy paths, downloads and a visit from a search engine", async () => {
  const { origin } = await start(311);
  expect(await view(origin, "/no-such-page", 1, { referer: "https://old.example.net/links" })).toBe(404);
  expect(await view(origin, "/rfid-labels", 1)).toBe(301);
  expect(await view(origin, "/catalog/2025-end-user-online-catalog.pdf", 1)).toBe(200);
  expect(await view(origin, "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall", 2)).toBe(200);
  expect(await view(origin, "/about", 3, { referer: "https://www.google.com/" })).toBe(200);
  // The next page of the same visit: a view, not a visit.
  expect(await view(origin, "/products", 3, { referer: `${origin}/about` })).toBe(200);
  await afterFlush();
  expect(await counts("not_found")).toEqual({ "/no-such-page old.example.net": 1 });
  expect(await counts("legacy")).toEqual({ "/rfid-labels": 1 });
  expect(await counts("download")).toEqual({ "/catalog/2025-end-user-online-catalog.pdf": 1 });
  expect(await counts("campaign")).toEqual({ "newsletter email|fall": 1 });
  expect(await counts("referrer")).toEqual({ "www.google.com Google": 1 });
  expect(await counts("pageview")).toEqual({ "/": 1, "/about": 1, "/products": 1 });
  expect(await counts("visit")).toEqual({ "/": 1, "/about": 1 });
});

test("a browser's hover prefetch adds nothing; the pages it shows count, with one visitor", async ({
  browser,
}) => {
  const server = await start(312);
  const { origin } = server;
  const context = await browser.newContext({ userAgent: CHROME });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  // Hovering a link lets the speculation rules prefetch it (Sec-Purpose: prefetch)...
  await page.locator('header a[href="/about"]').first().hover();
  const aboutRequests = () =>
    server.logs().filter((line) => (line.req as { url?: string } | undefined)?.url === "/about").length;
  await expect.poll(aboutRequests).toBe(1);
  // ...but the visitor goes elsewhere.
  await page.goto(`${origin}/products`);
  await context.close();
  await afterFlush();
  expect(await counts("pageview")).toEqual({ "/": 1, "/products": 1 });
  expect(await counts("visit")).toEqual({ "/": 1, "/products": 1 });
  expect(await visitors()).toBe(1);
});

test("two instances on one database add up", async () => {
  const [one, other] = await Promise.all([start(313), start(314)]);
  if (!one || !other) throw new Error("the servers did not start");
  for (let index = 0; index < 100; index += 1) {
    expect(await view(index % 2 === 0 ? one.origin : other.origin, "/about", index % 10)).toBe(200);
  }
  await afterFlush();
  expect(await counts("pageview")).toEqual({ "/about": 100 });
  // Each client was seen by both instances: ten visitors, not twenty.
  expect(await visitors()).toBe(10);
});

test("a graceful restart loses nothing; a crash loses at most the last flush interval", async () => {
  // No timed write within the test: only the stop writes.
  const slow = await start(315, { ANALYTICS_FLUSH_SECONDS: "300" });
  for (let index = 0; index < 30; index += 1) expect(await view(slow.origin, "/", index % 3)).toBe(200);
  await slow.stop();
  servers.splice(servers.indexOf(slow), 1);
  expect(await counts("pageview")).toEqual({ "/": 30 });

  const crashing = await start(316);
  for (let index = 0; index < 20; index += 1) expect(await view(crashing.origin, "/", index % 3)).toBe(200);
  await afterFlush();
  expect(await counts("pageview")).toEqual({ "/": 50 });
  for (let index = 0; index < 15; index += 1) expect(await view(crashing.origin, "/", index % 3)).toBe(200);
  crashing.child.kill("SIGKILL");
  await crashing.exited;
  // The 15 views since the last write may be lost, nothing before them.
  const afterCrash = (await counts("pageview"))["/"] ?? 0;
  expect(afterCrash).toBeGreaterThanOrEqual(50);
  expect(afterCrash).toBeLessThanOrEqual(65);

  // The restarted server counts on from there.
  const restarted = await start(317);
  for (let index = 0; index < 5; index += 1) expect(await view(restarted.origin, "/", index)).toBe(200);
  await restarted.stop();
  servers.splice(servers.indexOf(restarted), 1);
  expect((await counts("pageview"))["/"]).toBe(afterCrash + 5);
});

test("form outcomes and searches are counted, a bot's search is not", async () => {
  const { origin } = await start(319);
  const sent = await postJson(origin, "/api/contact", contactBody(uniqueEmail("count", 1)), clientAddress(1));
  expect(sent.status).toBe(200);
  const refused = await postJson(
    origin,
    "/api/contact",
    { ...contactBody("not an address") },
    clientAddress(2),
  );
  expect(refused.status).toBe(400);
  const signup = await postJson(
    origin,
    "/api/newsletter",
    { email: uniqueEmail("count", 2) },
    clientAddress(3),
  );
  expect(signup.status).toBe(200);
  expect(await view(origin, "/search?q=Thermal+Ribbons", 4)).toBe(200);
  expect(await view(origin, "/search?q=zzqxv+wobble", 4)).toBe(200);
  expect(await view(origin, "/search?q=zzqxv+wobble", 5, { "user-agent": "Googlebot/2.1" })).toBe(200);
  // Asked again by other visitors, the results pages are answered from the pages kept: still counted.
  expect(await view(origin, "/search?q=Thermal+Ribbons", 6)).toBe(200);
  expect(await view(origin, "/search?q=zzqxv%20wobble", 7)).toBe(200);
  await afterFlush();
  expect(await counts("form")).toEqual({ "contact sent": 1, "contact refused": 1, "newsletter sent": 1 });
  expect(await counts("search")).toEqual({ "thermal ribbons hit": 2, "zzqxv wobble miss": 2 });
});

test("ANALYTICS=off counts nothing", async () => {
  const { origin } = await start(318, { ANALYTICS: "off" });
  for (let index = 0; index < 10; index += 1) expect(await view(origin, "/", index)).toBe(200);
  await afterFlush();
  expect(await counts("pageview")).toEqual({});
  expect(await visitors()).toBe(0);
});
