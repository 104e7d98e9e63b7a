import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { submitQuote } from "~/features/quote/server/quote.server";
import { signFormStart } from "~/features/quote/server/quote-token.server";
import { writeTransaction } from "~/server/db/database.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { from, sales, workerFixture } from "~/server/mail/worker-fixture";
import { testDialects } from "../support/databases";

const start = new Date("2026-11-24T09:10:00.000Z");
const header = (message: ParsedMail | undefined, name: string) => message?.headers.get(name);

describe.each(testDialects)("lead notifications on $name", ({ create }) => {
  const fx = workerFixture(create, start);
  const { cleanups, worker } = fx;
  const deps = () => ({
    db: fx.t.db,
    logger: fx.log.logger,
    salesEmail: sales,
    mailFrom: from,
    now: () => fx.clock,
  });
  const toSales = () =>
    fx.peer.messages.filter(
      (message) => message.to && !Array.isArray(message.to) && message.to.text === sales,
    );

  it("delivers a contact notification with the right headers and bodies", async () => {
    const input = {
      name: "Dana <b>Price</b>\r\nBcc: victim@example.com",
      email: "dana@example.com",
      phone: "555-0100",
      message: "Need <script>alert(1)</script> & 40 rolls",
    };
    expect((await submitContact(deps(), input, "client")).status).toBe(200);

    // The sales notification first (a lead's priority), then the visitor's acknowledgement.
    expect(await worker().runOnce()).toBe(2);
    expect(fx.peer.messages).toHaveLength(2);
    const mail = fx.peer.messages[0];
    expect(mail?.to && !Array.isArray(mail.to) && mail.to.value.map((v) => v.address)).toEqual([sales]);
    expect(mail?.replyTo?.value.map((v) => v.address)).toEqual(["dana@example.com"]);
    expect(mail?.subject).toMatch(
      /^\[C-[A-Z0-9]{6}\] New website inquiry from Dana <b>Price<\/b> Bcc: victim@example\.com$/,
    );
    expect(mail?.headers.has("bcc")).toBe(false);
    expect(mail?.text).toContain("Name: Dana <b>Price</b> Bcc: victim@example.com\n");
    expect(mail?.text).not.toMatch(/^Bcc:/m);
    expect(mail?.text).toContain("Phone: 555-0100");
    expect(mail?.text).toContain("\n> Need <script>alert(1)</script> & 40 rolls\n");
    expect(mail?.text).toContain("Submission: #1");
    expect(mail?.text).toContain("Received: Tue, Nov 24, 2026, 4:10 AM EST");
    expect(mail?.html).toContain("Need &lt;script&gt;alert(1)&lt;/script&gt; &amp; 40 rolls");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.messageId).toMatch(/^<outbox-1-\d+@ridgeline-supply\.example>$/);

    const sent = {
      status: "sent",
      attempts: 1,
      sent_at: start.toISOString(),
      locked_until: null,
      last_error: null,
    };
    expect(await fx.t.db.selectFrom("email_outbox").selectAll().orderBy("id").execute()).toMatchObject([
      sent,
      { ...sent, to_address: "dana@example.com" },
    ]);
  });

  it("announces a duplicate after a worker dies mid-send: both copies share Message-ID and X-Lead-Reference", async () => {
    const lead = await submitContact(
      deps(),
      { name: "Dana Price", email: "dana@example.com", phone: "", message: "Quote 5,000 labels" },
      "client-a",
    );
    expect(lead.ok).toBe(true);

    // The first worker hands the notification to the SMTP peer and dies before it records the
    // delivery: its send never returns and its claim is never renewed.
    let die: (error: Error) => void = () => undefined;
    const dying = fx.smtpThrough(async (mail, smtp) => {
      await smtp.send(mail);
      return new Promise((_, reject) => {
        die = reject;
      });
    });
    const deadRun = worker({ transport: dying, renewMs: 3_600_000 }).runOnce();
    cleanups.push(async () => {
      die(new Error("process gone"));
      await deadRun.catch(() => undefined);
    });
    await expect.poll(() => toSales().length).toBe(1);

    // Another instance takes the message over once the claim has lapsed, and sends it again.
    fx.advance(30_000);
    expect(await worker().runOnce()).toBeGreaterThanOrEqual(1);
    const [first, second] = toSales();
    expect(toSales()).toHaveLength(2);
    expect(second?.messageId).toBe(first?.messageId);
    expect(first?.messageId).toMatch(/^<outbox-1-\d+@ridgeline-supply\.example>$/);
    expect(header(first, "x-lead-reference")).toBe(lead.ok ? lead.reference : "");
    expect(header(second, "x-lead-reference")).toBe(header(first, "x-lead-reference"));
    expect(header(first, "x-duplicate-policy")).toBe(
      `at-least-once; a copy may arrive twice, with the same Message-ID and X-Lead-Reference: ${lead.ok ? lead.reference : ""}`,
    );
    // The visitor's acknowledgement carries neither: it is not a lead notification.
    const acknowledgement = fx.peer.messages.find((message) => message.subject?.startsWith("We received"));
    expect(header(acknowledgement, "x-lead-reference")).toBeUndefined();
  });

  it("gives a quote request's notification its reference header too", async () => {
    const result = await submitQuote(
      { ...deps(), formSecret: "test-secret-0123456789" },
      {
        fields: {
          company: "Acme Widgets",
          name: "Dana Price",
          email: "dana@example.com",
          "items[0].description": "4x6 direct thermal labels",
          "items[0].quantity": "40",
          "items[0].unit": "roll",
          startedAt: signFormStart("test-secret-0123456789", new Date(start.getTime() - 60_000)),
          website: "",
        },
        files: [],
        error: null,
        complete: true,
      },
      "client-q",
    );
    expect(result).toMatchObject({ ok: true, reference: expect.stringMatching(/^Q-/) });
    await worker().runOnce();
    expect(toSales()).toHaveLength(1);
    expect(header(toSales()[0], "x-lead-reference")).toBe(result.ok ? result.reference : "");
    expect(header(toSales()[0], "x-duplicate-policy")).toMatch(/^at-least-once; /);
  });

  it("sends a lead posted after a burst next, while the burst still waits, and each message once", async () => {
    await writeTransaction(fx.t.db, async (trx) => {
      for (let i = 0; i < 40; i++)
        await enqueueMail(
          trx,
          {
            kind: "contact_notification",
            from,
            to: sales,
            subject: `[C-BURST${i}] Burst lead`,
            text: "Burst",
          },
          new Date(start.getTime() - 60_000 + i),
        );
    });
    const lead = await submitContact(
      deps(),
      { name: "Real Buyer", email: "buyer@example.com", phone: "", message: "Quote 5,000 labels" },
      "client-b",
    );
    const order: string[] = [];
    const recording = fx.smtpThrough((mail, smtp) => {
      order.push(mail.subject);
      return smtp.send(mail);
    });
    // Two lanes: one takes the oldest due message, the other the newest.
    expect(await worker({ transport: recording, concurrency: 2, batchSize: 100 }).runOnce()).toBe(42);
    const position = order.findIndex((subject) => lead.ok && subject.startsWith(`[${lead.reference}]`));
    // Among the first few: the newest-first lane opens after the first claim, and on a busy machine
    // the other lane may send one or two more of the burst before its claim returns.
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(5);
    // Lead notifications before the visitor's acknowledgement, and the oldest of the burst first. The
    // acknowledgement is claimed last; the other lane may still be sending the message it claimed just
    // before, so it is one of the last two sent.
    const acknowledgement = order.findIndex((subject) => /^We received your message/.test(subject));
    expect(acknowledgement).toBeGreaterThanOrEqual(order.length - 2);
    expect(order[0]).toBe("[C-BURST0] Burst lead");
    expect(new Set(fx.peer.messages.map((message) => message.subject)).size).toBe(42);
  });
});
