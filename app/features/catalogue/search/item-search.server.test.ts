import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDialects } from "../../../../tests/support/databases";
import { openCatalogueReader } from "../catalogue.server";
import { importText, testFamilies } from "../testing/fixtures.server";
import { rollback } from "../versions.server";
import { createItemSearch, type ItemSearch } from "./item-search.server";
import { searchCatalogue } from "./site-catalogue.server";
import { LABEL_WITH_SHEET, starterRangeWithSheets } from "./testing/starter-with-sheets.server";

const FOUR_BY_SIX = [
  "RDT-4X6-3C",
  "RDT-4X6-1C",
  "RDT-4X6-1C-P",
  "RDT-4X6-3C-P",
  "RDC-4X6-3C",
  "RDF-4X6-3C",
  "RDR-4X6-1C",
  "RDP-4X6-3C",
  "RTT-4X6-3C",
  "RTT-4X6-1C",
  "RTP-4X6-3C",
  "RTE-4X6-3C",
  "RTF-4X6-3C",
];

describe.each(testDialects)("item search over the starter range on $name", (dialect) => {
  let database: TestDatabase;
  let version: number;
  let search: ItemSearch;
  let foamSku: string;

  beforeAll(async () => {
    database = await dialect.create();
    const range = starterRangeWithSheets();
    foamSku = range.foamSku;
    const result = await importText(database.db, range.text);
    if (result.status !== "imported") throw new Error(JSON.stringify(result));
    version = result.version.version;
    search = createItemSearch(database.db);
  }, 60_000);
  afterAll(() => database?.cleanup());

  const skus = async (query: string, mode: "page" | "suggest" = "page") =>
    (await search.search(query, version, { mode })).items.map((item) => item.sku);

  it("finds a sku whatever the case and separators", async () => {
    for (const typed of ["PRI-ZT411-203", "pri zt411 203", "prizt411203", "PRI.ZT411/203", "pri_zt411_203"])
      expect((await skus(typed))[0], typed).toBe("PRI-ZT411-203");
    // A sku of four pieces or more, typed with spaces for its dashes.
    for (const typed of ["rbx 110 450 i", "RBX 110-450 I"])
      expect(await skus(typed), typed).toEqual(["RBX-110-450-I"]);
    // A sku with a size in it, typed with spaces: that item, not every label of the size.
    for (const typed of ["rdt 4x6 3c", "RDT 4X6 3C"])
      expect(await skus(typed), typed).toEqual(["RDT-4X6-3C"]);
  });

  it("finds a make's part number and the part numbers holding it: ZD421, zd-421, zd 421", async () => {
    for (const typed of ["ZD421", "zd-421", "zd 421", "Zd.421"]) {
      const found = await skus(typed);
      expect(found, typed).toEqual(
        expect.arrayContaining(["PRD-ZD421D-203", "PRD-ZD421T-300", "PH-ZD421T-203", "PL-ZD421"]),
      );
      expect(found, typed).not.toContain("PRD-ZD411D-203");
    }
    expect((await skus("zd421t"))[0]).toMatch(/^PRD-ZD421T-/);
  });

  it("finds a model's printers and the ribbons that fit it: zt411", async () => {
    const found = await skus("zt411");
    expect(found).toEqual(expect.arrayContaining(["PRI-ZT411-203", "PRI-ZT411-300", "RBW-110-450-I"]));
  });

  it("reads a size in any common spelling: the same 4x6 labels first", async () => {
    for (const typed of ["4x6", "4 x 6", '4"x6"', "4 in x 6 in", "4×6", "102 x 152 mm", "4 by 6"]) {
      const found = await search.search(typed, version);
      expect(
        found.items
          .slice(0, FOUR_BY_SIX.length)
          .map((item) => item.sku)
          .sort(),
        typed,
      ).toEqual([...FOUR_BY_SIX].sort());
      expect(found.itemsFirst).toBe(true);
    }
    const narrowed = await skus("4x6 freezer");
    expect(narrowed.sort()).toEqual(["RDF-4X6-3C", "RTF-4X6-3C"]);
  });

  it("searches a size no label has by its numbers: foam planks 48 x 108", async () => {
    const found = await search.search("48 x 108 polyethylene", version);
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((item) => item.family === "polyethylene-foam")).toBe(true);
  });

  it("finds a make's printers and ribbons, families taking turns: zebra", async () => {
    const found = await search.search("zebra", version);
    const families = found.items.slice(0, 8).map((item) => item.family);
    expect(families).toEqual(
      expect.arrayContaining(["thermal-transfer-ribbons", "desktop-printers", "industrial-printers"]),
    );
    expect(found.items.every((item) => item.family !== "polyethylene-foam")).toBe(true);
    expect(found.itemsFirst).toBe(false);
  });

  it("tolerates typos and reads a measure by its number: wax resin ribon 110mm", async () => {
    const found = await search.search("wax resin ribon 110mm", version);
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items) {
      expect(item.family).toBe("thermal-transfer-ribbons");
      expect(item.name).toMatch(/^Wax\/resin ribbon 110 mm/);
    }
    expect(await skus("polyethylne plank")).toContain(foamSku);
    expect(await skus("ribbon xyzzyq")).toEqual([]);
  });

  it("SDS with a sku or with words finds that item's safety sheet", async () => {
    const bySku = await search.search(`SDS ${LABEL_WITH_SHEET}`, version);
    expect(bySku.items.map((item) => [item.sku, item.sds])).toEqual([
      [LABEL_WITH_SHEET, "/catalogue-files/sds-rdt-4x6-3c.pdf"],
    ]);
    expect(bySku.itemsFirst).toBe(true);
    const byWords = await search.search("polyethylene foam sds", version);
    expect(byWords.items.map((item) => item.sku)).toEqual([foamSku]);
    expect(byWords.sds).toBe(true);
  });

  it("suggests from the start of the word being typed", async () => {
    expect((await skus("polyeth", "suggest")).length).toBeGreaterThan(0);
    expect(await skus("zebr", "suggest")).toContain("PRI-ZT411-203");
  });

  it("answers exact part numbers from the range held as the database's indexes do", async () => {
    const view = (await openCatalogueReader(database.db, testFamilies())).current();
    const exact = (keys: readonly string[], limit: number) => view.itemsWithParts(keys, limit);
    const queries = [
      "PRI-ZT411-203",
      "pri zt411 203",
      "rbx 110 450 i",
      "ZD421",
      "zd 421",
      "RDT-4X6-3C",
      `sds ${foamSku}`,
      LABEL_WITH_SHEET,
      "zt411",
      "4x6",
      "XYZ-0000",
    ];
    for (const query of queries)
      for (const mode of ["page", "suggest"] as const)
        expect(await search.search(query, version, { mode, exact }), `${query} (${mode})`).toEqual(
          await search.search(query, version, { mode }),
        );
    // Asked of a database that holds no item, the range held still answers a part number.
    const empty = await dialect.create();
    try {
      const held = createItemSearch(empty.db);
      const found = await held.search("pri zt411 203", version, { exact });
      expect(found.items[0]?.sku).toBe("PRI-ZT411-203");
      expect((await held.search("pri zt411 203", version)).items).toEqual([]);
    } finally {
      await empty.cleanup();
    }
  });

  it("shows each item with its family and key attributes, and the families found", async () => {
    const reader = await openCatalogueReader(database.db, testFamilies());
    const results = await searchCatalogue(database.db, reader.current(), "4x6");
    const first = results.items[0];
    expect(first?.familyName).toMatch(/labels/i);
    expect(first?.url).toBe(`/products/${first?.familyUrl.split("/")[2]}/${first?.sku}`);
    expect(first?.facts.join(" · ")).toMatch(/4 in.*6 in/);
    expect(results.families.map((family) => family.slug)).toEqual(
      expect.arrayContaining(["direct-thermal-labels", "thermal-transfer-labels"]),
    );
    const words = await searchCatalogue(database.db, reader.current(), "stretch film");
    expect(words.families.map((family) => family.slug)).toContain("stretch-film");
  });

  it("answers hostile input with a result, never an error", async () => {
    for (const typed of [
      '"',
      "'",
      "*",
      "NEAR(a b)",
      "a AND OR NOT",
      "%_%",
      "\\",
      "():*&|!",
      "x".repeat(200),
      "1x",
      "x6",
      "9".repeat(200),
    ])
      await expect(skus(typed)).resolves.toBeInstanceOf(Array);
  });
});

