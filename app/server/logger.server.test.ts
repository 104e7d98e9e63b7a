import { spawnSync } from "node:child_process";
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

  // The JSON destination writes at the end of a turn and keeps the descriptor until the process ends, so
  // only the terminal test closes its own.
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

  it("never writes a request's cookie or authorization header", async () => {
    const logger = createLogger("info", { fd, isTTY: false });
    const headers = { Cookie: "desk=secret-session", authorization: "Basic c2VjcmV0", accept: "text/html" };
    logger.info({ req: { method: "GET", url: "/desk", headers } }, "GET /desk 200");

    const text = await written();
    expect(text).not.toContain("secret-session");
    expect(text).not.toContain("c2VjcmV0");
    expect(JSON.parse(text).req).toEqual({ method: "GET", url: "/desk", headers: { accept: "text/html" } });
    // What was logged is left as it was.
    expect(headers.Cookie).toBe("desk=secret-session");
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

  it("gathers a burst of JSON lines into few writes and loses none of them", async () => {
    const logger = createLogger("info", { fd });
    for (let n = 0; n < 500; n += 1) logger.info({ n }, "GET / 200");
    const text = await vi.waitFor(() => {
      const written = readFileSync(file, "utf8");
      if (written.split("\n").length <= 500) throw new Error("not every line is written yet");
      return written;
    });
    const numbers = text
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, n) => n));
  });

  it("still writes the lines logged just before a crash", () => {
    // A process that logs and then dies of an uncaught exception, with its output a pipe, as under a supervisor.
    const script = [
      `import { createLogger } from ${JSON.stringify(path.resolve("app/server/logger.server.ts"))};`,
      "const logger = createLogger('info', { fd: 1 });",
      "logger.info('the last request');",
      "process.on('uncaughtException', (error) => { logger.fatal({ err: error }, 'uncaught exception'); process.exit(1); });",
      "setTimeout(() => { throw new Error('boom'); }, 0);",
    ].join("\n");
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    const messages = run.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    // Both lines, in order: the fatal line is written at once with every line before it.
    expect(messages).toEqual(["the last request", "uncaught exception"]);
  });

  it("treats an output without isTTY as no terminal", async () => {
    const logger = createLogger("info", { fd });
    logger.warn("plain");
    expect(JSON.parse(await written())).toMatchObject({ level: 40, msg: "plain" });
  });
});
