// Builds better-sqlite3's native addon for the Node that runs this script: the pinned Node 24 when npm runs
// it (node_modules/.bin comes first on an npm script's PATH), with that Node's own headers, so nothing is
// downloaded. package.json's allowScripts denies better-sqlite3's own install script, which would build
// against whatever headers the machine's npm config names (a system Node's) or try to download some.
// Why: docs/decisions/0019-pinned-node-runtime.md
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const addonDir = join(root, "node_modules", "better-sqlite3");
const say = (line) => process.stdout.write(`build-native: ${line}\n`);

function addonLoads() {
  const probe = spawnSync(
    process.execPath,
    ["-e", "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    { cwd: root, stdio: "ignore" },
  );
  return probe.status === 0;
}

function headersDir() {
  // An official Node build keeps its headers in include/node beside bin/node.
  const prefix = dirname(dirname(process.execPath));
  const versionHeader = join(prefix, "include", "node", "node_version.h");
  if (!existsSync(versionHeader)) return undefined;
  const text = readFileSync(versionHeader, "utf8");
  const part = (name) => text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  const version = `v${part("MAJOR")}.${part("MINOR")}.${part("PATCH")}`;
  return version === process.version ? prefix : undefined;
}

function nodeGyp() {
  // npm hands its bundled node-gyp to every script; outside npm, fall back to one on the PATH.
  const fromNpm = process.env.npm_config_node_gyp;
  if (fromNpm && existsSync(fromNpm)) return [process.execPath, fromNpm];
  const npmBundled = createRequire(
    join(dirname(process.execPath), "..", "lib", "node_modules", "npm", "index.js"),
  );
  try {
    return [process.execPath, npmBundled.resolve("node-gyp/bin/node-gyp.js")];
  } catch {
    return ["node-gyp"];
  }
}

if (!existsSync(addonDir)) {
  say("better-sqlite3 is not installed; nothing to build");
  process.exit(0);
}
if (addonLoads()) {
  say(`better-sqlite3 already built for Node ${process.version}`);
  process.exit(0);
}
const nodedir = headersDir();
if (!nodedir) {
  process.stderr.write(
    `build-native: no headers for Node ${process.version} beside ${process.execPath}; ` +
      "install the project's pinned Node (npm install on Linux x64) or a Node 24 that ships include/node\n",
  );
  process.exit(1);
}
say(`building better-sqlite3 for Node ${process.version} (about a minute)`);
const [command, ...prefixArgs] = nodeGyp();
const build = spawnSync(command, [...prefixArgs, "rebuild", "--release", `--nodedir=${nodedir}`], {
  cwd: addonDir,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
  env: { ...process.env, npm_config_nodedir: nodedir },
});
if (build.status !== 0 || !addonLoads()) {
  // The compiler's output is long and mostly warnings: shown only when the build fails.
  process.stderr.write(`${build.stdout ?? ""}${build.stderr ?? ""}`);
  process.stderr.write(
    "build-native: building better-sqlite3 failed (a C++ compiler, make and python3 are needed)\n",
  );
  process.exit(1);
}
say(`better-sqlite3 built for Node ${process.version}`);
