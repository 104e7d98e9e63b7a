import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** A built server of its own, for tests that need their own settings, logs or signals. */
export interface SpawnedServer {
  child: ChildProcess;
  origin: string;
  /** Every JSON log line it printed so far. */
  logs(): Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function spawnServer(port: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
  const lines: string[] = [];
  const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR || "build", "server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATABASE_URL: `sqlite:${path.join(dataDir, "site.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffer = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop() ?? "";
    lines.push(...parts.filter(Boolean));
  });
  // Read, so a chatty child never blocks on a full pipe, and kept (the end of it) to explain a failed start.
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const logs = () =>
    lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  await expect
    .poll(() => child.exitCode !== null || logs().some((line) => line.msg === "server listening"), {
      timeout: 30_000,
    })
    .toBe(true);
  if (child.exitCode !== null) {
    throw new Error(`the server on port ${port} exited (${child.exitCode}) before listening:\n${errors}`);
  }
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    logs,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One production server for a test file (started before its first test, stopped after its last), for
 * files whose tests run in order against it. Returns the getter the tests call.
 */
export function serverForFile(port: number, env: Record<string, string> = {}): () => SpawnedServer {
  let spawned: SpawnedServer | undefined;
  test.beforeAll(async () => {
    spawned = await spawnServer(port, env);
  });
  test.afterAll(async () => {
    await spawned?.stop();
  });
  return () => {
    if (!spawned) throw new Error(`the server on port ${port} did not start`);
    return spawned;
  };
}
