import path from "node:path";
import { expect, it } from "vitest";
import type { CommandIo } from "../../scripts/ops/cli";

/** The repository's root, where the commands run from. */
export const repoRoot = path.resolve(import.meta.dirname, "../..");

/** The tsx binary, to run a command as `npm run` would. */
export const tsxBin = path.join(repoRoot, "node_modules", ".bin", "tsx");

/** A database address that cannot be opened, for the cases that must fail before opening one. */
export const NO_DATABASE = "sqlite:/nonexistent/site.db";

/** The io a command's `main` takes, with what it writes kept in `out`; logs are off unless env says. */
export function captureCli(env: NodeJS.ProcessEnv) {
  const out = { stdout: "", stderr: "" };
  return {
    out,
    io: {
      env: { LOG_LEVEL: "silent", ...env },
      stdout: { write: (text: string) => (out.stdout += text) },
      stderr: { write: (text: string) => (out.stderr += text) },
    },
  };
}

/** A command's `main`, as each script exports it. */
export type CommandMain = (argv: string[], io: CommandIo) => Promise<number>;

/**
 * One test per argument list: the command refuses it before opening a database, with its usage on
 * stderr, nothing on stdout and exit code 2. `name` starts the tests' titles where a file tests several commands.
 */
export function itRefusesWithUsage(main: CommandMain, usage: string, argvs: string[][], name?: string): void {
  const title = `${name ? `${name} refuses` : "refuses"} %j with the usage and exit code 2`;
  it.each(argvs.map((argv) => [argv]))(title, async (argv) => {
    const { out, io } = captureCli({ DATABASE_URL: NO_DATABASE });
    expect(await main(argv, io)).toBe(2);
    expect(out.stderr).toContain(usage);
    expect(out.stdout).toBe("");
  });
}
