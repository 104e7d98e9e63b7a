import { createHash } from "node:crypto";
import { sql } from "kysely";
import { deleteAttributions, readAttributions } from "~/features/leads/attribution/attribution.server";
import { webhookDeliveriesAbout } from "~/features/leads/intake/webhook-events.server";
import { writeTransaction } from "~/server/db/database.server";
import { type Database, SUBSCRIPTION_RECORD_COLUMNS } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { mailboxHash } from "~/server/mail/mailbox.server";

/*
 * Privacy requests (docs/newsletter.md): everything held about one e-mail address, and its deletion.
 * Addresses are compared lower-cased: the newsletter stores them so, leads as typed.
 */

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** The SHA-256 of the lower-cased address: what the deletion log shows instead of the address. */
export function addressHash(address: string): string {
  return createHash("sha256").update(normalizeAddress(address)).digest("hex");
}

export async function exportPersonalData(db: Database, address: string) {
  const email = normalizeAddress(address);
  const contactSubmissions = await db
    .selectFrom("contact_submissions")
    .selectAll()
    .where(lower("email"), "=", email)
    .orderBy("id")
    .execute();
  // How each lead's visitor came (docs/attribution.md): paths and hosts, kept with the lead.
  const contactAttribution = await readAttributions(
    db,
    "contact",
    contactSubmissions.map((row) => row.id),
  );
  const subscription = await db
    .selectFrom("newsletter_subscriptions")
    .select(SUBSCRIPTION_RECORD_COLUMNS)
    .where("email", "=", email)
    .executeTakeFirst();
  const newsletterAttempts = await db
    .selectFrom("newsletter_attempts")
    .select("attempted_at")
    .where("email", "=", email)
    .orderBy("attempted_at")
    .execute();
  const subscriptionAttribution = subscription
    ? await readAttributions(db, "newsletter", [subscription.id])
    : new Map();
  return {
    address: email,
    contactSubmissions: contactSubmissions.map((submission) => ({
      ...submission,
      attribution: contactAttribution.get(submission.id) ?? null,
    })),
    quoteRequests: await exportQuotes(db, email),
    newsletterSubscription: subscription
      ? { ...subscription, attribution: subscriptionAttribution.get(subscription.id) ?? null }
      : null,
    newsletterAttempts: newsletterAttempts.map((row) => row.attempted_at),
    ...(await exportMail(db, email)),
  };
}

const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;

/** The address's quote requests, each with its items, its files (without their bytes) and its attribution. */
async function exportQuotes(db: Database, email: string) {
  const quoteRequests = await db
    .selectFrom("quote_requests")
    .selectAll()
    .where(lower("email"), "=", email)
    .orderBy("id")
    .execute();
  const quoteIds = quoteRequests.map((row) => row.id);
  if (quoteIds.length === 0) return [];
  const quoteItems = await db
    .selectFrom("quote_items")
    .selectAll()
    .where("request_id", "in", quoteIds)
    .orderBy("request_id")
    .orderBy("position")
    .execute();
  const quoteFiles = await db
    .selectFrom("quote_files")
    .innerJoin("stored_files", "stored_files.id", "quote_files.file_id")
    .select([
      "quote_files.request_id",
      "quote_files.position",
      "stored_files.file_name",
      "stored_files.content_type",
      "stored_files.byte_size",
      "stored_files.sha256",
    ])
    .where("quote_files.request_id", "in", quoteIds)
    .execute();
  const quoteAttribution = await readAttributions(db, "quote", quoteIds);
  return quoteRequests.map((request) => ({
    ...request,
    items: quoteItems.filter((item) => item.request_id === request.id),
    files: quoteFiles.filter((file) => file.request_id === request.id),
    attribution: quoteAttribution.get(request.id) ?? null,
  }));
}

