import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { createItemSearch } from "./item-search.server";
import { ensureCatalogueTables, importFixture } from "./testing/catalogue-fixture";

describe.each(testDialects)("item search on $name", (dialect) => {
  const database = freshDatabaseEach(dialect);

  async function setUp() {
    await ensureCatalogueTables(database.db);
    const version = await importFixture(database.db);
    const search = createItemSearch(database.db);
    const skus = async (query: string, mode: "page" | "suggest" = "page") =>
      (await search.search(query, version, { mode })).items.map((item) => item.sku);
    return { version, search, skus };
  }

  it("finds a sku and a make's part number whatever the case and separators", async () => {
    const { skus } = await setUp();
    for (const typed of ["PR-ZD421-203", "pr zd421 203", "przd421203", "pr.zd421/203"])
      expect((await skus(typed))[0]).toBe("PR-ZD421-203");
    for (const typed of ["ZD4A042-D01E00EZ", "zd4a042d01e00ez", "ZD4A042 D01E00EZ"])
      expect((await skus(typed))[0]).toBe("PR-ZD421-203");
  });

  it("finds part numbers that hold what was typed, and models by name", async () => {
    const { skus } = await setUp();
    expect(await skus("zd-421")).toContain("PR-ZD421-203");
    expect(await skus("ZD421")).toContain("RB-WR-110-74");
    const zt411 = await skus("zt411");
    expect(zt411).toEqual(expect.arrayContaining(["PR-ZT411-203", "RB-WR-110-74", "RB-W-110-450"]));
  });

  it("reads a size in any common spelling, the size typed first", async () => {
    const { skus } = await setUp();
    const expected = ["RL-DT-4x6-3C", "RL-DT-4x6-1C", "RL-DT-6x4"];
    for (const typed of ["4x6", "4 x 6", '4"x6"', "4 in x 6 in", "4×6", "102 x 152 mm"])
      expect(await skus(typed), typed).toEqual(expected);
    expect(await skus("4x6 perforated")).toEqual(["RL-DT-4x6-3C"]);
    expect(await skus("57 x 32 mm")).toEqual(["RL-DT-225x125"]);
  });

  it("finds a make's printers and ribbons, families taking turns", async () => {
    const { skus } = await setUp();
    const zebra = await skus("zebra");
    expect(zebra.slice(0, 2).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PR-/), expect.stringMatching(/^RB-/)]),
    );
    expect(zebra).toEqual(
      expect.arrayContaining(["PR-ZT411-203", "PR-ZD421-203", "RB-WR-110-74", "RB-W-110-450"]),
    );
    expect(zebra).not.toContain("PR-CL4NX");
  });

  it("tolerates typos in words and reads a measure by its number", async () => {
    const { skus } = await setUp();
    expect(await skus("wax resin ribon 110mm")).toEqual(["RB-WR-110-74"]);
    expect(await skus("polyethylne foam")).toEqual(["FM-PE-2-48"]);
    expect(await skus("ribbon xyzzyq")).toEqual([]);
  });

  it("SDS with a sku or a word finds the item's safety sheet", async () => {
    const { search, version } = await setUp();
    const bySku = await search.search("SDS RL-DT-4x6-3C", version);
    expect(bySku.items.map((item) => item.sds)).toEqual(["/catalogue-files/sds-rl-dt-4x6-3c.pdf"]);
    expect(bySku.itemsFirst).toBe(true);
    const byWord = await search.search("foam sds", version);
    expect(byWord.items.map((item) => item.sku)).toEqual(["FM-PE-2-48"]);
    expect(byWord.items[0]?.sds).toBe("/catalogue-files/sds-polyethylene.pdf");
  });

  it("says items lead when the words look like a part number or a size", async () => {
    const { search, version } = await setUp();
    expect((await search.search("4x6", version)).itemsFirst).toBe(true);
    expect((await search.search("ZD421", version)).itemsFirst).toBe(true);
    expect((await search.search("zebra", version)).itemsFirst).toBe(false);
    const first = (await search.search("4x6", version)).items[0];
    expect(first).toMatchObject({ family: "direct-thermal-labels", attributes: { width: "4", height: "6" } });
  });

  it("suggests from the start of the word being typed", async () => {
    const { skus } = await setUp();
    expect(await skus("polyeth", "suggest")).toEqual(["FM-PE-2-48"]);
    expect(await skus("zeb", "suggest")).toContain("PR-ZT411-203");
  });

  it("searches only the active version", async () => {
    const { search, version } = await setUp();
    const next = await importFixture(database.db, [
      {
        sku: "NEW-1",
        family: "foam-planks",
        familyName: "Foam planks",
        name: "Crosslink foam",
        attributes: {},
      },
    ]);
    expect((await search.search("foam", next)).items.map((item) => item.sku)).toEqual(["NEW-1"]);
    expect((await search.search("polyethylene", next)).items).toEqual([]);
    expect((await search.search("polyethylene", version)).items.length).toBe(1);
  });

  it("answers hostile input with nothing rather than an error", async () => {
    const { skus } = await setUp();
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
    ])
      await expect(skus(typed)).resolves.toBeInstanceOf(Array);
  });
});
