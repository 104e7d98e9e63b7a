/**
 * The one Node.js major the site supports. Imported first by the server's entry, so an unsupported runtime
 * is refused with one line before any other module (or the native SQLite addon) loads.
 * Why 24: docs/decisions/0019-pinned-node-runtime.md
 */
export const SUPPORTED_NODE_MAJOR = 24;

/** The refusal for a Node.js version, or undefined when the version is supported. */
export function runtimeRefusal(version: string): string | undefined {
  const major = Number(version.replace(/^v/, "").split(".")[0]);
  if (major === SUPPORTED_NODE_MAJOR) return undefined;
  return (
    `Node.js ${SUPPORTED_NODE_MAJOR} is required; this is Node.js ${version}. ` +
    `Run the site through npm (npm start), which uses the project's pinned Node.js ${SUPPORTED_NODE_MAJOR}, ` +
    `or install Node.js ${SUPPORTED_NODE_MAJOR}.`
  );
}

const refusal = runtimeRefusal(process.version);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
