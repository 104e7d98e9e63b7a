/**
 * The server the audit measures (scripts/audit/audit.ts): the build's own, on a temporary database and mail
 * folder, measured as production runs it (docs/decisions/0041): warm, and not waiting for the browser.
 */
import os from "node:os";
import path from "node:path";
import { type ServerProcess, startBuiltServer } from "../lib/server-process";

export function startAuditServer(options: {
  port: number;
  buildDir: string;
  tempDir: string;
}): Promise<ServerProcess> {
  return startBuiltServer({
    port: options.port,
    buildDir: options.buildDir,
    env: {
      DATABASE_URL: `sqlite:${path.join(options.tempDir, "site.db")}`,
      MAIL_DIR: path.join(options.tempDir, "mail"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/**
 * The scheduling priority the audit gives the server (a nice value: lower runs first). On a two-core
 * machine the browser and Lighthouse keep both cores busy while the page loads, and a server at the
 * same priority waits for them: Lighthouse then reads the wait as the server's response time and feeds
 * it into its simulation. In production the visitor's browser never shares the server's CPU.
 * `AUDIT_SERVER_PRIORITY=0` leaves the server at the browser's priority.
 */
const serverPriority = Number(process.env.AUDIT_SERVER_PRIORITY ?? -20);

/** Gives the server precedence on the CPU where the system allows it, and says what was done. */
export function givePrecedence(server: ServerProcess): string {
  const pid = server.child.pid;
  if (serverPriority === 0 || pid === undefined) return "server priority: as the browser's";
  try {
    os.setPriority(pid, serverPriority);
    return `server priority: nice ${serverPriority}, ahead of the browser`;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `server priority: as the browser's (raising it was refused: ${reason}); server response times include waiting for the browser`;
  }
}

/**
 * Requests a page three times before it is measured: a server that has just started compiles each
 * route's code on its first requests (the first `/quote` took 50 ms, the next ones 8), and a server in
 * production has long done so. One URL serves all three: opening a newsletter link changes nothing,
 * and each new link is a signup, which the site limits per visitor.
 */
export async function warmUp(url: string): Promise<void> {
  for (let request = 0; request < 3; request += 1) {
    // Bounded: a server that stops answering ends the audit with an error instead of a wait.
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
  }
}
