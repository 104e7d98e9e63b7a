import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openCatalogueReader } from "~/features/catalogue/catalogue.server";
import { loadStarterRange, STARTER_RANGE_FILE } from "~/features/catalogue/import.server";
import { csvOf, labelRow, testFamilies } from "~/features/catalogue/testing/fixtures.server";
import { KEEP_VERSIONS } from "~/features/catalogue/versions.server";
import { captureCli, itRefusesWithUsage } from "../../tests/support/cli";
import { freshDatabaseEach, silentLogger, testDialects } from "../../tests/support/databases";
import { main as catalogue, USAGE } from "./catalogue";

describe("catalogue arguments", () => {
  itRefusesWithUsage(catalogue, USAGE, [
    [],
    ["import"],
    ["import", "a.csv", "b.csv"],
    ["export", "--dry-run"],
    ["versions", "extra"],
    ["rollback", "--to", "x"],
    ["rollback", "--to", "0"],
    ["versions", "--to", "2"],
    ["publish", "a.csv"],
  ]);
});

describe.each(testDialects)("npm run catalogue on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let dir = "";
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "ridgeline-catalogue-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string | Buffer) => {
    const where = path.join(dir, name);
    writeFileSync(where, text);
    return where;
  };
  const run = async (...argv: string[]) => {
    const cli = captureCli({ DATABASE_URL: t.url });
    const code = await catalogue(argv, cli.io);
    return { code, ...cli.out };
  };
  const skus = async () =>
    (await openCatalogueReader(t.db, testFamilies()))
      .current()
      .itemsOf("direct-thermal-labels")
      .map((item) => item.sku);

  it("imports a file with a new sku, and with one bad row exits 1 naming it and changes nothing", async () => {
    const good = file("range.csv", csvOf([labelRow("RL-1"), labelRow("RL-2")], { bom: true, crlf: true }));
    expect(await run("import", good, "--dry-run")).toMatchObject({
      code: 0,
      stdout: "catalogue: range.csv is valid (2 items); nothing was imported (--dry-run)\n",
    });
    expect(await run("import", good)).toMatchObject({
      code: 0,
      stdout: "catalogue: imported range.csv as version 1 (2 items); it is active now\n",
    });
    const bad = file(
      "next.csv",
      csvOf([labelRow("RL-1"), labelRow("RL-3", { height: "6 in" }), labelRow("RL-4")]),
    );
    const refused = await run("import", bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "next.csv: row 3, column height: '6 in' is not a number (write it like 4 or 0.75, without units)\n" +
        "catalogue: 1 mistake in next.csv; nothing was imported\n",
    );
    expect(await skus()).toEqual(["RL-1", "RL-2"]);

    const notUtf8 = file("latin1.csv", Buffer.from(csvOf([labelRow("CAFÉ-1")]), "latin1"));
    const encoding = await run("import", notUtf8);
    expect(encoding.code).toBe(1);
    expect(encoding.stderr).toMatch(/^catalogue: latin1\.csv is not UTF-8 text .*; nothing was imported\n$/);
    expect((await run("import", path.join(dir, "missing.csv"))).stderr).toMatch(/^catalogue: no file /);
    const large = file("large.csv", Buffer.alloc(50 * 1024 * 1024 + 1, 0x61));
    expect(await run("import", large)).toMatchObject({
      code: 1,
      stderr: "catalogue: large.csv is larger than 50 MB; nothing was imported\n",
    });
    expect(await skus()).toEqual(["RL-1", "RL-2"]);
  });

  it("exports the range in the import's format, so export then import changes nothing", async () => {
    await loadStarterRange(t.db, testFamilies(), silentLogger);
    const before = (await openCatalogueReader(t.db, testFamilies())).current();
    const out = path.join(dir, "export.csv");
    const exported = await run("export", out);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(`wrote version 1 (${before.info.itemCount} items)`);
    // The starter file is itself an export: the same bytes come back.
    expect(readFileSync(out, "utf8")).toBe(readFileSync(STARTER_RANGE_FILE, "utf8"));

    expect((await run("import", out)).code).toBe(0);
    const after = (await openCatalogueReader(t.db, testFamilies())).current();
    expect(after.info.version).toBe(2);
    const everything = (view: typeof before) => view.families.flatMap((family) => view.itemsOf(family.slug));
    expect(everything(after)).toEqual(everything(before));
    const again = await run("export");
    expect(again.stdout).toBe(readFileSync(out, "utf8"));
  });

  it("lists the versions, rolls back and forward, and keeps the newest five", async () => {
    for (let n = 1; n <= KEEP_VERSIONS + 2; n++) {
      expect((await run("import", file(`range-${n}.csv`, csvOf([labelRow(`V${n}`)])))).code).toBe(0);
    }
    const listed = await run("versions");
    expect(listed.stdout.split("\n")[0]).toBe("VERSION  IMPORTED (UTC)     ITEMS  SOURCE");
    expect(listed.stdout).toMatch(/^ {6}7 {2}\d{4}-\d\d-\d\d \d\d:\d\d {7}1 {2}range-7\.csv {2}\(active\)$/m);
    expect([...listed.stdout.matchAll(/^ +(\d+) /gm)].map((match) => match[1])).toEqual([
      "7",
      "6",
      "5",
      "4",
      "3",
    ]);

    const back = await run("rollback");
    expect(back.code).toBe(0);
    expect(back.stdout).toContain("version 6 (range-6.csv, 1 items) is active again; version 7 is kept");
    expect(await skus()).toEqual(["V6"]);
    expect((await run("rollback", "--to", "7")).code).toBe(0);
    expect(await skus()).toEqual(["V7"]);
    const gone = await run("rollback", "--to", "2");
    expect(gone).toMatchObject({
      code: 1,
      stderr: "catalogue: there is no version 2 (see: versions); nothing changed\n",
    });
  });
});
