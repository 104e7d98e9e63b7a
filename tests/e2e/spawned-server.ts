import type { ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
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

/** How a server of its own begins on its own SQLite database (a DATABASE_URL given leaves it alone). */
export interface SpawnOptions {
  /**
   * True: on an empty database, migrated and given the starter range by this start, as a first production
   * start. By default the database begins as a copy of one a server of this worker made that way.
   */
  emptyDatabase?: boolean;
}

/*
 * A spawned server's start costs about 4 s of CPU, and about half a second of it is the 18 migrations and
 * the starter range written into an empty database, the same every time. So the first server of a worker
 * that needs its own SQLite database makes a template: a server of the build starts on an empty database
 * on the caller's port (free until the caller starts its own), is stopped, and its file, closed and
 * checkpointed (no write-ahead log beside it), is what every later server of the worker begins with, as if
 * it had started before. Tests that need the first start itself ask for an empty database.
 */
let template: Promise<string> | undefined;

function templateDatabase(port: number): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-template-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "site.db");
    const server = await startBuiltServer({
      port,
      env: { DATABASE_URL: `sqlite:${file}`, MAIL_DIR: path.join(dir, "mail"), LOG_LEVEL: "warn" },
    });
    await server.stop();
    // A log left beside it would hold writes the copy lacks.
    if (existsSync(`${file}-wal`) || existsSync(`${file}-journal`)) {
      throw new Error(`the template database ${file} was not closed cleanly`);
    }
    return file;
  })();
  const made = template;
  // A failed template is not kept: the next server tries again (and fails with the start's own message).
  made.catch(() => {
    if (template === made) template = undefined;
  });
  return made;
}

export async function spawnServer(
  port: number,
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<SpawnedServer> {
  const ownSqlite = env.DATABASE_URL === undefined;
  const from = ownSqlite && !options.emptyDatabase ? await templateDatabase(port) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
  if (from) copyFileSync(from, path.join(dataDir, "site.db"));
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
