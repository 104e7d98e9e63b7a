import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { deleteAttributions } from "~/features/leads/attribution/attribution.server";
import type { FieldErrors } from "~/features/leads/form-input";
import { queueLeadEvent } from "~/features/leads/intake/webhook-events.server";
import { buildUnsubscribeLinkMail, buildWelcomeMail } from "~/features/newsletter/mail.server";
import { NEWSLETTER_LOCK_NAMESPACE } from "~/features/newsletter/signup.server";
import { NEWSLETTER_ATTEMPT_WINDOW_MS, parseNewsletter } from "~/features/newsletter/signup-form";
import { createToken, hashToken, isTokenShaped, unsubscribeUrl } from "~/features/newsletter/tokens.server";
import type { NewsletterServices } from "~/load-context";
import { writeStatement, writeTransaction } from "~/server/db/database.server";
import { type Database, type DB, isoTime } from "~/server/db/schema.server";
import { mailboxHash } from "~/server/mail/mailbox.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { hitRateLimit, type RateLimit, tooManyRequests } from "~/server/rate-limit.server";
import { wakeWebhookWorker } from "~/server/webhooks/queue.server";

/** The newsletter's webhook events (docs/webhooks.md#events). */
export const SUBSCRIBER_EVENTS = ["subscriber.confirmed", "subscriber.unsubscribed"] as const;
export type SubscriberEvent = (typeof SUBSCRIBER_EVENTS)[number];

/**
 * Queues a subscriber event (docs/webhooks.md#subscriber-events) about one subscription; its attribution
 * is added by queueLeadEvent. Returns how many deliveries were queued.
 */
function queueSubscriberEvent(
  trx: Kysely<DB>,
  deps: NewsletterServices,
  event: SubscriberEvent,
  subscription: { id: number; email: string },
  now: Date,
): Promise<number> {
  const data = {
    reference: null,
    lead: { kind: "subscriber", email: subscription.email },
    items: [],
    files: [],
    routing: null,
  };
  return queueLeadEvent(trx, deps, event, { kind: "newsletter", id: subscription.id }, data, now);
}

/** What a link led to; the pages turn each into a message and a status. */
export type LinkOutcome = "confirmed" | "unsubscribed" | "invalid" | "expired" | "used";

export const LINK_STATUS: Record<LinkOutcome, 200 | 400 | 410> = {
  confirmed: 200,
  unsubscribed: 200,
  invalid: 400,
  expired: 410,
  used: 410,
};

/** Unconfirmed signups are deleted after this (docs/newsletter.md). */
export const PENDING_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Per-client limit of "e-mail me an unsubscribe link". */
export const UNSUBSCRIBE_REQUEST_CLIENT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

/** At most one unsubscribe-link e-mail per address per hour, however often it is asked for. */
const UNSUBSCRIBE_LINK_BUCKET_MS = 60 * 60 * 1000;

async function lockAddress(trx: Parameters<Parameters<typeof writeTransaction>[1]>[0], email: string) {
  await sql`select pg_advisory_xact_lock(${sql.lit(NEWSLETTER_LOCK_NAMESPACE)}, hashtext(${email}))`.execute(
    trx,
  );
}

/**
 * Confirms the subscription a confirmation token belongs to, marks the subscription's confirmation
 * tokens used and queues the welcome e-mail, in one transaction. Anything else changes nothing.
 */
