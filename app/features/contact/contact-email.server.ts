import type { ContactInput } from "~/features/contact/contact";
import { companyFromEmail, datesIn, placesIn } from "~/features/contact/lead-facts.server";
import { formatReceived } from "~/server/mail/company-time.server";
import type { Email } from "~/server/mail/outbox.server";

export const CONTACT_NOTIFICATION_KIND = "contact_notification";

const SUBJECT_NAME_MAX_LENGTH = 100;

// The form accepts any "x@y.z" shape, but a header address with quotes, commas, brackets or the like
// would be read by mail clients as several addresses or none. Such an address stays in the body only.
const PLAIN_ADDRESS = /^[^\s@",;:<>()[\]\\]+@[^\s@",;:<>()[\]\\]+\.[^\s@",;:<>()[\]\\]+$/;

export function isPlainAddress(address: string): boolean {
  return PLAIN_ADDRESS.test(address);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Line breaks of any kind, including the ones only some mail clients and editors honour. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** Characters that reorder how the text around them is displayed (bidirectional controls). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** An RFC 2047 encoded word, which mail clients decode when it appears in a header. */
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/gi;

/** One line of text: control characters and line separators become spaces, runs of spaces one. */
function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function shorten(value: string, maxLength: number): string {
  const chars = Array.from(value);
  // Cut between code points: half a surrogate pair would show as a broken character.
  return chars.length > maxLength ? `${chars.slice(0, maxLength - 1).join("")}…` : value;
}

/**
 * One line of header-safe text: no control characters or line separators, no bidirectional
 * controls (which could make the subject read as something else), and no encoded words (which a
 * mail client would decode into text the form never let through), single spaces.
 */
export function headerSafe(value: string, maxLength: number): string {
  let text = oneLine(value.replace(BIDI_CONTROLS, " "));
  // Removing one encoded word can join its neighbours into another.
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(ENCODED_WORD, " ");
  }
  return shorten(oneLine(text), maxLength);
}

/**
 * A field shown after its label in the plain-text body: kept on that one line (a line break in it
 * would start a line of its own that could pass for another label) and without bidirectional
 * controls, which could make the line read as something else.
 */
function bodyField(value: string): string {
  return oneLine(value.replace(BIDI_CONTROLS, ""));
}

/**
 * The visitor's message, every line prefixed with "> ": however it is written, no line of it can
 * pass for a label line of the notification.
 */
export function quoteLines(value: string): string {
  return value
    .split(LINE_BREAK)
    .map((line) => {
      const clean = line.replace(/[\p{Cc}]/gu, (c) => (c === "\t" ? c : " ")).trimEnd();
      return clean === "" ? ">" : `> ${clean}`;
    })
    .join("\n");
}

/**
 * Headers of every sales notification about a lead (docs/product.md#sales-notification). Delivery is
 * at least once: a worker that dies after the SMTP peer accepted a message but before it recorded
 * that, sends it again. Both copies carry the same Message-ID (made from the outbox row, see the mail
 * worker) and the same reference, and say so, so a mail rule or the mail client can fold them.
 */
export function leadNotificationHeaders(reference: string): Record<string, string> {
  return {
    "X-Lead-Reference": reference,
    "X-Duplicate-Policy": `at-least-once; a copy may arrive twice, with the same Message-ID and X-Lead-Reference: ${reference}`,
  };
}

export interface ContactNotificationInput {
  submissionId: number;
  /** The lead's reference (`C-…`), shown first in the subject so sales can find the thread. */
  reference?: string;
  receivedAt: Date;
  contact: ContactInput;
  salesEmail: string;
  mailFrom: string;
  /** SITE_TIME_ZONE: the arrival time is shown in it. */
  timeZone: string;
}

/**
 * The e-mail that tells sales about a new inquiry; replying answers the visitor directly. Its top names
 * the company (the sender's mail domain, unless a free-mail one) and the dates and places the message
 * mentions, so sales can sort it before reading.
 */
export function buildContactNotification(input: ContactNotificationInput): Email {
  const { contact, submissionId } = input;
  const received = formatReceived(input.receivedAt, input.timeZone);
  const phone = contact.phone ?? "(not provided)";
  const domain = companyFromEmail(contact.email);
  const company = domain ? `${domain} (from the e-mail address)` : "(not known: a personal e-mail address)";
  const dates = datesIn(contact.message);
  const places = placesIn(contact.message);
  const facts: Array<[string, string]> = [
    ["Company", company],
    ...(dates.length > 0 ? [["Dates mentioned", dates.join("; ")] as [string, string]] : []),
    ...(places.length > 0 ? [["Places mentioned", places.join("; ")] as [string, string]] : []),
  ];
  const subjectName = headerSafe(contact.name, SUBJECT_NAME_MAX_LENGTH);
  const subjectPrefix = input.reference ? `[${input.reference}] ` : "";

  const text = [
    "New website inquiry",
    "",
    ...facts.map(([label, value]) => `${label}: ${bodyField(value)}`),
    `Name: ${bodyField(contact.name)}`,
    `Email: ${bodyField(contact.email)}`,
    `Phone: ${bodyField(phone)}`,
    `Submission: #${submissionId}${input.reference ? ` (${input.reference})` : ""}`,
    `Received: ${received}`,
    "",
    "Message:",
    quoteLines(contact.message),
    "",
    "Reply to this e-mail to answer the visitor directly.",
    "",
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th>` +
    `<td style="padding:4px 0">${value}</td></tr>`;
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>New website inquiry</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<h1 style="font-size:18px">New website inquiry</h1>',
    '<table role="presentation" style="border-collapse:collapse">',
    ...facts.map(([label, value]) => row(escapeHtml(label), escapeHtml(value))),
    row("Name", escapeHtml(contact.name)),
    row("Email", `<a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a>`),
    row("Phone", escapeHtml(phone)),
    row("Submission", `#${submissionId}${input.reference ? ` (${input.reference})` : ""}`),
    row("Received", escapeHtml(received)),
    "</table>",
    '<h2 style="font-size:16px">Message</h2>',
    `<div style="white-space:pre-wrap">${escapeHtml(contact.message)}</div>`,
    '<p style="color:#6b7280;font-size:13px">Reply to this e-mail to answer the visitor directly.</p>',
    "</body></html>",
  ].join("\n");

  return {
    kind: CONTACT_NOTIFICATION_KIND,
    from: input.mailFrom,
    to: input.salesEmail,
    replyTo: isPlainAddress(contact.email) ? contact.email : null,
    subject: `${subjectPrefix}${subjectName === "" ? "New website inquiry" : `New website inquiry from ${subjectName}`}`,
    text,
    html,
    headers: input.reference ? leadNotificationHeaders(input.reference) : undefined,
  };
}
