import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The quote form carries the time it was rendered, signed, so a post made sooner than a person could
 * fill it in (a bot) is refused without storing anything. The key is derived from the client-key
 * secret, which every instance shares.
 */

/** Sooner than this after the form was rendered, a post is refused. */
export const QUOTE_MIN_FILL_MS = 3_000;
/** A form older than this is refused as expired (the page is simply loaded again). */
export const QUOTE_MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

function signature(secret: string, time: string): string {
  return createHmac("sha256", `ridgeline-quote-form:${secret}`).update(time).digest("base64url").slice(0, 32);
}

export function signFormStart(secret: string, now: Date): string {
  const time = String(now.getTime());
  return `${time}.${signature(secret, time)}`;
}

export type FormStartCheck = "ok" | "too_fast" | "expired" | "invalid";

export function checkFormStart(token: string | undefined, secret: string, now: Date): FormStartCheck {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token ?? "");
  if (!match?.[1] || !match[2]) return "invalid";
  const expected = Buffer.from(signature(secret, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  const age = now.getTime() - Number(match[1]);
  if (age < QUOTE_MIN_FILL_MS) return "too_fast";
  if (age > QUOTE_MAX_FORM_AGE_MS) return "expired";
  return "ok";
}
