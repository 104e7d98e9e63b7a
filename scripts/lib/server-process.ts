/**
 * A built server in a process of its own, started on 127.0.0.1 and awaited until /healthz answers:
 * the one way the audit, the load test, the benchmark and the browser tests start a server.
 */
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (SIGKILL after 15 s), then the exit code. */
  stop(): Promise<number | null>;
}

export interface ServerProcessOptions {
  port: number;
  /** Added to this process's environment, after the defaults (production, 127.0.0.1, PORT, LOG_LEVEL info, SALES_EMAIL sales@ridgeline.test). */
  env?: Record<string, string>;
  /** Flags for the server's node, before the script (for example `--cpu-prof`). */
  nodeFlags?: string[];
  /** The child's stdio; by default its stdout is ignored and its stderr goes to this process's. */
  stdio?: StdioOptions;
  /** Called once the process is spawned, before the wait: to read its output from the first line. */
  onSpawn?: (child: ChildProcess) => void;
  /** What a failed start should say besides the exit code (the end of the server's stderr, say). */
  explain?: () => string;
  /** BUILD_DIR by default, else build. */
  buildDir?: string;
}

/** The bundled server of a build; missing, the caller is told to build first. */
export function builtServer(buildDir = process.env.BUILD_DIR || "build"): string {
  const serverJs = path.resolve(buildDir, "server.js");
  if (!existsSync(serverJs) || !existsSync(path.resolve(buildDir, "client", "index.html"))) {
    throw new Error(`No build in ${path.resolve(buildDir)}: run \`npm run build\` first (or set BUILD_DIR).`);
  }
  return serverJs;
}

/** Whether the server at `origin` answers /healthz with a 2xx within a second. */
export async function healthy(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

export async function startBuiltServer(options: ServerProcessOptions): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${options.port}`;
  // A server already on the port would answer the health check and be measured in place of this one.
  if (await healthy(origin)) throw new Error(`something already answers on ${origin}`);
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), builtServer(options.buildDir)], {
    stdio: options.stdio ?? ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      LOG_LEVEL: "info",
      // Where leads go unless the caller says: a test domain, since with SMTP_URL set the server refuses
      // the example default (it reaches no one).
      SALES_EMAIL: "sales@ridgeline.test",
      ...options.env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  options.onSpawn?.(child);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    }
    return exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const more = options.explain?.() ?? "";
      throw new Error(
        `the server on port ${options.port} exited (${child.exitCode}) during start${more ? `:\n${more}` : ""}`,
      );
    }
    if (await healthy(origin)) return { child, origin, exited, stop };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer ${origin}/healthz within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
