import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { Kysely } from "kysely";
import { type DB, isoTime } from "~/server/db/schema.server";
import { hashSecret } from "./secrets.server";
import { deskTables } from "./tables.server";

/*
 * Passkey challenges (docs/desk.md#passkeys, decision 0074): signed by the server rather than stored
 * when a page is shown, so a sign-in page costs no write; spent in the database when a ceremony is
 * verified, so each works once; valid for 10 minutes.
 */

/** How long a page's passkey challenge may be answered (the browser's own timeout is the same). */
export const CHALLENGE_VALID_MS = 10 * 60 * 1000;

export type ChallengePurpose = "register" | "sign-in";

/** Where passkeys belong: the configured public URL's host and origin. Null when the host is an IP address. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingPartyOf(siteUrl: string): RelyingParty | null {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // WebAuthn scopes a passkey to a domain; a browser refuses an IP address as one.
  if (host === "" || isIP(host) !== 0) return null;
  return { rpID: host, origin: url.origin };
}

function mac(secret: string, payload: string): string {
  return createHmac("sha256", `ridgeline-desk-passkey:${secret}`)
    .update(payload)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * A new challenge for `purpose`: purpose, staff id (0 when signing in), expiry and 16 random bytes,
 * with their HMAC. The browser is given its UTF-8 bytes; the answer carries them back base64url-encoded.
 */
export function signChallenge(secret: string, purpose: ChallengePurpose, staffId: number, now: Date): string {
  const payload = [
    purpose,
    staffId,
    now.getTime() + CHALLENGE_VALID_MS,
    randomBytes(16).toString("base64url"),
  ];
  const text = payload.join(".");
  return `${text}.${mac(secret, text)}`;
}

/** Longest challenge read back (a signed one is about 110 base64url characters). */
const MAX_CHALLENGE = 256;

/**
 * Whether a ceremony's challenge (base64url, from the browser's client data) is one this site signed
 * for `purpose` and `staffId`, and still in time. Says nothing about whether it was spent already.
 */
export function isOurChallenge(
  secret: string,
  encoded: string,
  expected: { purpose: ChallengePurpose; staffId: number; now: Date },
): boolean {
  if (encoded.length > MAX_CHALLENGE || !/^[A-Za-z0-9_-]+$/.test(encoded)) return false;
  const parts = Buffer.from(encoded, "base64url").toString("utf8").split(".");
  if (parts.length !== 5) return false;
  const [purpose, staffId, expires, , signature = ""] = parts;
  const wanted = Buffer.from(mac(secret, parts.slice(0, 4).join(".")));
  const given = Buffer.from(signature);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return false;
  return (
    purpose === expected.purpose &&
    staffId === String(expected.staffId) &&
    Number(expires) > expected.now.getTime()
  );
}

/**
 * Spends a verified challenge in the caller's transaction: false if it was spent before (a replay, or
 * the same page answered twice). Challenges that have expired are dropped on the way.
 */
export async function spendChallenge(trx: Kysely<DB>, encoded: string, now: Date): Promise<boolean> {
  const desk = deskTables(trx);
  await desk.deleteFrom("desk_passkey_challenges").where("expires_at", "<", isoTime(now)).execute();
  const result = await desk
    .insertInto("desk_passkey_challenges")
    .values({
      challenge_hash: hashSecret(encoded),
      expires_at: isoTime(new Date(now.getTime() + CHALLENGE_VALID_MS)),
    })
    .onConflict((conflict) => conflict.column("challenge_hash").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The user handle a staff member's passkeys carry: a keyed hash of their id, so it names no one. */
export function userHandleOf(secret: string, staffId: number): Uint8Array<ArrayBuffer> {
  const digest = createHmac("sha256", `ridgeline-desk-user:${secret}`).update(String(staffId)).digest();
  return new Uint8Array(digest.subarray(0, 32));
}