describe.each(testDialects)("item search across versions on $name", (dialect) => {
  it("searches only the version asked for", async () => {
    const database = await dialect.create();
    try {
      const first = await importText(database.db, starterRangeWithSheets().text);
      const second = await importText(
        database.db,
        "sku,family,name,width,height,face_stock,adhesive,core,outside_diameter,labels_per_roll,rolls_per_case,perforation,unit,pack\n" +
          "NEW-4X6,direct-thermal-labels,Brand new 4 x 6 labels,4,6,Direct thermal paper,Permanent,3,8,1000,4,Not perforated,case,case of 4 rolls\n",
      );
      if (first.status !== "imported" || second.status !== "imported") throw new Error("import failed");
      const search = createItemSearch(database.db);
      expect((await search.search("4x6", second.version.version)).items.map((item) => item.sku)).toEqual([
        "NEW-4X6",
      ]);
      expect((await search.search("zebra", second.version.version)).items).toEqual([]);
      expect((await search.search("4x6", first.version.version)).items.length).toBeGreaterThan(1);

      // The site's search keeps its answers per version: the version made active is searched anew.
      const reader = await openCatalogueReader(database.db, testFamilies());
      expect((await searchCatalogue(database.db, reader.current(), "4x6")).items.map((i) => i.sku)).toEqual([
        "NEW-4X6",
      ]);
      await rollback(database.db, first.version.version);
      await reader.refresh();
      const again = await searchCatalogue(database.db, reader.current(), "4x6");
      expect(again.items.length).toBeGreaterThan(1);
      expect(again.items.map((i) => i.sku)).not.toContain("NEW-4X6");
    } finally {
      await database.cleanup();
    }
  }, 60_000);
});
