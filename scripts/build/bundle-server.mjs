// Bundles server.ts (and the app/server modules it imports) into <build>/server.js, and the mail
// thread's entry into <build>/mail-thread.js; npm packages stay external and load from node_modules
// at run time. The SQLite checkpoint and read threads (app/server/db/checkpoint-thread.mjs,
// read-thread.mjs) are plain
// JavaScript that its caller finds beside itself: it is copied beside each bundle that holds that
// caller (server.js, and the React Router server build in <build>/server/).
import { copyFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const buildDir = process.env.BUILD_DIR || "build";
await build({
  entryPoints: ["server.ts", "mail-thread.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  outdir: buildDir,
  logLevel: "warning",
});
for (const folder of [buildDir, path.join(buildDir, "server")]) {
  copyFileSync("app/server/db/checkpoint-thread.mjs", path.join(folder, "checkpoint-thread.mjs"));
  copyFileSync("app/server/db/read-thread.mjs", path.join(folder, "read-thread.mjs"));
}
