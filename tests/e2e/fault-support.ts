import { randomBytes } from "node:crypto";
import type { ParsedMail } from "mailparser";

/** What one form post came back with; `status` is null when the connection failed (no answer). */
export interface PostOutcome {
  status: number | null;
  title?: string;
}

/** A distinct client per index, so the per-client limits never refuse a simulated visitor. */
export function clientAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

export function uniqueEmail(label: string, index: number, run = randomBytes(3).toString("hex")): string {
  return `${label}-${run}-${index}@example.com`;
}

export async function postJson(
  origin: string,
  path: string,
  body: Record<string, string>,
  client: string,
): Promise<PostOutcome> {
  try {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { title?: string };
    return { status: response.status, title: json.title };
  } catch {
    return { status: null };
  }
}

export function contactBody(email: string): Record<string, string> {
  return { name: "Load Test", email, phone: "", message: `Quote request from ${email}` };
}

/** The visitor's address of a contact notification: its Reply-To, or the body's "Email:" line. */
export function visitorOf(mail: ParsedMail): string | undefined {
  return mail.replyTo?.value[0]?.address ?? /^Email: (\S+)$/m.exec(mail.text ?? "")?.[1];
}

/** Received notifications grouped by visitor address, each with the Message-IDs it arrived under. */
export function messageIdsByVisitor(messages: ParsedMail[]): Map<string, string[]> {
  const byVisitor = new Map<string, string[]>();
  for (const mail of messages) {
    const visitor = visitorOf(mail) ?? "(none)";
    byVisitor.set(visitor, [...(byVisitor.get(visitor) ?? []), mail.messageId ?? "(none)"]);
  }
  return byVisitor;
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
