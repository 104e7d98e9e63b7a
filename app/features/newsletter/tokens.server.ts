import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type DB, isoTime, type NewsletterTokenTable } from "~/server/db/schema.server";

export type TokenPurpose = NewsletterTokenTable["purpose"];

/** A confirmation link works this long; an unsubscribe link never expires (docs/newsletter.md). */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isTokenShaped(value: unknown): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value);
}

/** Creates a token for one purpose and keeps only its hash; returns the token for the link. */
export async function createToken(
  trx: Kysely<DB>,
  subscriptionId: number,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("newsletter_tokens")
    .values({
      token_hash: hashToken(token),
      subscription_id: subscriptionId,
      purpose,
      created_at: isoTime(now),
      expires_at: purpose === "confirm" ? isoTime(new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS)) : null,
      used_at: null,
    })
    .execute();
  return token;
}

export function confirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/confirm?token=${token}`;
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/unsubscribe?token=${token}`;
}
