/**
 * Measures an import of a generated range (50,000 items by default) into a fresh SQLite file and a
 * fresh PostgreSQL schema: the time from the first byte read to the commit, and how much the process
 * grew (resident memory) meanwhile, against the targets of 60 s and 300 MB (docs/catalogue.md#scale).
 * Exits 1 on a miss.
 *
 *   npx tsx scripts/bench/catalogue-import-bench.ts [--items N] [--postgres URL]
 *
 * PostgreSQL defaults to TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/test; `--postgres
 * none` measures SQLite alone.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pino from "pino";
import { openCatalogueReader } from "~/features/catalogue/catalogue.server";
import { exportCatalogueCsv } from "~/features/catalogue/export.server";
import { loadFamilies } from "~/features/catalogue/families.server";
import { importCatalogue } from "~/features/catalogue/import.server";
import type { CatalogueItem } from "~/features/catalogue/model";
import { createDatabase } from "~/server/db/database.server";
import { migrate } from "~/site/migrations.server";
import { starterItems } from "../ops/catalogue-starter";

const TARGET_MS = 60_000;
const TARGET_GROWTH_MB = 300;

/** The starter range repeated with numbered skus until there are `count` items. */
function generatedItems(count: number): CatalogueItem[] {
  const starter = starterItems().map((item) => ({
    ...item,
    status: "active" as const,
    replacementSku: undefined,
  }));
  return Array.from({ length: count }, (_, index) => {
    const base = starter[index % starter.length] as CatalogueItem;
    const { replacementSku: _unused, ...item } = base;
    return { ...item, sku: `${base.sku}-${index}`, name: `${base.name} (${index})` };
  });
}

interface Figures {
  database: string;
  seconds: number;
  growthMb: number;
  peakMb: number;
  /** Then: how long a server instance takes to load that version into memory. */
  loadSeconds: number;
  items: number;
}

async function measure(database: string, url: string, file: string): Promise<Figures> {
  const db = createDatabase(url, { logger: pino({ level: "error" }) });
  try {
    await migrate(db);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const result = await importCatalogue(db, createReadStream(file), {
      families: loadFamilies(),
      name: "bench.csv",
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (result.status !== "imported")
      throw new Error(`the generated range did not import: ${JSON.stringify(result).slice(0, 500)}`);
    const loadStarted = performance.now();
    await openCatalogueReader(db, loadFamilies());
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    return {
      database,
      seconds,
      loadSeconds,
      growthMb: (peak - rssBefore) / 1024 / 1024,
      peakMb: peak / 1024 / 1024,
      items: result.version.itemCount,
    };
  } finally {
    await db.destroy();
  }
}

async function withPostgresSchema<T>(baseUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const admin = createDatabase(baseUrl, { logger: pino({ level: "error" }) });
  const { sql } = await import("kysely");
  await sql.raw(`create schema ${schema}`).execute(admin);
  try {
    const separator = baseUrl.includes("?") ? "&" : "?";
    return await work(`${baseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
  } finally {
    await sql.raw(`drop schema ${schema} cascade`).execute(admin);
    await admin.destroy();
  }
}

/** One measurement in a process of its own, so what generating the file allocated does not hide the import's growth. */
function measureInChild(database: string, url: string, file: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ["--measure", database, "--url", url, "--file", file],
      {
        execArgv: process.execArgv,
        stdio: ["ignore", "pipe", "inherit", "ipc"],
      },
    );
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(JSON.parse(output) as Figures);
      else reject(new Error(`the ${database} measurement exited ${code}`));
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      items: { type: "string" },
      postgres: { type: "string" },
      measure: { type: "string" },
      url: { type: "string" },
      file: { type: "string" },
    },
  });
  if (values.measure && values.url && values.file) {
    process.stdout.write(JSON.stringify(await measure(values.measure, values.url, values.file)));
    return 0;
  }
  const count = Number(values.items ?? 50_000);
  const postgres =
    values.postgres ?? process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-catalogue-bench-"));
  try {
    const file = path.join(dir, "bench.csv");
    writeFileSync(file, exportCatalogueCsv(loadFamilies(), generatedItems(count)));
    const figures = [await measureInChild("sqlite", `sqlite:${path.join(dir, "site.db")}`, file)];
    if (postgres !== "none")
      figures.push(await withPostgresSchema(postgres, (url) => measureInChild("postgres", url, file)));
    let missed = false;
    for (const figure of figures) {
      const ok = figure.seconds * 1000 <= TARGET_MS && figure.growthMb <= TARGET_GROWTH_MB;
      missed ||= !ok;
      process.stdout.write(
        `${figure.database.padEnd(8)} ${figure.items} items in ${figure.seconds.toFixed(1)} s (target 60 s), process grew ${figure.growthMb.toFixed(0)} MB to ${figure.peakMb.toFixed(0)} MB (target: growth under 300 MB): ${ok ? "ok" : "MISSED"}; an instance loads it in ${figure.loadSeconds.toFixed(1)} s\n`,
      );
    }
    return missed ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `catalogue-import-bench failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
