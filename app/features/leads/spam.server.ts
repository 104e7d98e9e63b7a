import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import mailchecker from "mailchecker";
import { SPAM_PHRASES } from "~/content/spam-phrases";
import type { LeadKind } from "~/features/leads/acknowledgement.server";
import { HELD_LEAD_TABLES } from "~/server/db/held-leads.server";
import { type DB, isoTime } from "~/server/db/schema.server";

/*
 * Spam scoring (docs/spam.md). A post that passed the honeypot, the fill time and the per-client limit
 * is scored here; at SPAM_THRESHOLD or more it is stored as held: no e-mail goes out, and the visitor
 * sees the normal success. Each rule is a small function of what was typed that answers a reason and a
 * score, or nothing.
 */

/** A lead scoring this much or more is held (docs/spam.md#rules). */
export const SPAM_THRESHOLD = 5;
/** More links than this in the message is a signal by itself. */
export const MAX_LINKS = 3;
/** Other addresses that sent the same message within the hour for the repeated-message rule. */
export const REPEAT_ADDRESSES = 2;
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;

export interface SpamReason {
  /** Short and stable, for logs and `npm run leads -- held`. */
  code: string;
  /** What a person reading the held list is told. */
  reason: string;
  score: number;
}

/** What is scored: the free text of a contact message or a quote request. */
export interface SpamInput {
  name: string;
  company?: string;
  email: string;
  /** The message; for a quote request its items' descriptions and notes, one a line. */
  message: string;
}

export interface SpamVerdict {
  held: boolean;
  score: number;
  reasons: SpamReason[];
}

// A URL with a scheme, a www. host, or the markup spammers paste for forums ([url=…], <a href=…>).
const LINK = /\b(?:https?|ftp):\/\/[^\s<>"']+|\bwww\.[^\s<>"']+|\[url[=\]][^\s]*|<a\s+href[^>]*>?/gi;

/** The links of a text (bounded: the forms cap every field before it gets here). */
export function findLinks(text: string): string[] {
  return text.match(LINK) ?? [];
}

type Rule = (input: SpamInput, links: string[]) => SpamReason | null;

const linkInName: Rule = (input) =>
  findLinks(input.name).length > 0
    ? { code: "link_in_name", reason: "The name field holds a link.", score: SPAM_THRESHOLD }
    : null;

const linkInCompany: Rule = (input) =>
  input.company !== undefined && findLinks(input.company).length > 0
    ? { code: "link_in_company", reason: "The company field holds a link.", score: SPAM_THRESHOLD }
    : null;

/**
 * More than half of the message's visible characters are links. With one link only it is a signal, not
 * enough alone: a buyer may paste the product page of what they want as a quote row's description.
 */
const mostlyLinks: Rule = (input, links) => {
  if (links.length === 0) return null;
  const visible = input.message.replace(/\s+/g, "").length;
  const linked = links.reduce((sum, link) => sum + link.length, 0);
  if (linked * 2 <= visible) return null;
  return links.length >= 2
    ? { code: "mostly_links", reason: "The message is mostly links.", score: SPAM_THRESHOLD }
    : { code: "mostly_links", reason: "The message is one link and little else.", score: 3 };
};

const manyLinks: Rule = (_input, links) =>
  links.length > MAX_LINKS
    ? {
        code: "many_links",
        reason: `The message holds ${links.length} links (more than ${MAX_LINKS}).`,
        score: 3,
      }
    : null;

const disposableDomains = mailchecker.blacklist();

/** The address's domain, or a parent of it, is on the list of throwaway mail services (mailchecker). */
export function isDisposableAddress(email: string): boolean {
  let domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  while (domain.includes(".")) {
    if (disposableDomains.has(domain)) return true;
    domain = domain.slice(domain.indexOf(".") + 1);
  }
  return false;
}

const disposableEmail: Rule = (input) =>
  isDisposableAddress(input.email)
    ? { code: "disposable_email", reason: "The e-mail address is at a throwaway mail service.", score: 3 }
    : null;

const phrasePatterns = SPAM_PHRASES.map(
  (phrase) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}(?:$|[^\\p{L}\\p{N}])`, "iu"),
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const spamPhrases: Rule = (input) => {
  const text = [input.name, input.company ?? "", input.message].join("\n");
  const found = SPAM_PHRASES.filter((_phrase, index) => phrasePatterns[index]?.test(text));
  if (found.length === 0) return null;
  return {
    code: "spam_phrase",
    reason: `Known spam phrases: ${found.slice(0, 3).join(", ")}.`,
    score: found.length >= 2 ? SPAM_THRESHOLD : 3,
  };
};

const RULES: readonly Rule[] = [
  linkInName,
  linkInCompany,
  mostlyLinks,
  manyLinks,
  disposableEmail,
  spamPhrases,
];

/** The rules that look only at what was typed. */
export function scoreText(input: SpamInput): SpamReason[] {
  const links = findLinks(input.message);
  return RULES.map((rule) => rule(input, links)).filter((reason) => reason !== null);
}

/** The reasons' total against the threshold. */
export function verdictOf(reasons: SpamReason[]): SpamVerdict {
  const score = reasons.reduce((sum, reason) => sum + reason.score, 0);
  return { held: score >= SPAM_THRESHOLD, score, reasons };
}

/** The hash the repeated-message rule compares: case, spacing and Unicode forms do not matter. */
export function spamMessageHash(message: string): string {
  const normalised = message.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  return createHash("sha256").update(normalised).digest("hex");
}

/**
 * Whether REPEAT_ADDRESSES other addresses sent the same message (by spamMessageHash) as this lead's
 * kind within the hour. One indexed lookup, at most a few rows read.
 */
export async function repeatedMessage(
  db: Kysely<DB>,
  kind: LeadKind,
  input: { email: string; messageHash: string },
  now: Date,
): Promise<SpamReason | null> {
  const rows = await db
    .selectFrom(HELD_LEAD_TABLES[kind])
    .select("email")
    .where("message_hash", "=", input.messageHash)
    .where("created_at", ">=", isoTime(new Date(now.getTime() - REPEAT_WINDOW_MS)))
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  const others = new Set(
    rows.map((row) => row.email.toLowerCase()).filter((email) => email !== input.email.toLowerCase()),
  );
  return others.size >= REPEAT_ADDRESSES
    ? {
        code: "repeated_message",
        reason: `The same message came from ${others.size} other addresses within the hour.`,
        score: SPAM_THRESHOLD,
      }
    : null;
}

/** Every rule: what was typed, then the repeated-message lookup. */
export async function scoreLead(
  db: Kysely<DB>,
  kind: LeadKind,
  input: SpamInput,
  now: Date,
): Promise<SpamVerdict & { messageHash: string }> {
  const messageHash = spamMessageHash(input.message);
  const reasons = scoreText(input);
  const repeated = await repeatedMessage(db, kind, { email: input.email, messageHash }, now);
  if (repeated) reasons.push(repeated);
  return { ...verdictOf(reasons), messageHash };
}

/** The columns a held lead is stored with (nulls for one sent on as usual). */
export function heldColumns(verdict: SpamVerdict & { messageHash: string }, now: Date) {
  return {
    message_hash: verdict.messageHash,
    held_at: verdict.held ? isoTime(now) : null,
    held_reasons: verdict.held ? JSON.stringify(verdict.reasons) : null,
  };
}
