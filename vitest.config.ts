import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { contentPlugin } from "./app/content/content-plugin.server";
import { clientModulesPlugin } from "./app/lib/client-modules-plugin.server";
// Run directly with another Node (not through npm, which runs the pinned one), the suite refuses in one line.
import "./app/server/runtime.server";

// NOTE: kept apart from vite.config.ts: Vitest cannot load the React Router Vite plugin.
export default defineConfig({
  // The articles reach the app as modules built from content/articles (docs/content.md).
  plugins: [contentPlugin(), clientModulesPlugin()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "tests/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["./tests/setup-unit.ts"],
    // One migrated database of each dialect for the run, copied for every test's fresh one.
    globalSetup: ["./tests/support/database-templates.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    fileParallelism: true,
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine, where the
    // suite's files, most of their time waiting on PostgreSQL, SMTP peers and timers, then run one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
