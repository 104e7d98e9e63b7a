/** The audit's targets for each page, and the ones a page's measurements miss. */
import type { Result } from "lighthouse";
import { FIRST_ROUND_TRIP_BYTES } from "./audit-document";
import { failingAudits, score } from "./audit-lighthouse";
import { formatKb, type PageResult } from "./audit-report";
import { BLOCKING_BUDGET_MS, blockingFailures } from "./audit-trace";

const KB = 1024;
export const BUDGETS = {
  performance: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 800,
  tbtMs: BLOCKING_BUDGET_MS,
  cls: 0,
  /** JavaScript at first load, gzip: the budget of tests/e2e/budgets.test.ts. */
  scriptBytes: 145 * KB,
} as const;

/** Lighthouse warns that simulated timings are unreliable on a host whose benchmark is below this. */
/**
 * The targets a page misses. `spec` says what the page is allowed: `noIndex` forgives the one SEO audit
 * that a page kept out of search engines fails; `noScripts` asks for no script file, and a landing
 * page's HTML in the first round trip.
 */
export function budgetFailures(
  spec: { noIndex?: boolean; noScripts?: "landing" | "other" },
  result: PageResult,
  lhrs: readonly Result[],
  medianRun: Result,
): string[] {
  const { scores } = result;
  const failures: string[] = [];
  if (scores.performance < BUDGETS.performance) {
    failures.push(
      `performance ${scores.performance} < ${BUDGETS.performance} (${failingAudits(medianRun, "performance").join(", ")})`,
    );
  }
  // Accessibility, best practices and SEO do not depend on timing: a miss in any run (a console
  // error that shows up once, say) is a real problem, so the median must not smooth it away.
  for (const category of ["accessibility", "best-practices", "seo"] as const) {
    for (const [index, lhr] of lhrs.entries()) {
      const value = score(lhr, category);
      const failing = failingAudits(lhr, category);
      const onlyNoIndex =
        spec.noIndex === true && category === "seo" && failing.length === 1 && failing[0] === "is-crawlable";
      if (value < BUDGETS[category] && !onlyNoIndex) {
        failures.push(
          `${category} ${value} < ${BUDGETS[category]} in run ${index + 1} of ${lhrs.length} (${failing.join(", ")})`,
        );
        break;
      }
    }
  }
  if (!(result.lcpMs <= BUDGETS.lcpMs)) {
    failures.push(`LCP ${Math.round(result.lcpMs)} ms > ${BUDGETS.lcpMs} ms`);
  }
  // TBT and the real trace's longest task after the first paint, each at most 50 ms (decision 0046).
  failures.push(...blockingFailures(result));
  if (!(result.cls <= BUDGETS.cls)) {
    failures.push(`CLS ${result.cls.toFixed(3)} > ${BUDGETS.cls}`);
  }
  if (spec.noScripts && result.scriptFiles > 0) {
    failures.push(`${result.scriptFiles} script files on a page without scripts (decision 0023)`);
  }
  if (spec.noScripts === "landing" && !(result.documentBytes <= FIRST_ROUND_TRIP_BYTES)) {
    failures.push(
      `HTML ${formatKb(result.documentBytes)} with headers > ${formatKb(FIRST_ROUND_TRIP_BYTES)} (first round trip)`,
    );
  }
  if (!(result.scriptBytes <= BUDGETS.scriptBytes)) {
    failures.push(`JavaScript ${formatKb(result.scriptBytes)} gzip > ${formatKb(BUDGETS.scriptBytes)}`);
  }
  return failures;
}
