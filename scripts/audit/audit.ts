import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS, servedSize } from "../lib/chromium";
import { healthy, type ServerProcess } from "../lib/server-process";
import { budgetFailures } from "./audit-budgets";
import { documentBytes } from "./audit-document";
import {
  browserVersion,
  CATEGORIES,
  type Category,
  lcpBreakdown,
  median,
  numeric,
  score,
  type TableDetails,
} from "./audit-lighthouse";
import {
  breakdownTable,
  formatKb,
  formatSeconds,
  openingsLine,
  type PageResult,
  PHASES,
  table,
} from "./audit-report";
import { givePrecedence, startAuditServer, warmUp } from "./audit-server";
import { Site } from "./audit-site";
import { longestAfterPaint, type OpeningTasks, openingTasks, type TraceEvent } from "./audit-trace";

/** A page to audit: its name in the table, and the URL of each run (a fresh one when a run uses it up). */
interface PageSpec {
  name: string;
  /**
   * The page tells search engines not to index it (`<meta name="robots" content="noindex">`), on
   * purpose: Lighthouse's `is-crawlable` audit then fails and costs the SEO score, and that one audit
   * is not counted as a miss.
   */
  noIndex?: boolean;
  /**
   * A page served without scripts (docs/decisions/0023): any script file it loads is a miss. Such a
   * page a visitor lands on (`landing`) must also fit its HTML in the first round trip.
   */
  noScripts?: "landing" | "other";
  url: (site: Site) => Promise<string>;
}

const fixed = (pathname: string) => () => Promise.resolve(pathname);

const PAGES: PageSpec[] = [
  { name: "/", noScripts: "landing", url: fixed("/") },
  { name: "/products", noScripts: "landing", url: fixed("/products") },
  { name: "/protective-packaging", noScripts: "landing", url: fixed("/protective-packaging") },
  { name: "/about", noScripts: "landing", url: fixed("/about") },
  { name: "/resources", url: fixed("/resources") },
  { name: "/contact", url: fixed("/contact") },
  {
    name: "/resources/articles/choosing-label-face-stock",
    noScripts: "landing",
    url: fixed("/resources/articles/choosing-label-face-stock"),
  },
  { name: "/quote", url: fixed("/quote") },
  // What the header's search field sends.
  { name: "/search?q=labels", noIndex: true, noScripts: "other", url: fixed("/search?q=labels") },
  // The link of a confirmation e-mail. Opening it changes nothing (the visitor's press confirms); every
  // run still opens the link of a new signup, the page a new subscriber sees.
  { name: "/newsletter/confirm?token=…", noIndex: true, url: (site) => site.confirmLink() },
  // The link of every subscriber e-mail; opening it changes nothing, so one link serves every run.
  { name: "/newsletter/unsubscribe?token=…", noIndex: true, url: (site) => site.unsubscribeLink() },
  // The newsletter form's "unsubscribe" link, for a reader without the e-mail.
  { name: "/newsletter/unsubscribe", noIndex: true, url: fixed("/newsletter/unsubscribe") },
];

/** Whether a page asks not to be indexed: its SEO score is shown with "(noindex)". */
const noIndex = (page: string) => PAGES.some((spec) => spec.name === page && spec.noIndex);

const SLOW_HOST_BENCHMARK_INDEX = 1000;

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

const buildDir = process.env.BUILD_DIR || "build";
const port = Number(process.env.AUDIT_PORT || 3400);
const runs = Math.max(1, Number(process.env.AUDIT_RUNS || 3));
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const origin = `http://127.0.0.1:${port}`;
const reportDir = path.resolve("reports", "lighthouse");

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The load average over 1, 5 and 15 minutes, as `uptime` prints it. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
}

function slugFor(page: string): string {
  if (page === "/") return "home";
  return page
    .slice(1)
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/-+$/, "");
}

/**
 * The scripts the page loaded during the run (Lighthouse records every request until the page is
 * quiet after load, so after hydration; nothing is clicked), measured as tests/e2e/budgets.test.ts
 * measures them: the gzip body our server sends for each URL.
 */
async function firstLoadScripts(lhr: Result): Promise<{ bytes: number; files: number }> {
  const items = (lhr.audits["network-requests"]?.details as TableDetails | undefined)?.items ?? [];
  const urls = new Set<string>();
  for (const item of items) {
    const url = typeof item.url === "string" ? item.url : "";
    if (item.resourceType === "Script" && url.startsWith(origin)) urls.add(url);
  }
  const sizes = await Promise.all([...urls].map((url) => servedSize(url, "gzip")));
  return { bytes: sizes.reduce((sum, bytes) => sum + bytes, 0), files: urls.size };
}

