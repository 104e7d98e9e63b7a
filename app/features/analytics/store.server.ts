import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { settleWriteAheadLog, toCount, writeStatement, writeTransaction } from "~/server/db/database.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import type { Batch, CountRow } from "./counter.server";
import { METRICS } from "./metrics";

/*
 * The database side of counting (docs/analytics.md): a batch added to analytics_counts, the day's
 * salt shared by every instance, the closing of a day and the deleting of old ones. Every statement
 * works on SQLite and PostgreSQL, and any number of instances may run each at once.
 */

/**
 * Rows per transaction (and per insert: well under SQLite's bound parameters, 5 per count row). A
 * transaction on SQLite holds the event loop while it runs: 200 upserts take a few milliseconds, and
 * the loop is free between two (docs/analytics.md#how-it-is-written).
 */
export const ROWS_PER_WRITE = 200;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const rowOrder = (row: CountRow) => `${row.day}\u0000${row.metric}\u0000${row.key}\u0000${row.detail}`;
const visitorOrder = (row: Batch["visitors"][number]) => `${row.day}\u0000${row.visitorHash}`;

/** Lets timers and requests run between two transactions. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The rows in the order of their keys, each key made once (not once per comparison). */
function sortedBy<T>(rows: readonly T[], keyOf: (row: T) => string): T[] {
  return rows
    .map((row) => ({ key: keyOf(row), row }))
    .sort((a, b) => compare(a.key, b.key))
    .map(({ row }) => row);
}

/** A write that failed part way: what it did not write, to be tried again. */
export class UnwrittenBatch extends Error {
  constructor(
    readonly rest: Batch,
    cause: unknown,
  ) {
    super("analytics batch not written whole", { cause });
  }
}

/**
 * Writes one batch in transactions of at most ROWS_PER_WRITE rows, one after another, the event loop
 * free between two: each count added to its row (made when new), each visitor hash inserted unless
 * another instance already did. Each transaction takes its rows in key order, so two instances adding
 * to the same rows lock them in the same order and never deadlock; sorting per transaction, not the
 * whole batch at once, keeps the event loop free. A failure throws UnwrittenBatch with what is not written
 * (what was written stays: a count is never added twice).
 */
export async function writeBatch(db: Database, batch: Batch, rowsPerWrite = ROWS_PER_WRITE): Promise<void> {
  if (batch.counts.length === 0 && batch.visitors.length === 0) return;
  const { counts, visitors } = batch;
  let countsDone = 0;
  let visitorsDone = 0;
  try {
    while (countsDone < counts.length) {
      const rows = sortedBy(counts.slice(countsDone, countsDone + rowsPerWrite), rowOrder);
      await writeTransaction(db, (trx) =>
        trx
          .insertInto("analytics_counts")
          .values(rows)
          .onConflict((conflict) =>
            conflict
              .columns(["day", "metric", "key", "detail"])
              .doUpdateSet({ count: sql`analytics_counts.count + excluded.count` }),
          )
          .execute(),
      );
      countsDone += rows.length;
      await yieldToLoop();
    }
    while (visitorsDone < visitors.length) {
      const rows = sortedBy(visitors.slice(visitorsDone, visitorsDone + rowsPerWrite), visitorOrder);
      await writeTransaction(db, (trx) =>
        trx
          .insertInto("analytics_visitors")
          .values(rows.map((row) => ({ day: row.day, visitor_hash: row.visitorHash })))
          .onConflict((conflict) => conflict.columns(["day", "visitor_hash"]).doNothing())
          .execute(),
      );
      visitorsDone += rows.length;
      await yieldToLoop();
    }
  } catch (error) {
    throw new UnwrittenBatch(
      { counts: counts.slice(countsDone), visitors: visitors.slice(visitorsDone) },
      error,
    );
  }
}

/**
 * The day's salt: made by whichever instance asks first (a random 32 bytes), read by all. It is
 * deleted when the day is closed (closeDay), so a day's hashes cannot be recomputed afterwards.
 */
