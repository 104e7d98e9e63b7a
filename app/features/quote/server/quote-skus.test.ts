import { describe, expect, it } from "vitest";
import { fixtureView } from "~/features/catalogue/testing/pages-fixture";
import { testDialects } from "../../../../tests/support/databases";
import { quoteEventData } from "../email/quote-webhook.server";
import { quote as baseQuote, item } from "../testing/quote-input";
import { fields, quoteFixture, upload } from "../testing/quote-server";
import { submitQuote } from "./quote.server";
import { skuFactsOf } from "./quote-skus.server";

const defaultRoute = {
  to: ["sales@ridgeline-supply.example"],
  cc: [],
  branch: null,
  reason: "no ZIP",
} as const;

/* A quote line keeps its catalogue part number; sales see it linked, with its attributes, or flagged. */

const catalogue = { current: () => fixtureView() };
const lines = {
  "items[0].sku": "DT-4X6-3",
  "items[1].sku": "NO-SUCH-1",
  "items[2].sku": "dt-3x2-old",
};

describe.each(testDialects)("part numbers on quote lines on $name", ({ create }) => {
  const fx = quoteFixture(create);

  it("stores each sku as posted, links a known one to its page with its attributes, and flags the others", async () => {
    const deps = { ...fx.deps, catalogue, siteUrl: "https://www.example.com" };
    const result = await submitQuote(deps, upload(fields(lines)), "client-a");
    expect(result.ok).toBe(true);
    const items = await fx.t.db.selectFrom("quote_items").select(["sku"]).orderBy("position").execute();
    expect(items.map((item) => item.sku)).toEqual(["DT-4X6-3", "NO-SUCH-1", "dt-3x2-old"]);

    expect(await fx.deliver()).toBe(2);
    const sales = fx.peer.messages.find((message) => message.subject?.includes("Acme"));
    const html = sales?.html || "";
    expect(html).toContain(
      '<a href="https://www.example.com/products/direct-thermal-labels/DT-4X6-3">DT-4X6-3</a>',
    );
    expect(html).toContain("Width: 4 in; Height: 6 in; Core: 3 in; Labels per roll: 1000");
    expect(html).toContain("NO-SUCH-1 <strong");
    expect(html).toContain("(unknown sku)");
    expect(html).toContain("(discontinued, replaced by DT-4X2-3)");
    expect(sales?.text).toContain(
      "Part number: DT-4X6-3 https://www.example.com/products/direct-thermal-labels/DT-4X6-3",
    );
    expect(sales?.text).toContain("Part number: NO-SUCH-1 [UNKNOWN SKU]");
  });

  it("takes any text as a sku, but one longer than a part number is too long like any field", async () => {
    const ok = await submitQuote(
      { ...fx.deps, catalogue },
      upload(fields({ "items[0].sku": "<b>x</b>" })),
      "c",
    );
    expect(ok.ok).toBe(true);
    const long = await submitQuote(
      { ...fx.deps, catalogue },
      upload(fields({ "items[0].sku": "X".repeat(65) })),
      "d",
    );
    expect(long).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { "items.0.sku": "Please shorten this entry." },
    });
  });
});

describe("the quote.created webhook", () => {
  it("carries each line's sku, its page and its flag", () => {
    const quote = {
      ...baseQuote(),
      items: [{ ...item("labels", "4x6"), sku: "DT-3X2-OLD" }, item(null, "other")],
    };
    const skus = skuFactsOf({ catalogue, siteUrl: "https://www.example.com" }, quote.items);
    const data = quoteEventData(
      {},
      { reference: "Q-1", quote, route: defaultRoute, skus },
      [],
      [],
      new Date(),
    );
    expect(data.items.map((line) => [line.sku, line.skuUrl, line.skuFlag])).toEqual([
      [
        "DT-3X2-OLD",
        "https://www.example.com/products/direct-thermal-labels/DT-3X2-OLD",
        "discontinued, replaced by DT-4X2-3",
      ],
      [null, null, null],
    ]);
  });
});
