import type { ContactInput } from "~/forms/contact";
import type { QueuedMail } from "~/server/mail/outbox.server";

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

/** One line of header-safe text: no control characters or line separators, single spaces. */
export function headerSafe(value: string, maxLength: number): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

export interface ContactNotificationInput {
  submissionId: number;
  receivedAt: Date;
  contact: ContactInput;
  salesEmail: string;
  mailFrom: string;
}

/** The e-mail that tells sales about a new inquiry; replying answers the visitor directly. */
export function buildContactNotification(input: ContactNotificationInput): QueuedMail {
  const { contact, submissionId } = input;
  const received = input.receivedAt
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");
  const phone = contact.phone ?? "(not provided)";

  const text = [
    "New website inquiry",
    "",
    `Name: ${contact.name}`,
    `Email: ${contact.email}`,
    `Phone: ${phone}`,
    `Submission: #${submissionId}`,
    `Received: ${received}`,
    "",
    "Message:",
    contact.message,
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
    row("Name", escapeHtml(contact.name)),
    row("Email", `<a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a>`),
    row("Phone", escapeHtml(phone)),
    row("Submission", `#${submissionId}`),
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
    subject: `New website inquiry from ${headerSafe(contact.name, SUBJECT_NAME_MAX_LENGTH)}`,
    text,
    html,
  };
}
