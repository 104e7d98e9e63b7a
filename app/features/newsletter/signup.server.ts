import { type Kysely, sql } from "kysely";
import { newsletterConfirmHint } from "~/content/newsletter";
import {
  ATTRIBUTION_FIELD,
  type Attribution,
  parseAttribution,
} from "~/features/leads/attribution/attribution";
import { storeAttribution } from "~/features/leads/attribution/attribution.server";
import type { FormApi, FormService } from "~/features/leads/intake/form-request.server";
import { buildConfirmationMail, NEWSLETTER_CONSENT_VERSION } from "~/features/newsletter/mail.server";
import {
  NEWSLETTER_ALREADY_SUBSCRIBED,
  NEWSLETTER_ATTEMPT_WINDOW_MS,
  NEWSLETTER_FAILURE,
  NEWSLETTER_FIELDS,
  NEWSLETTER_MAX_ATTEMPTS,
  NEWSLETTER_SUCCESS,
  NEWSLETTER_TOO_MANY_ATTEMPTS,
  parseNewsletter,
} from "~/features/newsletter/signup-form";
import { confirmUrl, createToken } from "~/features/newsletter/tokens.server";
import type { NewsletterServices } from "~/load-context";
import { type Dialect, toCount } from "~/server/db/database.server";
import { type DB, isoTime } from "~/server/db/schema.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { admitVisitorMail } from "~/server/mail/visitor-mail.server";
import { type RateLimit, tooManyRequests, withinRateLimit } from "~/server/rate-limit.server";

/** Per-client limit of the newsletter form (docs/product.md#per-client-limits), besides the attempt rule. */
export const NEWSLETTER_CLIENT_LIMIT: RateLimit = { limit: 10, windowMs: 10 * 60 * 1000 };

/** First key of PostgreSQL's two-key advisory locks, so ours never collide with other users of them. */
export const NEWSLETTER_LOCK_NAMESPACE = 0x52494447;

/** The success notice: the site's fixed text, then the one sentence that asks for the confirmation. */
export const NEWSLETTER_PENDING_SUCCESS = {
  title: NEWSLETTER_SUCCESS.title,
  message: `${NEWSLETTER_SUCCESS.message} ${newsletterConfirmHint}`,
} as const;

type Outcome = "pending" | "confirmed" | "too_many_attempts";

/**
 * Handles one newsletter post (docs/product.md#newsletter-form, docs/newsletter.md). The attempt rule
 * counts accepted attempts (new, pending and duplicate signups) for the address in a rolling 24 h;
 * the 4th is refused and, being refused, is not counted, so "try again tomorrow" holds. Counting and
 * recording happen under one lock per address (an advisory lock on PostgreSQL, the write lock on
 * SQLite), so concurrent requests never let more than three through. A new or pending or
 * unsubscribed address gets a pending subscription and, in the same transaction, a confirmation
 * e-mail unless a visitor-mail limit leaves it out (docs/product.md#visitor-mail: one per normalised
 * mailbox per hour, and the hourly cap); the answer is the same either way. Only a confirmed address
 * is 'Already Subscribed'.
 */
export const subscribeNewsletter: FormService<NewsletterServices> = async (
  deps,
  input,
  clientKey,
  origin,
) => {
  const { logger } = deps;
  const now = deps.now?.() ?? new Date();

  const parsed = parseNewsletter(input);
  if (!parsed.success) return { ok: false, status: 400, ...parsed.error, fieldErrors: parsed.fieldErrors };
  const signup: Signup = {
    email: parsed.data.email,
    clientKey,
    attribution: parseAttribution(input[ATTRIBUTION_FIELD], origin?.refererPath),
    now,
  };

  try {
    // The per-client count and the signup commit together, in one transaction.
    const stored = await withinRateLimit(
      deps.db,
      `newsletter:${clientKey}`,
      NEWSLETTER_CLIENT_LIMIT,
      now,
      (trx, dialect) => storeSignup(trx, dialect, deps, signup),
    );
    if (stored.limited) {
      if (!stored.limited.repeated)
        logger.warn({ clientKey, count: stored.limited.count }, "newsletter: per-client limit reached");
      return tooManyRequests(stored.limited);
    }
    const { outcome, queued } = stored.value;
    if (queued) deps.wakeMailWorker?.();
    switch (outcome) {
      case "pending":
        logger.info({ clientKey, confirmationQueued: queued }, "newsletter signup stored as pending");
        return { ok: true, status: 200, ...NEWSLETTER_PENDING_SUCCESS };
      case "confirmed":
        return { ok: false, status: 409, ...NEWSLETTER_ALREADY_SUBSCRIBED };
      case "too_many_attempts":
        logger.warn({ clientKey }, "newsletter: attempt limit for the address reached");
        return { ok: false, status: 429, ...NEWSLETTER_TOO_MANY_ATTEMPTS };
    }
  } catch (error) {
    logger.error({ err: error, clientKey }, "newsletter subscription failed");
    return { ok: false, status: 500, ...NEWSLETTER_FAILURE };
  }
};

