import type { Kysely } from "kysely";
import { HELD_LEAD_TABLES, selectHeld } from "~/features/leads/held-tables.server";
import type { LeadKind } from "~/features/leads/intake/acknowledgement.server";
import type { SpamReason, SpamVerdict } from "~/features/leads/spam/spam.server";
import { writeTransaction } from "~/server/db/database.server";
import { type Database, type DB, isoTime } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";

/*
 * Held leads (docs/spam.md): rows of contact_submissions and quote_requests with held_at set. Listed and
 * released by `npm run leads`; deleted by the housekeeping once HELD_RETENTION_DAYS old, unless released.
 */

/** A held lead not released within this many days is deleted. */
export const HELD_RETENTION_DAYS = 30;
/** Held leads deleted per kind and housekeeping run. */
export const HELD_PURGE_BATCH = 200;

/** The kind a reference names by its prefix (`C-…` a contact message, `Q-…` a quote request). */
export function kindOfReference(reference: string): LeadKind | undefined {
  if (/^C-[A-Z0-9]{6}$/.test(reference)) return "contact";
  if (/^Q-[A-Z0-9]{6}$/.test(reference)) return "quote";
  return undefined;
}

/** One line, no personal data: the reference and the rules it met. */
export function logHeld(logger: Logger, kind: LeadKind, reference: string, verdict: SpamVerdict): void {
  logger.info(
    { kind, reference, score: verdict.score, reasons: verdict.reasons.map((reason) => reason.code) },
    "lead held as likely spam: stored, nothing sent",
  );
}

export interface HeldLead {
  reference: string;
  kind: LeadKind;
  receivedAt: string;
  reasons: SpamReason[];
  /** The company (quote requests) or the name (contact messages). */
  who: string;
}

function reasonsOf(json: string | null): SpamReason[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as SpamReason[]) : [];
  } catch {
    return [];
  }
}

/**
 * The held leads not released, oldest first, at most `limit` of each kind; with `heldSince`, only those
 * held at or after it (the held_at index).
 */
export async function listHeldLeads(db: Database, limit = 500, heldSince?: string): Promise<HeldLead[]> {
  const contacts = await selectHeld(db, "contact_submissions")
    .select(["reference", "created_at", "held_reasons", "name"])
    .$if(heldSince !== undefined, (query) => query.where("held_at", ">=", heldSince ?? ""))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  const quotes = await selectHeld(db, "quote_requests")
    .select(["reference", "created_at", "held_reasons", "company"])
    .$if(heldSince !== undefined, (query) => query.where("held_at", ">=", heldSince ?? ""))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  const leads: HeldLead[] = [
    ...contacts.map((row) => ({
      reference: row.reference ?? "",
      kind: "contact" as const,
      receivedAt: row.created_at,
      reasons: reasonsOf(row.held_reasons),
      who: row.name,
    })),
    ...quotes.map((row) => ({
      reference: row.reference,
      kind: "quote" as const,
      receivedAt: row.created_at,
      reasons: reasonsOf(row.held_reasons),
      who: row.company,
    })),
  ];
  return leads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

export type ReleaseOutcome<T> =
  | { status: "released"; queued: T }
  | { status: "already-released"; releasedAt: string }
  | { status: "not-held" }
  | { status: "not-found" };

/**
 * Releases one held lead: marks it released and, in the same transaction, queues what a fresh lead of
 * its kind queues (`queue`, the same function the form's own path calls), so a release sends each
 * e-mail once. The update is conditional: a second release, even one running at the same time, finds
 * it released and queues nothing.
 */
export async function releaseHeldLead<T>(
  db: Database,
  kind: LeadKind,
  reference: string,
  now: Date,
  queue: (trx: Kysely<DB>, id: number) => Promise<T>,
): Promise<ReleaseOutcome<T>> {
  const table = HELD_LEAD_TABLES[kind];
  return writeTransaction(db, async (trx): Promise<ReleaseOutcome<T>> => {
    const row = await trx
      .selectFrom(table)
      .select(["id", "held_at", "released_at"])
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!row) return { status: "not-found" };
    if (row.held_at === null) return { status: "not-held" };
    if (row.released_at !== null) return { status: "already-released", releasedAt: row.released_at };
    const released = await trx
      .updateTable(table)
      .set({ released_at: isoTime(now) })
      .where("id", "=", row.id)
      .where("released_at", "is", null)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) !== 1) {
      return { status: "already-released", releasedAt: isoTime(now) };
    }
    return { status: "released", queued: await queue(trx, row.id) };
  });
}

/** Deletes leads of one kind with their attribution rows (what refers to them otherwise is the caller's). */
async function deleteLeads(trx: Kysely<DB>, kind: LeadKind, ids: number[]): Promise<void> {
  await trx
    .deleteFrom("lead_attribution")
    .where("lead_kind", "=", kind)
    .where("lead_id", "in", ids)
    .execute();
  await trx.deleteFrom(HELD_LEAD_TABLES[kind]).where("id", "in", ids).execute();
}

/**
 * Deletes held leads never released that are older than HELD_RETENTION_DAYS, a bounded batch of each
 * kind: a quote request with its items, its files and their stored content, and each lead's
 * attribution row. Held leads queued no mail, so nothing in the outbox refers to them.
 */
export async function purgeHeldLeads(
  db: Database,
  now: Date = new Date(),
  batch = HELD_PURGE_BATCH,
): Promise<{ contact: number; quote: number }> {
  const cutoff = isoTime(new Date(now.getTime() - HELD_RETENTION_DAYS * 24 * 60 * 60 * 1000));
  return writeTransaction(db, async (trx) => {
    const expired = (kind: LeadKind) =>
      selectHeld(trx, HELD_LEAD_TABLES[kind])
        .select("id")
        .where("created_at", "<", cutoff)
        .limit(batch)
        .execute();
    const contactIds = (await expired("contact")).map((row) => row.id);
    const quoteIds = (await expired("quote")).map((row) => row.id);
    if (contactIds.length > 0) await deleteLeads(trx, "contact", contactIds);
    if (quoteIds.length > 0) {
      const files = await trx
        .selectFrom("quote_files")
        .select("file_id")
        .where("request_id", "in", quoteIds)
        .execute();
      await trx.deleteFrom("quote_files").where("request_id", "in", quoteIds).execute();
      if (files.length > 0) {
        await trx
          .deleteFrom("stored_files")
          .where(
            "id",
            "in",
            files.map((file) => file.file_id),
          )
          .execute();
      }
      await trx.deleteFrom("quote_items").where("request_id", "in", quoteIds).execute();
      await deleteLeads(trx, "quote", quoteIds);
    }
    return { contact: contactIds.length, quote: quoteIds.length };
  });
}

/**
 * Deletes one held lead that was never released (the desk's Delete, docs/desk.md#held-spam), with what
 * the age-based purge deletes with it; false when there is no such held, unreleased lead.
 */
export async function deleteHeldLead(db: Database, kind: LeadKind, reference: string): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const row = await selectHeld(trx, HELD_LEAD_TABLES[kind])
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!row) return false;
    if (kind === "quote") {
      const files = await trx
        .selectFrom("quote_files")
        .select("file_id")
        .where("request_id", "=", row.id)
        .execute();
      await trx.deleteFrom("quote_files").where("request_id", "=", row.id).execute();
      const fileIds = files.map((file) => file.file_id);
      if (fileIds.length > 0) await trx.deleteFrom("stored_files").where("id", "in", fileIds).execute();
      await trx.deleteFrom("quote_items").where("request_id", "=", row.id).execute();
    }
    await deleteLeads(trx, kind, [row.id]);
    return true;
  });
}
