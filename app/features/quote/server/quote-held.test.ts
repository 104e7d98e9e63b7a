import { describe, expect, it, vi } from "vitest";
import { listHeldLeads, purgeHeldLeads } from "~/features/leads/held.server";
import { QUOTE_SUCCESS } from "~/features/quote/quote";
import { testDialects } from "../../../../tests/support/databases";
import { fields, now, pdf, quoteFixture, sha256, upload } from "../testing/quote-server";
import { submitQuote } from "./quote.server";
import { releaseHeldQuote } from "./quote-follow-ups.server";

/* Quote requests held as likely spam (docs/spam.md): stored with their files, nothing sent until released. */

describe.each(testDialects)("held quote requests on $name", ({ create }) => {
  const fx = quoteFixture(create);

  const submitSpam = async () => {
    const wakeMailWorker = vi.fn();
    const result = await submitQuote(
      { ...fx.deps, wakeMailWorker },
      upload(fields({ company: "https://seo-first-page.example" }), [await fx.fileOf("drawing.pdf", pdf)]),
      "client-a",
    );
    expect(wakeMailWorker).not.toHaveBeenCalled();
    if (!result.ok) throw new Error(result.title);
    return result;
  };

  it("holds a company that is a link: the normal success, the request and its file stored, no e-mail", async () => {
    const result = await submitSpam();
    expect(result).toEqual({
      ok: true,
      status: 200,
      ...QUOTE_SUCCESS,
      reference: expect.stringMatching(/^Q-[A-Z0-9]{6}$/),
      held: true,
    });
    expect(await fx.counts()).toEqual({ requests: 1, items: 3, files: 1, outbox: 0 });
    expect(await fx.deliver()).toBe(0);
    expect(fx.peer.messages).toEqual([]);
    expect(await listHeldLeads(fx.t.db)).toEqual([
      expect.objectContaining({
        reference: result.reference,
        kind: "quote",
        who: "https://seo-first-page.example",
      }),
    ]);
  });

  it("release sends the routed notification with the file and the acknowledgement once; a second release nothing", async () => {
    const { reference } = await submitSpam();
    const first = await releaseHeldQuote(fx.deps, reference);
    expect(first.status).toBe("released");
    expect(await releaseHeldQuote(fx.deps, reference)).toEqual({
      status: "already-released",
      releasedAt: now.toISOString(),
    });
    expect(await fx.deliver()).toBe(2);
    expect(await fx.deliver()).toBe(0);
    expect(fx.peer.messages).toHaveLength(2);
    const sales = fx.peer.messages.find((message) => message.attachments.length > 0);
    expect(sales?.subject).toBe(
      `[${reference}] Atlanta: ship-to 30336, Georgia · Labels, Foam, Packaging · needed Jul 1 (29 days) · https://seo-first-page.example`,
    );
    expect(sales?.attachments.map((file) => sha256(file.content))).toEqual([sha256(pdf)]);
    expect(sales?.text).toContain("Zebra ZT411");
    const ack = fx.peer.messages.find((message) => message !== sales);
    expect(ack?.subject).toContain(reference);
  });

  it("housekeeping deletes a held request with its items and file after 30 days", async () => {
    await submitSpam();
    expect(await purgeHeldLeads(fx.t.db, new Date(now.getTime() + 31 * 86_400_000))).toEqual({
      contact: 0,
      quote: 1,
    });
    expect(await fx.counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });
});