export async function saltOf(db: Database, day: string, now = new Date()): Promise<string> {
  const existing = await db
    .selectFrom("analytics_salts")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirst();
  if (existing) return existing.salt;
  await writeStatement(db, (conn) =>
    conn
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(32).toString("base64url"), created_at: isoTime(now) })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute(),
  );
  const row = await db
    .selectFrom("analytics_salts")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Days before `day` that still have visitor hashes or a salt: ended, not yet closed. */
export async function openDaysBefore(db: Database, day: string): Promise<string[]> {
  const [visitors, salts] = await Promise.all([
    db.selectFrom("analytics_visitors").select("day").distinct().where("day", "<", day).execute(),
    db.selectFrom("analytics_salts").select("day").where("day", "<", day).execute(),
  ]);
  return [...new Set([...visitors, ...salts].map((row) => row.day))].sort();
}

/**
 * Closes an ended day: its unique visitors (the count of its hashes) become the `visitors` count,
 * then its hashes and its salt are deleted. Idempotent, and safe with two instances at once: the
 * count is inserted only if none is there yet, so a second closer, or one that finds the hashes
 * already gone, changes nothing. Returns the visitors counted, or undefined when the day was
 * already closed.
 */
export async function closeDay(db: Database, day: string): Promise<number | undefined> {
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("analytics_visitors")
      .select((eb) => eb.fn.countAll().as("visitors"))
      .where("day", "=", day)
      .executeTakeFirst();
    const visitors = toCount(row?.visitors as number | string | bigint | undefined);
    const inserted = await trx
      .insertInto("analytics_counts")
      .values({ day, metric: METRICS.visitors, key: "", detail: "", count: visitors })
      .onConflict((conflict) => conflict.columns(["day", "metric", "key", "detail"]).doNothing())
      .executeTakeFirst();
    await trx.deleteFrom("analytics_visitors").where("day", "=", day).execute();
    await trx.deleteFrom("analytics_salts").where("day", "=", day).execute();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? visitors : undefined;
  });
}

/** Rows deleted per statement by deleteCountsBefore: a few milliseconds of SQLite's time each. */
export const ROWS_PER_DELETE = 500;

/**
 * Rows deleted between two waits for SQLite's checkpoint (about 1,500 log pages): a delete that never
 * paused would take the log to the writing connection's own checkpoint threshold twice a second, and that
 * checkpoint holds the event loop for over 100 ms (docs/benchmarks.md#stalls).
 */
const ROWS_BETWEEN_CHECKPOINTS = 5_000;

/**
 * Deletes the counts of days before `day` (ANALYTICS_RETENTION_MONTHS) in statements of at most
 * ROWS_PER_DELETE rows, oldest day first, the event loop free between two and the log copied every
 * ROWS_BETWEEN_CHECKPOINTS rows; returns how many rows.
 */
export async function deleteCountsBefore(
  db: Database,
  day: string,
  rowsPerDelete = ROWS_PER_DELETE,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const oldest = await db
      .selectFrom("analytics_counts")
      .select("day")
      .where("day", "<", day)
      .orderBy("day")
      .limit(1)
      .executeTakeFirst();
    if (!oldest) return deleted;
    const some = db
      .selectFrom("analytics_counts")
      .select(["metric", "key", "detail"])
      .where("day", "=", oldest.day)
      .limit(rowsPerDelete);
    const result = await writeStatement(db, (conn) =>
      conn
        .deleteFrom("analytics_counts")
        .where("day", "=", oldest.day)
        .where(sql<boolean>`(metric, key, detail) in (${some})`)
        .executeTakeFirst(),
    );
    const before = deleted;
    deleted += Number(result.numDeletedRows);
    if (Math.floor(deleted / ROWS_BETWEEN_CHECKPOINTS) > Math.floor(before / ROWS_BETWEEN_CHECKPOINTS))
      await settleWriteAheadLog(db);
    await yieldToLoop();
  }
}
