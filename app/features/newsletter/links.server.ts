import { hashToken, isTokenShaped, type TokenPurpose } from "~/features/newsletter/tokens.server";
import { type Database, isoTime } from "~/server/db/schema.server";

/** What a link would do if used; reading it changes nothing (mail scanners open every link). */
export type LinkCheck = "ready" | "invalid" | "expired" | "used";

async function check(db: Database, token: string, purpose: TokenPurpose, now: Date): Promise<LinkCheck> {
  if (!isTokenShaped(token)) return "invalid";
  const row = await db
    .selectFrom("newsletter_tokens")
    .select(["purpose", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.purpose !== purpose) return "invalid";
  // An unsubscribe link works again and again; a confirmation link once.
  if (purpose === "confirm" && row.used_at !== null) return "used";
  if (row.expires_at !== null && row.expires_at <= isoTime(now)) return "expired";
  return "ready";
}

export function checkConfirmToken(db: Database, token: string, now = new Date()): Promise<LinkCheck> {
  return check(db, token, "confirm", now);
}

export function checkUnsubscribeToken(db: Database, token: string, now = new Date()): Promise<LinkCheck> {
  return check(db, token, "unsubscribe", now);
}
