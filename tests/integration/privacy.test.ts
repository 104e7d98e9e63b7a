import { describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { subscribeNewsletter } from "~/features/newsletter/signup.server";
import { exportPersonalData, forgetPersonalData } from "~/features/privacy/privacy.server";
import { writeTransaction } from "~/server/db/database.server";
import { enqueueMail, storeFile } from "~/server/mail/outbox.server";
import { queueWebhooks } from "~/server/webhooks/queue.server";
import { memoryLogger, testDialects } from "../support/databases";
import { leadServicesEach } from "../support/lead-services";

/*
 * Privacy export and forget (docs/product.md#privacy) across everything the site keeps about an
 * address: contact messages, quote requests with their files, the newsletter and the mail about them.
 */

const start = new Date("2026-06-02T08:00:00.000Z");

describe.each(testDialects)("privacy requests on $name", (dialect) => {
  const { t, deps, client } = leadServicesEach(dialect, () => start);

  it("exports and forgets everything held about an address, in one go", async () => {
    await t.db
      .insertInto("contact_submissions")
      .values([
        {
          name: "Dana",
          email: "Dana@Example.com",
          message: "Need labels",
          created_at: start.toISOString(),
        },
        {
          name: "Other",
          email: "other@example.com",
          message: "Other",
          created_at: start.toISOString(),
        },
      ])
      .execute();
    await writeTransaction(t.db, (trx) =>
      enqueueMail(
        trx,
        {
          kind: "contact_notification",
          from: "web@ridgeline.test",
          to: "sales@ridgeline.test",
          replyTo: "Dana@Example.com",
          subject: "Lead",
          text: "Dana",
        },
        start,
      ),
    );
    await subscribeNewsletter(deps, { email: "dana@example.com" }, client());
    await subscribeNewsletter(deps, { email: "other@example.com" }, client());
    const quote = {
      company: "Acme",
      name: "Dana",
      created_at: start.toISOString(),
    };
    await writeTransaction(t.db, async (trx) => {
      const ids = await trx
        .insertInto("quote_requests")
        .values([
          { ...quote, reference: "Q-AAAAAA", email: "dana@EXAMPLE.com" },
          { ...quote, reference: "Q-BBBBBB", email: "other@example.com" },
        ])
        .returning("id")
        .execute();
      const danaQuote = ids[0]?.id ?? 0;
      await trx
        .insertInto("quote_items")
        .values([
          {
            request_id: danaQuote,
            position: 0,
            area: null,
            description: "Drum labels",
            quantity: 500,
            unit: "each",
            notes: null,
          },
          {
            request_id: danaQuote,
            position: 1,
            area: "labels",
            description: "4x6 labels",
            quantity: 40,
            unit: "roll",
            notes: null,
            label_details: JSON.stringify({
              width: "4",
              height: "6",
              sizeUnit: "in",
              printer: "Zebra ZT411",
            }),
          },
        ])
        .execute();
      const file = await storeFile(
        trx,
        { fileName: "drawing.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.7") },
        start,
      );
      await trx
        .insertInto("quote_files")
        .values({ request_id: danaQuote, position: 0, file_id: file })
        .execute();
    });

    // Lead events for the CRM: Dana's and another's (an address that contains hers).
    const webhooks = { endpoints: [{ url: "https://crm.example.com/hooks" }] };
    await writeTransaction(t.db, async (trx) => {
      await queueWebhooks(trx, webhooks, "contact.created", { lead: { email: "Dana@Example.com" } }, start);
      await queueWebhooks(trx, webhooks, "contact.created", { lead: { email: "xdana@example.com" } }, start);
    });

    const data = await exportPersonalData(t.db, " DANA@example.com ");
    expect(data.webhooks.map((row) => row.event_type)).toEqual(["contact.created"]);
    expect(data.quoteRequests).toHaveLength(1);
    expect(data.quoteRequests[0]).toMatchObject({
      reference: "Q-AAAAAA",
      items: [
        { description: "Drum labels", label_details: null },
        { description: "4x6 labels", label_details: expect.stringContaining('"printer":"Zebra ZT411"') },
      ],
      files: [{ file_name: "drawing.pdf" }],
    });
    expect(data.contactSubmissions.map((row) => row.message)).toEqual(["Need labels"]);
    expect(data.newsletterSubscription).toMatchObject({ email: "dana@example.com", status: "pending" });
    expect(data.newsletterAttempts).toHaveLength(1);
    expect(data.mail.map((row) => row.kind).sort()).toEqual([
      "contact_notification",
      "newsletter_confirmation",
    ]);
    expect(JSON.stringify(data)).not.toContain("other@example.com");
    // When the address's mailbox was last sent a confirmation (the visitor-mail limit), by its hash.
    expect(data.visitorMailMarks).toEqual([{ kind: "confirmation", last_sent_at: expect.any(String) }]);

    const log = memoryLogger();
    const counts = await forgetPersonalData(t.db, "dana@EXAMPLE.com", log.logger);
    expect(counts).toMatchObject({
      contactSubmissions: 1,
      newsletterSubscriptions: 1,
      newsletterTokens: 1,
      newsletterAttempts: 1,
      mail: 2,
      quoteRequests: 1,
      storedFiles: 1,
      visitorMailMarks: 1,
      webhookDeliveries: 1,
    });
    expect(await t.db.selectFrom("stored_files").select("id").execute()).toHaveLength(0);
    expect(await t.db.selectFrom("quote_items").select("request_id").execute()).toHaveLength(0);
    const after = await exportPersonalData(t.db, "dana@example.com");
    expect(after).toMatchObject({
      contactSubmissions: [],
      newsletterSubscription: null,
      newsletterAttempts: [],
      mail: [],
      visitorMailMarks: [],
      webhooks: [],
    });
    expect(await t.db.selectFrom("webhook_deliveries").select("id").execute()).toHaveLength(1);
    expect(JSON.stringify(log.lines)).not.toMatch(/dana/i);
    expect(log.lines.at(-1)).toMatchObject({
      event: "privacy_forget",
      addressSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // Nobody else's data went with it.
    expect((await exportPersonalData(t.db, "other@example.com")).contactSubmissions).toHaveLength(1);
    expect((await exportPersonalData(t.db, "other@example.com")).newsletterSubscription).not.toBeNull();
    expect((await exportPersonalData(t.db, "other@example.com")).quoteRequests).toHaveLength(1);
  });

  it("exports how each lead's visitor came, and forgets it with the lead", async () => {
    const attribution = (from: string) =>
      JSON.stringify({
        landing: "/products?utm_source=newsletter&utm_campaign=spring&gclid=secret-click",
        referrer: "www.google.com",
        click: 1,
        pages: 2,
        seconds: 90,
        from,
      });
    const contact = { name: "Dana", phone: "", message: "Need labels" };
    for (const email of ["dana@example.com", "other@example.com"]) {
      const sent = await submitContact(
        deps,
        { ...contact, email, attribution: attribution("/contact") },
        client(),
      );
      expect(sent.ok).toBe(true);
      await subscribeNewsletter(deps, { email, attribution: attribution("/resources") }, client());
    }
    const quote = await t.db
      .insertInto("quote_requests")
      .values({
        reference: "Q-CCCCCC",
        company: "Acme",
        name: "Dana",
        email: "Dana@example.com",
        created_at: start.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("lead_attribution")
      .values({
        lead_kind: "quote",
        lead_id: quote.id,
        created_at: start.toISOString(),
        landing_page: "/quote",
        click_id: 0,
        sent_from: "/quote",
        pages_seen: 1,
        seconds_to_lead: 30,
      })
      .execute();

    const data = await exportPersonalData(t.db, "dana@example.com");
    const cameFrom = {
      landing_page: "/products?utm_source=newsletter&utm_campaign=spring",
      referrer_host: "www.google.com",
      search_engine: "Google",
      utm_source: "newsletter",
      utm_campaign: "spring",
      click_id: 1,
      pages_seen: 2,
      seconds_to_lead: 90,
    };
    expect(data.contactSubmissions[0]?.attribution).toMatchObject({ ...cameFrom, sent_from: "/contact" });
    expect(data.newsletterSubscription?.attribution).toMatchObject({ ...cameFrom, sent_from: "/resources" });
    expect(data.quoteRequests[0]?.attribution).toMatchObject({ landing_page: "/quote", sent_from: "/quote" });
    expect(JSON.stringify(data)).not.toContain("secret-click");

    const counts = await forgetPersonalData(t.db, "dana@example.com", memoryLogger().logger);
    expect(counts.leadAttribution).toBe(3);
    const left = await t.db.selectFrom("lead_attribution").select(["lead_kind", "lead_id"]).execute();
    // Only the other visitor's contact message and signup keep theirs.
    expect(left.map((row) => row.lead_kind).sort()).toEqual(["contact", "newsletter"]);
    const other = await exportPersonalData(t.db, "other@example.com");
    expect(other.contactSubmissions[0]?.attribution).toMatchObject(cameFrom);
  });
});
