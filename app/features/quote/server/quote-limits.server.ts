import type { Database } from "~/server/db/schema.server";
import {
  hitRateLimit,
  peekRateLimit,
  type RateLimit,
  type RateLimitResult,
  TOO_MANY_REQUESTS,
} from "~/server/rate-limit.server";
import type { QuoteUploadError } from "../upload/upload-errors.server";

/*
 * The quote form's per-client limits (docs/product.md#per-client-limits). Every post that sends the
 * request counts, refused or not (a bad token, a validation error, a refused file), so a client cannot
 * try without end; the server's own refusals (every upload slot taken, a fault) do not. 'Add item'
 * without JavaScript posts the whole form back to get three more rows, so it has a budget of its own:
 * a buyer building a 50-row request needs 16 of them. Both are checked when a post starts, before its
 * body is read: a client over either is answered 429 at once.
 */

/** Quote requests sent (accepted or refused) per client: a buyer sends few, a bot many. */
export const QUOTE_CLIENT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };
/** 'Add item' posts per client: twice what the longest request takes (16 posts reach 50 rows). */
export const QUOTE_ROWS_LIMIT: RateLimit = { limit: 30, windowMs: 10 * 60 * 1000 };

const sendKey = (clientKey: string) => `quote:${clientKey}`;
const rowsKey = (clientKey: string) => `quote-rows:${clientKey}`;

/** The 429 of a client over a quote limit, as an upload error (answered before the body is read). */
export function overQuoteLimit(limited: RateLimitResult): QuoteUploadError {
  return { status: 429, ...TOO_MANY_REQUESTS, retryAfterSeconds: Math.ceil(limited.retryAfterMs / 1000) };
}

/** The refusal for a client already at either quote limit in this window, or null. Counts nothing. */
export async function quoteLimitBeforeBody(
  db: Database,
  clientKey: string,
  now: Date,
): Promise<QuoteUploadError | null> {
  for (const [key, rule] of [
    [sendKey(clientKey), QUOTE_CLIENT_LIMIT],
    [rowsKey(clientKey), QUOTE_ROWS_LIMIT],
  ] as const) {
    const peek = await peekRateLimit(db, key, rule, now);
    if (!peek.allowed) return overQuoteLimit(peek);
  }
  return null;
}

/** Counts one quote request sent by the client (see QUOTE_CLIENT_LIMIT). */
export function countQuotePost(db: Database, clientKey: string, now: Date): Promise<RateLimitResult> {
  return hitRateLimit(db, sendKey(clientKey), QUOTE_CLIENT_LIMIT, now);
}

/** Counts one 'Add item' post of the client (see QUOTE_ROWS_LIMIT). */
export function countRowsPost(db: Database, clientKey: string, now: Date): Promise<RateLimitResult> {
  return hitRateLimit(db, rowsKey(clientKey), QUOTE_ROWS_LIMIT, now);
}
