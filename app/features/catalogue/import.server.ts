import { createReadStream } from "node:fs";
import path from "node:path";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { type CsvLimits, readCatalogueCsv } from "./csv-read.server";
import type { RowError } from "./csv-rows.server";
import type { CatalogueFamily } from "./model";
import { refreshSearchStatistics } from "./search/statistics.server";
import type { WriteTuning } from "./version-write.server";
import {
  removeUnfinishedVersions,
  type StoredVersion,
  writeFirstVersion,
  writeVersion,
} from "./versions.server";

/*
 * The import (docs/catalogue.md#importing): a CSV read and checked whole, then written as a new
 * version that becomes active once every item is written (versions.server.ts). With any mistake or
 * failure nothing changes. The command line and the desk's range page call this.
 */

export type ImportResult =
  /** Refused as a whole (size, rows, encoding, quotes), with one line saying why. */
  | { status: "refused"; refusal: string }
  /** Rows with mistakes: every one, in row order. */
  | { status: "invalid"; errors: RowError[] }
  /** A dry run of a valid file: what an import would write, and its skus (to compare with the active version). */
  | { status: "checked"; itemCount: number; skus: string[] }
  | { status: "imported"; version: StoredVersion };

export interface ImportOptions {
  families: readonly CatalogueFamily[];
  /** The file's name, for the refusal line and (without `source`) the version's source. */
  name: string;
  /** What the versions list names as the version's source, e.g. the file and who uploaded it. */
  source?: string;
  dryRun?: boolean;
  now?: Date;
  limits?: CsvLimits;
  /** Where a failure after the commit (refreshing the search's statistics) is logged. */
  logger?: Logger;
  /** Tests: the items per transaction, and what runs after each (to fail an import halfway). */
  tuning?: WriteTuning;
}

export async function importCatalogue(
  db: Database,
  source: AsyncIterable<Buffer | string>,
  options: ImportOptions,
): Promise<ImportResult> {
  const read = await readCatalogueCsv(source, options.families, {
    name: options.name,
    limits: options.limits,
  });
  if (!read.ok) return { status: "refused", refusal: read.refusal };
  if (read.errors.length > 0) return { status: "invalid", errors: read.errors };
  if (options.dryRun)
    return { status: "checked", itemCount: read.items.length, skus: read.items.map((item) => item.sku) };
  const version = await writeVersion(
    db,
    {
      items: read.items,
      families: options.families,
      source: options.source ?? options.name,
      ...(options.now ? { now: options.now } : {}),
    },
    options.tuning,
  );
  await refreshSearchStatistics(db, options.logger);
  return { status: "imported", version };
}

/** One mistake as the command prints it: `FILE: row 12, column width: 'four' is not a number …`. */
export function formatRowError(file: string, error: RowError): string {
  return `${file}: row ${error.row}, column ${error.column}: ${error.reason}`;
}

/** The range the repository ships, which an empty database loads at its first start. */
export const STARTER_RANGE_FILE = path.join("content", "catalogue", "starter-range.csv");
export const STARTER_SOURCE = "starter range";

/**
 * At each start: deletes what an interrupted import left (docs/decisions/0082), then loads the starter
 * range when the database has no catalogue yet (once, however many instances start together). A
 * mistake in the starter file stops the start: it is the repository's own file.
 */
export async function loadStarterRange(
  db: Database,
  families: readonly CatalogueFamily[],
  logger: Logger,
  file: string = STARTER_RANGE_FILE,
): Promise<void> {
  const removed = await removeUnfinishedVersions(db);
  if (removed > 0) logger.info({ versions: removed }, "catalogue: unfinished versions deleted");
  const written = await writeFirstVersion(db, {
    families,
    source: STARTER_SOURCE,
    async items() {
      const read = await readCatalogueCsv(createReadStream(file), families, { name: file });
      if (!read.ok) throw new Error(read.refusal);
      if (read.errors.length > 0)
        throw new Error(
          `${file} has mistakes:\n${read.errors.map((error) => formatRowError(file, error)).join("\n")}`,
        );
      return read.items;
    },
  });
  if (written) await refreshSearchStatistics(db, logger);
  if (written)
    logger.info({ version: written.version, items: written.itemCount }, "catalogue: starter range loaded");
}
