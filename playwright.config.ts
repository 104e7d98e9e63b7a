import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/lib/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Per port, so test runs on different ports never clear each other's artifacts.
  outputDir: `test-results/${port}`,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL,
    // Recording a trace (a screencast and a DOM snapshot at every step) costs every test its CPU, and the
    // suite is CPU-bound on a 2-core machine: in CI only a failed test's retry records one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromium } }],
  webServer: {
    command: "node tests/e2e/start-test-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port) },
  },
});
