// `npm start`: builds the site when there is no build yet, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const needed = ["build/server.js", "build/server/index.js", "build/client/index.html"];
if (!needed.every((file) => existsSync(file))) {
  process.stdout.write("No build found: building the site first (this takes a minute).\n");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// Set before the server is imported: React picks its production build from it at import time.
process.env.NODE_ENV ??= "production";
await import(new URL("../../build/server.js", import.meta.url).href);
