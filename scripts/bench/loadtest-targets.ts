/** The load test's targets (docs/benchmarks.md): each check this run made, and whether it was met. */

/** A target of docs/benchmarks.md and whether this run met it. */
export interface Target {
  what: string;
  figure: string;
  met: boolean;
}
export const targets: Target[] = [];
export function check(what: string, figure: string, met: boolean): void {
  targets.push({ what, figure, met });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Indent for the lines under a scenario's heading. */
export const pad = "".padEnd(34);
