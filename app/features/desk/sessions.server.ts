import type { Kysely } from "kysely";
import { writeStatement, writeTransaction } from "~/server/db/database.server";
import type { DB } from "~/server/db/schema.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import { hashSecret, isWellFormedSecret, randomSecret } from "./secrets.server";
import type { Staff } from "./staff.server";
import { deskTables } from "./tables.server";

/** A session ends after 12 hours without a request... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ...and 7 days after sign-in, whatever happens. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface DeskSession {
  idHash: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  browser: string;
}

/** Starts a session in the caller's transaction; the returned secret goes in the cookie only. */
export async function createSession(
  trx: Kysely<DB>,
  staffId: number,
  browser: string,
  now: Date,
): Promise<string> {
  const secret = randomSecret();
  await deskTables(trx)
    .insertInto("desk_sessions")
    .values({
      id_hash: hashSecret(secret),
      staff_id: staffId,
      created_at: isoTime(now),
      last_seen_at: isoTime(now),
      expires_at: isoTime(new Date(now.getTime() + SESSION_MAX_MS)),
      browser: browser.slice(0, 60),
    })
    .execute();
  return secret;
}

/**
 * The member of staff a session cookie belongs to, or null: no such session, idle for 12 hours, past its
 * 7 days, or its owner disabled (then it is deleted on the spot).
 */
export async function readSession(
  db: Database,
  secret: string | null,
  now: Date,
): Promise<{ staff: Staff; session: DeskSession } | null> {
  if (!isWellFormedSecret(secret)) return null;
  const idHash = hashSecret(secret);
  const row = await deskTables(db)
    .selectFrom("desk_sessions as s")
    .innerJoin("desk_staff as st", "st.id", "s.staff_id")
    .select([
      "s.id_hash",
      "s.created_at",
      "s.last_seen_at",
      "s.expires_at",
      "s.browser",
      "st.id",
      "st.email",
      "st.role",
      "st.branch",
      "st.created_at as staff_created_at",
      "st.disabled_at",
    ])
    .where("s.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  const idleSince = new Date(row.last_seen_at).getTime();
  const over =
    row.disabled_at !== null ||
    now.toISOString() >= row.expires_at ||
    now.getTime() - idleSince >= SESSION_IDLE_MS;
  if (over) {
    await endSession(db, idHash);
    return null;
  }
  if (now.getTime() - idleSince >= TOUCH_EVERY_MS) {
    await writeStatement(db, (w) =>
      deskTables(w)
        .updateTable("desk_sessions")
        .set({ last_seen_at: isoTime(now) })
        .where("id_hash", "=", idHash)
        .execute(),
    );
  }
  return {
    staff: {
      id: Number(row.id),
      email: row.email,
      role: row.role,
      branch: row.branch,
      createdAt: row.staff_created_at,
      disabledAt: null,
    },
    session: {
      idHash: row.id_hash,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
      browser: row.browser,
    },
  };
}

export async function endSession(db: Database, idHash: string): Promise<void> {
  await writeStatement(db, (w) =>
    deskTables(w).deleteFrom("desk_sessions").where("id_hash", "=", idHash).execute(),
  );
}

/** Ends one of the staff member's sessions (by its hash), or all of them. */
export async function endSessionsOf(db: Database, staffId: number, idHash?: string): Promise<number> {
  return writeTransaction(db, async (trx) => {
    let query = deskTables(trx).deleteFrom("desk_sessions").where("staff_id", "=", staffId);
    if (idHash !== undefined) query = query.where("id_hash", "=", idHash);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** The staff member's live sessions, newest first. */
export async function listSessions(db: Database, staffId: number, now: Date): Promise<DeskSession[]> {
  const idleLimit = isoTime(new Date(now.getTime() - SESSION_IDLE_MS));
  const rows = await deskTables(db)
    .selectFrom("desk_sessions")
    .select(["id_hash", "created_at", "last_seen_at", "expires_at", "browser"])
    .where("staff_id", "=", staffId)
    .where("expires_at", ">", isoTime(now))
    .where("last_seen_at", ">", idleLimit)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    idHash: row.id_hash,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    browser: row.browser,
  }));
}

/** "Firefox on Android", from the User-Agent: enough to tell one's own browsers apart. */
export function describeBrowser(userAgent: string | null): string {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}
