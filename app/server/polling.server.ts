import type { Logger } from "~/server/logger.server";

/** A queue worker's schedule: run now and then, at once when woken, never two runs at a time. */
export interface Polling {
  /** One run, after any run in progress; resolves with how many items it handled. */
  runOnce(): Promise<number>;
  start(): void;
  /** Runs at once (or right after the run in progress): something was just queued. */
  wakeUp(): void;
  /** No new run, and no new item in this one; resolves when the run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `pollMs`, again at once while a run fills its batch, and at once on wakeUp. After a
 * failed run (the database did not answer) the pause doubles with each failure up to `maxBackoffMs`,
 * so an outage is not polled at full rate; it is logged once when it starts and once when it ends.
 * `run` is handed whether stop() was called, to claim no new item after it.
 */
export function createPolling(options: {
  /** Names the worker in its log lines ("mail worker"). */
  what: string;
  logger: Logger;
  batchSize: number;
  pollMs: number;
  maxBackoffMs: number;
  run: (isStopped: () => boolean) => Promise<number>;
}): Polling {
  const { what, logger, batchSize, pollMs, maxBackoffMs } = options;
  let stopped = false;
  let started = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let again = false;
  let failedRuns = 0;

  function runOnce(): Promise<number> {
    const run = chain.then(() => options.run(() => stopped));
    chain = run.catch(() => undefined);
    return run;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    timer = undefined;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = (async () => {
      do {
        again = false;
        try {
          if ((await runOnce()) >= batchSize) again = true;
          if (failedRuns > 0) logger.info({ failedRuns }, `${what} reached the database again`);
          failedRuns = 0;
        } catch (error) {
          if (failedRuns === 0)
            logger.error(
              { err: error },
              `${what} run failed; retrying with growing pauses until it succeeds`,
            );
          failedRuns += 1;
        }
      } while (again && !stopped);
    })().finally(() => {
      inFlight = undefined;
      schedule(failedRuns === 0 ? pollMs : Math.min(pollMs * 2 ** failedRuns, maxBackoffMs));
    });
  }

  return {
    runOnce,
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    wakeUp() {
      if (!started || stopped) return;
      if (inFlight) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      await chain;
    },
  };
}
