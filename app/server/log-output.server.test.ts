import { spawn } from "node:child_process";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { RETRY_MS, turnOutput } from "./log-output.server";

const busy = () => Object.assign(new Error("resource temporarily unavailable"), { code: "EAGAIN" });

/** An output whose writes are recorded; `take` says how many bytes it takes of the next write. */
function recordingOutput() {
  const writes: string[] = [];
  const output = {
    writes,
    take: (bytes: Uint8Array): number => bytes.length,
    writeSync: (_fd: number, bytes: Uint8Array) => {
      const taken = output.take(bytes);
      if (taken < 0) throw busy();
      writes.push(Buffer.from(bytes.subarray(0, taken)).toString());
      return taken;
    },
  };
  return output;
}

describe("the log's output", () => {
  it("writes the lines of one turn together, in order, at the end of that turn", async () => {
    const output = recordingOutput();
    const lines = turnOutput(9, { writeSync: output.writeSync });
    lines.write("one\n");
    lines.write("two\n");
    expect(output.writes).toEqual([]);

    await nextTurn();
    expect(output.writes).toEqual(["one\ntwo\n"]);
    lines.write("three\n");
    await nextTurn();
    expect(output.writes).toEqual(["one\ntwo\n", "three\n"]);
  });

  it("keeps what a full output did not take and writes it, in order, once it takes lines again", async () => {
    const output = recordingOutput();
    const lines = turnOutput(9, { writeSync: output.writeSync });
    // Full at first; then it takes four bytes of a write; then everything.
    output.take = () => -1;
    lines.write("first\n");
    await nextTurn();
    expect(output.writes).toEqual([]);

    lines.write("second\n");
    output.take = () => 4;
    await sleep(RETRY_MS * 2);
    output.take = (bytes) => bytes.length;
    await sleep(RETRY_MS * 2);
    expect(output.writes.join("")).toBe("first\nsecond\n");
  });

  it("drops lines past its bound while the output takes none, and says how many", async () => {
    const output = recordingOutput();
    const lines = turnOutput(9, { writeSync: output.writeSync, maxPendingBytes: 20 });
    output.take = () => -1;
    for (let index = 0; index < 10; index += 1) lines.write(`line ${index}\n`);
    await nextTurn();

    output.take = (bytes) => bytes.length;
    await sleep(RETRY_MS * 2);
    lines.write("after\n");
    await nextTurn();
    const text = output.writes.join("");
    expect(text.startsWith("line 0\nline 1\nline 2\n")).toBe(true);
    expect(text).not.toContain("line 9");
    const notice = text.split("\n").find((line) => line.includes("dropped"));
    expect(JSON.parse(notice ?? "{}")).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^log: 7 lines dropped/),
    });
    expect(text.endsWith("after\n")).toBe(true);
  });

  it("never holds the event loop while a real pipe's reader stalls, and loses nothing it kept", async () => {
    // A child that reads nothing for a while, then copies its input back: its pipe fills meanwhile.
    const child = spawn(process.execPath, [
      "-e",
      "setTimeout(() => process.stdin.pipe(process.stdout), 600)",
    ]);
    const fd = (child.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const lines = turnOutput(fd);
    const line = `${"x".repeat(1000)}\n`;
    let longestTurn = 0;
    let last = performance.now();
    const received: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => received.push(chunk));
    // 2 MB in all, far past what a pipe holds (64 KB).
    for (let turn = 0; turn < 200; turn += 1) {
      for (let index = 0; index < 10; index += 1) lines.write(line);
      await nextTurn();
      const now = performance.now();
      longestTurn = Math.max(longestTurn, now - last);
      last = now;
    }
    await expect
      .poll(() => Buffer.concat(received).length, { timeout: 10_000, interval: 50 })
      .toBe(line.length * 2000);
    child.kill();
    expect(longestTurn).toBeLessThan(50);
  });
});
