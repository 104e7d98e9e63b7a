/** When a periodic check runs: shortly after start, then at a fixed pace; a test sets both and the clock. */
export interface PeriodicOptions {
  /** Pause between checks; a minute unless a test says otherwise. */
  checkEveryMs?: number;
  /** The first check, shortly after start so the instance is up. */
  firstCheckMs?: number;
  clock?: () => Date;
}

/**
 * Runs `check` once `firstCheckMs` after start (`defaultFirstMs` unless told otherwise), then every
 * `checkEveryMs` (a minute), never two at once: a check still running when the next is due skips that
 * one. A failed check goes to `onError` and the next runs as planned. Timers never keep the process
 * alive. Returns the function that stops the checks.
 */
export function startPeriodicCheck(
  check: (now: Date) => Promise<void>,
  onError: (error: unknown) => void,
  options: PeriodicOptions & { defaultFirstMs: number },
): () => void {
  const clock = options.clock ?? (() => new Date());
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    check(clock())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, options.firstCheckMs ?? options.defaultFirstMs);
  first.unref();
  const timer = setInterval(run, options.checkEveryMs ?? 60_000);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
