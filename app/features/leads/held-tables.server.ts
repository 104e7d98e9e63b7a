import type { Kysely, SelectQueryBuilder } from "kysely";
import type { DB } from "~/server/db/schema.server";

/*
 * Leads held aside as likely spam (docs/spam.md): the tables that can hold them, and which rows are held
 * now. The features list, release and purge them; the metrics count them.
 */

/** The tables of the leads a spam hold applies to, by kind (newsletter signups are not scored). */
export const HELD_LEAD_TABLES = { contact: "contact_submissions", quote: "quote_requests" } as const;

export type HeldLeadKind = keyof typeof HELD_LEAD_TABLES;
type HeldLeadTable = (typeof HELD_LEAD_TABLES)[HeldLeadKind];

/** The rows of `table` held and not released, to select from. */
export function selectHeld<T extends HeldLeadTable>(
  db: Kysely<DB>,
  table: T,
): SelectQueryBuilder<DB, T, object> {
  const held = db
    .selectFrom(table as HeldLeadTable)
    .where("held_at", "is not", null)
    .where("released_at", "is", null);
  // The query is the same for either table; only its type names the one given.
  return held as unknown as SelectQueryBuilder<DB, T, object>;
}