/** The mail to or replying to the address, its visitor-mail marks and the lead events about it. */
async function exportMail(db: Database, email: string) {
  const mail = await db
    .selectFrom("email_outbox")
    .select([
      "id",
      "kind",
      "to_address",
      "reply_to",
      "subject",
      "text_body",
      "status",
      "created_at",
      "sent_at",
    ])
    .where((eb) => eb.or([eb(lower("to_address"), "=", email), eb(lower("reply_to"), "=", email)]))
    .orderBy("id")
    .execute();
  // When the address's mailbox (normalised: every address that reaches it shares these) was last sent
  // each kind of visitor mail.
  const visitorMailMarks = await db
    .selectFrom("visitor_mail_marks")
    .select(["kind", "last_sent_at"])
    .where("mailbox_hash", "=", mailboxHash(email))
    .orderBy("kind")
    .execute();
  return {
    mail: mail.map((row) => ({ ...row, queued: row.status !== "sent" })),
    visitorMailMarks,
    // The lead events posted (or waiting to be posted) to the CRM about the address (docs/webhooks.md).
    webhooks: await webhookDeliveriesAbout(db, email),
  };
}

export interface ForgetCounts {
  contactSubmissions: number;
  quoteRequests: number;
  storedFiles: number;
  newsletterSubscriptions: number;
  newsletterTokens: number;
  newsletterAttempts: number;
  mail: number;
  visitorMailMarks: number;
  /** Webhook deliveries about the address (what reached the CRM is the CRM's to delete). */
  webhookDeliveries: number;
  leadAttribution: number;
}

const deleted = (result: { numDeletedRows: bigint } | undefined) => Number(result?.numDeletedRows ?? 0);

/**
 * Deletes everything held about the address in one transaction, and logs the counts with a hash of
 * the address (never the address), so the deletion can be shown to have happened.
 */
export async function forgetPersonalData(
  db: Database,
  address: string,
  logger: Logger,
): Promise<ForgetCounts> {
  const email = normalizeAddress(address);
  const counts = await writeTransaction(db, async (trx): Promise<ForgetCounts> => {
    const held = await quotesAndMailOf(trx, email);
    const mail = await deleteMail(trx, held.outboxIds);
    const contacts = await trx
      .selectFrom("contact_submissions")
      .select("id")
      .where(lower("email"), "=", email)
      .execute();
    const contactAttribution = await deleteAttributions(
      trx,
      "contact",
      contacts.map((row) => row.id),
    );
    const quoteAttribution = await deleteAttributions(trx, "quote", held.quoteIds);
    const quoteRequests = await deleteQuotes(trx, held.quoteIds);
    const storedFiles = await deleteUnusedFiles(trx, held.fileIds);
    const newsletter = await forgetNewsletter(trx, email);
    const contactSubmissions = deleted(
      await trx.deleteFrom("contact_submissions").where(lower("email"), "=", email).executeTakeFirst(),
    );
    const visitorMailMarks = deleted(
      await trx
        .deleteFrom("visitor_mail_marks")
        .where("mailbox_hash", "=", mailboxHash(email))
        .executeTakeFirst(),
    );
    const deliveries = (await webhookDeliveriesAbout(trx, email)).map((row) => row.id);
    const webhookDeliveries =
      deliveries.length === 0
        ? 0
        : deleted(
            await trx.deleteFrom("webhook_deliveries").where("id", "in", deliveries).executeTakeFirst(),
          );
    return {
      webhookDeliveries,
      contactSubmissions,
      quoteRequests,
      storedFiles,
      newsletterSubscriptions: newsletter.subscriptions,
      newsletterTokens: newsletter.tokens,
      newsletterAttempts: newsletter.attempts,
      mail,
      visitorMailMarks,
      leadAttribution: contactAttribution + quoteAttribution + newsletter.attribution,
    };
  });
  logger.info(
    { event: "privacy_forget", addressSha256: addressHash(email), deleted: counts },
    "personal data deleted",
  );
  return counts;
}

