/**
 * The Node entry: loads the server build and starts the site with it (app/site/start.server.ts, which
 * the build's entry exports). Everything the site runs is in that one build, so each of its modules
 * exists once at run time; this file only finds the build, or in development asks Vite for it.
 */
// First: refuses an unsupported Node.js before anything else loads.
import "~/server/runtime.server";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { StartOptions } from "~/site/start.server";

const here = path.dirname(fileURLToPath(import.meta.url));
// Bundled, this file sits in the build folder beside server/index.js (whatever BUILD_DIR named it);
// run from source (development), it sits at the root.
const buildDir = existsSync(path.join(here, "server", "index.js")) ? here : path.join(here, "build");

/** What the server build's entry exports besides React Router's own (app/entry.server.tsx). */
interface SiteEntry {
  startSite(options: StartOptions): Promise<void>;
}

function siteEntry(build: ServerBuild): SiteEntry {
  // The entry module's type lists React Router's exports only; ours is checked here.
  const entry = build.entry.module as unknown as Partial<SiteEntry>;
  if (typeof entry.startSite !== "function") throw new Error("the server build's entry exports no startSite");
  return entry as SiteEntry;
}

async function main(): Promise<void> {
  // React loads its development build unless told otherwise; `node build/server.js` alone must run the
  // production site. Set before anything imports React (the build is imported below).
  process.env.NODE_ENV ||= "production";
  if (process.env.NODE_ENV === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    const load = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    await siteEntry(await load()).startSite({ build: load, buildDir, devMiddleware: devServer.middlewares });
    return;
  }
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  await siteEntry(build).startSite({ build, buildDir });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
