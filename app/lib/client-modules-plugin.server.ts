import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "vite";

/**
 * The small browser modules the pages load on demand, without React (docs/decisions/0068): the header
 * search's suggestions, loaded when a search field is first focused, the quote list's page, and the desk's
 * passkey ceremony (docs/decisions/0074). Each is
 * bundled on its own by esbuild, minified, and written to the client build as `assets/<name>-<hash>.js`
 * (cached for a year like every asset); `virtual:client-modules` gives the pages their addresses. In
 * development (and in unit tests) the address is the source file, which Vite's dev server compiles.
 */

const VIRTUAL = "virtual:client-modules";
const RESOLVED = `\0${VIRTUAL}`;
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Export name -> entry file under app/. */
export const CLIENT_MODULES = {
  siteSearchModule: "components/search/suggestions.ts",
  quoteListModule: "features/catalogue/quote-list/quote-list-view.ts",
  deskPasskeysModule: "features/desk/passkeys-client.ts",
} as const;

interface BuiltModule {
  exportName: string;
  fileName: string;
  code: string;
}

async function bundle(exportName: string, entry: string): Promise<BuiltModule> {
  const result = await build({
    entryPoints: [path.join(appDir, entry)],
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    target: ["chrome111", "edge111", "firefox114", "safari16.4"],
    alias: { "~": appDir },
    legalComments: "none",
    logLevel: "warning",
  });
  const code = result.outputFiles[0]?.text ?? "";
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
  const name = path.basename(entry, ".ts");
  return { exportName, fileName: `assets/${name}-${hash}.js`, code };
}

export function clientModulesPlugin(): Plugin {
  let production = false;
  let built: Promise<BuiltModule[]> | undefined;
  const buildAll = () => {
    built ??= Promise.all(Object.entries(CLIENT_MODULES).map(([name, entry]) => bundle(name, entry)));
    return built;
  };
  return {
    name: "ridgeline-client-modules",
    configResolved(config) {
      production = config.command === "build";
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      if (!production)
        return Object.entries(CLIENT_MODULES)
          .map(([name, entry]) => `export const ${name} = ${JSON.stringify(`/app/${entry}`)};`)
          .join("\n");
      for (const entry of Object.values(CLIENT_MODULES)) this.addWatchFile(path.join(appDir, entry));
      const modules = await buildAll();
      return modules
        .map((module) => `export const ${module.exportName} = ${JSON.stringify(`/${module.fileName}`)};`)
        .join("\n");
    },
    async generateBundle() {
      // Written once, with the browser's build; the server build only needs the addresses.
      if (!production || this.environment?.config.consumer !== "client") return;
      for (const module of await buildAll())
        this.emitFile({ type: "asset", fileName: module.fileName, source: module.code });
    },
  };
}