type Transaction = Parameters<Parameters<typeof writeTransaction>[1]>[0];

/** The address's mail and quote requests, and the stored files either refers to. */
async function quotesAndMailOf(trx: Transaction, email: string) {
  const outbox = await trx
    .selectFrom("email_outbox")
    .select("id")
    .where((eb) => eb.or([eb(lower("to_address"), "=", email), eb(lower("reply_to"), "=", email)]))
    .execute();
  const outboxIds = outbox.map((row) => row.id);
  const quotes = await trx
    .selectFrom("quote_requests")
    .select("id")
    .where(lower("email"), "=", email)
    .execute();
  const quoteIds = quotes.map((row) => row.id);
  // Files that belong to this address's quotes or mail, deleted once nothing else refers to them.
  const fileIds = new Set<number>();
  if (quoteIds.length > 0) {
    for (const row of await trx
      .selectFrom("quote_files")
      .select("file_id")
      .where("request_id", "in", quoteIds)
      .execute())
      fileIds.add(row.file_id);
  }
  if (outboxIds.length > 0) {
    for (const row of await trx
      .selectFrom("email_attachments")
      .select("file_id")
      .where("outbox_id", "in", outboxIds)
      .execute())
      fileIds.add(row.file_id);
  }
  return { outboxIds, quoteIds, fileIds };
}

async function deleteMail(trx: Transaction, outboxIds: number[]): Promise<number> {
  if (outboxIds.length === 0) return 0;
  await trx.deleteFrom("email_attachments").where("outbox_id", "in", outboxIds).execute();
  return deleted(await trx.deleteFrom("email_outbox").where("id", "in", outboxIds).executeTakeFirst());
}

async function deleteQuotes(trx: Transaction, quoteIds: number[]): Promise<number> {
  if (quoteIds.length === 0) return 0;
  await trx.deleteFrom("quote_items").where("request_id", "in", quoteIds).execute();
  await trx.deleteFrom("quote_files").where("request_id", "in", quoteIds).execute();
  return deleted(await trx.deleteFrom("quote_requests").where("id", "in", quoteIds).executeTakeFirst());
}

/** Deletes those of `fileIds` that no mail and no quote refers to any more. */
async function deleteUnusedFiles(trx: Transaction, fileIds: ReadonlySet<number>): Promise<number> {
  if (fileIds.size === 0) return 0;
  return deleted(
    await trx
      .deleteFrom("stored_files")
      .where("id", "in", [...fileIds])
      .where((eb) =>
        eb.and([
          eb.not(
            eb.exists(
              eb
                .selectFrom("email_attachments")
                .select("file_id")
                .whereRef("email_attachments.file_id", "=", "stored_files.id"),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("quote_files")
                .select("file_id")
                .whereRef("quote_files.file_id", "=", "stored_files.id"),
            ),
          ),
        ]),
      )
      .executeTakeFirst(),
  );
}

/** The address's subscription, its tokens, its attribution and its signup attempts. */
async function forgetNewsletter(trx: Transaction, email: string) {
  const subscription = await trx
    .selectFrom("newsletter_subscriptions")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  const forgotten = { subscriptions: 0, tokens: 0, attribution: 0, attempts: 0 };
  if (subscription) {
    forgotten.attribution = await deleteAttributions(trx, "newsletter", [subscription.id]);
    forgotten.tokens = deleted(
      await trx
        .deleteFrom("newsletter_tokens")
        .where("subscription_id", "=", subscription.id)
        .executeTakeFirst(),
    );
    forgotten.subscriptions = deleted(
      await trx.deleteFrom("newsletter_subscriptions").where("id", "=", subscription.id).executeTakeFirst(),
    );
  }
  forgotten.attempts = deleted(
    await trx.deleteFrom("newsletter_attempts").where("email", "=", email).executeTakeFirst(),
  );
  return forgotten;
}
