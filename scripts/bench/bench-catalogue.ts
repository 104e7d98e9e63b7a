/**
 * The catalogue at scale (docs/benchmarks.md#catalogue): a generated range of 50,000 items imported
 * with the site's own import, then served by the built server, on SQLite and on PostgreSQL:
 *
 * - import (a child process of its own, so its memory is its own): the time from the first byte read
 *   to the search statistics refreshed after the commit, and the process's growth (peak RSS over the
 *   RSS before); targets 60 s and 300 MB;
 * - serve (scripts/bench/bench-catalogue-http.ts): the built server on that database, loaded by 20
 *   concurrent clients through HTTP: family pages with two filters (p95 <= 30 ms), item searches as
 *   the header's suggestions (`/api/search`) and as the search page (`/search`) ask them (p95 <= 20 ms
 *   each); the server's peak RSS (<= 400 MB); an item page's gzip size (<= 14 KB, the first round
 *   trip); family and item pages naming no script file.
 *
 *   npm run build   (once; the benchmark never builds)
 *   npm run bench:catalogue [-- --items 50000 --requests 1000 --only sqlite|postgres --port 3970]
 *
 * PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test); a database of its
 * own is created and dropped. Prints the figures against the targets; exits 1 on a miss.
 */
import { fork } from "node:child_process";
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import pg from "pg";
import { loadFamilies } from "~/features/catalogue/families.server";
import { importCatalogue, STARTER_RANGE_FILE } from "~/features/catalogue/import.server";
import { createDatabase } from "~/server/db/database.server";
import { logger } from "~/server/logger.server";
import { migrate } from "~/site/migrations.server";
import { type LoadFigures, type RangeRow, type ServeFigures, serveFigures } from "./bench-catalogue-http";
import { requireBuild } from "./load-lib";

const TARGETS = {
  importSeconds: 60,
  importGrowthMb: 300,
  serveMb: 400,
  familyP95Ms: 30,
  searchP95Ms: 20,
  itemPageKb: 14,
} as const;
const MB = 1024 * 1024;
const print = (text: string) => process.stdout.write(`${text}\n`);
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The starter range copied until it holds `count` items: skus (and replacements) get a copy's suffix. */
function generateRange(count: number): { text: string; skus: string[]; rows: RangeRow[] } {
  const rows = parse(readFileSync(STARTER_RANGE_FILE), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  const columns = Object.keys(rows[0] ?? {});
  const out: string[][] = [columns];
  const skus: string[] = [];
  const generated: RangeRow[] = [];
  for (let copy = 0; out.length <= count; copy++) {
    const suffix = copy === 0 ? "" : `-${copy}`;
    for (const row of rows) {
      if (out.length > count) break;
      const cells: Record<string, string> = { ...row, sku: `${row.sku}${suffix}` };
      if (row.replacement_sku) cells.replacement_sku = `${row.replacement_sku}${suffix}`;
      // A discontinued item's replacement may come later in the file than the copy ends.
      if (out.length + rows.length > count + 1 && row.status === "discontinued") {
        cells.status = "active";
        cells.replacement_sku = "";
      }
      out.push(columns.map((column) => cells[column] ?? ""));
      generated.push(cells);
      skus.push(cells.sku ?? "");
    }
  }
  return { text: stringify(out), skus, rows: generated };
}

async function importStep(url: string, file: string): Promise<unknown> {
  const db = createDatabase(url, { logger });
  await migrate(db);
  const families = loadFamilies();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const result = await importCatalogue(db, createReadStream(file), { families, name: "bench.csv" });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await db.destroy();
  if (result.status !== "imported") throw new Error(`import: ${JSON.stringify(result).slice(0, 500)}`);
  return { seconds, growthMb: (peak - before) / MB, items: result.version.itemCount };
}

/** Runs one step in a child process and returns what it printed last (JSON). */
function child(args: string[]): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const proc = fork(process.argv[1] ?? "", args, {
      execArgv: [...process.execArgv, "--expose-gc"],
      stdio: ["ignore", "pipe", "inherit", "ipc"],
      env: { ...process.env, LOG_LEVEL: "warn" },
    });
    proc.on("message", (message) => resolve(message as Record<string, number>));
    proc.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`${args[0]} exited ${code}`))));
  });
}

