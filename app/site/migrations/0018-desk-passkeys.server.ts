import type { Kysely, Migration } from "kysely";

// The desk's passkeys (docs/desk.md#passkeys): each credential a member of staff registered, with its
// public key and signature counter, and the sign-in and registration challenges already spent (single
// use; a row lives until the challenge would have expired anyway).
export const deskPasskeys: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("desk_passkeys")
      .addColumn("credential_id", "text", (col) => col.primaryKey())
      .addColumn("staff_id", "integer", (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("public_key", "text", (col) => col.notNull())
      .addColumn("counter", "bigint", (col) => col.notNull())
      .addColumn("transports", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema
      .createIndex("desk_passkeys_staff_id_idx")
      .on("desk_passkeys")
      .column("staff_id")
      .execute();
    await db.schema
      .createTable("desk_passkey_challenges")
      .addColumn("challenge_hash", "text", (col) => col.primaryKey())
      .addColumn("expires_at", "text", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("desk_passkey_challenges_expires_at_idx")
      .on("desk_passkey_challenges")
      .column("expires_at")
      .execute();
  },
};
