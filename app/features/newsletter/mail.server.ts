import { createHash } from "node:crypto";
import { company } from "~/content/company";
import { newsletter } from "~/content/newsletter";
import { escapeHtml } from "~/features/leads/email-text.server";
import { type Email, MAIL_PRIORITY } from "~/server/mail/outbox.server";

/** Where newsletter e-mails come from and link to. */
export interface NewsletterMailSettings {
  /** The run-time origin (SITE_URL), for absolute links. */
  siteUrl: string;
  mailFrom: string;
  /** The mailto: half of List-Unsubscribe goes to people who can act on it. */
  salesEmail: string;
}

/**
 * Which signup wording a subscriber saw: a hash of the texts around the form, so changing them changes
 * the version without anyone having to remember to (docs/newsletter.md).
 */
export const NEWSLETTER_CONSENT_VERSION = createHash("sha256")
  .update([newsletter.heading, newsletter.text, newsletter.privacyNote].join("\n"))
  .digest("hex")
  .slice(0, 12);

export const postalAddressLine = `${company.postalAddress.street}, ${company.postalAddress.city}, ${company.postalAddress.stateCode} ${company.postalAddress.postalCode}`;

/** RFC 8058 headers: mail clients show an unsubscribe button that posts to the link at once. */
export function unsubscribeHeaders(url: string, salesEmail: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>, <mailto:${salesEmail}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

const REASON = `You receive this e-mail because you subscribed to the ${company.name} newsletter on our website.`;

function footerText(unsubscribe: string): string {
  return ["--", company.name, postalAddressLine, REASON, `Unsubscribe: ${unsubscribe}`].join("\n");
}

function footerHtml(unsubscribe: string): string {
  return [
    '<tr><td style="padding:20px 24px;font-size:13px;color:#4b5563;border-top:1px solid #e6ebf0">',
    `<p style="margin:0 0 4px"><strong>${escapeHtml(company.name)}</strong><br>${escapeHtml(postalAddressLine)}</p>`,
    `<p style="margin:0 0 4px">${escapeHtml(REASON)}</p>`,
    `<p style="margin:0"><a href="${escapeHtml(unsubscribe)}" style="color:#1e5b8c">Unsubscribe</a></p>`,
    "</td></tr>",
  ].join("\n");
}

/** The site's look in e-mail: navy band with the name, white card, amber rule, system fonts. */
export function layoutHtml(options: {
  title: string;
  preheader?: string;
  bodyHtml: string;
  footer?: string;
}): string {
  const preheader = options.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(options.preheader)}</div>`
    : "";
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.title)}</title></head>`,
    '<body style="margin:0;background:#f6f8fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    preheader,
    '<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" style="max-width:600px;width:100%;border-collapse:collapse;background:#ffffff">',
    `<tr><td style="background:#0f2a43;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-bottom:4px solid #f2a900">${escapeHtml(company.name)}</td></tr>`,
    `<tr><td style="padding:24px">${options.bodyHtml}</td></tr>`,
    options.footer ?? "",
    "</table></td></tr></table></body></html>",
  ].join("\n");
}

function button(url: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#f2a900;color:#0f2a43;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
}

export const NEWSLETTER_MAIL_KINDS = {
  confirmation: "newsletter_confirmation",
  welcome: "newsletter_welcome",
  unsubscribeLink: "newsletter_unsubscribe_link",
  issue: "newsletter_issue",
} as const;

/**
 * The double opt-in e-mail. It goes to someone who is not a subscriber yet and may never have asked,
 * so it carries no List-Unsubscribe: ignoring it is enough, and it says so.
 */
