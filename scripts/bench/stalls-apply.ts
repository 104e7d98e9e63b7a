/**
 * bench:stalls' catalogue figures (docs/benchmarks.md#stalls): the desk's Apply of a generated range
 * (the starter range repeated with numbered skus, 50,000 items by default) on a database that already
 * holds one, as the site runs it, with a contact-post-sized write every 20 ms beside it. Measures the
 * longest event-loop delay of Apply and the longest any of those writes waited.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { exportCatalogueCsv } from "~/features/catalogue/export.server";
import { loadFamilies } from "~/features/catalogue/families.server";
import { importCatalogue } from "~/features/catalogue/import.server";
import type { CatalogueItem } from "~/features/catalogue/model";
import { Staging } from "~/features/catalogue/upload/staging.server";
import { applyStaged, checkStaged } from "~/features/catalogue/upload/uploads.server";
import { writeStatement } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { starterItems } from "../ops/catalogue-starter";

export const APPLY_ITEMS = Number(process.env.STALL_APPLY_ITEMS ?? 50_000);
/** A contact post's row is about 1 KB. */
const POST_TEXT = "x".repeat(1_000);

function generatedItems(count: number, copy: string): CatalogueItem[] {
  const starter = starterItems().map((item) => ({ ...item, status: "active" as const }));
  return Array.from({ length: count }, (_, index) => {
    const { replacementSku: _unused, ...item } = starter[index % starter.length] as CatalogueItem;
    return { ...item, sku: `${item.sku}-${copy}${index}`, name: `${item.name} (${index})` };
  });
}

/** A write of a contact post's size every 20 ms until stopped; resolves with the longest one took. */
function writesBeside(db: Database): { stop(): Promise<number> } {
  let longest = 0;
  let running = true;
  let count = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      count += 1;
      await writeStatement(db, (trx) =>
        trx
          .insertInto("app_settings")
          .values({ name: `stall-post-${count}`, value: POST_TEXT, created_at: new Date().toISOString() })
          .execute(),
      );
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return longest;
    },
  };
}

export interface ApplyFigures {
  stallMs: number;
  tookMs: number;
  longestWriteMs: number;
}

/** The desk's Apply of APPLY_ITEMS items over a database holding a range of as many. */
export async function applyStall(db: Database): Promise<ApplyFigures> {
  const families = loadFamilies();
  const dir = mkdtempSync(path.join(os.tmpdir(), "ridgeline-stalls-apply-"));
  try {
    const file = path.join(dir, "range.csv");
    writeFileSync(file, exportCatalogueCsv(families, generatedItems(APPLY_ITEMS, "A")));
    // The range being replaced: an Apply also retires versions and serves beside an active one.
    await importCatalogue(db, createReadStream(file), { families, name: "before.csv" });
    writeFileSync(file, exportCatalogueCsv(families, generatedItems(APPLY_ITEMS, "B")));
    const staging = new Staging(path.join(dir, "staging"));
    const meta = { session: "bench", name: "range.csv", stagedAt: new Date().toISOString() };
    const { id, out } = await staging.create(meta);
    await pipeline(createReadStream(file), out);
    await checkStaged(db, staging, { id, meta }, families);
    const checked = await staging.find(id, "bench", new Date());
    if (!checked) throw new Error("the generated range did not pass the check");
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    const writes = writesBeside(db);
    histogram.enable();
    const started = performance.now();
    const applied = await applyStaged(db, staging, { id, meta: checked }, { families, email: "bench" });
    const tookMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
    histogram.disable();
    const longestWriteMs = await writes.stop();
    if (!applied.ok) throw new Error(`Apply did not import: ${applied.reason}`);
    return { stallMs: histogram.max / 1e6, tookMs, longestWriteMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
