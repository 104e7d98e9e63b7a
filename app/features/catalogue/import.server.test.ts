import { describe, expect, it } from "vitest";
import { productSectionIds } from "~/content/ids";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../../tests/support/databases";
import { openCatalogueReader } from "./catalogue.server";
import { loadStarterRange, STARTER_SOURCE } from "./import.server";
import { catalogueOf, csvOf, importText, labelRow, testFamilies } from "./testing/fixtures.server";
import { listVersions } from "./versions.server";

describe.each(testDialects)("the catalogue import on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("loads the starter range into an empty database once, with items in every product area", async () => {
    const { logger } = memoryLogger();
    await loadStarterRange(t.db, testFamilies(), logger);
    await loadStarterRange(t.db, testFamilies(), logger);
    const versions = await listVersions(t.db);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, source: STARTER_SOURCE, active: true });
    expect(versions[0]?.itemCount).toBeGreaterThanOrEqual(400);

    const view = (await openCatalogueReader(t.db, testFamilies())).current();
    expect(view.info.itemCount).toBe(versions[0]?.itemCount);
    for (const area of productSectionIds) {
      const items = view.familiesOfArea(area).flatMap((family) => view.itemsOf(family.slug));
      expect(items.length, area).toBeGreaterThan(0);
    }
    // A buyer's part number, typed any way, finds the item.
    expect(view.item("rdt 4x6 3c")?.name).toContain("4 x 6 in direct thermal");
    expect(view.item("PRD-ZD420T-203")).toMatchObject({
      status: "discontinued",
      replacementSku: "PRD-ZD421T-203",
    });
  });

  it("reads what Excel writes (byte order mark, quoted cells, Windows line ends) into a new active version", async () => {
    const rows = [
      labelRow("RL-100", { name: 'Labels, 4" x 6", "shipping"' }),
      labelRow("RL-101", { width: "2.25", height: "1.25", make: "Ridgeline", make_part_number: "RL/101.A" }),
      labelRow("RL-102", {
        status: "discontinued",
        replacement_sku: "rl 100",
        list_price: "$42.50",
        price_breaks: "10:40; 50:38.25",
      }),
    ];
    const result = await importText(t.db, csvOf(rows, { bom: true, crlf: true }));
    expect(result).toMatchObject({ status: "imported", version: { version: 1, itemCount: 3 } });

    const view = (await openCatalogueReader(t.db, testFamilies())).current();
    expect(view.itemsOf("direct-thermal-labels").map((item) => item.sku)).toEqual([
      "RL-100",
      "RL-101",
      "RL-102",
    ]);
    expect(view.item("rl100")?.name).toBe('Labels, 4" x 6", "shipping"');
    expect(view.item("RL-102")).toMatchObject({
      listPrice: 42.5,
      priceBreaks: [
        { quantity: 10, price: 40 },
        { quantity: 50, price: 38.25 },
      ],
    });
    const keys = await t.db
      .selectFrom("catalogue_items")
      .select(["sku", "sku_key", "make_part_key", "size_key", "search_text"])
      .orderBy("id")
      .execute();
    expect(keys[1]).toMatchObject({ sku_key: "rl101", make_part_key: "rl101a", size_key: "2.25x1.25" });
    expect(keys[0]?.size_key).toBe("4x6");
    expect(keys[0]?.search_text).toContain("4 in 6 in direct thermal paper");
  });

  it("names every bad row with its row, column and reason, and then changes nothing", async () => {
    await importText(t.db, csvOf([labelRow("KEEP-1")]));
    const text = csvOf([
      labelRow("OK-1"),
      labelRow("BAD-FAMILY", { family: "labels-of-gold" }),
      labelRow("", {}),
      labelRow("ok-1"),
      labelRow("BAD-NUMBER", { width: "four" }),
      labelRow("BAD-CHOICE", { face_stock: "Glossy" }),
      labelRow("BAD-REPLACEMENT", { status: "discontinued", replacement_sku: "NOPE-9" }),
      labelRow("BAD-REQUIRED", { core: "" }),
      labelRow("BAD-PRICE", { list_price: "12 dollars" }),
      labelRow("BAD-MINIMUM", { minimum_order: "0" }),
      labelRow("BAD-OTHER-FAMILY", { ink: "Wax" }),
      labelRow("BAD-STATUS", { status: "gone" }),
      labelRow("BAD-LINK", { sds: "javascript:alert(1)" }),
    ]);
    const result = await importText(t.db, text);
    expect(result.status).toBe("invalid");
    const errors = result.status === "invalid" ? result.errors : [];
    expect(errors.map((error) => [error.row, error.column])).toEqual([
      [3, "family"],
      [4, "sku"],
      [5, "sku"],
      [6, "width"],
      [7, "face_stock"],
      [8, "replacement_sku"],
      [9, "core"],
      [10, "list_price"],
      [11, "minimum_order"],
      [12, "ink"],
      [13, "status"],
      [14, "sds"],
    ]);
    expect(errors[0]?.reason).toBe("'labels-of-gold' is not a family of the families file");
    expect(errors[2]?.reason).toBe("'ok-1' is the sku of row 2 already");
    expect(errors[3]?.reason).toContain("'four' is not a number");
    expect(errors[4]?.reason).toContain("'Glossy' is not one of: Direct thermal paper,");
    expect(errors[5]?.reason).toBe("'NOPE-9' is not a sku of this file");
    expect((await listVersions(t.db)).map((version) => version.source)).toEqual(["catalogue.csv"]);
    expect(await t.db.selectFrom("catalogue_items").select("sku").execute()).toEqual([{ sku: "KEEP-1" }]);
  });

  it("refuses a file as a whole in one line: not UTF-8, unbalanced quotes, too large, too many rows", async () => {
    const latin1 = Buffer.from(csvOf([labelRow("CAFÉ-1")]), "latin1");
    const cases: [string | Buffer, RegExp, { maxBytes: number; maxRows: number }?][] = [
      [latin1, /^catalogue\.csv is not UTF-8 text/],
      [`${csvOf([labelRow("Q-1")])}Q-2,"direct-thermal-labels,unclosed\n`, /unbalanced/],
      [
        csvOf([labelRow("BIG-1"), labelRow("BIG-2")]),
        /^catalogue\.csv is larger than 300 bytes$/,
        { maxBytes: 300, maxRows: 10 },
      ],
      [
        csvOf([labelRow("N-1"), labelRow("N-2"), labelRow("N-3")]),
        /^catalogue\.csv has more than 2 rows$/,
        { maxBytes: 1e6, maxRows: 2 },
      ],
      [
        `${csvOf([labelRow("Q-3")])}Q-4,direct"thermal,x\n`,
        /^catalogue\.csv has a quote inside a cell .*unbalanced$/,
      ],
      ["", /is empty/],
    ];
    for (const [text, refusal, limits] of cases) {
      const result = await importText(t.db, text, limits ? { limits } : {});
      expect(result.status).toBe("refused");
      expect(result.status === "refused" ? result.refusal : "").toMatch(refusal);
      expect(result.status === "refused" ? result.refusal : "").not.toContain("\n");
    }
    const header = await importText(t.db, "sku,family,colour\n");
    expect(header).toMatchObject({
      status: "invalid",
      errors: [
        {
          row: 1,
          column: "colour",
          reason: "is not a column: neither an item column nor an attribute of any family",
        },
        { row: 1, column: "name", reason: "is missing: every file needs this column" },
        { row: 1, column: "unit", reason: "is missing: every file needs this column" },
        { row: 1, column: "pack", reason: "is missing: every file needs this column" },
      ],
    });
    expect(await listVersions(t.db)).toEqual([]);
  });

  it("numbers rows as a spreadsheet does, a cell over several lines counting as one row", async () => {
    const text = csvOf([labelRow("ML-1", { name: "Two\nlines" }), labelRow("ML-2", { width: "x" })]);
    const result = await importText(t.db, text);
    expect(result).toMatchObject({
      status: "invalid",
      errors: [
        { row: 2, column: "name", reason: "must be one line without control characters" },
        { row: 3, column: "width" },
      ],
    });
  });

  it("checks a file without importing it on a dry run", async () => {
    expect(await importText(t.db, csvOf([labelRow("DRY-1")]), { dryRun: true })).toEqual({
      status: "checked",
      itemCount: 1,
      skus: ["DRY-1"],
    });
    expect(await listVersions(t.db)).toEqual([]);
  });

  it("serves a version another instance made active once it checks, and never half of one", async () => {
    const reader = await catalogueOf(t.db, [labelRow("V1-A")]);
    expect(reader.current().item("V1-A")).toBeDefined();
    const other = t.open();
    const stop = reader.watch(50);
    try {
      const result = await importText(other, csvOf([labelRow("V2-A"), labelRow("V2-B")]));
      expect(result.status).toBe("imported");
      await expect.poll(() => reader.current().info.version, { timeout: 5_000 }).toBe(2);
      expect(
        reader
          .current()
          .itemsOf("direct-thermal-labels")
          .map((item) => item.sku),
      ).toEqual(["V2-A", "V2-B"]);
      expect(reader.current().item("V1-A")).toBeUndefined();
    } finally {
      stop();
    }
  });
});
