import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { startBuiltServer } from "../../scripts/lib/server-process";

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
  // Read, so a chatty child never blocks on a full pipe, and kept (the end of it) to explain a failed start.
  let errors = "";
  const server = await startBuiltServer({
    port,
    env: {
      DATABASE_URL: `sqlite:${path.join(dataDir, "site.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    onSpawn(child) {
      let buffer = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const parts = buffer.split("\n");
        buffer = parts.pop() ?? "";
        lines.push(...parts.filter(Boolean));
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-4000);
      });
    },
    explain: () => errors,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const logs = () =>
    lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  return {
    child: server.child,
    origin: server.origin,
    logs,
    exited: server.exited,
    async stop() {
      await server.stop();
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
