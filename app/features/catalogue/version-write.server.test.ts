import { describe, expect, it } from "vitest";
import { writeStatement } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../../tests/support/databases";
import { openCatalogueReader } from "./catalogue.server";
import { loadStarterRange } from "./import.server";
import { catalogueOf, csvOf, importText, labelRow, testFamilies } from "./testing/fixtures.server";
import { listVersions, rollback } from "./versions.server";

const rows = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => labelRow(`${prefix}-${index}`));

const itemsOf = async (db: Database) =>
  (await db.selectFrom("catalogue_items").select("sku").orderBy("id").execute()).map((row) => row.sku);

const never = () => new Promise<never>(() => undefined);

/** An import that dies (its process ends) once `after` items are written: it never returns or cleans up. */
function importThatDies(db: Database, prefix: string, count: number, after: number): void {
  void importText(db, csvOf(rows(prefix, count)), {
    tuning: { chunkRows: after, afterChunk: (written) => (written >= after ? never() : undefined) },
  });
}

/** Waits until `count` items of unfinished versions are in the table. */
async function untilWritten(db: Database, count: number): Promise<void> {
  await expect
    .poll(async () => (await db.selectFrom("catalogue_items").select("id").execute()).length, {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
}

/** The lease of every unfinished version runs out (as if minutes had passed since its import last wrote). */
const leasesRunOut = (db: Database) =>
  db
    .updateTable("catalogue_versions")
    .set({ lease_until: "2000-01-01T00:00:00.000Z" })
    .where("complete", "=", 0)
    .execute();

describe.each(testDialects)("writing a catalogue version in short transactions on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("an import that fails halfway leaves the served range as it was and shows no unfinished version", async () => {
    const reader = await catalogueOf(t.db, rows("OLD", 3));
    let chunks = 0;
    const failed = importText(t.db, csvOf(rows("NEW", 7)), {
      tuning: {
        chunkRows: 2,
        afterChunk: () => {
          chunks += 1;
          if (chunks === 2) throw new Error("the disk filled up");
        },
      },
    });
    await expect(failed).rejects.toThrow("the disk filled up");
    expect(chunks).toBe(2);
    const versions = await listVersions(t.db);
    expect(versions.map((version) => [version.version, version.active])).toEqual([[1, true]]);
    expect(await reader.refresh()).toBe(false);
    expect(
      reader
        .current()
        .itemsOf("direct-thermal-labels")
        .map((item) => item.sku),
    ).toEqual(["OLD-0", "OLD-1", "OLD-2"]);
    // What it wrote is deleted with it; a rollback finds nothing to go to.
    expect(await itemsOf(t.db)).toEqual(["OLD-0", "OLD-1", "OLD-2"]);
    expect(await rollback(t.db)).toMatchObject({ ok: false });
    // The next import is version 3: numbers are never reused.
    expect(await importText(t.db, csvOf(rows("NEXT", 2)))).toMatchObject({
      status: "imported",
      version: { version: 3, itemCount: 2 },
    });
  });

  it("a version left by an import that died is never listed, and the next start deletes it once its lease has run out", async () => {
    await catalogueOf(t.db, rows("OLD", 2));
    importThatDies(t.db, "DEAD", 6, 3);
    await untilWritten(t.db, 2 + 3);
    expect((await listVersions(t.db)).map((version) => version.version)).toEqual([1]);
    expect(await rollback(t.db, 2)).toMatchObject({ ok: false });

    // Another instance starts while the import may still be running: it leaves the version alone.
    const { logger } = memoryLogger();
    await loadStarterRange(t.db, testFamilies(), logger);
    expect((await itemsOf(t.db)).filter((sku) => sku.startsWith("DEAD"))).toHaveLength(3);

    await leasesRunOut(t.db);
    await loadStarterRange(t.db, testFamilies(), logger);
    expect(await itemsOf(t.db)).toEqual(["OLD-0", "OLD-1"]);
    expect(await t.db.selectFrom("catalogue_versions").select("id").execute()).toEqual([{ id: 1 }]);
  });

  it("the next import deletes what a dead import left once its lease has run out", async () => {
    await catalogueOf(t.db, rows("OLD", 2));
    importThatDies(t.db, "DEAD", 6, 3);
    await untilWritten(t.db, 2 + 3);
    await leasesRunOut(t.db);
    expect(await importText(t.db, csvOf(rows("NEW", 2)))).toMatchObject({ status: "imported" });
    expect(await itemsOf(t.db)).toEqual(["OLD-0", "OLD-1", "NEW-0", "NEW-1"]);
    expect((await listVersions(t.db)).map((version) => [version.version, version.active])).toEqual([
      [3, true],
      [1, false],
    ]);
  });

  it("keeps the newest five versions, deleting the items of older ones", async () => {
    for (let version = 1; version <= 7; version++) await catalogueOf(t.db, rows(`V${version}`, 2));
    expect((await listVersions(t.db)).map((version) => version.version)).toEqual([7, 6, 5, 4, 3]);
    expect((await itemsOf(t.db)).filter((sku) => sku.startsWith("V1-") || sku.startsWith("V2-"))).toEqual([]);
    expect(
      await t.db.selectFrom("catalogue_versions").select("id").where("complete", "=", 0).execute(),
    ).toEqual([]);
  });

  it("a write of the site, here or on another instance, is done while an import is still writing", async () => {
    const other = t.open();
    const order: string[] = [];
    const settingWrite = (db: Database, name: string) =>
      writeStatement(db, (trx) =>
        trx
          .insertInto("app_settings")
          .values({ name, value: "x", created_at: new Date().toISOString() })
          .execute(),
      ).then(() => order.push(name));
    let started = false;
    const writes: Promise<unknown>[] = [];
    const imported = importText(t.db, csvOf(rows("BIG", 600)), {
      tuning: {
        chunkRows: 50,
        afterChunk: () => {
          if (started) return;
          started = true;
          writes.push(settingWrite(t.db, "same-instance"), settingWrite(other, "other-instance"));
        },
      },
    }).then((result) => {
      order.push("import");
      return result;
    });
    expect(await imported).toMatchObject({ status: "imported", version: { itemCount: 600 } });
    await Promise.all(writes);
    expect(order.indexOf("import")).toBe(2);
    const view = (await openCatalogueReader(t.db, testFamilies())).current();
    expect(view.itemsOf("direct-thermal-labels")).toHaveLength(600);
  });
});
