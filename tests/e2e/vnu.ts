import { spawnSync } from "node:child_process";
import { expect } from "@playwright/test";

const VNU = "node_modules/vnu-jar/build/dist/vnu.jar";
/**
 * On a busy machine the JIT falls behind, the schema is evaluated in deep interpreted frames and vnu
 * dies of a StackOverflowError with the default thread stack, so it gets a large one. C1 only: a
 * run this short finishes sooner without the optimising compiler.
 */
const JAVA_OPTIONS = ["-Xss16m", "-XX:TieredStopAtLevel=1"];

/** One message of the Nu HTML Checker's JSON report. */
export interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The errors the Nu HTML Checker finds in HTML files (every message but the informational ones). All
 * files go to one run, as a JVM start costs a few seconds; the test fails if vnu could not run or report.
 */
export function vnuErrors(files: readonly string[]): VnuMessage[] {
  const run = spawnSync(
    "java",
    [...JAVA_OPTIONS, "-jar", VNU, "--errors-only", "--format", "json", ...files],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      // spawnSync holds the worker's event loop, so the test's own timeout could not stop a hung JVM.
      timeout: 50_000,
    },
  );
  expect(run.error, "java could not be started").toBeUndefined();
  // vnu writes its report to stderr; exit status 1 only means it found errors.
  const output = run.stderr.trim() || run.stdout.trim();
  expect(output, `vnu did not report:\n${run.stdout}\n${run.stderr}`).toMatch(/^\{/);
  const report = JSON.parse(output) as { messages: VnuMessage[] };
  return report.messages.filter((message) => message.type !== "info");
}
