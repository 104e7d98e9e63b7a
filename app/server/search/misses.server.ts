import { sql } from "kysely";
import { type Database, type IsoTimestamp, isoTime } from "~/server/db/schema.server";
import { normalizeQuery } from "./normalize.server";

/**
 * Searches that found nothing, counted for the owner (`npm run search -- misses`): what people look
 * for that the site does not answer. One row per normalised query with a count and when it was last
 * asked; nothing about the visitor (no address, no time of each search, no other parameter).
 */

export interface SearchMiss {
  query: string;
  count: number;
  lastSeenAt: IsoTimestamp;
}

/** Counts one search that found nothing. A query that normalises to nothing (punctuation) is not counted. */
export async function recordSearchMiss(db: Database, query: string, now = new Date()): Promise<boolean> {
  const normalized = normalizeQuery(query);
  if (normalized === "") return false;
  const seen = isoTime(now);
  await db
    .insertInto("search_misses")
    .values({ query: normalized, count: 1, last_seen_at: seen })
    .onConflict((conflict) =>
      conflict.column("query").doUpdateSet({
        count: sql<number>`search_misses.count + 1`,
        // Several instances may count the same query at once: the latest time wins either way.
        last_seen_at: sql<string>`case when search_misses.last_seen_at > excluded.last_seen_at then search_misses.last_seen_at else excluded.last_seen_at end`,
      }),
    )
    .execute();
  return true;
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
