import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, URL-safe: a session id, a sign-in link's token or a browser's link cookie. */
export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a secret: its SHA-256, in hex. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** A secret as the desk makes them: 43 URL-safe characters. Anything else is refused unread. */
export function isWellFormedSecret(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
