import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { writeTransaction } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import {
  CHALLENGE_VALID_MS,
  isOurChallenge,
  relyingPartyOf,
  signChallenge,
  spendChallenge,
} from "./passkey-challenges.server";
import { type PasskeyServices, reasonOf } from "./passkeys.server";
import { hashSecret } from "./secrets.server";
import { createSession } from "./sessions.server";
import { deskTables } from "./tables.server";

/*
 * Signing in with a passkey (docs/desk.md#passkeys, decision 0074): the sign-in page carries signed
 * options for a discoverable credential; the browser's answer names the credential, which names the
 * member of staff. Limited per client and per address like the e-mailed link.
 */

/** Passkey sign-ins tried (right or wrong) per client, and per staff address. */
export const PASSKEY_SIGN_INS_PER_CLIENT: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };
export const PASSKEY_SIGN_INS_PER_ADDRESS: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };

/** Options for the sign-in page (any passkey of this site), or null where passkeys cannot work. */
export async function signInOptions(
  services: PasskeyServices,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const party = relyingPartyOf(services.siteUrl);
  if (!party) return null;
  const now = services.now?.() ?? new Date();
  return generateAuthenticationOptions({
    rpID: party.rpID,
    challenge: signChallenge(services.formSecret, "sign-in", 0, now),
    timeout: CHALLENGE_VALID_MS,
    userVerification: "required",
  });
}

export type PasskeySignInOutcome =
  | { status: "signed-in"; sessionSecret: string }
  | { status: "refused" }
  | { status: "limited"; retryAfterSeconds: number };

async function limited(services: PasskeyServices, key: string, rule: RateLimit, now: Date) {
  const hit = await hitRateLimit(services.db, key, rule, now);
  return hit.allowed
    ? null
    : { status: "limited" as const, retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000) };
}

/**
 * Verifies a sign-in answer and starts a session: the credential must be a kept passkey of enabled
 * staff, the challenge signed here, in time and never spent, the origin and RP ID the site's, the user
 * verified, and the signature counter (where the authenticator keeps one) higher than last time.
 */
export async function signInWithPasskey(
  services: PasskeyServices,
  input: { answer: AuthenticationResponseJSON | null; clientKey: string; browser: string },
): Promise<PasskeySignInOutcome> {
  const now = services.now?.() ?? new Date();
  const byClient = await limited(
    services,
    `desk-passkey:client:${input.clientKey}`,
    PASSKEY_SIGN_INS_PER_CLIENT,
    now,
  );
  if (byClient) return byClient;
  const party = relyingPartyOf(services.siteUrl);
  const { answer } = input;
  if (!party || !answer) return refused(services, "malformed");
  const row = await deskTables(services.db)
    .selectFrom("desk_passkeys as p")
    .innerJoin("desk_staff as s", "s.id", "p.staff_id")
    .select([
      "p.credential_id",
      "p.staff_id",
      "p.public_key",
      "p.counter",
      "p.transports",
      "s.email",
      "s.disabled_at",
    ])
    .where("p.credential_id", "=", answer.id)
    .executeTakeFirst();
  if (!row) return refused(services, "unknown-passkey");
  const byAddress = await limited(
    services,
    `desk-passkey:address:${hashSecret(row.email)}`,
    PASSKEY_SIGN_INS_PER_ADDRESS,
    now,
  );
  if (byAddress) return byAddress;
  if (row.disabled_at !== null) return refused(services, "disabled-staff");
  const stored = Number(row.counter);
  let challenge = "";
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: (given) => {
        challenge = given;
        return isOurChallenge(services.formSecret, given, { purpose: "sign-in", staffId: 0, now });
      },
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
        counter: stored,
        transports: row.transports ? row.transports.split(",") : undefined,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return refused(services, "not-verified");
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    return refused(services, reasonOf(error));
  }
  return startSession(
    services,
    { ...row, counter: stored },
    { challenge, newCounter, browser: input.browser, now },
  );
}

/**
 * Spends the challenge, moves the counter and starts the session, in one transaction: refused when the
 * challenge was spent already or the counter moved since it was read (two answers racing on two instances).
 */
async function startSession(
  services: PasskeyServices,
  row: { credential_id: string; staff_id: number; counter: number },
  answered: { challenge: string; newCounter: number; browser: string; now: Date },
): Promise<PasskeySignInOutcome> {
  const { challenge, newCounter, now } = answered;
  const outcome = await writeTransaction(services.db, async (trx) => {
    if (!(await spendChallenge(trx, challenge, now))) return "challenge-spent";
    const moved = await deskTables(trx)
      .updateTable("desk_passkeys")
      .set({ counter: newCounter, last_used_at: isoTime(now) })
      .where("credential_id", "=", row.credential_id)
      .where("counter", "=", row.counter)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return "counter-raced";
    return { sessionSecret: await createSession(trx, row.staff_id, answered.browser, now) };
  });
  if (typeof outcome === "string") return refused(services, outcome);
  services.logger.info({ event: "desk_passkey_sign_in", outcome: "signed-in" }, "desk passkey sign-in");
  return { status: "signed-in", sessionSecret: outcome.sessionSecret };
}

function refused(services: PasskeyServices, reason: string): PasskeySignInOutcome {
  services.logger.info({ event: "desk_passkey_sign_in", outcome: "refused", reason }, "desk passkey sign-in");
  return { status: "refused" };
}