async function auditPage(chromePort: number, spec: PageSpec, site: Site): Promise<PageResult> {
  const { lhrs, openings, discarded } = await measureRuns(chromePort, spec, site);
  if (lhrs.length === 0) {
    throw new Error(`no usable Lighthouse run for ${spec.name}: ${discarded.join("; ")}`);
  }
  // Two cores shared with other work make single timings noisy, so each page is measured several
  // times: every figure in the table is the median of the runs, and the report kept is the run
  // closest to the median FCP and TTI (Lighthouse's own median-run rule).
  const medianRun = computeMedianRun(lhrs);
  await writeFile(path.join(reportDir, `${slugFor(spec.name)}.json`), JSON.stringify(medianRun, null, 2));

  // A score is a whole number: the median of an even number of runs is rounded down.
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.floor(median(lhrs.map((lhr) => score(lhr, category))))]),
  ) as Record<Category, number>;
  const scripts = await firstLoadScripts(medianRun);
  const result: PageResult = {
    page: spec.name,
    scores,
    lcpMs: median(lhrs.map((lhr) => numeric(lhr, "largest-contentful-paint"))),
    tbtMs: median(lhrs.map((lhr) => numeric(lhr, "total-blocking-time"))),
    longestAfterPaintMs: longestAfterPaint(openings),
    cls: median(lhrs.map((lhr) => numeric(lhr, "cumulative-layout-shift"))),
    serverMs: median(lhrs.map((lhr) => numeric(lhr, "server-response-time"))),
    scriptBytes: scripts.bytes,
    scriptFiles: scripts.files,
    // Only the landing pages: the newsletter links would make another signup for it.
    documentBytes: spec.noScripts === "landing" ? await documentBytes(origin + (await spec.url(site))) : 0,
    lcp: lcpBreakdown(medianRun),
    openings,
    failures: [],
    environment: `Lighthouse ${medianRun.lighthouseVersion}, ${browserVersion(medianRun)}`,
    runs: lhrs.length,
    discarded,
  };

  result.failures.push(...budgetFailures(spec, result, lhrs, medianRun));
  return result;
}

/**
 * Lighthouse's runs of one page. A run is repeated, not counted, when Lighthouse could not record it
 * or when the host CPU was starved while it ran: below Lighthouse's own slow-host threshold the
 * simulated timings describe the machine, not the page. The retries are bounded, and every discarded
 * run is reported.
 */
