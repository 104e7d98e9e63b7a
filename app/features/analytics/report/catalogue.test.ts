import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { REPORT_WEEK } from "../../../../tests/support/report-data";
import { looksLikeItemSearch } from "./catalogue.server";
import { buildDigestMail } from "./digest.server";
import { buildReport } from "./model.server";
import { renderText } from "./text";

describe("which searches name a part number or a size", () => {
  it.each(["4x6", "4x6 pallet tags", "2.25x1.25", "zt410", "ribbon for zt410", "rl dt4x6", "80012"])(
    "%s does",
    (query) => expect(looksLikeItemSearch(query)).toBe(true),
  );
  it.each(["blue widgets", "ribbons", "12 labels", "x6", "abc"])("%s does not", (query) =>
    expect(looksLikeItemSearch(query)).toBe(false),
  );
});

describe.each(testDialects)("the report's catalogue lists on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  async function count(metric: string, key: string, detail: string, total: number, day = "2026-11-10") {
    await t.db.insertInto("analytics_counts").values({ day, metric, key, detail, count: total }).execute();
  }

  it("ranks family and item pages by views, and lists part numbers and sizes searched in vain apart", async () => {
    await count("pageview", "/products", "", 40);
    await count("pageview", "/products/direct-thermal-labels", "", 12);
    await count("pageview", "/products/thermal-transfer-ribbons", "", 7);
    await count("pageview", "/products/direct-thermal-labels/RL-DT-4x6-3C", "", 9);
    await count("pageview", "/products/direct-thermal-labels/RL-DT-4x6-3C", "", 2, "2026-11-11");
    await count("pageview", "/products/thermal-transfer-ribbons/RB%2FWR-110", "", 3);
    // Outside the week: not counted.
    await count("pageview", "/products/foam-planks", "", 50, "2026-11-16");
    await count("search", "4x6 pallet tags", "miss", 5);
    await count("search", "zt510", "miss", 3);
    await count("search", "blue widgets", "miss", 4);
    await count("search", "4x6", "hit", 30);

    const report = await buildReport(t.db, { period: REPORT_WEEK, timeZone: "America/New_York" });

    expect(report.catalogue.families).toEqual([
      { key: "direct-thermal-labels", count: 12 },
      { key: "thermal-transfer-ribbons", count: 7 },
    ]);
    expect(report.catalogue.items).toEqual([
      { key: "RL-DT-4x6-3C", count: 11 },
      { key: "RB/WR-110", count: 3 },
    ]);
    expect(report.catalogue.itemMisses).toEqual([
      { key: "4x6 pallet tags", count: 5 },
      { key: "zt510", count: 3 },
    ]);
    const text = renderText(report);
    expect(text).toContain("Most viewed product families");
    expect(text).toContain("Part numbers and sizes searched without results");
    const mail = buildDigestMail({ mailFrom: "site@example.com", to: "owner@example.com" }, report, report);
    expect(mail.text).toContain("Most viewed items");
    expect(mail.text).toContain("RL-DT-4x6-3C");
    expect(mail.text).toContain("zt510");
  });
  async function quoteWithSkus(reference: string, at: string, skus: (string | null)[], held = false) {
    const row = await t.db
      .insertInto("quote_requests")
      .values({
        reference,
        company: "Acme Distribution",
        name: "Sam Buyer",
        email: "sam@example.com",
        phone: null,
        postal_code: null,
        needed_by: null,
        po_reference: null,
        label_details: null,
        foam_details: null,
        client_key: null,
        created_at: at,
        ...(held ? { held_at: at } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("quote_items")
      .values(
        skus.map((sku, position) => ({
          request_id: row.id,
          position,
          area: "labels",
          description: sku ?? "typed by hand",
          quantity: 4,
          unit: "case",
          notes: null,
          sku,
        })),
      )
      .execute();
  }

  it("ranks the part numbers on the week's quote lines, held spam and other weeks left out", async () => {
    await quoteWithSkus("Q-SKU001", "2026-11-10T15:00:00.000Z", ["RL-DT-4x6-3C", "RB-WR-110", null]);
    await quoteWithSkus("Q-SKU002", "2026-11-12T15:00:00.000Z", ["RL-DT-4x6-3C", "NO-SUCH-SKU"]);
    // Held as spam, and the week after: not counted.
    await quoteWithSkus("Q-SKU003", "2026-11-11T15:00:00.000Z", ["RB-WR-110", "RB-WR-110"], true);
    await quoteWithSkus("Q-SKU004", "2026-11-17T15:00:00.000Z", ["RB-WR-110"]);

    const report = await buildReport(t.db, { period: REPORT_WEEK, timeZone: "America/New_York" });

    expect(report.catalogue.requestedSkus).toEqual([
      { key: "RL-DT-4x6-3C", count: 2 },
      { key: "NO-SUCH-SKU", count: 1 },
      { key: "RB-WR-110", count: 1 },
    ]);
    expect(renderText(report)).toContain("Most requested part numbers");
    const mail = buildDigestMail({ mailFrom: "site@example.com", to: "owner@example.com" }, report, report);
    expect(mail.text).toContain("Most requested part numbers");
  });
});
