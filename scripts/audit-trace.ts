/**
 * What the page's first tasks cost in a Lighthouse run's trace, for the audit (scripts/audit.ts): the
 * browser's commit of the document, and the longest task of the page's own before its first paint.
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

  const onMainThread = events.filter(
    (event) =>
      event.ph === "X" &&
      event.pid === navigation.pid &&
      event.tid === navigation.tid &&
      event.ts >= navigation.ts - BEFORE_NAVIGATION_US &&
      event.ts < paint.ts,
  );
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
  return { commitMs: commitUs / 1000, longestPageTaskMs: longestUs / 1000 };
}
