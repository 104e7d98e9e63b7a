import type { Kysely } from "kysely";
import type { Attribution } from "~/features/leads/attribution/attribution";
import type { LeadKind } from "~/features/leads/intake/acknowledgement.server";
import type { ReferencePrefix } from "~/features/leads/intake/reference.server";
import type { SpamInput } from "~/features/leads/spam/spam.server";
import type { SiteServices } from "~/load-context";
import type { DB, IsoTimestamp } from "~/server/db/schema.server";
import type { RateLimit, RateLimitResult } from "~/server/rate-limit.server";

/*
 * What a lead form supplies to the lead intake (intake.server.ts): only what is its own. A new form
 * writes one LeadForm and calls runIntake with it; it writes no step of its own.
 */

/** What the intake uses of the site's services. */
export type IntakeServices = Pick<SiteServices, "db" | "logger" | "now"> &
  Partial<Pick<SiteServices, "webhooks" | "wakeMailWorker">>;

/** The columns every lead row is stored with, whatever its form: give them to the insert as they are. */
export interface LeadColumns {
  reference: string;
  client_key: string;
  created_at: IsoTimestamp;
  message_hash: string | null;
  held_at: IsoTimestamp | null;
  held_reasons: string | null;
}

/** A lead stored in this transaction, as its follow-ups take it. */
export interface StoredLead<L, R> {
  id: number;
  reference: string;
  receivedAt: Date;
  attribution: Attribution;
  /** The form's checked lead (its parse's output). */
  lead: L;
  /** What the form's insert returned. */
  row: R;
}

/** The queued follow-ups' counts the intake reads (the rest is logged as the form returns it). */
export interface FollowUpCounts {
  webhooks: number;
}

/**
 * A lead form, as the intake runs it. `S` is what the form uses of the services, `P` its post as the
 * route hands it over, `L` its checked lead, `R` what its insert returns, `Q` what its follow-ups
 * queued, `A` its answer.
 */
export interface LeadForm<
  S extends IntakeServices,
  P,
  L,
  R extends { id: number },
  Q extends FollowUpCounts,
  A,
> {
  kind: LeadKind;
  referencePrefix: ReferencePrefix;
  /** How the logs name the form ("contact form") and its stored lead ("contact submission"). */
  names: { form: string; lead: string };
  /**
   * The per-client limit: counted on every post before anything else is read (`post`), or with the lead,
   * in its transaction, so only a post that stores a lead counts (`lead`).
   */
  limit:
    | { per: "post"; count(deps: S, clientKey: string, now: Date): Promise<RateLimitResult> }
    | { per: "lead"; key(clientKey: string): string; rule: RateLimit };
  /** The server's own refusals, not counted against the client (every upload slot taken, say). */
  serverRefusal?(deps: S, post: P, clientKey: string): A | undefined;
  /** The post's own faults found before the honeypot is read (a refused upload). */
  postRefusal?(deps: S, post: P, clientKey: string): A | undefined;
  /** True when the hidden field only a bot fills was filled. */
  isHoneypotFilled(post: P): boolean;
  /** The minimum fill time and the form's expiry; an answer refuses the post. */
  fillTime?(deps: S, post: P, clientKey: string, now: Date): A | undefined;
  /** The form's schema: the checked lead, or the answer that refuses what was typed. */
  parse(deps: S, post: P, clientKey: string): { ok: true; lead: L } | { ok: false; answer: A };
  /** The attribution field as posted (parsed by the intake). */
  attributionField(post: P): unknown;
  /** What the spam rules read of the lead. */
  spamInput(lead: L): SpamInput;
  /** Stores the lead's own rows, in the intake's transaction; `columns` go into its row as they are. */
  insert(trx: Kysely<DB>, lead: L, columns: LeadColumns, now: Date): Promise<R>;
  /** Queues what follows a lead that is sent on: notification, acknowledgement, webhook event. */
  followUps(trx: Kysely<DB>, deps: S, stored: StoredLead<L, R>, now: Date): Promise<Q>;
  /** What the log line of a lead sent on says: no personal data, what was stored and queued. */
  logFacts(stored: StoredLead<L, R>, queued: Q): Record<string, unknown>;
  answers: {
    /** A success: the lead stored (and maybe held), or a bot answered as if it were. */
    accepted(reference: string, lead: L | undefined): A;
    /** Refused by the per-client limit. */
    limited(limited: RateLimitResult, post: P): A;
    /** The server failed; `lead` when the post got that far. */
    failed(post: P, lead: L | undefined): A;
  };
}
