/**
 * Reading a Lighthouse result for the audit (scripts/audit/audit.ts): category scores, metric values, the
 * audits that cost points, and what the largest contentful paint was made of.
 */
import type { Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** What the LCP of the median run consists of (Lighthouse's `largest-contentful-paint-element`). */
export interface LcpBreakdown {
  element: string;
  /** Phase name (TTFB, Load Delay, Load Time, Render Delay) to milliseconds. */
  phases: Record<string, number>;
}

export function score(lhr: Result, category: Category): number {
  const value = lhr.categories[category]?.score;
  return typeof value === "number" ? Math.round(value * 100) : 0;
}

export function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The audits that cost a category points, for the failure message. */
export function failingAudits(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const value = lhr.audits[ref.id]?.score;
      return typeof value === "number" && value < 1;
    })
    .map((ref) => ref.id);
}

export function browserVersion(lhr: Result): string {
  const match = /(?:HeadlessChrome|Chrome)\/([\d.]+)/.exec(lhr.environment.hostUserAgent);
  return match ? `Chromium ${match[1]}` : "Chromium";
}

/** Lighthouse's table details, read without its full type tree: rows of unknown shape. */
export interface TableDetails {
  items?: Array<Record<string, unknown>>;
}

export function lcpBreakdown(lhr: Result): LcpBreakdown {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: Array<TableDetails> }
    | undefined;
  const [elementTable, phaseTable] = details?.items ?? [];
  const node = elementTable?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const phases: Record<string, number> = {};
  for (const row of phaseTable?.items ?? []) {
    if (typeof row.phase === "string" && typeof row.timing === "number") phases[row.phase] = row.timing;
  }
  return { element: node?.selector ?? node?.nodeLabel ?? "(none)", phases };
}