async function withPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_catalogue_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function line(label: string, value: number, unit: string, target: number): boolean {
  const ok = value <= target;
  print(
    `  ${label.padEnd(40)} ${value.toFixed(1).padStart(8)} ${unit.padEnd(3)} target <= ${String(target).padEnd(3)} ${unit.padEnd(3)} ${ok ? "ok" : "MISS"}`,
  );
  return ok;
}

function loadLines(label: string, figures: LoadFigures, target: number): boolean {
  const ok = line(`${label} p95`, figures.p95, "ms", target) && figures.errors === 0;
  print(
    `      p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.perSecond.toFixed(0)} req/s, ` +
      `main-thread CPU ${figures.cpuMs.toFixed(1)} ms a request, ` +
      `longest event-loop delay ${figures.loopMaxMs.toFixed(0)} ms, errors ${figures.errors}`,
  );
  return ok;
}

function report(name: string, imported: Record<string, number>, served: ServeFigures): boolean {
  print(
    `${name} (load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(", ")}):`,
  );
  let ok = line("import time", imported.seconds ?? Number.NaN, "s", TARGETS.importSeconds);
  ok = line("import process growth", imported.growthMb ?? Number.NaN, "MB", TARGETS.importGrowthMb) && ok;
  ok = line("serving instance peak RSS", served.peakMb, "MB", TARGETS.serveMb) && ok;
  ok = loadLines("family page, two filters", served.family, TARGETS.familyP95Ms) && ok;
  ok = loadLines("item search, /api/search", served.suggest, TARGETS.searchP95Ms) && ok;
  ok = loadLines("item search, /search page", served.searchPage, TARGETS.searchP95Ms) && ok;
  ok = line("item page, gzip (largest read)", served.pages.itemPageKb, "KB", TARGETS.itemPageKb) && ok;
  print(`      ${served.pages.itemPagePath}`);
  const scripts = served.pages.pagesWithScripts.length;
  print(
    `  family and item pages naming a script file ${String(scripts).padStart(5)} of ${served.pages.pagesRead}  target 0  ${scripts === 0 ? "ok" : "MISS"}`,
  );
  for (const page of served.pages.pagesWithScripts.slice(0, 3)) print(`      ${page}`);
  return ok && scripts === 0;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      items: { type: "string", default: "50000" },
      requests: { type: "string", default: "1000" },
      only: { type: "string" },
      port: { type: "string", default: process.env.BENCH_CATALOGUE_PORT ?? "3970" },
    },
  });
  requireBuild();
  const requests = Number(values.requests);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-catalogue-"));
  const file = path.join(dir, "range.csv");
  const range = generateRange(Number(values.items));
  writeFileSync(file, range.text);
  const families = loadFamilies();
  print(`catalogue benchmark: ${range.skus.length} items, ${requests} requests per figure at 20 clients`);
  let ok = true;
  try {
    const run = async (name: string, databaseUrl: string) => {
      const imported = await child(["import", databaseUrl, file]);
      const served = await serveFigures({
        databaseUrl,
        port: Number(values.port),
        mailDir: path.join(dir, `mail-${name}`),
        families,
        rows: range.rows,
        skus: range.skus,
        requests,
      });
      ok = report(name, imported, served) && ok;
    };
    if (values.only !== "postgres") await run("SQLite", `sqlite:${path.join(dir, "site.db")}`);
    if (values.only !== "sqlite") await withPostgres((url) => run("PostgreSQL", url));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  print(ok ? "every target met" : "a target was missed");
  process.exitCode = ok ? 0 : 1;
}

const [role, ...rest] = process.argv.slice(2);
const step = role === "import" ? importStep(rest[0] ?? "", rest[1] ?? "") : undefined;
if (step) {
  step.then(
    (figures) => process.send?.(figures, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
    process.exitCode = 1;
  });
}
