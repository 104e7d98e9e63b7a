/**
 * What the page's tasks cost in a Lighthouse run's trace, for the audit (scripts/audit/audit.ts): the browser's
 * commit of the document, the longest task of the page's own before its first paint, and the longest
 * after it (the real trace's figure the audit checks beside TBT).
 * Lighthouse's simulation replays both four times as long, and the TBT it reports comes from how they
 * add up (docs/quality.md, docs/decisions/0042): printing them per run tells a long commit (Chromium's)
 * from a page that does more work.
 */

/** The fields of a trace event read here (Chrome's trace event format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

export interface OpeningTasks {
  /** The task that committed the document, in milliseconds. */
  commitMs: number;
  /** The longest other main-thread task from the navigation to the first contentful paint. */
  longestPageTaskMs: number;
  /** The longest main-thread task of the page from its first contentful paint to the trace's end. */
  longestAfterPaintMs: number;
}

/**
 * Blocking time the audit accepts on every page (docs/quality.md, docs/decisions/0046): Lighthouse's TBT
 * (the median of the runs) and the longest task after the first paint in the real trace (the median of the
 * runs' longest), each at most this.
 */
export const BLOCKING_BUDGET_MS = 50;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * The longest task after the first paint that the audit checks: the median over the runs whose trace
 * held it, or null when none did (a page whose traces could not be read is then checked on TBT alone,
 * and the line says "?").
 */
export function longestAfterPaint(openings: ReadonlyArray<{ tasks: OpeningTasks | null }>): number | null {
  const values = openings.flatMap((opening) => (opening.tasks ? [opening.tasks.longestAfterPaintMs] : []));
  return values.length > 0 ? median(values) : null;
}

/** The blocking targets a page misses, in the words the audit prints; none when it meets them. */
export function blockingFailures(figures: { tbtMs: number; longestAfterPaintMs: number | null }): string[] {
  const failures: string[] = [];
  // Compared in whole milliseconds, as printed: Lighthouse's simulation can leave a remainder of
  // floating-point arithmetic (5.7e-14 ms) where no task blocked at all.
  const tbt = Math.round(figures.tbtMs);
  if (!(tbt <= BLOCKING_BUDGET_MS)) failures.push(`TBT ${tbt} ms > ${BLOCKING_BUDGET_MS} ms`);
  const longest = figures.longestAfterPaintMs;
  if (longest !== null && !(Math.round(longest) <= BLOCKING_BUDGET_MS))
    failures.push(`longest task after the first paint ${Math.round(longest)} ms > ${BLOCKING_BUDGET_MS} ms`);
  return failures;
}

/** A top-level main-thread task, as Chromium's scheduler names it. */
const TASK = "RunTask";
const COMMIT = "DocumentLoader::CommitNavigation";
/** The commit can be recorded a little before the navigation's own start mark. */
const BEFORE_NAVIGATION_US = 100_000;

function isPageNavigation(event: TraceEvent): boolean {
  const data = event.args?.data;
  return (
    event.name === "navigationStart" &&
    data?.isOutermostMainFrame === true &&
    typeof data.documentLoaderURL === "string" &&
    /^https?:/.test(data.documentLoaderURL)
  );
}

/**
 * The commit and the longest page task of the run's page, or null when the trace does not hold its
 * navigation or first paint (a run Lighthouse could not record).
 */
export function openingTasks(events: readonly TraceEvent[]): OpeningTasks | null {
  const navigation = events.find(isPageNavigation);
  if (!navigation) return null;
  const navigationId = navigation.args?.data?.navigationId;
  const paint = events.find(
    (event) =>
      event.name === "firstContentfulPaint" &&
      event.pid === navigation.pid &&
      event.ts >= navigation.ts &&
      (navigationId === undefined || event.args?.data?.navigationId === navigationId),
  );
  if (!paint) return null;

  const pageThread = events.filter(
    (event) => event.ph === "X" && event.pid === navigation.pid && event.tid === navigation.tid,
  );
  const onMainThread = pageThread.filter(
    (event) => event.ts >= navigation.ts - BEFORE_NAVIGATION_US && event.ts < paint.ts,
  );
  let afterPaintUs = 0;
  for (const event of pageThread)
    if (event.name === TASK && event.ts >= paint.ts) afterPaintUs = Math.max(afterPaintUs, event.dur ?? 0);
  const tasks = onMainThread.filter((event) => event.name === TASK && (event.dur ?? 0) > 0);
  const encloses = (task: TraceEvent, event: TraceEvent) =>
    event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0);
  const commits = onMainThread.filter((event) => event.name === COMMIT && (event.dur ?? 0) > 0);
  const commitTasks = new Set<TraceEvent>();
  let commitUs = 0;
  for (const commit of commits) {
    // Its task when the trace records one around it; else the commit alone.
    const task = tasks.find((candidate) => encloses(candidate, commit));
    if (task) commitTasks.add(task);
    commitUs = Math.max(commitUs, task?.dur ?? commit.dur ?? 0);
  }
  let longestUs = 0;
  for (const task of tasks) if (!commitTasks.has(task)) longestUs = Math.max(longestUs, task.dur ?? 0);
  return {
    commitMs: commitUs / 1000,
    longestPageTaskMs: longestUs / 1000,
    longestAfterPaintMs: afterPaintUs / 1000,
  };
}
