import { sql } from "kysely";
import { dialectOf } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";

/*
 * After an import (docs/catalogue.md#scale): the database is told what catalogue_items now holds, so
 * the item search's statements keep the plans they were written for.
 *
 * Measured with 50,000 items freshly written and no statistics: SQLite read `sku_key = ? or
 * make_part_key = ?` by scanning the whole version (150 ms a search instead of 0.1 ms); PostgreSQL
 * filtered every row of the version through its tsvector (225 ms instead of under 1 ms), and every
 * GIN search also read the index's pending list of the rows just written (14 ms for a word no item
 * holds). ANALYZE gives both planners the table's shape; on PostgreSQL, VACUUM also moves the GIN
 * pending lists into the indexes and clears the rows of the versions the import deleted.
 */
/** Rows of each index SQLite's ANALYZE samples (its documentation suggests 100 to 1,000). */
const SQLITE_ANALYSIS_ROWS = 1_000;

export async function refreshSearchStatistics(db: Database, logger?: Logger): Promise<void> {
  try {
    if (dialectOf(db) === "postgres") await sql`vacuum (analyze) catalogue_items`.execute(db);
    else {
      // SQLite's ANALYZE runs on the event loop and read every row of every kept version: 240 ms with
      // two versions of 50,000 items (docs/decisions/0082). A sample of each index is enough for the
      // planner's choice between them, and its cost does not grow with the range.
      await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_ROWS}`).execute(db);
      try {
        await sql`analyze catalogue_items`.execute(db);
      } finally {
        await sql`pragma analysis_limit = 0`.execute(db);
      }
    }
  } catch (error) {
    // The import has committed: a failure here makes searches slower until the database's own
    // maintenance runs, never wrong.
    logger?.warn({ err: error }, "catalogue: could not refresh the search statistics");
  }
}
