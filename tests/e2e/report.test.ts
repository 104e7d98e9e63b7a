import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pino from "pino";
import { createDatabase } from "../../app/server/db/database.server";
import { migrate } from "../../app/site/migrations.server";
import { REPORT_WEEK, seedReportData } from "../support/report-data";
import { vnuErrors } from "./vnu";

/*
 * The owner's HTML report (docs/report.md): written by the command from a database with a week of
 * counts and leads, valid per the Nu HTML Checker, with its charts, and readable on a 375 px phone.
 */

const run = promisify(execFile);

test.describe.configure({ mode: "serial" });

const dir = mkdtempSync(path.join(tmpdir(), "report-e2e-"));
const file = path.join(dir, "r.html");

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const url = `sqlite:${path.join(dir, "site.db")}`;
  const db = createDatabase(url, { logger: pino({ level: "silent" }) });
  try {
    await migrate(db);
    await seedReportData(db);
  } finally {
    await db.destroy();
  }
  await run(
    "npm",
    [
      "run",
      "--silent",
      "report",
      "--",
      "--since",
      REPORT_WEEK.since,
      "--until",
      REPORT_WEEK.until,
      "--format",
      "html",
      "--out",
      file,
    ],
    { env: { ...process.env, DATABASE_URL: url, SITE_TIME_ZONE: "America/New_York" } },
  );
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test("npm run report -- --format html --out r.html writes a page with at least four charts that vnu passes", () => {
  test.setTimeout(60_000);
  const html = readFileSync(file, "utf8");
  expect(html.match(/<svg /g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  const errors = vnuErrors([file]).map((message) => `${message.lastLine ?? "?"}: ${message.message}`);
  expect(errors, errors.join("\n")).toEqual([]);
});

test("the report reads at 375 px: nothing scrolls sideways and every chart fits", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(pathToFileURL(file).href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Website report, 2026-11-09 to 2026-11-15",
  );
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const charts = page.getByRole("img");
  expect(await charts.count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole("img", { name: "Top pages" })).toBeVisible();
  for (const chart of await charts.all()) {
    const box = await chart.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  }
  // The figures are there as text too, for anyone the chart does not reach.
  await expect(page.getByRole("table").filter({ hasText: "/products" }).first()).toContainText("50");
});

test("at 1280 px the charts' labels are the size of the page's own text, not blown up with the drawing", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(pathToFileURL(file).href);
  const sizes = await page.evaluate(() => {
    const body = Number.parseFloat(getComputedStyle(document.body).fontSize);
    const labels = [...document.querySelectorAll<SVGTextElement>("svg.chart text")].map((text) => {
      const scale = text.ownerSVGElement?.getScreenCTM()?.a ?? 1;
      return Number.parseFloat(text.getAttribute("font-size") ?? "0") * scale;
    });
    return { body, labels };
  });
  expect(sizes.labels.length).toBeGreaterThan(10);
  // Within an eighth of the body text either way: readable, and no larger than a heading.
  expect(Math.max(...sizes.labels)).toBeLessThanOrEqual(sizes.body * 1.125);
  expect(Math.min(...sizes.labels)).toBeGreaterThanOrEqual(sizes.body * 0.85);
});
