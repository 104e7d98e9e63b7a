// Bundles server.ts (and the app/server modules it imports) into <build>/server.js, and the mail
// thread's entry into <build>/mail-thread.js; npm packages stay external and load from node_modules
// at run time.
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
