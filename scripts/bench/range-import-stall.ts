/**
 * The longest the event loop is held while the sales desk checks and then applies a generated range
 * (50,000 items by default) on SQLite: what a running site's other visitors wait at most while the owner
 * uploads a catalogue (docs/desk.md#the-range). Prints the figures with the load average.
 *
 *   npx tsx scripts/bench/range-import-stall.ts [--items N]
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import pino from "pino";
import { openCatalogueReader } from "~/features/catalogue/catalogue.server";
import { exportCatalogueCsv } from "~/features/catalogue/export.server";
import { loadFamilies } from "~/features/catalogue/families.server";
import type { CatalogueItem } from "~/features/catalogue/model";
import { refreshSearchStatistics } from "~/features/catalogue/search/statistics.server";
import { Staging } from "~/features/catalogue/upload/staging.server";
import { applyStaged, checkStaged } from "~/features/catalogue/upload/uploads.server";
import { createDatabase } from "~/server/db/database.server";
import { migrate } from "~/site/migrations.server";
import { starterItems } from "../ops/catalogue-starter";

function generatedItems(count: number): CatalogueItem[] {
  const starter = starterItems().map((item) => ({ ...item, status: "active" as const }));
  return Array.from({ length: count }, (_, index) => {
    const { replacementSku: _unused, ...item } = starter[index % starter.length] as CatalogueItem;
    return { ...item, sku: `${item.sku}-${index}`, name: `${item.name} (${index})` };
  });
}

async function stallOf<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; tookMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  const result = await work();
  const tookMs = performance.now() - started;
  histogram.disable();
  return { result, stallMs: histogram.max / 1e6, tookMs };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { items: { type: "string" } } });
  const count = Number(values.items ?? 50_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "range-stall-"));
  const file = path.join(dir, "range.csv");
  const families = loadFamilies();
  writeFileSync(file, exportCatalogueCsv(families, generatedItems(count)));
  const db = createDatabase(`sqlite:${path.join(dir, "site.db")}`, { logger: pino({ level: "silent" }) });
  try {
    await migrate(db);
    const staging = new Staging(path.join(dir, "staging"));
    const { id, out } = await staging.create({
      session: "bench",
      name: "range.csv",
      stagedAt: new Date().toISOString(),
    });
    await pipeline(createReadStream(file), out);
    const meta = { session: "bench", name: "range.csv", stagedAt: new Date().toISOString() };
    const check = await stallOf(() => checkStaged(db, staging, { id, meta }, families));
    const checked = await staging.find(id, "bench", new Date());
    if (!checked) throw new Error(`the generated range did not pass the check: ${check.result.status}`);
    const write = await stallOf(async () => {
      const applied = await applyStaged(db, staging, { id, meta: checked }, { families, email: "bench" });
      return { status: applied.ok ? "imported" : applied.reason };
    });
    const statistics = await stallOf(async () => {
      await refreshSearchStatistics(db);
      return { status: "refreshed" };
    });
    const load = await stallOf(async () => {
      await openCatalogueReader(db, families);
      return { status: "loaded" };
    });
    const average = os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
    for (const [what, figure] of [
      ["the desk's check (dry run and comparison)", check],
      ["Apply (the import with its statistics)", write],
      ["statistics refresh alone", statistics],
      ["loading the new version into a reader", load],
    ] as const)
      process.stdout.write(
        `${what} of ${count} items: ${figure.result.status}, longest event-loop delay ${figure.stallMs.toFixed(1)} ms, took ${(figure.tookMs / 1000).toFixed(1)} s (load ${average})\n`,
      );
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
