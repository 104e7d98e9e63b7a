/**
 * `npm run bench:stalls`: the longest the event loop is held by the site's background work on a large
 * database, on SQLite and on PostgreSQL, against the targets of docs/analytics.md#how-it-is-written and
 * docs/report.md#weekly-digest:
 * - writing the visit counts after 10,000 distinct referrers from 10,000 clients: at most 20 ms;
 * - the weekly digest and the report over a million rows of last week's counts: at most 50 ms each;
 * - housekeeping, deleting a million expired rows of counts: at most 50 ms;
 * - the desk's Apply of a 50,000-item catalogue over one as large: at most 50 ms; and the longest a
 *   contact-post-sized write, made every 20 ms meanwhile, waits: at most 200 ms (scripts/bench/stalls-apply.ts).
 * Prints one line per figure with the load average and exits non-zero on a miss. Wall-clock delays measure
 * the machine too: run it on a quiet machine (a load average well under the core count).
 *
 * STALL_ROWS (default 1,000,000), TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own is made and dropped), STALL_DIALECTS (default "sqlite,postgres"), STALL_WORK (default
 * "analytics,apply": the counts, digest, report and housekeeping; the catalogue's Apply),
 * STALL_APPLY_ITEMS (default 50,000).
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "kysely";
import pg from "pg";
import pino from "pino";
import { createAnalytics } from "~/features/analytics/analytics.server";
import { queueDueDigest } from "~/features/analytics/report/digest-job.server";
import { buildReport } from "~/features/analytics/report/model.server";
import { purgeOldCounts } from "~/features/analytics/retention.server";
import { referredPageView } from "~/features/analytics/testing/referred";
import { createDatabase, type Dialect } from "~/server/db/database.server";
import { closeReader } from "~/server/db/read-off-loop.server";
import type { Database } from "~/server/db/schema.server";
import { parseTrustProxy, type TrustProxy } from "~/server/http/client-key.server";
import { migrate } from "~/site/migrations.server";
import { APPLY_ITEMS, applyStall } from "./stalls-apply";

const ROWS = Number(process.env.STALL_ROWS ?? 1_000_000);
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const DIALECTS = (process.env.STALL_DIALECTS ?? "sqlite,postgres").split(",") as Dialect[];
const WORK = new Set((process.env.STALL_WORK ?? "analytics,apply").split(","));
const TIME_ZONE = "America/New_York";
const logger = pino({ level: "silent" });
/** Monday 2026-11-16, noon: last week is Monday 9 to Sunday 15 November. */
const MONDAY = new Date("2026-11-16T12:00:00.000Z");

interface Figure {
  dialect: Dialect;
  what: string;
  stallMs: number;
  targetMs: number;
  tookMs: number;
}

/** The longest the event loop was held while `work` ran, and how long it took, in milliseconds. */
async function measure(work: () => Promise<unknown>): Promise<{ stallMs: number; tookMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  let tookMs = 0;
  try {
    await work();
    tookMs = performance.now() - started;
    // The histogram records a delay when its timer fires: let it fire after work that ended in one block.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    histogram.disable();
  }
  return { stallMs: histogram.max / 1e6, tookMs };
}