async function measureRuns(
  chromePort: number,
  spec: PageSpec,
  site: Site,
): Promise<{ lhrs: Result[]; openings: PageResult["openings"]; discarded: string[] }> {
  const flags: Flags = {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    formFactor: "mobile",
    throttlingMethod: "simulate",
  };
  const lhrs: Result[] = [];
  const openings: PageResult["openings"] = [];
  const discarded: string[] = [];
  const maxAttempts = runs * 3;
  await warmUp(`${origin}${await spec.url(site)}`);
  for (let attempt = 1; lhrs.length < runs && attempt <= maxAttempts; attempt += 1) {
    const result = await lighthouse(`${origin}${await spec.url(site)}`, flags);
    if (!result) throw new Error(`Lighthouse returned no result for ${spec.name}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      // A server that died answers nothing again: say so instead of repeating runs against it.
      if (!(await healthy(origin)))
        throw new Error(`the server stopped answering while ${spec.name} was audited`);
      discarded.push(`run repeated: Lighthouse error ${lhr.runtimeError.code}`);
      continue;
    }
    const benchmark = lhr.environment.benchmarkIndex;
    const lastChance = maxAttempts - attempt < runs - lhrs.length;
    if (benchmark < SLOW_HOST_BENCHMARK_INDEX) {
      if (!lastChance) {
        discarded.push(`run repeated: host CPU starved (benchmark index ${Math.round(benchmark)})`);
        continue;
      }
      discarded.push(
        `kept a run on a starved host (benchmark index ${Math.round(benchmark)}): timings unreliable`,
      );
    }
    lhrs.push(lhr);
    // Read now, so that no run's trace (megabytes) outlives its run.
    const trace = result.artifacts.Trace?.traceEvents as readonly TraceEvent[] | undefined;
    const tasks: OpeningTasks | null = trace ? openingTasks(trace) : null;
    openings.push({ tbtMs: numeric(lhr, "total-blocking-time"), tasks });
  }
  return { lhrs, openings, discarded };
}

/** The pages named on the command line (by name, or by path for the ones with a token), or all. */
function selectedPages(args: string[]): PageSpec[] {
  if (args.length === 0) return PAGES;
  return args.map((arg) => {
    const known =
      PAGES.find((spec) => spec.name === arg) ?? PAGES.find((spec) => spec.name === `${arg}?token=…`);
    return known ?? { name: arg, url: fixed(arg) };
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadBefore = loadAverage();
  log(`load average before: ${loadBefore}`);
  await mkdir(reportDir, { recursive: true });
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "ridgeline-audit-"));
  let server: ServerProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;

  const cleanUp = async () => {
    chrome?.kill();
    chrome = undefined;
    await server?.stop();
    server = undefined;
    await rm(tempDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    server = await startAuditServer({ port, buildDir, tempDir });
    log(givePrecedence(server));
    const site = new Site(origin, path.join(tempDir, "mail"));
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      logLevel: "error",
      // Our own handler stops the server as well as Chrome.
      handleSIGINT: false,
    });
    const { results, unmeasured } = await auditPages(chrome.port, site);
    return await report(results, unmeasured, loadBefore, started);
  } finally {
    await cleanUp();
  }
}

/** Audits the pages (those named on the command line, or all), logging each as it is measured. */
async function auditPages(
  chromePort: number,
  site: Site,
): Promise<{ results: PageResult[]; unmeasured: string[] }> {
  const results: PageResult[] = [];
  const unmeasured: string[] = [];
  // Pages named on the command line narrow the audit while working on them.
  for (const spec of selectedPages(process.argv.slice(2))) {
    const pageStarted = Date.now();
    let result: PageResult;
    try {
      result = await auditPage(chromePort, spec, site);
    } catch (error) {
      // A page with no usable run is named at the end and the others are still measured; a server
      // that stopped answering ends the audit.
      if (!(await healthy(origin))) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      unmeasured.push(`NOT MEASURED ${spec.name}: ${reason}`);
      log(`${spec.name}: not measured`);
      continue;
    }
    results.push(result);
    const phases = PHASES.filter((phase) => phase in result.lcp.phases)
      .map((phase) => `${phase} ${Math.round(result.lcp.phases[phase] ?? 0)}`)
      .join(", ");
    log(
      `${spec.name}: ${CATEGORIES.map((c) => result.scores[c]).join("/")} LCP ${formatSeconds(result.lcpMs)} ` +
        `TBT ${Math.round(result.tbtMs)} ms ` +
        `longest task after first paint ${result.longestAfterPaintMs === null ? "?" : Math.round(result.longestAfterPaintMs)} ms ` +
        `CLS ${result.cls.toFixed(3)} ` +
        `JS ${formatKb(result.scriptBytes)} gzip in ${result.scriptFiles} files ` +
        (result.documentBytes ? `HTML ${formatKb(result.documentBytes)} ` : "") +
        `server ${Math.round(result.serverMs)} ms ` +
        `(median of ${result.runs}, ${((Date.now() - pageStarted) / 1000).toFixed(0)} s; load ${loadAverage()})`,
    );
    log(`  LCP element ${result.lcp.element}: ${phases} ms (median run)`);
    log(`  ${openingsLine(result)}`);
    for (const reason of result.discarded) log(`  ${reason}`);
  }
  return { results, unmeasured };
}

/** Writes the summary, logs every missed target, and answers the exit code: 0 when every page meets every target. */
async function report(
  results: PageResult[],
  unmeasured: string[],
  loadBefore: string,
  started: number,
): Promise<number> {
  const loadAfter = loadAverage();

  const date = new Date().toISOString().slice(0, 10);
  const summary =
    `${table(results, noIndex)}\n\n${breakdownTable(results)}\n\n` +
    `Measured ${date} with \`npm run audit\` (${results[0]?.environment} at ${chromePath}): ` +
    `mobile, simulated throttling, median of ${runs} runs per page; the LCP breakdown is that of the ` +
    `median run. Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}.\n`;
  await writeFile(path.join(reportDir, "summary.md"), summary);
  log(`\n${table(results, noIndex)}\n\n${breakdownTable(results)}\n`);
  log(`load average before: ${loadBefore}; after: ${loadAfter}`);

  const failed = results.filter((r) => r.failures.length > 0);
  for (const r of failed) {
    for (const failure of r.failures) log(`TARGET MISSED ${r.page}: ${failure}`);
  }
  for (const line of unmeasured) log(line);
  const total = results.length + unmeasured.length;
  const verdict =
    failed.length + unmeasured.length === 0
      ? "Every page meets every target"
      : `${failed.length} of ${total} pages miss a target` +
        (unmeasured.length > 0 ? `, ${unmeasured.length} could not be measured` : "");
  log(
    `${verdict}; reports in ${path.relative(process.cwd(), reportDir)}/ (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  return failed.length + unmeasured.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`audit failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
