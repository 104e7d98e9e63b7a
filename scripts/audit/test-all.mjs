// `npm test`: every check the project has, in order, stopping at the first failure:
// types, lint, unit and integration tests (SQLite and PostgreSQL), the production build, and the
// browser tests against the built server. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

mkdirSync("reports", { recursive: true });
// A step that does not run must not be counted from an earlier run's report.
for (const report of ["reports/vitest.json", "reports/playwright.json"]) rmSync(report, { force: true });

const steps = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  [
    "unit and integration",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"],
  ],
  ["build", "npm", ["run", "--silent", "build"]],
  ["browser", "npx", ["playwright", "test"]],
];

let failedStep;
for (const [name, command, args] of steps) {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(" ")}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  process.stdout.write(
    `=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

function counts(file, read) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
const unit = counts("reports/vitest.json", (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: r.numFailedTests ?? 0,
  skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
}));
const browser = counts("reports/playwright.json", (r) => ({
  passed: r.stats?.expected ?? 0,
  failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0),
  skipped: r.stats?.skipped ?? 0,
}));
const passed = unit.passed + browser.passed;
const failed = unit.failed + browser.failed + (failedStep && unit.failed + browser.failed === 0 ? 1 : 0);
process.stdout.write(
  `\nunit: ${unit.passed} passed, ${unit.failed} failed; browser: ${browser.passed} passed, ${browser.failed} failed; ${unit.skipped + browser.skipped} skipped${failedStep ? `; step failed: ${failedStep}` : ""}\n`,
);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedStep ? 1 : 0);
