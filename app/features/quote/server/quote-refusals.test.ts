import { describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { QUOTE_ERRORS, QUOTE_MAX_ITEMS, QUOTE_SUCCESS, QUOTE_TOO_FAST } from "~/features/quote/quote";
import { testDialects } from "../../../../tests/support/databases";
import { fields, now, opened, quoteFixture, secret, upload } from "../testing/quote-server";
import { submitQuote } from "./quote.server";
import { signFormStart } from "./quote-token.server";

/*
 * What submitQuote refuses and limits: bad fields, bots and posts too fast, more than five requests
 * per client in ten minutes, and more than one acknowledgement an hour to an address.
 */

describe.each(testDialects)("submitQuote refuses and limits on $name", ({ create }) => {
  const fx = quoteFixture(create);
  const { counts } = fx;

  it("refuses bad fields with a message per field and stores nothing", async () => {
    const result = await submitQuote(
      fx.deps,
      upload(fields({ email: "dana@", "items[1].quantity": "0", "items[2].unit": "barrel" })),
      "client-a",
    );
    expect(result).toMatchObject({ ok: false, status: 400, ...QUOTE_ERRORS.emailInvalid });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      email: QUOTE_ERRORS.emailInvalid.message,
      "items.1.quantity": QUOTE_ERRORS.quantityInvalid.message,
      "items.2.unit": QUOTE_ERRORS.unitInvalid.message,
    });
    // What was typed comes back.
    expect(result.ok ? null : result.values?.company).toBe("Acme Widgets <Ltd>");
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it(`refuses more than ${QUOTE_MAX_ITEMS} items`, async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < QUOTE_MAX_ITEMS + 1; i++) {
      many[`items[${i}].description`] = `Part ${i}`;
      many[`items[${i}].quantity`] = "1";
      many[`items[${i}].unit`] = "each";
    }
    const result = await submitQuote(fx.deps, upload({ ...fields(), ...many }), "client-a");
    expect(result).toMatchObject({ ok: false, status: 400, ...QUOTE_ERRORS.tooManyItems });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("answers a filled honeypot as success, storing and sending nothing", async () => {
    const result = await submitQuote(fx.deps, upload(fields({ website: "http://spam.example" })), "client-a");
    expect(result).toMatchObject({ ok: true, status: 200, ...QUOTE_SUCCESS });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("refuses a post sent sooner than a person could fill the form, or with a forged start time", async () => {
    const fast = await submitQuote(
      fx.deps,
      upload(fields({ startedAt: signFormStart(secret, now) })),
      "client-a",
    );
    expect(fast).toMatchObject({ ok: false, status: 400, ...QUOTE_TOO_FAST });
    const forged = await submitQuote(
      fx.deps,
      upload(fields({ startedAt: signFormStart("another-secret-123456", opened) })),
      "client-a",
    );
    expect(forged).toMatchObject({ ok: false, status: 400 });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("refuses the sixth request from one client in ten minutes with 429", async () => {
    for (let i = 0; i < 5; i++)
      expect((await submitQuote(fx.deps, upload(fields()), "client-b")).status).toBe(200);
    const refused = await submitQuote(fx.deps, upload(fields()), "client-b");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await counts()).requests).toBe(5);
  });

  it("counts refused posts against the client too, but not the server's own 'Server Busy'", async () => {
    const busy = { status: 503, title: "Server Busy", message: "Busy", retryAfterSeconds: 30 } as const;
    for (let i = 0; i < 3; i++)
      expect((await submitQuote(fx.deps, { ...upload(fields()), error: busy }, "client-d")).status).toBe(503);
    expect((await submitQuote(fx.deps, upload(fields({ email: "dana@" })), "client-d")).status).toBe(400);
    expect((await submitQuote(fx.deps, upload(fields({ startedAt: "forged" })), "client-d")).status).toBe(
      400,
    );
    const tooLong = { status: 413, title: "Entry Too Long", message: "Too long" } as const;
    expect((await submitQuote(fx.deps, { ...upload(fields()), error: tooLong }, "client-d")).status).toBe(
      413,
    );
    expect((await submitQuote(fx.deps, upload(fields({ website: "spam" })), "client-d")).status).toBe(200);
    expect((await submitQuote(fx.deps, upload(fields()), "client-d")).status).toBe(200);
    // Five counted: the sixth post is refused, whatever it carries.
    const refused = await submitQuote(fx.deps, upload(fields()), "client-d");
    expect(refused).toMatchObject({ ok: false, status: 429, title: "Too Many Requests" });
    expect((await counts()).requests).toBe(1);
  });

  it("refuses a label size unit that is not one of the form's choices", async () => {
    const result = await submitQuote(
      fx.deps,
      upload(fields({ "items[0].labels.sizeUnit": "roll" })),
      "client-e",
    );
    expect(result).toMatchObject({ ok: false, status: 400, ...QUOTE_ERRORS.sizeUnitInvalid });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      "items.0.labels.sizeUnit": QUOTE_ERRORS.sizeUnitInvalid.message,
    });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("acknowledges an address at most once an hour, across quotes and contact messages", async () => {
    const ackCount = async () =>
      (
        await fx.t.db
          .selectFrom("email_outbox")
          .select("id")
          .where("kind", "=", "lead_acknowledgement")
          .execute()
      ).length;
    expect((await submitQuote(fx.deps, upload(fields()), "client-c")).ok).toBe(true);
    expect((await submitQuote(fx.deps, upload(fields({ email: "DANA@example.com" })), "client-d")).ok).toBe(
      true,
    );
    const contact = await submitContact(
      { ...fx.deps, now: () => new Date(now.getTime() + 30 * 60_000) },
      { name: "Dana", email: "dana@example.com", phone: "", message: "Any news?" },
      "client-e",
    );
    expect(contact.ok).toBe(true);
    expect(contact.reference).toMatch(/^C-/);
    expect(await ackCount()).toBe(1);
    const later = { ...fx.deps, now: () => new Date(now.getTime() + 61 * 60_000) };
    expect(
      (await submitQuote(later, upload(fields({ startedAt: signFormStart(secret, now) })), "client-f")).ok,
    ).toBe(true);
    expect(await ackCount()).toBe(2);
    // Sales hears of every lead.
    expect(
      (
        await fx.t.db
          .selectFrom("email_outbox")
          .select("id")
          .where("kind", "!=", "lead_acknowledgement")
          .execute()
      ).length,
    ).toBe(4);
  });
});
