/**
 * The catalogue at scale (docs/benchmarks.md#catalogue): a generated range of 50,000 items imported
 * with the site's own import, then searched by 20 concurrent clients, on SQLite and on PostgreSQL.
 * Each step runs in a child process of its own, so its memory figures are its own:
 *
 * - import: time and the process's growth (peak RSS over the RSS before), target 60 s and 300 MB;
 * - serve: an instance's RSS with the 50,000 items loaded (the reader and the search's vocabulary),
 *   target 400 MB; then item searches (what /search and the header's suggestions ask the catalogue) at
 *   20 concurrent clients, each timed from its call to its answer, target p95 20 ms.
 *
 *   npm run bench:catalogue [-- --items 50000 --requests 4000 --only sqlite|postgres]
 *
 * PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test); a database of its
 * own is created and dropped. Prints the figures against the targets; exits 1 on a miss.
 */
import { fork } from "node:child_process";
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import pg from "pg";
import { openCatalogueReader } from "~/features/catalogue/catalogue.server";
import { loadFamilies } from "~/features/catalogue/families.server";
import { importCatalogue, STARTER_RANGE_FILE } from "~/features/catalogue/import.server";
import { searchCatalogue } from "~/features/catalogue/search/site-catalogue.server";
import { createDatabase } from "~/server/db/database.server";
import { logger } from "~/server/logger.server";
import { migrate } from "~/site/migrations.server";
import { seededRandom } from "./seeded-random";

const TARGETS = { importSeconds: 60, importGrowthMb: 300, serveMb: 400, searchP95Ms: 20 } as const;
const CLIENTS = 20;
const MB = 1024 * 1024;
const print = (text: string) => process.stdout.write(`${text}\n`);
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The starter range copied until it holds `count` items: skus (and replacements) get a copy's suffix. */
function generateRange(count: number): { text: string; skus: string[] } {
  const rows = parse(readFileSync(STARTER_RANGE_FILE), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  const columns = Object.keys(rows[0] ?? {});
  const out: string[][] = [columns];
  const skus: string[] = [];
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
      skus.push(cells.sku ?? "");
    }
  }
  return { text: stringify(out), skus };
}

function queries(skus: readonly string[], count: number): string[] {
  const next = seededRandom(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const fixed = [
    "4x6",
    "4 x 6",
    '4"x6"',
    "102 x 152 mm",
    "2.25 x 1.25",
    "zebra",
    "honeywell scanner",
    "zt411",
    "ZD-421",
    "zd 421",
    "wax resin ribon 110mm",
    "polyethylne plank",
    "stretch film 18 in",
    "sds polyethylene foam",
    "direct thermal labels",
    "zebr",
    "corrugated box 12 x 12 x 12",
    "nitrile gloves",
    "xyzzy",
  ];
  const list: string[] = [];
  while (list.length < count) {
    const roll = next();
    const sku = pick(skus);
    if (roll < 0.3) list.push(roll < 0.15 ? sku : sku.toLowerCase().replace(/-/g, " "));
    else list.push(pick(fixed));
  }
  return list;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
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

async function serveStep(url: string, skusFile: string, requests: number): Promise<unknown> {
  const db = createDatabase(url, { logger, poolSize: CLIENTS });
  const reader = await openCatalogueReader(db, loadFamilies());
  const view = reader.current();
  // The first search loads the vocabulary for typo tolerance: part of a serving instance's memory.
  await searchCatalogue(db, view, "ribon");
  globalThis.gc?.();
  const rssMb = process.memoryUsage().rss / MB;
  const skus = readFileSync(skusFile, "utf8").split("\n");
  const list = queries(skus, requests);
  for (const query of list.slice(0, 200)) await searchCatalogue(db, view, query);
  const times: number[] = [];
  let at = 0;
  const client = async () => {
    while (at < list.length) {
      const query = list[at++] ?? "";
      const started = performance.now();
      await searchCatalogue(db, view, query, at % 3 === 0 ? "suggest" : "page");
      times.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  await db.destroy();
  times.sort((a, b) => a - b);
  return {
    rssMb,
    items: view.info.itemCount,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: times.length / seconds,
  };
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

function line(label: string, value: number, unit: string, target: number, atMost = true): boolean {
  const ok = atMost ? value <= target : value >= target;
  print(
    `  ${label.padEnd(34)} ${value.toFixed(1).padStart(8)} ${unit.padEnd(4)} target ${atMost ? "<=" : ">="} ${target} ${unit}  ${ok ? "ok" : "MISS"}`,
  );
  return ok;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      items: { type: "string", default: "50000" },
      requests: { type: "string", default: "4000" },
      only: { type: "string" },
    },
  });
  const items = Number(values.items);
  const requests = Number(values.requests);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-catalogue-"));
  const file = path.join(dir, "range.csv");
  const skusFile = path.join(dir, "skus.txt");
  const range = generateRange(items);
  writeFileSync(file, range.text);
  writeFileSync(skusFile, range.skus.join("\n"));
  print(`catalogue benchmark: ${range.skus.length} items, ${requests} searches at ${CLIENTS} clients`);
  let ok = true;
  try {
    const run = async (name: string, url: string) => {
      const imported = await child(["import", url, file]);
      const served = await child(["serve", url, skusFile, String(requests)]);
      print(`${name}:`);
      ok = line("import time", imported.seconds ?? Number.NaN, "s", TARGETS.importSeconds) && ok;
      ok = line("import process growth", imported.growthMb ?? Number.NaN, "MB", TARGETS.importGrowthMb) && ok;
      ok = line("serving instance RSS", served.rssMb ?? Number.NaN, "MB", TARGETS.serveMb) && ok;
      ok = line("item search p95", served.p95 ?? Number.NaN, "ms", TARGETS.searchP95Ms) && ok;
      print(
        `  (item search p50 ${served.p50?.toFixed(1)} ms, p99 ${served.p99?.toFixed(1)} ms, ${served.perSecond?.toFixed(0)} searches/s)`,
      );
    };
    if (values.only !== "postgres") await run("SQLite", `sqlite:${path.join(dir, "site.db")}`);
    if (values.only !== "sqlite") await withPostgres((url) => run("PostgreSQL", url));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  print("family page with two filters: not measured here (the family pages are not on this branch)");
  process.exitCode = ok ? 0 : 1;
}

const [role, ...rest] = process.argv.slice(2);
const step =
  role === "import"
    ? importStep(rest[0] ?? "", rest[1] ?? "")
    : role === "serve"
      ? serveStep(rest[0] ?? "", rest[1] ?? "", Number(rest[2]))
      : undefined;
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
