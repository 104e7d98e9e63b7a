import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "./logger.server";

describe("createLogger", () => {
  let dir: string;
  let file: string;
  let fd: number;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "ridgeline-log-"));
    file = path.join(dir, "out.log");
    fd = openSync(file, "a");
  });

  // The JSON destination writes asynchronously and keeps the descriptor until the process ends, so only
  // the terminal test closes its own.
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The file once the line logged has reached it. */
  const written = () =>
    vi.waitFor(() => {
      const text = readFileSync(file, "utf8");
      if (!text.endsWith("\n")) throw new Error("the line is not written yet");
      return text;
    });

  it("writes readable lines, at once, to a terminal", () => {
    const logger = createLogger("info", { fd, isTTY: true });
    logger.info({ reqId: 7 }, "GET /products 200");
    logger.debug("below the level");

    // Written synchronously: nothing waits for a flush, so nothing is lost when the process exits.
    const text = readFileSync(file, "utf8");
    expect(text.trim().split("\n")).toHaveLength(1);
    expect(text).toMatch(/INFO/);
    expect(text).toContain("GET /products 200");
    expect(text).toContain('"reqId":7');
    expect(text).not.toContain("ridgeline-site");
    expect(() => JSON.parse(text)).toThrow();
    closeSync(fd);
  });

  it("writes one JSON object per line anywhere else", async () => {
    const logger = createLogger("info", { fd, isTTY: false });
    logger.info({ reqId: 7 }, "GET /products 200");
    logger.debug("below the level");

    const lines = (await written()).trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      level: 30,
      service: "ridgeline-site",
      reqId: 7,
      msg: "GET /products 200",
    });
  });

  it("logs an error without the e-mail addresses it names", async () => {
    const logger = createLogger("info", { fd });
    const refusal = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <jane.doe@example.org>: unknown"),
      { response: "550 <jane.doe@example.org>: unknown", rejected: ["jane.doe@example.org"] },
    );
    logger.error({ err: refusal, outboxId: 3 }, "e-mail delivery failed");

    const text = await written();
    expect(text).not.toContain("jane.doe");
    expect(JSON.parse(text)).toMatchObject({
      outboxId: 3,
      err: {
        type: "Error",
        message: "Can't send mail - all recipients were rejected: 550 <[address]>: unknown",
        rejected: ["[address]"],
      },
    });
  });

  it("treats an output without isTTY as no terminal", async () => {
    const logger = createLogger("info", { fd });
    logger.warn("plain");
    expect(JSON.parse(await written())).toMatchObject({ level: 40, msg: "plain" });
  });
});
