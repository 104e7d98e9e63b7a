import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicCheck } from "./periodic.server";

describe("a periodic check", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs first after its first pause, then at its pace, never two at once, and stops", async () => {
    vi.useFakeTimers();
    let finish: (() => void) | undefined;
    const started: Date[] = [];
    const stop = startPeriodicCheck(
      (now) => {
        started.push(now);
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      () => undefined,
      {
        defaultFirstMs: 5_000,
        firstCheckMs: 100,
        checkEveryMs: 1_000,
        clock: () => new Date("2026-11-16T12:00:00.000Z"),
      },
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(1);
    expect(started[0]?.toISOString()).toBe("2026-11-16T12:00:00.000Z");
    // Still running when the next is due: that one is skipped.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(2);
    finish?.();
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toHaveLength(2);
  });

  it("hands a failure to its handler and runs again at the next turn", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const stop = startPeriodicCheck(
      async () => {
        runs += 1;
        throw new Error("database away");
      },
      (error) => errors.push(error),
      { defaultFirstMs: 10, checkEveryMs: 50 },
    );
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(50);
    stop();
    expect(runs).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(["database away", "database away"]);
  });
});
