import { randomBytes } from "node:crypto";
import { type Database, isoTime } from "~/server/db/schema.server";

const SETTING = "client_key_secret";

/**
 * The secret that keys client hashes (docs/decisions/0010-client-address-behind-proxies.md). `CLIENT_KEY_SECRET` wins; without it, the first instance
 * to start generates one and stores it, and every instance (now and after restarts) reads that one,
 * so a client counts as the same client everywhere. `insert … on conflict do nothing` makes two
 * instances starting at once agree on the first one written.
 */
export async function loadClientKeySecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto("app_settings")
    .values({ name: SETTING, value: randomBytes(32).toString("base64url"), created_at: isoTime(new Date()) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_settings")
    .select("value")
    .where("name", "=", SETTING)
    .executeTakeFirstOrThrow();
  return row.value;
}
