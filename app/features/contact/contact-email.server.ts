import type { ContactInput } from "~/features/contact/contact";
import { companyFromEmail, datesIn, placesIn } from "~/features/contact/lead-facts.server";
import type { Attribution } from "~/features/leads/attribution/attribution";
import { howTheyFoundUsHtml, howTheyFoundUsText } from "~/features/leads/attribution/attribution.server";
import {
  bodyLine,
  escapeHtml,
  headerSafe,
  isPlainAddress,
  leadNotificationHeaders,
  quoteLines,
} from "~/features/leads/email-text.server";
import { formatReceived } from "~/server/mail/company-time.server";
import type { Email } from "~/server/mail/outbox.server";

export const CONTACT_NOTIFICATION_KIND = "contact_notification";

const SUBJECT_NAME_MAX_LENGTH = 100;

export interface ContactNotificationInput {
  submissionId: number;
  /** The lead's reference (`C-…`), shown first in the subject so sales can find the thread. */
  reference?: string;
  receivedAt: Date;
  contact: ContactInput;
  /** How the visitor came (docs/attribution.md); the block is left out without it. */
  attribution?: Attribution;
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
    ...facts.map(([label, value]) => `${label}: ${bodyLine(value)}`),
    `Name: ${bodyLine(contact.name)}`,
    `Email: ${bodyLine(contact.email)}`,
    `Phone: ${bodyLine(phone)}`,
    `Submission: #${submissionId}${input.reference ? ` (${input.reference})` : ""}`,
    `Received: ${received}`,
    "",
    "Message:",
    quoteLines(contact.message),
    "",
    ...(input.attribution ? [...howTheyFoundUsText(input.attribution), ""] : []),
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
    ...(input.attribution ? howTheyFoundUsHtml(input.attribution) : []),
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
