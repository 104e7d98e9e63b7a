/** The audit's Markdown tables (scripts/audit/audit.ts): one row per page, and the LCP of each. */
import type { Category, LcpBreakdown } from "./audit-lighthouse";
import type { OpeningTasks } from "./audit-trace";

const KB = 1024;

export interface PageResult {
  page: string;
  /** Median of the runs. */
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  /** The median of the runs' longest task after the first paint (real trace); null when no trace held it. */
  longestAfterPaintMs: number | null;
  cls: number;
  /** The document's server response time as Lighthouse measured it (what its simulation starts from). */
  serverMs: number;
  /** JavaScript the page loaded, gzip bytes as our server sends them, and the number of files. */
  scriptBytes: number;
  scriptFiles: number;
  /** The HTML as sent with brotli, headers included. */
  documentBytes: number;
  lcp: LcpBreakdown;
  /** Each counted run's TBT and its first tasks (scripts/audit/audit-trace.ts); null where the trace lacks them. */
  openings: Array<{ tbtMs: number; tasks: OpeningTasks | null }>;
  failures: string[];
  environment: string;
  runs: number;
  discarded: string[];
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function seoCell(result: PageResult, noIndex: boolean): string {
  return noIndex ? `${result.scores.seo} (noindex)` : String(result.scores.seo);
}

export function table(results: PageResult[], noIndex: (page: string) => boolean): string {
  const rows = results.map((r) =>
    [
      `\`${r.page}\``,
      r.scores.performance,
      r.scores.accessibility,
      r.scores["best-practices"],
      seoCell(r, noIndex(r.page)),
      formatSeconds(r.lcpMs),
      `${Math.round(r.tbtMs)} ms`,
      r.cls.toFixed(3),
      formatKb(r.scriptBytes),
      r.documentBytes ? formatKb(r.documentBytes) : "",
    ].join(" | "),
  );
  return [
    "| Page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | JS (gzip) | HTML (br, headers) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

export const PHASES = ["TTFB", "Load Delay", "Load Time", "Render Delay"] as const;

export function breakdownTable(results: PageResult[]): string {
  const ms = (value: number | undefined) => (value === undefined ? "-" : `${Math.round(value)} ms`);
  const rows = results.map((r) =>
    [`\`${r.page}\``, `\`${r.lcp.element}\``, ...PHASES.map((phase) => ms(r.lcp.phases[phase]))].join(" | "),
  );
  return [
    "| Page | LCP element | TTFB | Load delay | Load time | Render delay |",
    "|---|---|---:|---:|---:|---:|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/**
 * One line on the tasks of every run: TBT, the browser's commit of the document, the page's longest task
 * before its first paint and its longest after it, run by run (docs/decisions/0042, 0046).
 */
export function openingsLine(result: PageResult): string {
  const each = (pick: (opening: PageResult["openings"][number]) => number | undefined) =>
    result.openings.map((opening) => {
      const value = pick(opening);
      return value === undefined ? "?" : String(Math.round(value));
    });
  return (
    `first tasks per run: TBT ${each((o) => o.tbtMs).join("/")} ms; ` +
    `browser's commit ${each((o) => o.tasks?.commitMs).join("/")} ms; ` +
    `page's longest ${each((o) => o.tasks?.longestPageTaskMs).join("/")} ms; ` +
    `longest after first paint ${each((o) => o.tasks?.longestAfterPaintMs).join("/")} ms`
  );
}
