import { sql } from "kysely";
import { writeTransaction } from "~/server/db/database.server";
import { type Database, type IsoTimestamp, isoTime } from "~/server/db/schema.server";
import { type RateLimit, withinRateLimit } from "~/server/rate-limit.server";
import { normalizeQuery } from "./normalize.server";

/**
 * Searches that found nothing, counted for the owner (`npm run search -- misses`): what people look
 * for that the site does not answer. One row per normalised query with a count and when it was last
 * asked; nothing about the visitor (no address, no time of each search, no other parameter).
 *
 * The table stays small whatever is typed (docs/search.md#bounds): each client adds at most
 * SEARCH_MISS_CLIENT_LIMIT misses an hour, counted like the forms' per-client limits under the keyed
 * hash of its address, and the hourly housekeeping keeps only the MISSES_KEPT most frequent queries
 * searched within MISSES_MAX_AGE_DAYS.
 */

/**
 * Misses one client may add per hour. A person who finds nothing tries a few other words; twenty
 * is more than a visit needs, and a script typing 10,000 queries adds twenty rows, not 10,000.
 */
export const SEARCH_MISS_CLIENT_LIMIT: RateLimit = { limit: 20, windowMs: 60 * 60 * 1000 };
/** Queries kept by the pruning, most frequent first: far more than an owner reads through. */
export const MISSES_KEPT = 1000;
/** A query nobody has searched for this long is dropped: two quarters, so a quarterly look sees it. */
export const MISSES_MAX_AGE_DAYS = 180;
/** Rows deleted per statement, and statements per kind per run: bounded work for each hourly run. */
const PRUNE_BATCH = 5000;
const PRUNE_BATCHES_PER_RUN = 20;

export type MissOutcome = "counted" | "not_a_query" | "over_budget";

export interface SearchMiss {
  query: string;
  count: number;
  lastSeenAt: IsoTimestamp;
}

/**
 * Counts one search that found nothing, within the client's budget (`clientKey`, the keyed hash of its
 * address). A query that normalises to nothing (punctuation) is not counted, and neither is a miss over
 * the budget: the visitor sees the same page either way.
 */
export async function recordSearchMiss(
  db: Database,
  clientKey: string,
  query: string,
  now = new Date(),
): Promise<MissOutcome> {
  const normalized = normalizeQuery(query);
  if (normalized === "") return "not_a_query";
  const seen = isoTime(now);
  const outcome = await withinRateLimit(
    db,
    `search-miss:${clientKey}`,
    SEARCH_MISS_CLIENT_LIMIT,
    now,
    (trx) =>
      trx
        .insertInto("search_misses")
        .values({ query: normalized, count: 1, last_seen_at: seen })
        .onConflict((conflict) =>
          conflict.column("query").doUpdateSet({
            count: sql<number>`search_misses.count + 1`,
            // Several instances may count the same query at once: the latest time wins either way.
            last_seen_at: sql<string>`case when search_misses.last_seen_at > excluded.last_seen_at then search_misses.last_seen_at else excluded.last_seen_at end`,
          }),
        )
        .execute(),
  );
  return outcome.limited ? "over_budget" : "counted";
}

/**
 * The hourly pruning: deletes the queries last searched more than MISSES_MAX_AGE_DAYS ago, then all
 * but the MISSES_KEPT most frequent (the most recent first among equal counts). What stays keeps its
 * count and last time. Bounded: at most PRUNE_BATCH rows per statement and PRUNE_BATCHES_PER_RUN
 * statements of each kind per run. Returns how many rows went.
 */
export async function pruneSearchMisses(
  db: Database,
  { now = new Date(), keep = MISSES_KEPT, maxAgeDays = MISSES_MAX_AGE_DAYS, batch = PRUNE_BATCH } = {},
): Promise<number> {
  const cutoff = isoTime(new Date(now.getTime() - maxAgeDays * 24 * 60 * 60 * 1000));
  const deleteOld = () =>
    writeTransaction(db, async (trx) => {
      const old = trx.selectFrom("search_misses").select("query").where("last_seen_at", "<", cutoff);
      const result = await trx
        .deleteFrom("search_misses")
        .where("query", "in", old.limit(batch))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  const deleteRare = () =>
    writeTransaction(db, async (trx) => {
      const rare = trx
        .selectFrom("search_misses")
        .select("query")
        .orderBy("count", "desc")
        .orderBy("last_seen_at", "desc")
        .orderBy("query")
        .limit(batch)
        .offset(keep);
      const result = await trx.deleteFrom("search_misses").where("query", "in", rare).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  let deleted = 0;
  for (const step of [deleteOld, deleteRare]) {
    for (let run = 0; run < PRUNE_BATCHES_PER_RUN; run += 1) {
      const count = await step();
      deleted += count;
      if (count < batch) break;
    }
  }
  return deleted;
}

/** The misses, most frequent first (then most recent); with `since`, only those asked on or after it. */
export async function listSearchMisses(db: Database, since?: IsoTimestamp): Promise<SearchMiss[]> {
  const rows = await db
    .selectFrom("search_misses")
    .select(["query", "count", "last_seen_at"])
    .$if(since !== undefined, (query) => query.where("last_seen_at", ">=", since ?? ""))
    .orderBy("count", "desc")
    .orderBy("last_seen_at", "desc")
    .orderBy("query")
    .execute();
  return rows.map((row) => ({ query: row.query, count: Number(row.count), lastSeenAt: row.last_seen_at }));
}
