import type { ColumnType, Generated, Kysely } from "kysely";
import type { DB, IsoTimestamp } from "~/server/db/schema.server";

/*
 * The desk's own tables (migrations 0017_desk and 0018_desk_passkeys, docs/desk.md). They are declared here, beside the code
 * that uses them, and joined to the site's tables with deskTables(); the lead tables are only read.
 */

export const STAFF_ROLES = ["owner", "manager", "rep"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface DeskStaffTable {
  id: Generated<number>;
  /** Trimmed and lower-cased. */
  email: string;
  role: StaffRole;
  /** A branch id of the routing file; set for reps, null for managers and the owner. */
  branch: string | null;
  created_at: IsoTimestamp;
  disabled_at: IsoTimestamp | null;
}

/** A sign-in link: the SHA-256 of its token and of the browser cookie it is bound to. */
export interface DeskSignInLinkTable {
  token_hash: string;
  staff_id: number;
  browser_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
}

/** A signed-in browser: the SHA-256 of the cookie's 32 random bytes. */
export interface DeskSessionTable {
  id_hash: string;
  staff_id: number;
  created_at: IsoTimestamp;
  last_seen_at: IsoTimestamp;
  /** Seven days after created_at, whatever happens. */
  expires_at: IsoTimestamp;
  /** A short description of the browser (e.g. "Chrome on Android"), for the sessions page. */
  browser: string;
}

/** A passkey a member of staff registered (WebAuthn credential), for signing in without a link. */
export interface DeskPasskeyTable {
  /** The credential's id, base64url, as the browser reports it. */
  credential_id: string;
  staff_id: number;
  /** What its owner called it ("Work laptop"), at most 60 characters. */
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (0 for passkeys that keep none); PostgreSQL reads a bigint as text. */
  counter: ColumnType<number | string, number, number>;
  /** The transports the browser reported, comma-separated (e.g. "internal,hybrid"). */
  transports: string;
  created_at: IsoTimestamp;
  last_used_at: IsoTimestamp | null;
}

/** A passkey challenge already used: the SHA-256 of the challenge, kept until it would have expired. */
export interface DeskPasskeyChallengeTable {
  challenge_hash: string;
  expires_at: IsoTimestamp;
}

export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const DESK_LEAD_KINDS = ["contact", "quote"] as const;
export type DeskLeadKind = (typeof DESK_LEAD_KINDS)[number];

/** What the desk adds to a contact message or quote request. */
export interface DeskLeadTable {
  lead_kind: DeskLeadKind;
  lead_id: number;
  /** The lead's created_at, copied for the inbox's order. */
  received_at: IsoTimestamp;
  /** The branch a quote was routed to; null for contact messages and unrouted quotes. */
  branch: string | null;
  status: LeadStatus;
  lost_reason: string | null;
  assigned_staff_id: number | null;
  /** The first change of status out of New. */
  first_moved_at: IsoTimestamp | null;
  /** From arrival to first_moved_at, on the clock. */
  response_seconds: number | null;
  /** The same, counted in the branch's business hours. */
  response_business_seconds: number | null;
}

/** Append-only: who did what to a lead, and when. Notes are entries too. */
export interface DeskActivityTable {
  id: Generated<number>;
  lead_kind: DeskLeadKind;
  lead_id: number;
  staff_id: number;
  at: IsoTimestamp;
  action: "status" | "assign" | "note" | "release";
  detail: string;
}

export type DeskTables = {
  desk_staff: DeskStaffTable;
  desk_sign_in_links: DeskSignInLinkTable;
  desk_sessions: DeskSessionTable;
  desk_passkeys: DeskPasskeyTable;
  desk_passkey_challenges: DeskPasskeyChallengeTable;
  desk_leads: DeskLeadTable;
  desk_activity: DeskActivityTable;
};

export type DeskDatabase = Kysely<DB & DeskTables>;

/** The site's database (or a transaction of it) with the desk's tables. */
export function deskTables(db: Kysely<DB>): DeskDatabase {
  return db.withTables<DeskTables>();
}