export async function confirmSubscription(deps: NewsletterServices, token: unknown): Promise<LinkOutcome> {
  if (!isTokenShaped(token)) return "invalid";
  const now = deps.now?.() ?? new Date();
  const at = isoTime(now);
  let queued = false;
  let webhooks = 0;
  const outcome = await writeTransaction(deps.db, async (trx, dialect): Promise<LinkOutcome> => {
    const row = await trx
      .selectFrom("newsletter_tokens")
      .innerJoin(
        "newsletter_subscriptions",
        "newsletter_subscriptions.id",
        "newsletter_tokens.subscription_id",
      )
      .select([
        "newsletter_tokens.purpose",
        "newsletter_tokens.expires_at",
        "newsletter_tokens.used_at",
        "newsletter_subscriptions.id",
        "newsletter_subscriptions.email",
        "newsletter_subscriptions.status",
      ])
      .where("newsletter_tokens.token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (row?.purpose !== "confirm") return "invalid";
    if (dialect === "postgres") await lockAddress(trx, row.email);
    // Read again under the address's lock: two presses at once confirm (and welcome) once.
    const fresh = await trx
      .selectFrom("newsletter_tokens")
      .select("used_at")
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (!fresh) return "invalid";
    if (fresh.used_at !== null) return "used";
    if (row.expires_at !== null && row.expires_at <= at) return "expired";
    await trx
      .updateTable("newsletter_tokens")
      .set({ used_at: at })
      .where("subscription_id", "=", row.id)
      .where("purpose", "=", "confirm")
      .where("used_at", "is", null)
      .execute();
    await trx
      .updateTable("newsletter_subscriptions")
      .set({ status: "confirmed", confirmed_at: at, unsubscribed_at: null })
      .where("id", "=", row.id)
      .execute();
    const unsubscribe = await createToken(trx, row.id, "unsubscribe", now);
    await enqueueMail(trx, buildWelcomeMail(deps, row.email, unsubscribeUrl(deps.siteUrl, unsubscribe)), now);
    webhooks = await queueSubscriberEvent(trx, deps, "subscriber.confirmed", row, now);
    queued = true;
    return "confirmed";
  });
  if (queued) deps.wakeMailWorker?.();
  wakeWebhookWorker(deps.webhooks, webhooks);
  deps.logger.info({ outcome }, "newsletter confirmation link used");
  return outcome;
}

/**
 * Unsubscribes the address an unsubscribe token belongs to, at once, and clears its signup attempts.
 * The token stays valid (a mail provider may post twice, a reader may press again): it answers
 * 'unsubscribed' every time.
 */
export async function unsubscribeWithToken(deps: NewsletterServices, token: unknown): Promise<LinkOutcome> {
  if (!isTokenShaped(token)) return "invalid";
  const now = deps.now?.() ?? new Date();
  const at = isoTime(now);
  let webhooks = 0;
  const outcome = await writeTransaction(deps.db, async (trx): Promise<LinkOutcome> => {
    const row = await trx
      .selectFrom("newsletter_tokens")
      .select(["purpose", "subscription_id", "used_at"])
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (row?.purpose !== "unsubscribe") return "invalid";
    const updated = await trx
      .updateTable("newsletter_subscriptions")
      .set({ status: "unsubscribed", unsubscribed_at: at })
      .where("id", "=", row.subscription_id)
      .where("status", "!=", "unsubscribed")
      .returning("email")
      .executeTakeFirst();
    // The attempt rule and the one confirmation per mailbox an hour (docs/product.md#visitor-mail)
    // protect a mailbox from strangers; whoever used this link reads that mailbox, so they may sign up
    // again at once and get the confirmation.
    if (updated) {
      await trx.deleteFrom("newsletter_attempts").where("email", "=", updated.email).execute();
      await trx
        .deleteFrom("visitor_mail_marks")
        .where("kind", "=", "confirmation")
        .where("mailbox_hash", "=", mailboxHash(updated.email))
        .execute();
      const subscription = { id: row.subscription_id, email: updated.email };
      webhooks = await queueSubscriberEvent(trx, deps, "subscriber.unsubscribed", subscription, now);
    }
    if (row.used_at === null) {
      await trx
        .updateTable("newsletter_tokens")
        .set({ used_at: at })
        .where("token_hash", "=", hashToken(token))
        .execute();
    }
    return "unsubscribed";
  });
  wakeWebhookWorker(deps.webhooks, webhooks);
  deps.logger.info({ outcome }, "newsletter unsubscribe link used");
  return outcome;
}

export type UnsubscribeRequestResult =
  | { ok: true; status: 200 }
  | {
      ok: false;
      status: 400 | 429;
      title: string;
      message: string;
      retryAfterSeconds?: number;
      /** On a 400: the refused field's message, keyed by field name. */
      fieldErrors?: FieldErrors;
    };

/**
 * "E-mail me an unsubscribe link": the answer is the same whether or not the address is subscribed,
 * so the page cannot be used to learn who is. A subscribed (or pending) address gets at most one such
 * e-mail per hour.
 */
export async function requestUnsubscribeLink(
  deps: NewsletterServices,
  input: Record<string, unknown>,
  clientKey: string,
): Promise<UnsubscribeRequestResult> {
  const parsed = parseNewsletter(input);
  if (!parsed.success) return { ok: false, status: 400, ...parsed.error, fieldErrors: parsed.fieldErrors };
  const { email } = parsed.data;
  const now = deps.now?.() ?? new Date();
  const limit = await hitRateLimit(
    deps.db,
    `newsletter-unsubscribe:${clientKey}`,
    UNSUBSCRIBE_REQUEST_CLIENT_LIMIT,
    now,
  );
  if (!limit.allowed) {
    if (!limit.repeated)
      deps.logger.warn({ clientKey }, "newsletter unsubscribe requests: per-client limit reached");
    return tooManyRequests(limit);
  }
  const bucket = Math.floor(now.getTime() / UNSUBSCRIBE_LINK_BUCKET_MS);
  const dedupeKey = `newsletter-unsubscribe-link:${createHash("sha256").update(email).digest("hex")}:${bucket}`;
  const queued = await writeTransaction(deps.db, async (trx) => {
    const subscription = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "status"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (!subscription || subscription.status === "unsubscribed") return false;
    const already = await trx
      .selectFrom("email_outbox")
      .select("id")
      .where("dedupe_key", "=", dedupeKey)
      .executeTakeFirst();
    if (already) return false;
    const token = await createToken(trx, subscription.id, "unsubscribe", now);
    const mail = buildUnsubscribeLinkMail(deps, email, unsubscribeUrl(deps.siteUrl, token), dedupeKey);
    const id = await enqueueMail(trx, mail, now);
    if (id === null) {
      await trx.deleteFrom("newsletter_tokens").where("token_hash", "=", hashToken(token)).execute();
      return false;
    }
    return true;
  });
  if (queued) deps.wakeMailWorker?.();
  deps.logger.info({ clientKey }, "newsletter unsubscribe link requested");
  return { ok: true, status: 200 };
}

/**
 * Deletes signup attempts older than the attempt window, which never count again, in batches of
 * `batch` (each its own short write). Attempt ids grow with time, so the oldest come first.
 */
export async function purgeOldAttempts(db: Database, now: Date = new Date(), batch = 500): Promise<number> {
  const before = isoTime(new Date(now.getTime() - NEWSLETTER_ATTEMPT_WINDOW_MS));
  let deleted = 0;
  for (;;) {
    const result = await writeStatement(db, (trx) =>
      trx
        .deleteFrom("newsletter_attempts")
        .where("id", "in", (eb) =>
          eb
            .selectFrom("newsletter_attempts")
            .select("id")
            .where("attempted_at", "<", before)
            .orderBy("id")
            .limit(batch),
        )
        .executeTakeFirst(),
    );
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < batch) return deleted;
  }
}

/**
 * Deletes unconfirmed signups older than 30 days (their tokens go with them), at most `batch` per
 * call so a run stays short; returns how many it deleted.
 */
export async function purgeUnconfirmed(db: Database, now: Date = new Date(), batch = 500): Promise<number> {
  const before = isoTime(new Date(now.getTime() - PENDING_RETENTION_MS));
  return writeTransaction(db, async (trx) => {
    const ids = await trx
      .selectFrom("newsletter_subscriptions")
      .select("id")
      .where("status", "=", "pending")
      .where("subscribed_at", "<", before)
      .orderBy("id")
      .limit(batch)
      .execute();
    if (ids.length === 0) return 0;
    const list = ids.map((row) => row.id);
    await trx.deleteFrom("newsletter_tokens").where("subscription_id", "in", list).execute();
    await deleteAttributions(trx, "newsletter", list);
    const result = await trx
      .deleteFrom("newsletter_subscriptions")
      .where("id", "in", list)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
