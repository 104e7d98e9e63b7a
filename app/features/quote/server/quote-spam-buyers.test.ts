import { describe, expect, it } from "vitest";
import { listHeldLeads } from "~/features/leads/held.server";
import { testDialects } from "../../../../tests/support/databases";
import { fields, quoteFixture, upload } from "../testing/quote-server";
import { submitQuote } from "./quote.server";

/*
 * Real buyers reach sales (docs/spam.md): a stock item asked for by many, one client's posts aimed at
 * another's request, and the business habits the rules once misread. Beside them, the spam that is
 * still held.
 */

/** One item row of a stock item, as a buyer types it. */
const oneItem = (description: string, extra: Record<string, string> = {}) => ({
  "items[0].area": "packaging",
  "items[0].description": description,
  "items[0].quantity": "24",
  "items[0].unit": "roll",
  "items[0].notes": "",
  ...extra,
});

/** The filled-in form with `extra`, its item rows only those `extra` names when it names any. */
function formOf(extra: Record<string, string>): Record<string, string> {
  const all = fields(extra);
  if (!Object.keys(extra).some((name) => name.startsWith("items["))) return all;
  return Object.fromEntries(
    Object.entries(all).filter(([name]) => !name.startsWith("items[") || name in extra),
  );
}

describe.each(testDialects)("quote requests from real buyers on $name", ({ create }) => {
  const fx = quoteFixture(create);

  const send = async (extra: Record<string, string>, clientKey: string) => {
    const result = await submitQuote(fx.deps, upload(formOf(extra)), clientKey);
    if (!result.ok) throw new Error(`${result.title}: ${result.message}`);
    return result;
  };
  const salesNotified = async () =>
    (await fx.t.db.selectFrom("email_outbox").where("kind", "=", "quote_notification").select("id").execute())
      .length;

  it("one client's two posts of an item under two addresses do not hold another client's request for it", async () => {
    const item = oneItem("18 inch stretch film 80 gauge");
    for (const email of ["first@mailbox.example", "second@mailbox.example"]) {
      expect((await send({ ...item, email }, "attacker")).held).toBeUndefined();
    }
    const buyer = await send(
      {
        ...item,
        "items[0].quantity": "60",
        company: "Great Lakes Cold Storage",
        email: "purchasing@greatlakescold.com",
        postalCode: "60607",
      },
      "buyer",
    );
    expect(buyer.held).toBeUndefined();
    expect(await salesNotified()).toBe(3);
    expect(await listHeldLeads(fx.t.db)).toEqual([]);
  });

  it("three buyers asking for the same stock item within the hour all reach sales", async () => {
    const item = oneItem("4x6 direct thermal labels", {
      "items[0].area": "labels",
      "items[0].notes": "1 inch core",
    });
    for (const [index, email] of ["a@one.example", "b@two.example", "c@three.example"].entries()) {
      expect((await send({ ...item, email }, `client-${index}`)).held).toBeUndefined();
    }
    expect(await salesNotified()).toBe(3);
  });

  it("still holds the same long notes from a third client and address within the hour", async () => {
    const notes =
      "Reply now for wholesale pricing on every product we carry, shipped worldwide within two days of payment.";
    const item = oneItem("Stretch film", { "items[0].notes": notes });
    const outcomes = [];
    for (const [index, email] of ["a@one.example", "b@two.example", "c@three.example"].entries()) {
      outcomes.push((await send({ ...item, email }, `client-${index}`)).held ?? false);
    }
    expect(outcomes).toEqual([false, false, true]);
  });

  it("sends on a request whose two item rows are product pages", async () => {
    const result = await send(
      {
        ...oneItem(
          "https://www.uline.com/Product/Detail/S-3944/Stretch-Film/Hand-Stretch-Film-18-x-1500-80-Gauge",
        ),
        "items[1].area": "labels",
        "items[1].description": "https://www.zebra.com/us/en/products/supplies/labels/thermal-labels.html",
        "items[1].quantity": "10",
        "items[1].unit": "roll",
      },
      "client-a",
    );
    expect(result.held).toBeUndefined();
    expect(await salesNotified()).toBe(1);
  });

  it("sends on a company written with its site beside its name", async () => {
    const result = await send({ company: "Acme Packaging (www.acmepack.com)" }, "client-a");
    expect(result.held).toBeUndefined();
  });

  it("sends on addresses at forwarding and privacy services", async () => {
    // A product page as the one row: a signal beside the address, which alone was enough to hold.
    const productPage = oneItem("https://www.uline.com/Product/Detail/S-3944/Stretch-Film");
    expect((await send({ ...productPage, email: "tom@consultant.com" }, "client-a")).held).toBeUndefined();
    expect(
      (await send({ company: "Silver Sands Casino", email: "sue@duck.com" }, "client-b")).held,
    ).toBeUndefined();
    expect(await salesNotified()).toBe(2);
  });

  it("sends on a casino buying labels and a bitcoin mining firm buying boxes", async () => {
    const casino = await send(
      {
        company: "Lucky Star Casino",
        ...oneItem("https://www.zebra.com/us/en/products/supplies/labels.html"),
      },
      "client-a",
    );
    const miner = await send(
      {
        company: "Northern Bitcoin Mining LLC",
        ...oneItem("Shipping boxes 24x18x12 for crypto mining rigs"),
      },
      "client-b",
    );
    expect([casino.held, miner.held]).toEqual([undefined, undefined]);
    expect(await salesNotified()).toBe(2);
  });

  it("still holds a known phrase from a throwaway address", async () => {
    const pitch = oneItem("Our SEO services put your labels on top", { email: "x@mailinator.com" });
    expect((await send(pitch, "client-a")).held).toBe(true);
    expect(await salesNotified()).toBe(0);
  });

  it("still holds a company that is only a link", async () => {
    expect((await send({ company: "https://seo-first-page.example" }, "client-a")).held).toBe(true);
    expect(await salesNotified()).toBe(0);
  });
});
