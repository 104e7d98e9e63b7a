import { describe, expect, it } from "vitest";
import {
  BLOCKING_BUDGET_MS,
  blockingFailures,
  longestAfterPaint,
  type OpeningTasks,
  openingTasks,
  type TraceEvent,
} from "./audit-trace";

const RENDERER = { pid: 7, tid: 1 };
const ms = (value: number) => value * 1000;

function navigation(url: string, at: number, navigationId = "nav-1"): TraceEvent {
  return {
    name: "navigationStart",
    ph: "R",
    ...RENDERER,
    ts: ms(at),
    args: { data: { documentLoaderURL: url, isOutermostMainFrame: true, navigationId } },
  };
}

function firstPaint(at: number, navigationId = "nav-1"): TraceEvent {
  return { name: "firstContentfulPaint", ph: "R", ...RENDERER, ts: ms(at), args: { data: { navigationId } } };
}

function slice(name: string, at: number, duration: number, thread = RENDERER): TraceEvent {
  return { name, ph: "X", ...thread, ts: ms(at), dur: ms(duration) };
}

/** A load as this machine's traces show it: commit, parse, style and layout, first paint, later work. */
const load: TraceEvent[] = [
  navigation("about:blank", 0, "blank"),
  slice("RunTask", 5, 12),
  slice("DocumentLoader::CommitNavigation", 6, 10),
  navigation("http://127.0.0.1:3400/about", 1000),
  slice("RunTask", 1020, 34),
  slice("DocumentLoader::CommitNavigation", 1021, 32),
  slice("RunTask", 1060, 11),
  slice("ParseHTML", 1060, 10),
  slice("RunTask", 1075, 24),
  slice("Layout", 1085, 12),
  // Another process's task, and one of this thread's after the first paint: neither is the page's opening.
  slice("RunTask", 1080, 90, { pid: 9, tid: 1 }),
  firstPaint(1100),
  slice("RunTask", 1110, 60),
];

describe("openingTasks", () => {
  it("reads the page's commit task and its longest other task before the first paint", () => {
    expect(openingTasks(load)).toEqual({ commitMs: 34, longestPageTaskMs: 24, longestAfterPaintMs: 60 });
  });

  it("takes the commit's own duration when the trace records no task around it", () => {
    const withoutTask = load.filter((event) => !(event.name === "RunTask" && event.ts === ms(1020)));
    expect(openingTasks(withoutTask)).toEqual({
      commitMs: 32,
      longestPageTaskMs: 24,
      longestAfterPaintMs: 60,
    });
  });

  it("ignores a first paint of another navigation", () => {
    const otherPaint = load.map((event) =>
      event.name === "firstContentfulPaint" ? firstPaint(1100, "another") : event,
    );
    expect(openingTasks(otherPaint)).toBeNull();
  });

  it("says nothing for a run without the page's navigation or first paint", () => {
    expect(openingTasks(load.filter((event) => event.name !== "firstContentfulPaint"))).toBeNull();
    expect(
      openingTasks(load.filter((event) => !(event.name === "navigationStart" && event.ts === ms(1000)))),
    ).toBeNull();
    expect(openingTasks([])).toBeNull();
  });
});

describe("the longest task after the first paint", () => {
  it("is the page thread's longest task from the first paint on, not another process's", () => {
    const later = [...load, slice("RunTask", 1300, 45), slice("RunTask", 1400, 200, { pid: 9, tid: 1 })];
    expect(openingTasks(later)?.longestAfterPaintMs).toBe(60);
    const quiet = load.filter((event) => !(event.name === "RunTask" && event.ts === ms(1110)));
    expect(openingTasks(quiet)?.longestAfterPaintMs).toBe(0);
  });

  it("is checked as the median of the runs whose trace held it", () => {
    const run = (longestAfterPaintMs: number): { tasks: OpeningTasks } => ({
      tasks: { commitMs: 20, longestPageTaskMs: 10, longestAfterPaintMs },
    });
    expect(longestAfterPaint([run(30), run(80), run(40)])).toBe(40);
    expect(longestAfterPaint([run(30), { tasks: null }, run(60)])).toBe(45);
    expect(longestAfterPaint([{ tasks: null }])).toBeNull();
  });
});

describe("the blocking targets", () => {
  it("accept TBT and the longest task after the first paint up to 50 ms each, no longer TBT 0 alone", () => {
    expect(BLOCKING_BUDGET_MS).toBe(50);
    expect(blockingFailures({ tbtMs: 0, longestAfterPaintMs: 12 })).toEqual([]);
    expect(blockingFailures({ tbtMs: 30, longestAfterPaintMs: 50 })).toEqual([]);
    // A simulation's floating-point remainder is no blocking time.
    expect(blockingFailures({ tbtMs: 50.4, longestAfterPaintMs: null })).toEqual([]);
  });

  it("name each figure over 50 ms as the audit prints it", () => {
    expect(blockingFailures({ tbtMs: 51, longestAfterPaintMs: 20 })).toEqual(["TBT 51 ms > 50 ms"]);
    expect(blockingFailures({ tbtMs: 10, longestAfterPaintMs: 62.4 })).toEqual([
      "longest task after the first paint 62 ms > 50 ms",
    ]);
    expect(blockingFailures({ tbtMs: 120, longestAfterPaintMs: 75 })).toHaveLength(2);
  });
});
