/**
 * Shared by the load test and the benchmark: a built server started on 127.0.0.1 with its own
 * environment, autocannon runs with a hard time limit, and one-line summaries of their results.
 */
import { existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { startBuiltServer } from "../lib/server-process";

export const buildDir = path.resolve(process.env.BUILD_DIR || "build");

/** The bundled server of an existing build; these scripts never build, so a missing one is fatal. */
export function requireBuild(): string {
  const serverJs = path.join(buildDir, "server.js");
  if (!existsSync(serverJs) || !existsSync(path.join(buildDir, "client", "index.html"))) {
    console.error(`No build in ${buildDir}: run \`npm run build\` first (or set BUILD_DIR).`);
    process.exit(1);
  }
  return serverJs;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RunningServer {
  origin: string;
  pid: number;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The environment the deployment gives the server besides its settings (docs/deploy.md): two malloc
 * arenas, so the threads' allocations do not each keep memory of their own.
 */
export const DEPLOYED_ENV = { MALLOC_ARENA_MAX: "2" };

export async function startServer(port: number, env: Record<string, string>): Promise<RunningServer> {
  requireBuild();
  // LOAD_SERVER_LOG: a file for the server's log lines (appended), to see what it did during a run.
  const logFile = process.env.LOAD_SERVER_LOG;
  const server = await startBuiltServer({
    port,
    env: { ...DEPLOYED_ENV, ...env },
    // LOAD_NODE_OPTIONS: extra flags for the server's node (for example `--cpu-prof`), space-separated.
    nodeFlags: (process.env.LOAD_NODE_OPTIONS ?? "").split(" ").filter(Boolean),
    // Request logs go to /dev/null unless asked for: written as in production, but nobody has to read them.
    stdio: ["ignore", logFile ? openSync(logFile, "a") : "ignore", "inherit"],
    buildDir,
  });
  return { origin: server.origin, pid: server.child.pid ?? 0, stop: server.stop };
}

/** An autocannon run's result, with each answer's time as autocannon measured it (ms), in order. */
export type LoadResult = Result & { latencies: number[] };

/** One autocannon run, stopped after maxSeconds whatever its own bounds say. */
export function runLoad(options: Options, maxSeconds: number): Promise<LoadResult> {
  let guard: NodeJS.Timeout | undefined;
  const started = performance.now();
  const latencies: number[] = [];
  return new Promise<LoadResult>((resolve, reject) => {
    let lastResponse = started;
    const instance = autocannon({ timeout: 20, ...options }, (error, result) => {
      clearTimeout(guard);
      // autocannon's own duration is off both ways: it notices a run of `amount` requests has ended
      // only at its next one-second tick (4,000 posts served in 2.1 s read as 3 s), and rounds. The
      // run here lasts from the start to the last answer.
      if (error) reject(error);
      else resolve({ ...result, duration: (lastResponse - started) / 1000, latencies });
    });
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      lastResponse = performance.now();
      latencies.push(responseTime);
    });
    guard = setTimeout(() => instance.stop(), maxSeconds * 1000);
  });
}

/**
 * The latency at or under which `share` (0.95 for p95) of the answers came, by the nearest-rank
 * method; autocannon's own summary offers p90 and p97.5 but no p95.
 */
export function percentile(latencies: readonly number[], share: number): number {
  if (latencies.length === 0) return Number.NaN;
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.ceil(share * sorted.length)) - 1] ?? Number.NaN;
}

/** Completed requests per second over the whole run (autocannon's own mean skips partial seconds). */
export function requestsPerSecond(result: Result): number {
  return result.duration > 0 ? result.requests.total / result.duration : 0;
}

export function summary(label: string, result: Result): string {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(" ");
  return [
    label.padEnd(34),
    `${String(result.requests.total).padStart(7)} req`,
    `${requestsPerSecond(result).toFixed(0).padStart(7)} req/s`,
    `p50 ${String(result.latency.p50).padStart(4)} ms`,
    `p99 ${String(result.latency.p99).padStart(4)} ms`,
    `errors ${result.errors + result.timeouts}`,
    `[${statuses}]`,
  ].join("  ");
}

/** A distinct IPv4 client per index, sent as X-Forwarded-For to a server that trusts it. */
export function clientAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** Fields of /proc/PID/stat (or /proc/PID/task/TID/stat) after the command name, which may hold spaces. */
function statFields(pid: number, file = `/proc/${pid}/stat`): string[] | undefined {
  try {
    const stat = readFileSync(file, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Processes whose parent is `pid` (nginx's workers under its master). Linux only. */
export function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => statFields(candidate)?.[1] === String(pid));
}

/** Processes whose command is `name` (PostgreSQL's backends are all "postgres"). Linux only. */
export function processesNamed(name: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/comm`, "utf8").trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * CPU seconds (user + system) the processes have used so far. Load-generator independent: on a small
 * machine the generator saturates before a fast server does, so requests/s alone would compare the
 * generator with itself. Linux only; clock ticks are 1/100 s.
 */
export function cpuSeconds(pids: number[]): number {
  return pids.reduce((total, pid) => {
    const fields = statFields(pid);
    return total + (fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0);
  }, 0);
}

/**
 * Starts counting the CPU time `read` reports (in seconds): the function returned gives the
 * microseconds used since, per one of `count` requests (or posts, or messages).
 */
export function cpuMeter(read: () => number): (count: number) => number {
  const before = read();
  return (count) => ((read() - before) * 1e6) / Math.max(1, count);
}

/** A cpuMeter of the processes' whole CPU time (see cpuSeconds). */
export const processCpu = (pids: number[]) => cpuMeter(() => cpuSeconds(pids));

/** A cpuMeter of a process's main thread alone (see mainThreadCpuSeconds). */
export const mainThreadCpu = (pid: number) => cpuMeter(() => mainThreadCpuSeconds(pid));

/**
 * CPU seconds of a process's main thread alone (its thread id is the process id): the request path,
 * without the threads beside it (the mail thread, libuv's pool, the garbage collector's helpers).
 */
export function mainThreadCpuSeconds(pid: number): number {
  const fields = statFields(pid, `/proc/${pid}/task/${pid}/stat`);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}
