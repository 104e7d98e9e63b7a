import type { IncomingMessage } from "node:http";

/*
 * A quote upload's two time limits (docs/quotes.md#slow-lines): the ceiling on the whole body, and the
 * stall, restarted by every chunk that arrives. Either one calls `onTimeout`, once.
 */

export interface UploadTime {
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
  const restart = () => {
    clearTimeout(stall);
    stall = setTimeout(fire, Math.min(limits.stallMs, limits.timeoutMs));
  };
  const bodyDone = () => {
    clearTimeout(stall);
    req.off("data", restart);
  };
  const stop = () => {
    clearTimeout(ceiling);
    bodyDone();
  };
  req.on("data", restart);
  restart();
  return { bodyDone, stop };
}
