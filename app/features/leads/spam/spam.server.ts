import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import mailchecker from "mailchecker";
import { MAIL_FORWARDING_DOMAINS } from "~/content/mail-forwarding-domains";
import { SPAM_PHRASES } from "~/content/spam-phrases";
import { HELD_LEAD_TABLES } from "~/features/leads/held-tables.server";
import type { LeadKind } from "~/features/leads/intake/acknowledgement.server";
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
/**
 * Other senders of the same free text within the hour that hold a lead (the repeated-message rule): each
 * a different client with a different address, so one client, however many addresses it types, counts
 * once and can never hold another client's lead alone.
 */
export const REPEAT_SENDERS = 2;
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;
/**
 * Free text shorter than this (after spacing is folded) is never compared: "Please send me a quote." or
 * "4x6 direct thermal labels" is what many real buyers type alike, and what anyone can type before them.
 */
export const REPEAT_MIN_LENGTH = 80;
/** Earlier leads with the same text read by the rule, newest first. */
const REPEAT_ROWS = 50;

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
  /**
   * The free text the repeated-message rule compares: a contact message, or a quote request's notes.
   * Never item lines, quantities, units or part numbers: buyers of a stock item type those alike.
   */
  repeatText: string;
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

/** Link markup (`[url=…]`, `<a href…>`): what forum spam pastes, never a company's name. */
const LINK_MARKUP = /\[url[=\]]|<a\s+href/i;

/**
 * The company field holds a link. Only a link (or link markup) holds the lead: a company written with
 * its site beside its name ("Acme Packaging (www.acmepack.com)") is a signal, not enough alone.
 */
const linkInCompany: Rule = (input) => {
  if (input.company === undefined) return null;
  const links = findLinks(input.company);
  if (links.length === 0) return null;
  let rest = input.company;
  for (const link of links) rest = rest.replace(link, " ");
  const named = /\p{L}{2,}/u.test(rest);
  return named && !LINK_MARKUP.test(input.company)
    ? { code: "link_in_company", reason: "The company field holds a link beside a name.", score: 2 }
    : { code: "link_in_company", reason: "The company field is a link.", score: SPAM_THRESHOLD };
};

/**
 * More than half of the message's visible characters are links: a signal, not enough alone, whatever
 * the number of links. A buyer pastes the product pages of what they want as a quote's rows, or the
 * data sheets they quote against; a pitch of many links also meets many_links and is held.
 */
const mostlyLinks: Rule = (input, links) => {
  if (links.length === 0) return null;
  const visible = input.message.replace(/\s+/g, "").length;
  const linked = links.reduce((sum, link) => sum + link.length, 0);
  if (linked * 2 <= visible) return null;
  return {
    code: "mostly_links",
    reason: links.length >= 2 ? "The message is mostly links." : "The message is one link and little else.",
    score: 3,
  };
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

const forwardingDomains = new Set(MAIL_FORWARDING_DOMAINS);

/**
 * The address's domain, or a parent of it, is on the list of throwaway mail services (mailchecker),
 * unless it is a forwarding or privacy service real buyers use (MAIL_FORWARDING_DOMAINS).
 */
export function isDisposableAddress(email: string): boolean {
  let domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  while (domain.includes(".")) {
    if (forwardingDomains.has(domain)) return false;
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

/**
 * The hash the repeated-message rule compares (case, spacing and Unicode forms do not matter), or null
 * for text shorter than REPEAT_MIN_LENGTH, which the rule never compares.
 */
export function spamMessageHash(text: string): string | null {
  const normalised = text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  if (normalised.length < REPEAT_MIN_LENGTH) return null;
  return createHash("sha256").update(normalised).digest("hex");
}

/** Who sent a lead, for the repeated-message rule: the hashed client key and the address typed. */
export interface SpamSender {
  clientKey: string;
  email: string;
}

/**
 * How many other senders sent the same text within the hour: each counted one must differ from this
 * lead's client and address and from every sender already counted, in both client and address. So a
 * client that posts the text under many addresses counts once, and never for its own lead.
 */
export function otherSenders(sender: SpamSender, earlier: readonly SpamSender[]): number {
  const clients = new Set([sender.clientKey]);
  const addresses = new Set([sender.email.toLowerCase()]);
  let count = 0;
  for (const row of earlier) {
    const address = row.email.toLowerCase();
    if (clients.has(row.clientKey) || addresses.has(address)) continue;
    clients.add(row.clientKey);
    addresses.add(address);
    count += 1;
  }
  return count;
}

/**
 * Whether REPEAT_SENDERS other senders (otherSenders) sent the same free text as this lead, on the
 * same form, within the hour. One indexed lookup, at most REPEAT_ROWS rows read.
 */
export async function repeatedMessage(
  db: Kysely<DB>,
  kind: LeadKind,
  input: SpamSender & { messageHash: string | null },
  now: Date,
): Promise<SpamReason | null> {
  if (input.messageHash === null) return null;
  const rows = await db
    .selectFrom(HELD_LEAD_TABLES[kind])
    .select(["email", "client_key"])
    .where("message_hash", "=", input.messageHash)
    .where("created_at", ">=", isoTime(new Date(now.getTime() - REPEAT_WINDOW_MS)))
    .orderBy("created_at", "desc")
    .limit(REPEAT_ROWS)
    .execute();
  const others = otherSenders(
    input,
    rows.map((row) => ({ clientKey: row.client_key ?? "", email: row.email })),
  );
  return others >= REPEAT_SENDERS
    ? {
        code: "repeated_message",
        reason: `The same message came from ${others} other clients and addresses within the hour.`,
        score: SPAM_THRESHOLD,
      }
    : null;
}

/** Every rule: what was typed, then the repeated-message lookup. */
export async function scoreLead(
  db: Kysely<DB>,
  kind: LeadKind,
  input: SpamInput,
  clientKey: string,
  now: Date,
): Promise<SpamVerdict & { messageHash: string | null }> {
  const messageHash = spamMessageHash(input.repeatText);
  const reasons = scoreText(input);
  const repeated = await repeatedMessage(db, kind, { clientKey, email: input.email, messageHash }, now);
  if (repeated) reasons.push(repeated);
  return { ...verdictOf(reasons), messageHash };
}

/** The columns a held lead is stored with (nulls for one sent on as usual). */
export function heldColumns(verdict: SpamVerdict & { messageHash: string | null }, now: Date) {
  return {
    message_hash: verdict.messageHash,
    held_at: verdict.held ? isoTime(now) : null,
    held_reasons: verdict.held ? JSON.stringify(verdict.reasons) : null,
  };
}
