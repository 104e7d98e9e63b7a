import { describe, expect, it } from "vitest";
import { CONTACT_NOTIFICATION_KIND } from "~/features/contact/contact-email.server";
import { ACKNOWLEDGEMENT_KIND, acknowledgementText } from "~/features/leads/intake/acknowledgement.server";
import { writeTransaction } from "~/server/db/database.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import { enqueueMail, storeFile } from "~/server/mail/outbox.server";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { QUOTE_NOTIFICATION_KIND } from "../email/quote-email.server";
import { DAY_MS, purgeExpiredQuotes } from "./retention.server";

const NOW = new Date("2027-06-01T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

/**
 * A quote request as the form stores it: the request, a line item, its files, the sales notification
 * carrying the files and the buyer's acknowledgement, both in the outbox with `mailStatus`.
 */
async function storeQuote(
  db: Database,
  reference: string,
  receivedAt: Date,
  files: number,
  mailStatus: "queued" | "sent" | "failed" = "sent",
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const request = await trx
      .insertInto("quote_requests")
      .values({
        reference,
        company: "Acme Plastics",
        name: "Pat Buyer",
        email: "pat@acme.example",
        created_at: isoTime(receivedAt),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("quote_items")
      .values({
        request_id: request.id,
        position: 0,
        area: null,
        description: "4x6 labels",
        quantity: 10,
        unit: "rolls",
        notes: null,
      })
      .execute();
    const fileIds: number[] = [];
    for (let position = 0; position < files; position += 1) {
      const fileId = await storeFile(
        trx,
        {
          fileName: `drawing-${position}.pdf`,
          contentType: "application/pdf",
          content: Buffer.from(`%PDF-1.7 ${reference}`),
        },
        receivedAt,
      );
      await trx
        .insertInto("quote_files")
        .values({ request_id: request.id, position, file_id: fileId })
        .execute();
      fileIds.push(fileId);
    }
    const mail = { from: "site@ridgeline.test", text: "…", html: null };
    await enqueueMail(
      trx,
      {
        ...mail,
        kind: QUOTE_NOTIFICATION_KIND,
        to: "sales@ridgeline.test",
        subject: `[${reference}] Quote request from Acme Plastics (1 item)`,
        attachmentFileIds: fileIds,
      },
      receivedAt,
    );
    await enqueueMail(
      trx,
      {
        ...mail,
        kind: ACKNOWLEDGEMENT_KIND,
        to: "pat@acme.example",
        subject: acknowledgementText("quote", reference).subject,
      },
      receivedAt,
    );
  });
  await db
    .updateTable("email_outbox")
    .set({ status: mailStatus, sent_at: mailStatus === "sent" ? isoTime(receivedAt) : null })
    .where("created_at", "=", isoTime(receivedAt))
    .execute();
}

async function counts(db: Database) {
  const count = async (
    table:
      | "quote_requests"
      | "quote_items"
      | "quote_files"
      | "stored_files"
      | "email_attachments"
      | "email_outbox",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    requests: await count("quote_requests"),
    items: await count("quote_items"),
    quoteFiles: await count("quote_files"),
    storedFiles: await count("stored_files"),
    attachments: await count("email_attachments"),
    mail: await count("email_outbox"),
  };
}

const references = async (db: Database) =>
  (await db.selectFrom("quote_requests").select("reference").orderBy("reference").execute()).map(
    (row) => row.reference,
  );

describe.each(testDialects)("quote retention on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("deletes the files, then the request, its items and its two e-mails once it outlived the retention", async () => {
    await storeQuote(t.db, "Q-OLD222", daysAgo(400), 2);
    await storeQuote(t.db, "Q-OLD333", daysAgo(366), 0, "failed");
    await storeQuote(t.db, "Q-NEW444", daysAgo(364), 1);
    // Mail that has not gone out (impossible a year on, but the files it carries must not vanish).
    await storeQuote(t.db, "Q-WAIT55", daysAgo(500), 1, "queued");
    // Another lead's e-mail, of the same age: not a quote's, not touched.
    await writeTransaction(t.db, (trx) =>
      enqueueMail(
        trx,
        {
          kind: CONTACT_NOTIFICATION_KIND,
          from: "site@ridgeline.test",
          to: "sales@ridgeline.test",
          subject: "[C-OLD222] New website inquiry from Pat",
          text: "…",
        },
        daysAgo(400),
      ),
    );

    // How each buyer came (docs/attribution.md) goes with the request.
    const requests = await t.db.selectFrom("quote_requests").select(["id", "reference"]).execute();
    await t.db
      .insertInto("lead_attribution")
      .values(
        requests.map((request) => ({
          lead_kind: "quote" as const,
          lead_id: request.id,
          created_at: NOW.toISOString(),
          landing_page: `/${request.reference}`,
          click_id: 0,
          sent_from: "/quote",
          pages_seen: 1,
          seconds_to_lead: 10,
        })),
      )
      .execute();

    const result = await purgeExpiredQuotes(t.db, { retentionDays: 365, now: NOW });
    expect(result).toEqual({ files: 2, requests: 2, mail: 4 });
    expect(await references(t.db)).toEqual(["Q-NEW444", "Q-WAIT55"]);
    const kept = await t.db
      .selectFrom("lead_attribution")
      .select("landing_page")
      .orderBy("landing_page")
      .execute();
    expect(kept.map((row) => row.landing_page)).toEqual(["/Q-NEW444", "/Q-WAIT55"]);
    expect(await counts(t.db)).toEqual({
      requests: 2,
      items: 2,
      quoteFiles: 2,
      storedFiles: 2,
      attachments: 2,
      mail: 5,
    });
    const subjects = (await t.db.selectFrom("email_outbox").select("subject").orderBy("id").execute()).map(
      (row) => row.subject,
    );
    expect(subjects.some((subject) => subject.includes("OLD222") && subject.startsWith("[Q-"))).toBe(false);
    expect(subjects).toContain("[C-OLD222] New website inquiry from Pat");

    // Nothing more to do until another request grows old; a shorter retention takes the newer one too.
    expect(await purgeExpiredQuotes(t.db, { retentionDays: 365, now: NOW })).toEqual({
      files: 0,
      requests: 0,
      mail: 0,
    });
    expect(await purgeExpiredQuotes(t.db, { retentionDays: 30, now: NOW })).toEqual({
      files: 1,
      requests: 1,
      mail: 2,
    });
    expect(await references(t.db)).toEqual(["Q-WAIT55"]);
  });

  it("works in bounded batches: what one run leaves, the next one takes", async () => {
    for (let i = 0; i < 7; i += 1) await storeQuote(t.db, `Q-BATCH${i}`, daysAgo(400 + i), 1);
    const options = { retentionDays: 365, now: NOW, filesPerBatch: 2, requestsPerBatch: 2, batchesPerRun: 2 };
    expect(await purgeExpiredQuotes(t.db, options)).toEqual({ files: 4, requests: 4, mail: 8 });
    expect((await counts(t.db)).requests).toBe(3);
    expect(await purgeExpiredQuotes(t.db, options)).toEqual({ files: 3, requests: 3, mail: 6 });
    expect(await counts(t.db)).toEqual({
      requests: 0,
      items: 0,
      quoteFiles: 0,
      storedFiles: 0,
      attachments: 0,
      mail: 0,
    });
  });
});
