import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { CONTACT_ERRORS } from "~/features/contact/contact";
import { submitContact } from "~/features/contact/contact.server";
import { testDialects } from "../../../tests/support/databases";
import { leadServicesEach } from "../../../tests/support/lead-services";
import { validContact as valid } from "./contact-fixture";

const now = new Date("2025-06-02T14:30:00.000Z");

describe.each(testDialects)("submitContact on $name", (dialect) => {
  const { t, deps, log } = leadServicesEach(dialect, () => now);

  const counts = async () => ({
    submissions: (await t.db.selectFrom("contact_submissions").selectAll().execute()).length,
    outbox: (await t.db.selectFrom("email_outbox").selectAll().execute()).length,
  });

  it.each([
    [{ ...valid, name: " " }, CONTACT_ERRORS.nameRequired, "name"],
    [{ ...valid, email: "" }, CONTACT_ERRORS.emailRequired, "email"],
    [{ ...valid, email: "dana@example" }, CONTACT_ERRORS.emailInvalid, "email"],
    [{ ...valid, message: "  " }, CONTACT_ERRORS.messageRequired, "message"],
    [{ ...valid, message: "x".repeat(5001) }, CONTACT_ERRORS.messageTooLong, "message"],
  ])("answers 400 with the notice and stores nothing (%#)", async (input, expected, field) => {
    expect(await submitContact(deps, input, "client-a")).toEqual({
      ok: false,
      status: 400,
      ...expected,
      fieldErrors: { [field]: expected.message },
    });
    expect(await counts()).toEqual({ submissions: 0, outbox: 0 });
  });

  it("stores the submission and queues the notification, then answers 200", async () => {
    const wakeMailWorker = vi.fn();
    const result = await submitContact(
      { ...deps, wakeMailWorker },
      { ...valid, name: "  Dana <b>Price</b>\r\nBcc: x@evil.example", phone: " 555-0100 " },
      "client-a",
    );
    expect(result).toEqual({
      ok: true,
      status: 200,
      title: "Message Sent!",
      message: "Thank you for your submission! We'll get back to you soon.",
      reference: expect.stringMatching(/^C-[2-9A-HJKMNP-TW-Z]{6}$/),
    });
    const reference = result.reference;
    expect(wakeMailWorker).toHaveBeenCalledOnce();

    const submissions = await t.db.selectFrom("contact_submissions").selectAll().execute();
    expect(submissions).toEqual([
      {
        id: 1,
        name: "Dana <b>Price</b>\nBcc: x@evil.example",
        email: "dana@example.com",
        phone: "555-0100",
        message: valid.message,
        client_key: "client-a",
        created_at: "2025-06-02T14:30:00.000Z",
        reference,
        // Not held (docs/spam.md); a message this short is never compared by the repeated-message rule.
        held_at: null,
        held_reasons: null,
        released_at: null,
        message_hash: null,
      },
    ]);

    const outbox = await t.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();
    // The notification, then the visitor's acknowledgement (tested in app/features/quote/server/quote-refusals.test.ts).
    expect(outbox.map((row) => row.kind)).toEqual(["contact_notification", "lead_acknowledgement"]);
    const mail = outbox[0];
    expect(mail).toMatchObject({
      kind: "contact_notification",
      to_address: deps.salesEmail,
      from_address: deps.mailFrom,
      reply_to: "dana@example.com",
      subject: `[${reference}] New website inquiry from Dana <b>Price</b> Bcc: x@evil.example`,
      status: "queued",
      attempts: 0,
      next_attempt_at: "2025-06-02T14:30:00.000Z",
    });
    expect(mail?.text_body).toContain(`Submission: #1 (${reference})`);
    expect(mail?.text_body).toContain("Phone: 555-0100");
    expect(mail?.html_body).toContain("Dana &lt;b&gt;Price&lt;/b&gt;");
    expect(mail?.html_body).not.toContain("<b>Price");

    // The acknowledgement answers to sales: the visitor's reply, with the reference, reaches them.
    expect(outbox[1]).toMatchObject({
      to_address: "dana@example.com",
      reply_to: deps.salesEmail,
    });
    expect(outbox[1]?.text_body).toContain(
      `keep the reference ${reference} in the subject: your reply reaches our sales team`,
    );
    expect(outbox[1]?.text_body).not.toContain("files attached");
  });

  it("keeps the submission and the queued e-mail in one transaction", async () => {
    // Without the outbox table the second insert fails; the first must not survive it.
    await sql`alter table email_outbox rename to email_outbox_away`.execute(t.db);
    const result = await submitContact(deps, valid, "client-a");
    await sql`alter table email_outbox_away rename to email_outbox`.execute(t.db);

    expect(result).toEqual({
      ok: false,
      status: 500,
      title: "Submission Failed",
      message: "There was an issue submitting your form. Please try again or email",
    });
    expect(await counts()).toEqual({ submissions: 0, outbox: 0 });
    expect(log.lines.some((line) => line.level === 50 && line.msg.includes("could not be stored"))).toBe(
      true,
    );
  });

  it("answers a filled honeypot with the normal success, stores and sends nothing, and logs it", async () => {
    const result = await submitContact(deps, { ...valid, website: "http://spam.example" }, "bot");
    expect(result).toMatchObject({ ok: true, status: 200, title: "Message Sent!" });
    expect(await counts()).toEqual({ submissions: 0, outbox: 0 });
    expect(log.lines.some((line) => line.msg.includes("honeypot"))).toBe(true);
  });

  it("refuses a client after 5 submissions in 10 minutes with 429", async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await submitContact(deps, valid, "busy-client"));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(results[5]).toMatchObject({
      title: "Too Many Requests",
      message: "You have sent too many requests. Please wait a few minutes and try again.",
    });
    expect(results[5]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(await submitContact(deps, valid, "another-client")).toMatchObject({ status: 200 });
    // Six notifications; one acknowledgement, the address being the same each time.
    expect(await counts()).toEqual({ submissions: 6, outbox: 7 });
  });

  it("answers 500 'Submission Failed' when the database is gone", async () => {
    await t.db.destroy();
    const result = await submitContact(deps, valid, "client-a");
    expect(result).toMatchObject({ ok: false, status: 500, title: "Submission Failed" });
  });
});