/** One checked signup, as the transaction stores it. */
interface Signup {
  email: string;
  clientKey: string;
  attribution: Attribution;
  now: Date;
}

/**
 * The signup's own writes, under the address's lock: the attempt rule, the subscription made or made
 * pending again, its attribution and, within the visitor-mail limits, its confirmation e-mail.
 */
async function storeSignup(
  trx: Kysely<DB>,
  dialect: Dialect,
  deps: NewsletterServices,
  { email, clientKey, attribution, now }: Signup,
): Promise<{ outcome: Outcome; queued: boolean }> {
  const at = isoTime(now);
  if (dialect === "postgres") {
    await sql`select pg_advisory_xact_lock(${sql.lit(NEWSLETTER_LOCK_NAMESPACE)}, hashtext(${email}))`.execute(
      trx,
    );
  }
  // Attempts older than the window never count again; housekeeping deletes them hourly.
  const windowStart = isoTime(new Date(now.getTime() - NEWSLETTER_ATTEMPT_WINDOW_MS));
  const { attempts } = await trx
    .selectFrom("newsletter_attempts")
    .select((eb) => eb.fn.countAll<string | number>().as("attempts"))
    .where("email", "=", email)
    .where("attempted_at", ">=", windowStart)
    .executeTakeFirstOrThrow();
  if (toCount(attempts) >= NEWSLETTER_MAX_ATTEMPTS) return { outcome: "too_many_attempts", queued: false };

  await trx.insertInto("newsletter_attempts").values({ email, attempted_at: at }).execute();
  const existing = await trx
    .selectFrom("newsletter_subscriptions")
    .select(["id", "status"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing?.status === "confirmed") return { outcome: "confirmed", queued: false };

  const consent = { subscribed_at: at, consent_version: NEWSLETTER_CONSENT_VERSION, client_key: clientKey };
  // A new signup, and a signup again while pending or after unsubscribing, (re-)sends the
  // confirmation, within the visitor-mail limits.
  const send = (await admitVisitorMail(trx, deps, { kind: "confirmation", to: email }, now)) === "send";
  let id: number;
  if (!existing) {
    const row = await trx
      .insertInto("newsletter_subscriptions")
      .values({ email, status: "pending", ...consent, confirmation_sent_at: send ? at : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    id = existing.id;
    await trx
      .updateTable("newsletter_subscriptions")
      .set({
        status: "pending",
        ...consent,
        confirmed_at: null,
        unsubscribed_at: null,
        ...(send ? { confirmation_sent_at: at } : {}),
      })
      .where("id", "=", id)
      .execute();
  }
  // A signup made again keeps the attribution of the first.
  await storeAttribution(trx, { kind: "newsletter", id }, attribution, now);
  if (!send) return { outcome: "pending", queued: false };
  const token = await createToken(trx, id, "confirm", now);
  await enqueueMail(trx, buildConfirmationMail(deps, email, confirmUrl(deps.siteUrl, token)), now);
  return { outcome: "pending", queued: true };
}

/** The newsletter sign-up as its endpoints take it (/api/newsletter, and /resources' action without JavaScript). */
export const newsletterFormApi: FormApi = {
  form: "newsletter",
  what: "newsletter signup",
  fields: [...NEWSLETTER_FIELDS, ATTRIBUTION_FIELD],
  service: subscribeNewsletter,
};
