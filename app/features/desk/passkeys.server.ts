import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { SiteServices } from "~/load-context";
import { isUniqueViolation, writeTransaction } from "~/server/db/database.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import {
  CHALLENGE_VALID_MS,
  isOurChallenge,
  relyingPartyOf,
  signChallenge,
  spendChallenge,
  userHandleOf,
} from "./passkey-challenges.server";
import { deskTables } from "./tables.server";

/*
 * Adding, listing and removing a staff member's passkeys (docs/desk.md#passkeys, decision 0074). The
 * ceremony runs in the browser (passkeys-client.ts); this side makes its options and verifies its answer.
 */

export type PasskeyServices = Pick<SiteServices, "db" | "logger" | "siteUrl" | "formSecret" | "now">;

/** The name shown in a list of passkeys, and the most a member of staff may keep. */
export const MAX_PASSKEY_NAME = 60;
export const MAX_PASSKEYS_PER_STAFF = 20;
/** Longest ceremony answer read (a registration without attestation takes about 1 KB). */
export const MAX_CEREMONY_JSON = 12_000;

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The ceremony's answer as the browser posted it, or null when it is not JSON of the expected shape. */
export function readCeremonyAnswer<T extends RegistrationResponseJSON | { id: string }>(
  text: string | null,
): T | null {
  if (!text || text.length > MAX_CEREMONY_JSON) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const answer = value as Record<string, unknown>;
  const fields = answer.response;
  if (typeof answer.id !== "string" || answer.id.length === 0 || answer.id.length > 1024) return null;
  if (answer.type !== "public-key" || typeof fields !== "object" || fields === null) return null;
  return value as T;
}

/** Options for adding a passkey, or null where passkeys cannot work (the site's host is an IP address). */
export async function registrationOptions(
  services: PasskeyServices,
  staff: { id: number; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
  const party = relyingPartyOf(services.siteUrl);
  if (!party) return null;
  const now = services.now?.() ?? new Date();
  const existing = await deskTables(services.db)
    .selectFrom("desk_passkeys")
    .select(["credential_id", "transports"])
    .where("staff_id", "=", staff.id)
    .execute();
  return generateRegistrationOptions({
    rpName: "Ridgeline sales desk",
    rpID: party.rpID,
    userName: staff.email,
    userDisplayName: staff.email,
    userID: userHandleOf(services.formSecret, staff.id),
    challenge: signChallenge(services.formSecret, "register", staff.id, now),
    timeout: CHALLENGE_VALID_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: row.transports ? row.transports.split(",") : undefined,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

export type AddPasskeyOutcome =
  | { status: "added"; passkey: Passkey }
  | { status: "invalid" | "replayed" | "unavailable" | "too-many" };

/**
 * Verifies a registration answer for `staff` and keeps its passkey under `name`: the challenge must be
 * one this site signed for this member of staff, in time and never spent; origin and RP ID the site's.
 */
export async function addPasskey(
  services: PasskeyServices,
  staff: { id: number },
  input: { name: string; answer: RegistrationResponseJSON | null },
): Promise<AddPasskeyOutcome> {
  const party = relyingPartyOf(services.siteUrl);
  if (!party) return { status: "unavailable" };
  const now = services.now?.() ?? new Date();
  if (!input.answer) return { status: "invalid" };
  let challenge = "";
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const verified = await verifyRegistrationResponse({
      response: input.answer,
      expectedChallenge: (given) => {
        challenge = given;
        return isOurChallenge(services.formSecret, given, { purpose: "register", staffId: staff.id, now });
      },
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserVerification: true,
    });
    info = verified.registrationInfo;
  } catch (error) {
    services.logger.info({ event: "desk_passkey_refused", reason: reasonOf(error) }, "passkey not added");
    return { status: "invalid" };
  }
  if (!info) return { status: "invalid" };
  const { credential } = info;
  const name = input.name.trim().slice(0, MAX_PASSKEY_NAME) || "Passkey";
  try {
    const outcome = await writeTransaction(services.db, async (trx): Promise<AddPasskeyOutcome["status"]> => {
      if (!(await spendChallenge(trx, challenge, now))) return "replayed";
      const desk = deskTables(trx);
      const kept = await desk
        .selectFrom("desk_passkeys")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("staff_id", "=", staff.id)
        .executeTakeFirstOrThrow();
      if (Number(kept.n) >= MAX_PASSKEYS_PER_STAFF) return "too-many";
      await desk
        .insertInto("desk_passkeys")
        .values({
          credential_id: credential.id,
          staff_id: staff.id,
          name,
          public_key: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(","),
          created_at: isoTime(now),
          last_used_at: null,
        })
        .execute();
      return "added";
    });
    services.logger.info({ event: "desk_passkey_added", outcome }, "desk passkey registration");
    if (outcome !== "added") return { status: outcome };
  } catch (error) {
    // The same credential registered twice (excludeCredentials normally stops that in the browser).
    if (isUniqueViolation(error)) return { status: "invalid" };
    throw error;
  }
  return {
    status: "added",
    passkey: { id: credential.id, name, createdAt: isoTime(now), lastUsedAt: null },
  };
}

/** The library's reason for refusing a ceremony, for the log: its message, shortened (no secrets in it). */
export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 120);
}

/** A staff member's passkeys, oldest first. */
export async function listPasskeys(db: Database, staffId: number): Promise<Passkey[]> {
  const rows = await deskTables(db)
    .selectFrom("desk_passkeys")
    .select(["credential_id", "name", "created_at", "last_used_at"])
    .where("staff_id", "=", staffId)
    .orderBy("created_at")
    .orderBy("credential_id")
    .limit(MAX_PASSKEYS_PER_STAFF)
    .execute();
  return rows.map((row) => ({
    id: row.credential_id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/** Removes one of the staff member's own passkeys; false when they have none by that id. */
export async function removePasskey(db: Database, staffId: number, credentialId: string): Promise<boolean> {
  const result = await writeTransaction(db, (trx) =>
    deskTables(trx)
      .deleteFrom("desk_passkeys")
      .where("staff_id", "=", staffId)
      .where("credential_id", "=", credentialId)
      .executeTakeFirst(),
  );
  return Number(result.numDeletedRows) === 1;
}
