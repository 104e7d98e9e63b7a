import { randomInt } from "node:crypto";
import { isUniqueViolation } from "~/server/db/database.server";

/**
 * Characters of a lead reference: digits and capitals without the look-alikes 0/O, 1/I/L and U/V, so a
 * reference read out on the phone or copied by hand comes out right.
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const REFERENCE_LENGTH = 6;

export type ReferencePrefix = "Q" | "C";

/** `Q-7K3M9P`: a prefix naming the kind of lead and six random characters (29^6, about 600 million). */
export function newReference(prefix: ReferencePrefix): string {
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

export const REFERENCE_PATTERN = new RegExp(`^[QC]-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

const ATTEMPTS = 5;

/**
 * Runs `store` with a fresh reference, again with another one when the database says the reference is
 * taken (a unique violation). Collisions are rare; five in a row would mean something else is wrong.
 * `store` must run its own transaction, so a failed attempt leaves nothing behind.
 */
export async function withFreshReference<T>(
  prefix: ReferencePrefix,
  store: (reference: string) => Promise<T>,
  generate: (prefix: ReferencePrefix) => string = newReference,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store(generate(prefix));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}
