import { writeSync as fsWriteSync } from "node:fs";

/*
 * Where the JSON log lines go (docs/decisions/0093-log-lines-of-a-turn.md): the lines of one turn of the
 * event loop are written together at its end, by this thread, with one write(2). Handing each write to
 * libuv's thread pool (sonic-boom's asynchronous mode) woke a thread of the pool for it, which cost a
 * page request about a sixth of its CPU on our machines; one synchronous write per line cost the same in
 * system calls under load. An output that cannot take the lines (a full pipe: journald or a reader that
 * stalled) never holds the event loop: what it did not take waits here, bounded, and is tried again.
 */

/** What waits for an output that does not take it, at most; lines past it are dropped and counted. */
export const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** How soon an output that was full is tried again. */
export const RETRY_MS = 25;
/** At the process's exit, how long lines still waiting may hold it up. */
const EXIT_WAIT_MS = 1000;

export interface LineOutput {
  /** Takes one line (ending in a newline); written at the end of the turn. */
  write(line: string): void;
  /** Writes what waits now, waiting a little for a full output: for the process's exit. */
  flushSync(): void;
}

export interface LineOutputOptions {
  /** The system call; tests stand in for an output that is full or takes part of a write. */
  writeSync?: (fd: number, bytes: Uint8Array) => number;
  maxPendingBytes?: number;
}

const isBusy = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "EAGAIN" || code === "EWOULDBLOCK" || code === "EBUSY";
};

/** The line that says how many lines an output that was full made us drop. */
function droppedLine(count: number): string {
  return `${JSON.stringify({ level: 40, time: Date.now(), msg: `log: ${count} lines dropped while the output took none` })}\n`;
}

/** Runs `writeOut` until it says everything is out, pausing the thread between tries, for EXIT_WAIT_MS at most. */
function untilWritten(writeOut: () => boolean): void {
  const until = Date.now() + EXIT_WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!writeOut() && Date.now() < until) Atomics.wait(pause, 0, 0, 10);
}

export function turnOutput(fd: number, options: LineOutputOptions = {}): LineOutput {
  const writeSync = options.writeSync ?? fsWriteSync;
  const maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  /** This turn's lines, and their length in characters (the bound needs only be of the same size as bytes). */
  let lines: string[] = [];
  let linesLength = 0;
  /** Bytes an earlier write left: the output was full, or took part of them. */
  let pending: Buffer | undefined;
  let dropped = 0;
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;

  /** This turn's lines, joined to what waits (write keeps the two within the bound). */
  const gather = () => {
    if (lines.length === 0) return;
    const text = lines.length === 1 ? (lines[0] ?? "") : lines.join("");
    lines = [];
    linesLength = 0;
    const bytes = Buffer.from(text);
    pending = pending ? Buffer.concat([pending, bytes]) : bytes;
  };

  /** Writes until the output is full or everything is out; true when everything is out. */
  const writeOut = (): boolean => {
    while (pending && pending.length > 0) {
      try {
        const written = writeSync(fd, pending);
        pending = written >= pending.length ? undefined : pending.subarray(written);
      } catch (error) {
        if (isBusy(error)) return false;
        // The output is gone (a closed pipe): nothing can be written to it, now or later.
        pending = undefined;
        return true;
      }
    }
    pending = undefined;
    return true;
  };

  const endOfTurn = () => {
    scheduled = false;
    if (retry) return;
    gather();
    if (!writeOut()) tryAgainLater();
  };

  const tryAgainLater = () => {
    retry = setTimeout(() => {
      retry = undefined;
      endOfTurn();
    }, RETRY_MS);
    // A process with nothing else to do may end with lines waiting; its exit writes what it can.
    retry.unref();
  };

  return {
    write(line) {
      if ((pending?.length ?? 0) + linesLength > maxPending) {
        dropped += 1;
        return;
      }
      // Lines dropped are told of where lines are taken again.
      if (dropped > 0) {
        lines.push(droppedLine(dropped));
        dropped = 0;
      }
      lines.push(line);
      linesLength += line.length;
      if (scheduled) return;
      scheduled = true;
      setImmediate(endOfTurn);
    },
    flushSync() {
      gather();
      untilWritten(writeOut);
    },
  };
}
