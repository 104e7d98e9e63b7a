import type { AddressObject } from "mailparser";
import { describe, expect, it, vi } from "vitest";
import { REFERENCE_PATTERN } from "~/features/leads/intake/reference.server";
import { QUOTE_SUCCESS } from "~/features/quote/quote";
import { testDialects } from "../../../../tests/support/databases";
import { fields, pdf, png, quoteFixture, sha256, upload } from "../testing/quote-server";
import { submitQuote } from "./quote.server";

/* submitQuote stores a request and notifies: sales (routed to a branch by ship-to ZIP) and the buyer. */

describe.each(testDialects)("submitQuote notifies on $name", ({ create }) => {
  const fx = quoteFixture(create);
  const { fileOf, counts, deliver } = fx;

  it("stores a request with three items and two files once, and the SMTP peer gets both e-mails", async () => {
    const wakeMailWorker = vi.fn();
    const result = await submitQuote(
      { ...fx.deps, wakeMailWorker },
      upload(fields(), [await fileOf("drawing.pdf", pdf), await fileOf("artwork.png", png)]),
      "client-a",
    );
    expect(result).toMatchObject({ ok: true, status: 200, ...QUOTE_SUCCESS });
    const reference = result.ok ? result.reference : "";
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(reference.startsWith("Q-")).toBe(true);
    expect(wakeMailWorker).toHaveBeenCalledOnce();
    expect(await counts()).toEqual({ requests: 1, items: 3, files: 2, outbox: 2 });
    const items = await fx.t.db.selectFrom("quote_items").selectAll().orderBy("position").execute();
    expect(items.map((item) => [item.area, item.quantity, item.unit])).toEqual([
      ["labels", 40, "roll"],
      ["die-cut-foams", 1200, "each"],
      ["packaging", 12, "case"],
    ]);

    expect(await deliver()).toBe(2);
    const sales = fx.peer.messages.find(
      (message) => message.subject?.includes(reference) && message.attachments.length,
    );
    expect(sales?.subject).toBe(
      `[${reference}] Atlanta: ship-to 30336, Georgia · Labels, Foam, Packaging · needed Jul 1 (29 days) · Acme Widgets <Ltd>`,
    );
    expect(sales?.replyTo?.value[0]?.address).toBe("dana@example.com");
    expect(sales?.attachments.map((file) => file.filename)).toEqual(["drawing.pdf", "artwork.png"]);
    expect(sales?.attachments.map((file) => sha256(file.content))).toEqual([sha256(pdf), sha256(png)]);
    expect(sales?.html || "").toContain("<td");
    expect(sales?.html || "").toContain("Acme Widgets &lt;Ltd&gt;");
    expect(sales?.text).toContain("Zebra ZT411");

    const ack = fx.peer.messages.find((message) => message !== sales);
    expect(ack?.to && "text" in ack.to ? ack.to.text : "").toBe("dana@example.com");
    expect(ack?.subject).toContain(reference);
    expect(ack?.text).toContain(reference);
    expect(ack?.text).toContain("(800) 555-0199");
    expect(ack?.text).toContain("Monday - Friday");
    for (const typed of ["Acme", "Dana", "thermal", "Zebra", "PO-991", "555-0100"]) {
      expect(`${ack?.subject} ${ack?.text} ${ack?.html}`).not.toContain(typed);
    }
    expect(ack?.attachments).toHaveLength(0);
  });

  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((one) => one.value.map((v) => v.address));

  it("sends a request shipping to 30301 To the Atlanta branch with sales in Cc, and the buyer's replies to Atlanta", async () => {
    const result = await submitQuote(fx.deps, upload(fields({ postalCode: "30301" })), "client-a");
    const reference = result.ok ? result.reference : "";
    expect(await deliver()).toBe(2);
    const sales = fx.peer.messages.find((message) => message.subject?.startsWith(`[${reference}]`));
    expect(addresses(sales?.to)).toEqual(["atlanta@ridgeline-supply.example"]);
    expect(addresses(sales?.cc)).toEqual(["sales@ridgeline-supply.example"]);
    expect(sales?.subject).toMatch(new RegExp(`^\\[${reference}\\] Atlanta: ship-to 30301, Georgia · `));
    expect(sales?.text?.split("\n")[0]).toMatch(
      /^Atlanta: ship-to 30301, Georgia · Labels, Foam, Packaging · /,
    );
    // The peer was handed both recipients: the branch and sales each get the one message.
    expect(fx.peer.recipients[sales ? fx.peer.messages.indexOf(sales) : -1]?.sort()).toEqual([
      "atlanta@ridgeline-supply.example",
      "sales@ridgeline-supply.example",
    ]);

    const ack = fx.peer.messages.find((message) => message !== sales);
    expect(addresses(ack?.to)).toEqual(["dana@example.com"]);
    expect(addresses(ack?.replyTo)).toEqual(["atlanta@ridgeline-supply.example"]);
    expect(ack?.text).toContain("our Atlanta branch");
    expect(ack?.text).toContain(
      `keep the reference ${reference} in the subject: your reply reaches our Atlanta branch`,
    );
    expect(ack?.text).toContain("Reply with the files attached.");
  });

  it("marks a request needed in 3 days urgent in the sales subject", async () => {
    const result = await submitQuote(fx.deps, upload(fields({ neededBy: "2025-06-05" })), "client-a");
    expect(result.ok).toBe(true);
    expect(await deliver()).toBe(2);
    const sales = fx.peer.messages.find(
      (message) => message.attachments.length === 0 && /Acme/.test(message.subject ?? ""),
    );
    expect(sales?.subject).toMatch(/urgent/i);
    expect(sales?.subject).toContain("needed Jun 5 (3 days)");
    expect(sales?.text?.split("\n")[0]).toMatch(/^URGENT · /);
  });

  it.each([
    ["", "No branch: no ship-to ZIP code given; sent to sales"],
    ["K1A 0B1", "No branch: ship-to K1A 0B1 is a Canadian postal code; sent to sales"],
  ])(
    "sends a request shipping to %j to sales alone, and the buyer's replies to sales",
    async (postalCode, why) => {
      const result = await submitQuote(fx.deps, upload(fields({ postalCode })), "client-a");
      const reference = result.ok ? result.reference : "";
      expect(await deliver()).toBe(2);
      const sales = fx.peer.messages.find((message) => message.subject?.startsWith(`[${reference}]`));
      expect(addresses(sales?.to)).toEqual(["sales@ridgeline-supply.example"]);
      expect(sales?.cc).toBeUndefined();
      expect(sales?.text?.split("\n")[0]).toContain(why);
      expect(sales?.subject).not.toContain("No branch");
      const ack = fx.peer.messages.find((message) => message !== sales);
      expect(addresses(ack?.replyTo)).toEqual(["sales@ridgeline-supply.example"]);
      expect(ack?.text).toContain("your reply reaches our sales team");
    },
  );

  it("turns a pasted list into items", async () => {
    const f = fields({ pasteList: "ITEM-123, 500\n4x6 thermal labels 12 rolls\n" });
    const result = await submitQuote(fx.deps, upload(f), "client-a");
    expect(result.ok).toBe(true);
    const items = await fx.t.db.selectFrom("quote_items").selectAll().orderBy("position").execute();
    expect(items.slice(3).map((item) => [item.description, item.quantity, item.unit])).toEqual([
      ["ITEM-123", 500, "each"],
      ["4x6 thermal labels", 12, "roll"],
    ]);
  });
});
