import type { Kysely } from "kysely";
import { company } from "~/content/company";
import { escapeHtml, isPlainAddress } from "~/features/leads/email-text.server";
import type { DB } from "~/server/db/schema.server";
import { enqueueMail, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import { admitVisitorMail, type VisitorMailSettings } from "~/server/mail/visitor-mail.server";

export const ACKNOWLEDGEMENT_KIND = "lead_acknowledgement";

export type LeadKind = "quote" | "contact";

function hoursLines(): string[] {
  return company.hours.map((slot) =>
    slot.open ? `${slot.days}: ${slot.open} - ${slot.close}` : `${slot.days}: Closed`,
  );
}

/**
 * The acknowledgement's text. It repeats nothing the visitor typed, only the reference the site made
 * and the branch the ship-to ZIP code chose, so the form cannot be used to send a stranger a message of
 * someone else's choosing. It is sent with Reply-To set to sales (or the branch): a reply reaches them.
 */
export function acknowledgementText(
  kind: LeadKind,
  reference: string,
  branchName?: string,
): { subject: string; text: string; html: string } {
  const what = kind === "quote" ? "quote request" : "message";
  const who = branchName ? `our ${branchName} branch` : "our sales team";
  const next =
    kind === "quote"
      ? `A member of ${who} will review your request and reply with pricing and lead times, usually within one business day. If we need more details (sizes, materials, artwork), we will ask.`
      : "A member of our team will read your message and reply, usually within one business day.";
  const reply = `To add anything, reply to this e-mail and keep the reference ${reference} in the subject: your reply reaches ${who}.`;
  const files =
    kind === "quote" ? "Forgot a drawing, artwork or spec sheet? Reply with the files attached." : null;
  const subject = `We received your ${what} (${reference})`;
  const lines = [
    `Thank you for contacting ${company.name}.`,
    "",
    `We received your ${what}. Your reference is ${reference}; please quote it if you contact us about it.`,
    "",
    "What happens next:",
    next,
    "",
    reply,
    ...(files ? [files] : []),
    "",
    `Business hours (${company.hoursNote.toLowerCase()}):`,
    ...hoursLines(),
    "",
    `Phone: ${company.phone}`,
    "",
    "If you did not send this, you can ignore this e-mail.",
    "",
    company.name,
    "",
  ];
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>Thank you for contacting ${escapeHtml(company.name)}.</p>`,
    `<p>We received your ${what}. Your reference is <strong>${reference}</strong>; please quote it if you contact us about it.</p>`,
    `<h2 style="font-size:16px">What happens next</h2><p>${escapeHtml(next)}</p>`,
    `<p>${escapeHtml(reply)}${files ? `<br>${escapeHtml(files)}` : ""}</p>`,
    `<h2 style="font-size:16px">Business hours</h2><p>${hoursLines().map(escapeHtml).join("<br>")}<br>(${escapeHtml(company.hoursNote)})</p>`,
    `<p>Phone: <a href="tel:${company.phoneE164}">${escapeHtml(company.phone)}</a></p>`,
    '<p style="color:#6b7280;font-size:13px">If you did not send this, you can ignore this e-mail.</p>',
    "</body></html>",
  ].join("\n");
  return { subject, text: lines.join("\n"), html };
}

/** What queuing an acknowledgement needs of the services: the sender, and the visitor-mail limits. */
export type AcknowledgementSettings = VisitorMailSettings & { mailFrom: string };

/**
 * Queues the visitor's acknowledgement in the caller's transaction, unless the address cannot be
 * written in a header or a visitor-mail limit leaves it out (docs/product.md#visitor-mail): its
 * normalised mailbox was sent one within the last hour (contact messages and quote requests alike), or
 * the hour's cap of visitor mail is reached. The lead itself is stored and notified either way, and
 * the visitor sees the same answer. Returns the outbox id or null.
 */
export async function queueAcknowledgement(
  trx: Kysely<DB>,
  settings: AcknowledgementSettings,
  input: {
    kind: LeadKind;
    reference: string;
    email: string;
    /** Where the visitor's reply goes: SALES_EMAIL, or the branch a quote request was routed to. */
    replyTo: string;
    /** The branch that answers a routed quote request, named in the text. */
    branchName?: string;
  },
  now: Date,
): Promise<number | null> {
  if (!isPlainAddress(input.email)) return null;
  const decision = await admitVisitorMail(trx, settings, { kind: "acknowledgement", to: input.email }, now);
  if (decision !== "send") return null;
  const { subject, text, html } = acknowledgementText(input.kind, input.reference, input.branchName);
  return enqueueMail(
    trx,
    {
      kind: ACKNOWLEDGEMENT_KIND,
      from: settings.mailFrom,
      to: input.email,
      replyTo: input.replyTo,
      subject,
      text,
      html,
      priority: MAIL_PRIORITY.visitor,
    },
    now,
  );
}
