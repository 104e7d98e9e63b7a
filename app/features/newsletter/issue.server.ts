import path from "node:path";
import { marked } from "marked";
import YAML from "yaml";
import { headerSafe, isPlainAddress } from "~/features/leads/email-text.server";
import {
  NEWSLETTER_MAIL_KINDS,
  type NewsletterMailSettings,
  subscriberMail,
} from "~/features/newsletter/mail.server";
import { parseNewsletter } from "~/features/newsletter/signup-form";
import { createToken, unsubscribeUrl } from "~/features/newsletter/tokens.server";
import { writeTransaction } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { enqueueMail, MAIL_PRIORITY } from "~/server/mail/outbox.server";

export interface NewsletterIssue {
  /** From the file name: sending the same file again mails nobody twice (docs/newsletter.md). */
  id: string;
  subject: string;
  preheader?: string;
  html: string;
  text: string;
}

export class IssueError extends Error {}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** `2026-12-winter-storage.md` → `2026-12-winter-storage`. */
export function issueIdFromFileName(file: string): string {
  const id = path
    .basename(file)
    .replace(/\.[^.]*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  if (id === "")
    throw new IssueError(`cannot derive an issue id from the file name '${path.basename(file)}'`);
  return id;
}

const STYLES: Array<[RegExp, string]> = [
  [/<h1>/g, '<h1 style="font-size:22px;color:#0f2a43;margin:0 0 12px">'],
  [/<h2>/g, '<h2 style="font-size:18px;color:#0f2a43;margin:24px 0 8px">'],
  [/<h3>/g, '<h3 style="font-size:16px;color:#0f2a43;margin:20px 0 8px">'],
  [/<a href=/g, '<a style="color:#1e5b8c" href='],
  [/<img /g, '<img style="max-width:100%;height:auto" '],
  [
    /<blockquote>/g,
    '<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #f2a900;background:#f6f8fa">',
  ],
];

/** A readable text version of the Markdown: links written out, emphasis marks and images' syntax gone. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, "$1 ($2)")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Reads an issue: YAML front matter (subject, preheader) and a Markdown body. */
export function parseIssue(fileName: string, source: string): NewsletterIssue {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new IssueError("the file must start with front matter (--- subject: ... ---)");
  let meta: unknown;
  try {
    meta = YAML.parse(match[1] ?? "");
  } catch (error) {
    throw new IssueError(
      `the front matter is not valid YAML: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (!meta || typeof meta !== "object")
    throw new IssueError("the front matter must be a map (subject: ...)");
  const { subject, preheader } = meta as Record<string, unknown>;
  if (typeof subject !== "string" || headerSafe(subject, 200) === "") {
    throw new IssueError("the front matter needs a subject");
  }
  if (preheader !== undefined && typeof preheader !== "string")
    throw new IssueError("preheader must be text");
  const body = source.slice(match[0].length);
  if (body.trim() === "") throw new IssueError("the issue has no body");
  let html = marked.parse(body, { async: false, gfm: true });
  for (const [pattern, replacement] of STYLES) html = html.replace(pattern, replacement);
  return {
    id: issueIdFromFileName(fileName),
    subject: headerSafe(subject, 200),
    preheader: preheader ? headerSafe(preheader, 200) : undefined,
    html,
    text: markdownToText(body),
  };
}

export interface SendSummary {
  total: number;
  queued: number;
  /** Addresses that cannot go into a header safely. */
  skipped: number;
  /** Queued by an earlier run of the same issue. */
  alreadySent: number;
}

export function issueDedupeKey(issueId: string, email: string): string {
  return `newsletter-issue:${issueId}:${email}`;
}

const BATCH = 100;

/**
 * Queues one copy of the issue per confirmed subscriber, each with its own unsubscribe link, in
 * batches of 100 (one transaction each, so a long list never holds the write lock for long). The
 * outbox's dedupe key (issue id + address) makes a second run queue nothing for those already queued.
 */
export async function sendIssue(
  db: Database,
  settings: NewsletterMailSettings,
  issue: NewsletterIssue,
  options: { now?: () => Date; onProgress?: (summary: SendSummary) => void } = {},
): Promise<SendSummary> {
  const now = options.now ?? (() => new Date());
  const subscribers = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email"])
    .where("status", "=", "confirmed")
    .orderBy("id")
    .execute();
  const summary: SendSummary = { total: subscribers.length, queued: 0, skipped: 0, alreadySent: 0 };
  for (let start = 0; start < subscribers.length; start += BATCH) {
    const batch = subscribers.slice(start, start + BATCH);
    const counts = await writeTransaction(db, async (trx) => {
      const counted = { queued: 0, skipped: 0, alreadySent: 0 };
      for (const subscriber of batch) {
        if (!isPlainAddress(subscriber.email)) {
          counted.skipped += 1;
          continue;
        }
        const dedupeKey = issueDedupeKey(issue.id, subscriber.email);
        const existing = await trx
          .selectFrom("email_outbox")
          .select("id")
          .where("dedupe_key", "=", dedupeKey)
          .executeTakeFirst();
        if (existing) {
          counted.alreadySent += 1;
          continue;
        }
        const at = now();
        // The subscription may have ended since the list was read: check inside the transaction.
        const still = await trx
          .selectFrom("newsletter_subscriptions")
          .select("id")
          .where("id", "=", subscriber.id)
          .where("status", "=", "confirmed")
          .executeTakeFirst();
        if (!still) {
          counted.skipped += 1;
          continue;
        }
        const token = await createToken(trx, subscriber.id, "unsubscribe", at);
        const id = await enqueueMail(
          trx,
          issueMail(settings, issue, subscriber.email, unsubscribeUrl(settings.siteUrl, token), dedupeKey),
          at,
        );
        if (id === null) counted.alreadySent += 1;
        else counted.queued += 1;
      }
      return counted;
    });
    summary.queued += counts.queued;
    summary.skipped += counts.skipped;
    summary.alreadySent += counts.alreadySent;
    options.onProgress?.({ ...summary });
  }
  return summary;
}

function issueMail(
  settings: NewsletterMailSettings,
  issue: NewsletterIssue,
  to: string,
  unsubscribe: string,
  dedupeKey?: string,
  priority: number = MAIL_PRIORITY.bulk,
) {
  return subscriberMail(settings, {
    kind: NEWSLETTER_MAIL_KINDS.issue,
    to,
    subject: issue.subject,
    preheader: issue.preheader,
    text: issue.text,
    bodyHtml: issue.html,
    unsubscribe,
    priority,
    dedupeKey,
  });
}

/**
 * One copy to one address, for proofreading: no dedupe key (it can be sent again), marked [TEST], and
 * sent ahead of bulk mail. A subscriber's copy gets a working unsubscribe link; anyone else's links to
 * the page that e-mails one.
 */
export async function sendTestIssue(
  db: Database,
  settings: NewsletterMailSettings,
  issue: NewsletterIssue,
  address: string,
  now: Date = new Date(),
): Promise<void> {
  const parsed = parseNewsletter({ email: address });
  if (!parsed.success || !isPlainAddress(parsed.data.email))
    throw new IssueError(`'${address}' is not an e-mail address`);
  const email = parsed.data.email;
  await writeTransaction(db, async (trx) => {
    const subscription = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "status"])
      .where("email", "=", email)
      .executeTakeFirst();
    const unsubscribe =
      subscription?.status === "confirmed"
        ? unsubscribeUrl(settings.siteUrl, await createToken(trx, subscription.id, "unsubscribe", now))
        : `${settings.siteUrl}/newsletter/unsubscribe`;
    const mail = issueMail(
      settings,
      { ...issue, subject: `[TEST] ${issue.subject}` },
      email,
      unsubscribe,
      undefined,
      MAIL_PRIORITY.visitor,
    );
    await enqueueMail(trx, mail, now);
  });
}
