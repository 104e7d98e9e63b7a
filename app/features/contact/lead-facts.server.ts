import { freeMailDomains } from "~/content/contact";
import { isUsStateCode, US_STATE_NAMES } from "~/features/leads/routing/us-states.server";

/*
 * What a contact notification shows at its top so sales can sort it before reading
 * (docs/product.md#sales-notification): the company the sender's address points to, and the dates and
 * places the message names. Every pattern here reads a message of up to 5,000 characters in one pass
 * (tests/integration/request-patterns.test.ts runs them on 100 KB built to make them backtrack).
 */

const FREE_MAIL = new Set(freeMailDomains);

/**
 * The company an address points to: its domain (`jane@lakesidefoods.com` is `lakesidefoods.com`), or
 * null for a free-mail domain (gmail.com and the like) or an address without a domain.
 */
export function companyFromEmail(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) return null;
  return FREE_MAIL.has(domain) ? null : domain;
}

const MONTH =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
/** `Dec 10`, `December 10th, 2026`, `10 Dec`, `12/10`, `12/10/2026`, `2026-12-10`. */
const DATE = new RegExp(
  `\\b(?:(?:${MONTH})\\.? \\d{1,2}(?:st|nd|rd|th)?(?:,? \\d{4})?|\\d{1,2} (?:${MONTH})\\b\\.?(?: \\d{4})?|\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?|\\d{4}-\\d{2}-\\d{2})\\b`,
  "gi",
);
/** `Atlanta, GA`, `Salt Lake City, UT 84101`: up to three capitalised words, a comma, a state code. */
const CITY_STATE = /\b((?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+), ([A-Z]{2})\b(?: (\d{5}))?/g;
/** At most this many of each kind are shown: the message itself is right below. */
const MOST = 5;

function firstMatches(text: string, pattern: RegExp, format: (match: RegExpExecArray) => string | null) {
  const found: string[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match && found.length < MOST; match = pattern.exec(text)) {
    const value = format(match);
    if (value !== null && !found.includes(value)) found.push(value);
  }
  return found;
}

/** Dates the message names, as written (spaces made single), in the order they appear. */
export function datesIn(message: string): string[] {
  return firstMatches(message.replace(/\s+/g, " "), DATE, (match) => match[0]);
}

/** Places the message names as `City, ST` (a real state code), with a ZIP code after it when given. */
export function placesIn(message: string): string[] {
  return firstMatches(message.replace(/\s+/g, " "), CITY_STATE, (match) => {
    const state = match[2] ?? "";
    if (!isUsStateCode(state)) return null;
    return `${match[1]}, ${state}${match[3] ? ` ${match[3]}` : ""} (${US_STATE_NAMES[state]})`;
  });
}
