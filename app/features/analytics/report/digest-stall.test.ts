import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { closeReader } from "~/server/db/read-off-loop.server";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { queueDueDigest } from "./digest-job.server";

/*
 * The weekly digest built over a million rows of last week's counts never holds the event loop over
 * 50 ms (docs/report.md#weekly-digest): its reads run on SQLite's read thread, or in PostgreSQL.
 */

const ROWS = 1_000_000;
/* See analytics-stall.test.ts: the longest delay is printed, and the 50 ms target is a benchmark's to check. */
const settings = {
  to: "owner@example.com",
  mailFrom: "Website <website@example.com>",
  timeZone: "America/New_York",
};

describe.each(testDialects)("the weekly digest over a large table on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("a million rows of last week: the digest is queued, its reads off the event loop, the longest delay printed", async () => {
    // Last week, Monday 2026-11-09 to Sunday 2026-11-15: four kinds of keys, every key distinct.
    if (dialect.name === "sqlite") {
      await sql`
        with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ROWS - 1})
        insert into analytics_counts (day, metric, key, detail, count)
        select '2026-11-' || printf('%02d', 9 + i % 7),
          case i % 4 when 0 then 'pageview' when 1 then 'referrer' when 2 then 'not_found' else 'search' end,
          'key-' || i, case i % 4 when 3 then 'miss' else '' end, 1 + i % 5
        from n`.execute(t.db);
    } else {
      // In parts: each statement well within the query timeout on a busy machine.
      for (let from = 0; from < ROWS; from += ROWS / 20) {
        await sql`
          insert into analytics_counts (day, metric, key, detail, count)
          select '2026-11-' || lpad((9 + i % 7)::text, 2, '0'),
            case i % 4 when 0 then 'pageview' when 1 then 'referrer' when 2 then 'not_found' else 'search' end,
            'key-' || i, case i % 4 when 3 then 'miss' else '' end, 1 + i % 5
          from generate_series(${from}::int, ${from + ROWS / 20 - 1}::int) as i`.execute(t.db);
      }
      await sql`analyze analytics_counts`.execute(t.db);
    }
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const started = performance.now();
    const outcome = await queueDueDigest(t.db, settings, new Date("2026-11-16T12:00:00.000Z"));
    const tookMs = performance.now() - started;
    histogram.disable();
    await closeReader(t.db);
    const stallMs = histogram.max / 1e6;
    console.info(
      `${dialect.name}: digest over ${ROWS} rows in ${tookMs.toFixed(0)} ms, longest delay ${stallMs.toFixed(1)} ms, load ${loadavg()[0]}`,
    );
    expect(outcome).toBe("queued");
    const digest = await t.db
      .selectFrom("email_outbox")
      .select("subject")
      .where("kind", "=", "weekly_digest")
      .executeTakeFirstOrThrow();
    expect(digest.subject).toContain("Website week Mon, Nov 9 to Sun, Nov 15");
  }, 600_000);
});
