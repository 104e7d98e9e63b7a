import path from "node:path";

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
