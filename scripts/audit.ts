/**
 * `npm run audit`: Lighthouse (mobile, simulated throttling) on every public page of the built site,
 * served by the real server. Writes one JSON report per page and a Markdown summary to
 * reports/lighthouse/, prints the table, and exits 1 when a page misses a budget.
 *
 * Usage: tsx scripts/audit.ts [path ...] (default: every page below).
 * Environment: BUILD_DIR (default "build"), AUDIT_PORT (default 3400), AUDIT_RUNS (default 3),
 * CHROME_PATH (default /usr/bin/chromium).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

const PAGES = [
  "/",
  "/products",
  "/protective-packaging",
  "/about",
  "/resources",
  "/contact",
  "/resources/articles/choosing-label-face-stock",
];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

const BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.01,
} as const;

/** Lighthouse warns that simulated timings are unreliable on a host whose benchmark is below this. */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const buildDir = process.env.BUILD_DIR || "build";
const port = Number(process.env.AUDIT_PORT || 3400);
const runs = Math.max(1, Number(process.env.AUDIT_RUNS || 3));
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const origin = `http://127.0.0.1:${port}`;
const reportDir = path.resolve("reports", "lighthouse");

interface PageResult {
  page: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failures: string[];
  environment: string;
  runs: number;
  discarded: string[];
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function isUp(): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function startServer(tempDir: string): Promise<ChildProcess> {
  const entry = path.join(buildDir, "server.js");
  if (!existsSync(entry)) throw new Error(`${entry} not found: build first (npm run build)`);
  // A server already on the port would answer the health check and be audited in place of this build.
  if (await isUp()) throw new Error(`something already answers on ${origin}: set AUDIT_PORT`);

  const server = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATABASE_URL: `sqlite:${path.join(tempDir, "site.db")}`,
      MAIL_DIR: path.join(tempDir, "mail"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  server.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited during start (code ${server.exitCode})`);
    if (await isUp()) return server;
    await delay(200);
  }
  server.kill("SIGKILL");
  throw new Error(`the server did not answer ${origin}/healthz within 30 s`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

function score(lhr: Result, category: Category): number {
  const value = lhr.categories[category]?.score;
  return typeof value === "number" ? Math.round(value * 100) : 0;
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

/** The audits that cost a category points, for the failure message. */
function failingAudits(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const value = lhr.audits[ref.id]?.score;
      return typeof value === "number" && value < 1;
    })
    .map((ref) => ref.id);
}

function browserVersion(lhr: Result): string {
  const match = /(?:HeadlessChrome|Chrome)\/([\d.]+)/.exec(lhr.environment.hostUserAgent);
  return match ? `Chromium ${match[1]}` : "Chromium";
}

function slugFor(page: string): string {
  return page === "/" ? "home" : page.slice(1).replaceAll("/", "-");
}

async function auditPage(chromePort: number, page: string): Promise<PageResult> {
  const flags: Flags = {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    formFactor: "mobile",
    throttlingMethod: "simulate",
  };
  const lhrs: Result[] = [];
  const discarded: string[] = [];
  // A run is repeated, not counted, when Lighthouse could not record it or when the host CPU was
  // starved while it ran: below Lighthouse's own slow-host threshold the simulated timings describe
  // the machine, not the page. The retries are bounded, and every discarded run is reported.
  const maxAttempts = runs * 3;
  for (let attempt = 1; lhrs.length < runs && attempt <= maxAttempts; attempt += 1) {
    const result = await lighthouse(`${origin}${page}`, flags);
    if (!result) throw new Error(`Lighthouse returned no result for ${page}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
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
  }
  if (lhrs.length === 0) throw new Error(`no usable Lighthouse run for ${page}: ${discarded.join("; ")}`);
  // Two cores shared with other work make single timings noisy, so each page is measured several
  // times and the run closest to the median FCP and TTI is kept (Lighthouse's own median-run rule).
  const median = computeMedianRun(lhrs);
  await writeFile(path.join(reportDir, `${slugFor(page)}.json`), JSON.stringify(median, null, 2));

  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, score(median, category)]),
  ) as Record<Category, number>;
  const result: PageResult = {
    page,
    scores,
    lcpMs: numeric(median, "largest-contentful-paint"),
    tbtMs: numeric(median, "total-blocking-time"),
    cls: numeric(median, "cumulative-layout-shift"),
    failures: [],
    environment: `Lighthouse ${median.lighthouseVersion}, ${browserVersion(median)}`,
    runs: lhrs.length,
    discarded,
  };

  if (scores.performance < BUDGETS.performance) {
    result.failures.push(
      `performance ${scores.performance} < ${BUDGETS.performance} (${failingAudits(median, "performance").join(", ")})`,
    );
  }
  // Accessibility, best practices and SEO do not depend on timing: a miss in any run (a console
  // error that shows up once, say) is a real problem, so the median must not smooth it away.
  for (const category of ["accessibility", "best-practices", "seo"] as const) {
    for (const [index, lhr] of lhrs.entries()) {
      const value = score(lhr, category);
      if (value < BUDGETS[category]) {
        result.failures.push(
          `${category} ${value} < ${BUDGETS[category]} in run ${index + 1} of ${lhrs.length} (${failingAudits(lhr, category).join(", ")})`,
        );
        break;
      }
    }
  }
  if (!(result.lcpMs <= BUDGETS.lcpMs)) {
    result.failures.push(`LCP ${formatSeconds(result.lcpMs)} > ${formatSeconds(BUDGETS.lcpMs)}`);
  }
  if (!(result.tbtMs <= BUDGETS.tbtMs)) {
    result.failures.push(`TBT ${Math.round(result.tbtMs)} ms > ${BUDGETS.tbtMs} ms`);
  }
  if (!(result.cls <= BUDGETS.cls)) {
    result.failures.push(`CLS ${result.cls.toFixed(3)} > ${BUDGETS.cls}`);
  }
  return result;
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function table(results: PageResult[]): string {
  const rows = results.map((r) =>
    [
      `\`${r.page}\``,
      r.scores.performance,
      r.scores.accessibility,
      r.scores["best-practices"],
      r.scores.seo,
      formatSeconds(r.lcpMs),
      `${Math.round(r.tbtMs)} ms`,
      r.cls.toFixed(3),
    ].join(" | "),
  );
  return [
    "| Page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

async function main(): Promise<number> {
  const started = Date.now();
  await mkdir(reportDir, { recursive: true });
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "ridgeline-audit-"));
  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;

  const cleanUp = async () => {
    chrome?.kill();
    chrome = undefined;
    if (server) await stopServer(server);
    server = undefined;
    await rm(tempDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    server = await startServer(tempDir);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      logLevel: "error",
      // Our own handler stops the server as well as Chrome.
      handleSIGINT: false,
    });
    const results: PageResult[] = [];
    // Pages named on the command line narrow the audit while working on them.
    const pages = process.argv.length > 2 ? process.argv.slice(2) : PAGES;
    for (const page of pages) {
      const pageStarted = Date.now();
      const result = await auditPage(chrome.port, page);
      results.push(result);
      log(
        `${page}: ${CATEGORIES.map((c) => result.scores[c]).join("/")} LCP ${formatSeconds(result.lcpMs)} ` +
          `TBT ${Math.round(result.tbtMs)} ms CLS ${result.cls.toFixed(3)} ` +
          `(median of ${result.runs}, ${((Date.now() - pageStarted) / 1000).toFixed(0)} s)`,
      );
      for (const reason of result.discarded) log(`  ${reason}`);
    }

    const date = new Date().toISOString().slice(0, 10);
    const summary =
      `${table(results)}\n\nMeasured ${date} with \`npm run audit\` (${results[0]?.environment} at ${chromePath}): ` +
      `mobile, simulated throttling, median of ${runs} runs per page.\n`;
    await writeFile(path.join(reportDir, "summary.md"), summary);
    log(`\n${table(results)}\n`);

    const failed = results.filter((r) => r.failures.length > 0);
    for (const r of failed) {
      for (const failure of r.failures) log(`BUDGET FAILED ${r.page}: ${failure}`);
    }
    log(
      `${failed.length === 0 ? "All pages within budget" : `${failed.length} of ${results.length} pages over budget`}; ` +
        `reports in ${path.relative(process.cwd(), reportDir)}/ (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    return failed.length === 0 ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`audit failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