export function buildConfirmationMail(settings: NewsletterMailSettings, to: string, link: string): Email {
  const subject = `Confirm your subscription to the ${company.name} newsletter`;
  const text = [
    "Please confirm your newsletter subscription",
    "",
    `Someone, hopefully you, asked to receive the ${company.name} newsletter at this address.`,
    "Open this link and press the button to confirm (the link works for 7 days):",
    "",
    link,
    "",
    "If you did not ask for it, ignore this e-mail: we will not write to you again.",
    "",
    "--",
    company.name,
    postalAddressLine,
  ].join("\n");
  const html = layoutHtml({
    title: subject,
    bodyHtml: [
      '<h1 style="font-size:20px;color:#0f2a43;margin:0 0 12px">Please confirm your newsletter subscription</h1>',
      `<p>Someone, hopefully you, asked to receive the ${escapeHtml(company.name)} newsletter at this address. Open the link and press the button to confirm (the link works for 7 days).</p>`,
      button(link, "Confirm subscription"),
      `<p style="font-size:13px;color:#4b5563">Or copy this address into your browser: ${escapeHtml(link)}</p>`,
      "<p>If you did not ask for it, ignore this e-mail: we will not write to you again.</p>",
      `<p style="font-size:13px;color:#4b5563">${escapeHtml(company.name)}, ${escapeHtml(postalAddressLine)}</p>`,
    ].join("\n"),
  });
  return {
    kind: NEWSLETTER_MAIL_KINDS.confirmation,
    from: settings.mailFrom,
    to,
    subject,
    text,
    html,
    priority: MAIL_PRIORITY.visitor,
  };
}

/** Any e-mail to a subscriber: the unsubscribe headers and the footer. */
export function subscriberMail(
  settings: NewsletterMailSettings,
  parts: {
    kind: string;
    to: string;
    subject: string;
    preheader?: string;
    text: string;
    bodyHtml: string;
    unsubscribe: string;
    priority: number;
    dedupeKey?: string;
  },
): Email {
  return {
    kind: parts.kind,
    from: settings.mailFrom,
    to: parts.to,
    subject: parts.subject,
    text: `${parts.text.trimEnd()}\n\n${footerText(parts.unsubscribe)}\n`,
    html: layoutHtml({
      title: parts.subject,
      preheader: parts.preheader,
      bodyHtml: parts.bodyHtml,
      footer: footerHtml(parts.unsubscribe),
    }),
    headers: unsubscribeHeaders(parts.unsubscribe, settings.salesEmail),
    priority: parts.priority,
    dedupeKey: parts.dedupeKey,
  };
}

export function buildWelcomeMail(settings: NewsletterMailSettings, to: string, unsubscribe: string): Email {
  return subscriberMail(settings, {
    kind: NEWSLETTER_MAIL_KINDS.welcome,
    to,
    subject: `Welcome to the ${company.name} newsletter`,
    text: [
      "Your subscription is confirmed.",
      "",
      "About once a month we send practical tips on labels, printing, packaging and warehouse organization, plus new products and brochures.",
    ].join("\n"),
    bodyHtml: [
      '<h1 style="font-size:20px;color:#0f2a43;margin:0 0 12px">Your subscription is confirmed</h1>',
      "<p>About once a month we send practical tips on labels, printing, packaging and warehouse organization, plus new products and brochures.</p>",
    ].join("\n"),
    unsubscribe,
    priority: MAIL_PRIORITY.visitor,
  });
}

export function buildUnsubscribeLinkMail(
  settings: NewsletterMailSettings,
  to: string,
  unsubscribe: string,
  dedupeKey: string,
): Email {
  return subscriberMail(settings, {
    kind: NEWSLETTER_MAIL_KINDS.unsubscribeLink,
    to,
    subject: `Your link to unsubscribe from the ${company.name} newsletter`,
    text: [
      "Someone asked on our website for a link to unsubscribe this address from our newsletter.",
      "Open this link and press the button to unsubscribe:",
      "",
      unsubscribe,
      "",
      "If you want to keep receiving the newsletter, ignore this e-mail.",
    ].join("\n"),
    bodyHtml: [
      '<h1 style="font-size:20px;color:#0f2a43;margin:0 0 12px">Unsubscribe from the newsletter</h1>',
      "<p>Someone asked on our website for a link to unsubscribe this address from our newsletter. Open the link and press the button to unsubscribe.</p>",
      button(unsubscribe, "Unsubscribe"),
      "<p>If you want to keep receiving the newsletter, ignore this e-mail.</p>",
    ].join("\n"),
    unsubscribe,
    priority: MAIL_PRIORITY.visitor,
    dedupeKey,
  });
}
