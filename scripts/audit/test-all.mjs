// `npm test`: every check the project has, stopping after the first phase that fails: types; then lint, unit
// and integration tests (SQLite and PostgreSQL) and the production build side by side; then the browser tests
// against the built server. Ends with one "N passed, N failed" line.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

mkdirSync("reports", { recursive: true });
// A step that does not run must not be counted from an earlier run's report.
for (const report of ["reports/vitest.json", "reports/playwright.json"]) rmSync(report, { force: true });

const step = (name, command, args) => ({ name, command, args });
const typecheckStep = step("typecheck", "npm", ["run", "--silent", "typecheck"]);
const lintStep = step("lint", "npm", ["run", "--silent", "lint"]);
const unitStep = step("unit and integration", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=reports/vitest.json",
]);
const buildStep = step("build", "npm", ["run", "--silent", "build"]);
const browserStep = step("browser", "npx", ["playwright", "test"]);

/*
 * The type check runs first: it writes the generated files the unit tests read. Then the lint, the unit tests
 * and the build run side by side: the unit tests spend most of their time waiting on PostgreSQL, SMTP peers and
 * timers, and the build fills those waits (one after another they took about 8 minutes of a CI run, and the
 * build rewrites a generated file only when its content changes). Each one's output is printed whole when it
 * ends, so the log reads step by step. The browser tests run last, against the build.
 */
const phases = [[typecheckStep], [lintStep, unitStep, buildStep], [browserStep]];

/** Runs a step; its output goes straight through when it runs alone, and is printed whole when it ends otherwise. */
function runStep({ name, command, args }, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const header = `\n=== ${name}: ${command} ${args.join(" ")}\n`;
    if (alone) process.stdout.write(header);
    const child = spawn(command, args, {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    const finish = (ok) => {
      if (!alone) process.stdout.write(header + Buffer.concat(output).toString("utf8"));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`=== ${name}: ${ok ? "ok" : "FAILED"} in ${seconds} s\n`);
      resolve(ok);
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on("close", (code) => finish(code === 0));
  });
}

let failedStep;
for (const phase of phases) {
  const outcomes = await Promise.all(phase.map((each) => runStep(each, phase.length === 1)));
  const failed = phase.filter((_, index) => !outcomes[index]);
  if (failed.length > 0) {
    failedStep = failed.map((each) => each.name).join(", ");
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
