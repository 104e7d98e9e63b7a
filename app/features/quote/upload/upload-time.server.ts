import type { IncomingMessage } from "node:http";

/*
 * A quote upload's two time limits (docs/quotes.md#slow-lines): the ceiling on the whole body, and the
 * stall. A stall is a window of the stall limit in which too little arrived: at first any byte is
 * enough (the text fields come in a burst); once the upload holds a slot for its files, the window
 * needs `minBytes` (requireBytes), so a client trickling a byte every few seconds is given up at the
 * stall limit instead of holding the slot to the ceiling. Either limit calls `onTimeout`, once.
 */

export interface UploadTime {
  /**
   * From now on a stall window must bring at least `bytes` to count as progress; the window restarts
   * now (the upload took its slot).
   */
  requireBytes(bytes: number): void;
  /** The body is whole: what is left (the disk, the type check) is ours, not the line's. */
  bodyDone(): void;
  stop(): void;
}

export function watchUploadTime(
  req: IncomingMessage,
  limits: { timeoutMs: number; stallMs: number },
  onTimeout: () => void,
): UploadTime {
  let fired = false;
  const fire = () => {
    if (fired) return;
    fired = true;
    stop();
    onTimeout();
  };
  const ceiling = setTimeout(fire, limits.timeoutMs);
  let stall: NodeJS.Timeout | undefined;
  let minBytes = 1;
  let arrived = 0;
  let watching = true;
  const restart = () => {
    arrived = 0;
    clearTimeout(stall);
    stall = setTimeout(fire, Math.min(limits.stallMs, limits.timeoutMs));
  };
  const onData = (chunk: Buffer) => {
    arrived += chunk.length;
    if (arrived >= minBytes) restart();
  };
  const bodyDone = () => {
    watching = false;
    clearTimeout(stall);
    req.off("data", onData);
  };
  const stop = () => {
    clearTimeout(ceiling);
    bodyDone();
  };
  req.on("data", onData);
  restart();
  return {
    requireBytes(bytes) {
      if (fired || !watching) return;
      minBytes = Math.max(1, bytes);
      restart();
    },
    bodyDone,
    stop,
  };
}
