import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { repoRoot } from "../support/cli";
import { adminUrl, databaseUrlFor, pgQuery } from "../support/postgres";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { signIn, staffCommand } from "./desk-support";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { uniqueClientAddress, viewports } from "./support";

/*
 * The desk's range page on PostgreSQL with two instances (docs/desk.md#the-range): a file uploaded and
 * applied on one instance is served by the other within 60 s, without a restart, and so is the rollback.
 */
test.describe.configure({ mode: "serial" });

const basePort = Number(process.env.E2E_PORT ?? 3100) + 530;
const database = `t_${randomBytes(6).toString("hex")}`;
const databaseUrl = databaseUrlFor(database);
const NEW_SKU = "RDT-RANGE-PG-7";
const NEW_ITEM = `/products/direct-thermal-labels/${NEW_SKU}`;
let servers: SpawnedServer[] = [];
let peer: SmtpPeer | undefined;

const starter = readFileSync(path.join(repoRoot, "content", "catalogue", "starter-range.csv"), "utf8");
const lines = starter
  .replace(/^\uFEFF/, "")
  .trimEnd()
  .split(/\r?\n/);
const withNewItem = `${[...lines, (lines[2] ?? "").replace(/^RDT-1\.25X1-3C,/, `${NEW_SKU},`)].join("\r\n")}\r\n`;

function origin(index: 0 | 1): string {
  const server = servers[index];
  if (!server) throw new Error("the servers are not running");
  return server.origin;
}

const status = async (index: 0 | 1, address: string) => (await fetch(`${origin(index)}${address}`)).status;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await pgQuery(adminUrl, `create database ${database}`);
  peer = await startSmtpPeer();
  const env = { DATABASE_URL: databaseUrl, SMTP_URL: peer.url, TRUST_PROXY: "true" };
  // One first, so the starter range is loaded once; then the second on the same database.
  servers = [await spawnServer(basePort, { ...env, SITE_URL: `http://127.0.0.1:${basePort}` })];
  servers.push(await spawnServer(basePort + 1, { ...env, SITE_URL: `http://127.0.0.1:${basePort + 1}` }));
  await staffCommand(databaseUrl, ["add", "owner@example.test", "--role", "owner"]);
});

test.afterAll(async () => {
  test.setTimeout(90_000);
  await Promise.all(servers.map((server) => server.stop()));
  await peer?.stop();
  await pgQuery(adminUrl, `drop database if exists ${database} with (force)`);
});

test("a file applied on one instance is served by the other within 60 s, and so is the rollback", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  if (!peer) throw new Error("no SMTP peer");
  const context = await browser.newContext({
    viewport: viewports.desktop,
    extraHTTPHeaders: { "x-forwarded-for": uniqueClientAddress() },
  });
  const page = await context.newPage();
  await signIn(page, origin(0), peer, "owner@example.test");
  await page.goto(`${origin(0)}/desk/range`);
  await page.getByLabel("Catalogue CSV file").setInputFiles({
    name: "pg-prices.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(withNewItem),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("1 new sku, 0 skus removed")).toBeVisible();
  expect(await status(1, NEW_ITEM)).toBe(404);
  await page.getByRole("button", { name: "Apply pg-prices.csv" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Applied: version 2 is active\./);
  await expect(
    page.getByRole("row", { name: /pg-prices\.csv, uploaded by owner@example\.test.*Active/ }),
  ).toBeVisible();
  expect(await status(0, NEW_ITEM)).toBe(200);
  await expect.poll(() => status(1, NEW_ITEM), { timeout: 60_000, intervals: [1_000] }).toBe(200);

  await page.getByRole("button", { name: "Roll back to version 1" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Rolled back: version 1 is active again\./);
  expect(await status(0, NEW_ITEM)).toBe(404);
  await expect.poll(() => status(1, NEW_ITEM), { timeout: 60_000, intervals: [1_000] }).toBe(404);
  await context.close();
});
