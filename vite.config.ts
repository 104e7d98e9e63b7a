import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentPlugin } from "./app/content/content-plugin.server";
import { clientModulesPlugin } from "./app/lib/client-modules-plugin.server";
import { parseBuildEnv } from "./app/server/build-env.server";
import { EnvError } from "./app/server/env.server";

// The settings still written into the pages and scripts at build time (SITE_URL is not one of them:
// the server reads it at start). A bad value stops the build with the server's own message.
function publicEnv() {
  try {
    const env = parseBuildEnv();
    return {
      SITE_PHONE: env.SITE_PHONE ?? "",
      SITE_PHONE_E164: env.SITE_PHONE_E164 ?? "",
      SITE_EMAIL: env.SITE_EMAIL ?? "",
      BROCHURE_BASE_URL: env.BROCHURE_BASE_URL ?? "",
    };
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export default defineConfig({
  plugins: [contentPlugin(), clientModulesPlugin(), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  define: Object.fromEntries(
    Object.entries(publicEnv()).map(([key, value]) => [`import.meta.env.${key}`, JSON.stringify(value)]),
  ),
  build: { assetsInlineLimit: 0 },
});
