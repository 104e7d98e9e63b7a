import { sql } from "kysely";
import { type FormResult, TOO_MANY_REQUESTS } from "~/forms/common";
import {
  NEWSLETTER_ALREADY_SUBSCRIBED,
  NEWSLETTER_ATTEMPT_WINDOW_MS,
  NEWSLETTER_FAILURE,
  NEWSLETTER_MAX_ATTEMPTS,
  NEWSLETTER_SUCCESS,
  NEWSLETTER_TOO_MANY_ATTEMPTS,
  parseNewsletter,
} from "~/forms/newsletter";
import { toCount, writeTransaction } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import type { FormDeps, FormInput } from "~/server/forms/deps.server";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";

/** Per-client limit of the newsletter form (D9), on top of the per-address attempt rule (D8). */
export const NEWSLETTER_CLIENT_LIMIT: RateLimit = { limit: 10, windowMs: 10 * 60 * 1000 };

/** First key of PostgreSQL's two-key advisory locks, so ours never collide with other users of them. */
const NEWSLETTER_LOCK_NAMESPACE = 0x52494447;

type Outcome = "subscribed" | "duplicate" | "too_many_attempts";

/**
 * Handles one newsletter post (D8, D9). The attempt rule counts accepted attempts (new and duplicate
 * subscriptions) for the address in a rolling 24 h; the 4th is refused and, being refused, is not
 * counted, so "try again tomorrow" holds. Counting and recording happen under one lock per address
 * (an advisory lock on PostgreSQL, the write lock on SQLite), so concurrent requests never let more
 * than three through.
 */
export async function subscribeNewsletter(
  deps: FormDeps,
  input: FormInput,
  clientKey: string,
): Promise<FormResult> {
  const { db, logger } = deps;
  const now = deps.now?.() ?? new Date();

  const parsed = parseNewsletter(input);
  if (!parsed.success) return { ok: false, status: 400, ...parsed.error };
  const { email } = parsed.data;

  try {
    const limit = await hitRateLimit(db, `newsletter:${clientKey}`, NEWSLETTER_CLIENT_LIMIT, now);
    if (!limit.allowed) {
      logger.warn({ clientKey, count: limit.count }, "newsletter: per-client limit reached");
      return {
        ok: false,
        status: 429,
        ...TOO_MANY_REQUESTS,
        retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000),
      };
    }

    const windowStart = isoTime(new Date(now.getTime() - NEWSLETTER_ATTEMPT_WINDOW_MS));
    const outcome = await writeTransaction(db, async (trx, dialect): Promise<Outcome> => {
      if (dialect === "postgres") {
        await sql`select pg_advisory_xact_lock(${sql.lit(NEWSLETTER_LOCK_NAMESPACE)}, hashtext(${email}))`.execute(
          trx,
        );
      }
      // Attempts older than the window never count again; dropping them keeps the table small.
      await trx
        .deleteFrom("newsletter_attempts")
        .where("email", "=", email)
        .where("attempted_at", "<", windowStart)
        .execute();
      const { attempts } = await trx
        .selectFrom("newsletter_attempts")
        .select((eb) => eb.fn.countAll<string | number>().as("attempts"))
        .where("email", "=", email)
        .where("attempted_at", ">=", windowStart)
        .executeTakeFirstOrThrow();
      if (toCount(attempts) >= NEWSLETTER_MAX_ATTEMPTS) return "too_many_attempts";

      await trx
        .insertInto("newsletter_attempts")
        .values({ email, attempted_at: isoTime(now) })
        .execute();
      const inserted = await trx
        .insertInto("newsletter_subscriptions")
        .values({ email, subscribed_at: isoTime(now) })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted ? "subscribed" : "duplicate";
    });

    switch (outcome) {
      case "subscribed":
        logger.info({ clientKey }, "newsletter subscription stored");
        return { ok: true, status: 200, ...NEWSLETTER_SUCCESS };
      case "duplicate":
        return { ok: false, status: 409, ...NEWSLETTER_ALREADY_SUBSCRIBED };
      case "too_many_attempts":
        logger.warn({ clientKey }, "newsletter: attempt limit for the address reached");
        return { ok: false, status: 429, ...NEWSLETTER_TOO_MANY_ATTEMPTS };
    }
  } catch (error) {
    logger.error({ err: error, clientKey }, "newsletter subscription failed");
    return { ok: false, status: 500, ...NEWSLETTER_FAILURE };
  }
}
