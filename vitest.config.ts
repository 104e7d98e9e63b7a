import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// NOTE: kept apart from vite.config.ts: Vitest cannot load the React Router Vite plugin.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup-unit.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    fileParallelism: true,
  },
});