/** A migrated database of the dialect, and how to remove it. */
async function openDatabase(
  dialect: Dialect,
): Promise<{ db: Database; file?: string; remove(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ridgeline-stalls-"));
    const file = path.join(dir, "site.db");
    const db = createDatabase(`sqlite:${file}`, { logger });
    await migrate(db);
    return {
      db,
      file,
      async remove() {
        await closeReader(db);
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const separator = POSTGRES_URL.includes("?") ? "&" : "?";
  const url = `${POSTGRES_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const db = createDatabase(url, { logger, poolSize: 5 });
  await migrate(db);
  return {
    db,
    async remove() {
      await db.destroy();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
}

/** `rows` distinct counts over the seven days from `firstDay` (YYYY-MM-DD, day of month under 23). */
async function fillCounts(db: Database, dialect: Dialect, firstDay: string, rows: number): Promise<void> {
  const [month, day] = [firstDay.slice(0, 8), Number(firstDay.slice(8))];
  if (dialect === "sqlite") {
    await sql`
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${rows - 1})
      insert into analytics_counts (day, metric, key, detail, count)
      select ${month} || printf('%02d', ${day} + i % 7),
        case i % 4 when 0 then 'pageview' when 1 then 'referrer' when 2 then 'not_found' else 'search' end,
        'key-' || i, case i % 4 when 3 then 'miss' else '' end, 1 + i % 5
      from n`.execute(db);
    return;
  }
  const step = 50_000;
  for (let from = 0; from < rows; from += step) {
    await sql`
      insert into analytics_counts (day, metric, key, detail, count)
      select ${month} || lpad((${day} + i % 7)::text, 2, '0'),
        case i % 4 when 0 then 'pageview' when 1 then 'referrer' when 2 then 'not_found' else 'search' end,
        'key-' || i, case i % 4 when 3 then 'miss' else '' end, 1 + i % 5
      from generate_series(${from}::int, ${Math.min(from + step, rows) - 1}::int) as i`.execute(db);
  }
  await sql`analyze analytics_counts`.execute(db);
}

async function countingFlush(db: Database): Promise<{ stallMs: number; tookMs: number }> {
  const analytics = createAnalytics({
    enabled: true,
    timeZone: TIME_ZONE,
    trustProxy: parseTrustProxy("false") as TrustProxy,
    siteUrl: "https://www.ridgeline-supply.example",
    flushEveryMs: 60_000,
    now: () => MONDAY.getTime(),
  });
  const stop = analytics.job(db, logger);
  // The job's first run reads the day's salt before visitors can be hashed.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let index = 0; index < 10_000; index += 1) analytics.onAnswered?.(referredPageView(index));
  return measure(stop);
}

type Add = (what: string, targetMs: number, result: { stallMs: number; tookMs: number }) => void;

/** The counts, the digest, the report and housekeeping over ROWS rows. */
async function analyticsFigures(
  db: Database,
  dialect: Dialect,
  file: string | undefined,
  add: Add,
): Promise<void> {
  add("counts written after 10,000 referrers", 20, await countingFlush(db));
  await fillCounts(db, dialect, "2026-11-09", ROWS);
  const settings = {
    to: "owner@example.com",
    mailFrom: "Website <website@example.com>",
    timeZone: TIME_ZONE,
  };
  add(
    `weekly digest over ${ROWS.toLocaleString("en-US")} rows`,
    50,
    await measure(() => queueDueDigest(db, settings, MONDAY)),
  );
  const period = { since: "2026-11-09", until: "2026-11-15" };
  add(
    `report over ${ROWS.toLocaleString("en-US")} rows`,
    50,
    await measure(() => buildReport(db, { period, timeZone: TIME_ZONE, now: MONDAY })),
  );
  await sql`delete from analytics_counts`.execute(db);
  // Rows two years old: past any retention, all deleted by one housekeeping run.
  await fillCounts(db, dialect, "2024-10-01", ROWS);
  // The fill's log emptied and cut to nothing, so the file's size after housekeeping is housekeeping's.
  if (file) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  add(
    `housekeeping deleting ${ROWS.toLocaleString("en-US")} rows`,
    50,
    await measure(() => purgeOldCounts(db, { months: 13, timeZone: TIME_ZONE, now: MONDAY })),
  );
  if (file) {
    // SQLite reuses its log file from the start after a full checkpoint and never shrinks it, so its size
    // is the most the log held at once since the fill's checkpoint: past 10,000 pages, the writing
    // connection checkpointed on the event loop.
    const pages = Math.round(statSync(`${file}-wal`).size / (4096 + 24));
    console.info(
      `${dialect.padEnd(8)} write-ahead log at its largest: ${pages.toLocaleString("en-US")} pages`,
    );
  }
}

async function benchDialect(dialect: Dialect): Promise<Figure[]> {
  const figures: Figure[] = [];
  const add = (what: string, targetMs: number, result: { stallMs: number; tookMs: number }) => {
    figures.push({ dialect, what, targetMs, ...result });
    const line = `${dialect.padEnd(8)} ${what.padEnd(44)} longest delay ${result.stallMs.toFixed(1).padStart(6)} ms (target ${targetMs}) in ${result.tookMs.toFixed(0)} ms`;
    console.info(`${line}, load ${os.loadavg()[0]?.toFixed(2)}`);
  };
  const { db, file, remove } = await openDatabase(dialect);
  try {
    if (WORK.has("analytics")) await analyticsFigures(db, dialect, file, add);
    if (WORK.has("apply")) {
      const apply = await applyStall(db);
      add(`Apply of ${APPLY_ITEMS.toLocaleString("en-US")} catalogue items`, 50, apply);
      add("longest wait of a post's write during it", 200, { stallMs: apply.longestWriteMs, tookMs: 0 });
    }
  } finally {
    await remove();
  }
  return figures;
}

const figures: Figure[] = [];
console.info(
  `bench:stalls on ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
for (const dialect of DIALECTS) figures.push(...(await benchDialect(dialect)));
const misses = figures.filter((figure) => figure.stallMs > figure.targetMs);
for (const miss of misses) {
  console.error(`MISS ${miss.dialect}: ${miss.what}: ${miss.stallMs.toFixed(1)} ms > ${miss.targetMs} ms`);
}
console.info(`${figures.length - misses.length} of ${figures.length} within target`);
process.exit(misses.length > 0 ? 1 : 0);
