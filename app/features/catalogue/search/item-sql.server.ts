import { type RawBuilder, sql } from "kysely";
import { type Dialect, dialectOf } from "~/server/db/database.server";
import { PLANNED_EACH_RUN } from "~/server/db/postgres-pool.server";
import type { Database } from "~/server/db/schema.server";

/**
 * The item search's statements, one set per database (docs/search.md#items): SQLite reads its FTS5
 * tables (words with porter stemming, trigrams of the part keys), PostgreSQL its stored tsvector and
 * pg_trgm indexes (migration 0015_catalogue_search). Only the given catalogue version is searched.
 */

export interface ItemRow {
  id: number;
  sku: string;
  family: string;
  name: string;
  attributes: string;
  make: string | null;
  make_part_number: string | null;
  sds: string | null;
  status: string;
  size_key: string | null;
}

/** One word of the query: the spellings it may have (typos corrected), and whether it may be a prefix. */
export interface WordTerm {
  spellings: readonly string[];
  prefix: boolean;
}

/**
 * A catalogue version and the ids of its items (an import writes a version's rows in one go, so they
 * sit between its first id and its last). Statements that walk an index in id order start and stop
 * there rather than reading through the versions kept before it.
 */
export interface VersionRows {
  version: number;
  first: number;
  last: number;
}

/** Rows read per kind of match: more than a page shows, and a bound on each statement. */
export const CANDIDATES = 200;
/** Items an exact part number finds at most (a make's part number may be on several of the range's skus). */
export const EXACT_PARTS = 20;
const SUBSTRING_LIMIT = 50;

const COLUMNS = sql.raw(
  "c.id, c.sku, c.family, c.name, c.attributes, c.make, c.make_part_number, c.sds, c.status, c.size_key",
);

/** Words hold letters, digits and dots only (item-query.ts), so quoting them is enough. */
function ftsExpression(terms: readonly WordTerm[]): string {
  return terms
    .map(({ spellings, prefix }) => `(${spellings.map((s) => `"${s}"${prefix ? "*" : ""}`).join(" OR ")})`)
    .join(" AND ");
}

function tsqueryExpression(terms: readonly WordTerm[]): string {
  return terms
    .map(({ spellings, prefix }) => `(${spellings.map((s) => `'${s}'${prefix ? ":*" : ""}`).join(" | ")})`)
    .join(" & ");
}

export interface ItemStatements {
  /** The ids of a version's items (0 and -1 when it has none). */
  versionRows(version: number): Promise<VersionRows>;
  /** sku_key or make_part_key equal to one of the keys. */
  exactParts(version: number, keys: readonly string[]): Promise<ItemRow[]>;
  /** A part key holding `key` (3 characters or more). */
  partsContaining(rows: VersionRows, key: string): Promise<ItemRow[]>;
  /** Items of the sizes, holding every word when there are words; the first size first. */
  sizes(version: number, keys: readonly string[], terms: readonly WordTerm[]): Promise<ItemRow[]>;
  /**
   * Items holding every word, in the range's order: ranking every match of a common word (a make's
   * thousands of items) by relevance cost more than the rest of a search at 50,000 items.
   */
  words(rows: VersionRows, terms: readonly WordTerm[]): Promise<ItemRow[]>;
  /** Every word the index holds (as it keeps them: stemmed), for typo tolerance. */
  vocabulary(version: number): Promise<string[]>;
}

async function rows(db: Database, query: RawBuilder<ItemRow>): Promise<ItemRow[]> {
  return (await query.execute(db)).rows;
}

/**
 * SQLite: two lookups on their own indexes, not `sku_key in (…) or make_part_key in (…)`, which it read by
 * scanning the whole version when the table had no statistics (a database imported before the import
 * refreshed them). PostgreSQL plans the OR as two index scans, and plans it faster than the union.
 */
function exactParts(db: Database, dialect: Dialect) {
  return (version: number, keys: readonly string[]) => {
    const list = sql.join(keys.map((key) => sql`${key}`));
    const where =
      dialect === "postgres"
        ? sql`c.version_id = ${version} and (c.sku_key in (${list}) or c.make_part_key in (${list}))`
        : sql`c.id in (select id from catalogue_items where version_id = ${version} and sku_key in (${list})
            union select id from catalogue_items where version_id = ${version} and make_part_key in (${list}))`;
    return rows(
      db,
      sql<ItemRow>`select ${COLUMNS} from catalogue_items c where ${where} order by c.id limit ${EXACT_PARTS}`,
    );
  };
}

function versionRows(db: Database) {
  return async (version: number): Promise<VersionRows> => {
    const found = (
      await sql<{ first: number | null; last: number | null }>`select min(id) as first, max(id) as last
        from catalogue_items where version_id = ${version}`.execute(db)
    ).rows[0];
    return { version, first: Number(found?.first ?? 0), last: Number(found?.last ?? -1) };
  };
}

function sqliteStatements(db: Database): ItemStatements {
  const wordsFilter = (terms: readonly WordTerm[]) =>
    terms.length === 0
      ? sql``
      : sql`and c.id in (select rowid from catalogue_items_fts where catalogue_items_fts match ${ftsExpression(terms)})`;
  // FTS5 hands its matches over in rowid order: ordered by its rowid and bounded by the version's ids,
  // a statement stops at its limit instead of reading and sorting every match (a make's thousands).
  return {
    versionRows: versionRows(db),
    exactParts: exactParts(db, "sqlite"),
    partsContaining: ({ version, first, last }, key) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items_parts p join catalogue_items c on c.id = p.rowid
          where catalogue_items_parts match ${`"${key}"`} and p.rowid between ${first} and ${last}
          and c.version_id = ${version} order by p.rowid limit ${SUBSTRING_LIMIT}`,
      ),
    sizes: (version, keys, terms) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items c
          where c.version_id = ${version} and c.size_key in (${sql.join(keys.map((key) => sql`${key}`))})
          ${wordsFilter(terms)}
          order by case when c.size_key = ${keys[0] ?? ""} then 0 else 1 end, c.id limit ${CANDIDATES}`,
      ),
    words: ({ version, first, last }, terms) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items_fts f join catalogue_items c on c.id = f.rowid
          where catalogue_items_fts match ${ftsExpression(terms)} and f.rowid between ${first} and ${last}
          and c.version_id = ${version} order by f.rowid limit ${CANDIDATES}`,
      ),
    vocabulary: async () =>
      (await sql<{ term: string }>`select term from catalogue_items_vocab`.execute(db)).rows.map(
        (row) => row.term,
      ),
  };
}

function postgresStatements(db: Database): ItemStatements {
  const tsquery = (terms: readonly WordTerm[]) => sql`to_tsquery('english', ${tsqueryExpression(terms)})`;
  return {
    versionRows: versionRows(db),
    exactParts: exactParts(db, "postgres"),
    // The key holds letters and digits only (item-query.ts): no LIKE wildcard can be in it.
    // Planned for each key: a generic plan read the whole version (PLANNED_EACH_RUN).
    partsContaining: ({ version, first, last }, key) =>
      rows(
        db,
        sql<ItemRow>`${sql.raw(PLANNED_EACH_RUN)}select ${COLUMNS} from catalogue_items c where c.version_id = ${version}
          and c.id between ${first} and ${last} and (c.sku_key like ${`%${key}%`} or c.make_part_key like ${`%${key}%`})
          order by c.id limit ${SUBSTRING_LIMIT}`,
      ),
    sizes: (version, keys, terms) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items c
          where c.version_id = ${version} and c.size_key in (${sql.join(keys.map((key) => sql`${key}`))})
          ${terms.length === 0 ? sql`` : sql`and c.search_tsv @@ ${tsquery(terms)}`}
          order by case when c.size_key = ${keys[0] ?? ""} then 0 else 1 end, c.id limit ${CANDIDATES}`,
      ),
    // Planned for each query's words too: the generic plan took 2 to 3 ms where one for the words took
    // a fraction of that (decision 0089).
    words: ({ version, first, last }, terms) =>
      rows(
        db,
        sql<ItemRow>`${sql.raw(PLANNED_EACH_RUN)}select ${COLUMNS} from catalogue_items c
          where c.version_id = ${version} and c.id between ${first} and ${last}
          and c.search_tsv @@ ${tsquery(terms)}
          order by c.id limit ${CANDIDATES}`,
      ),
    vocabulary: async (version) => {
      const inner = `select search_tsv from catalogue_items where version_id = ${Math.trunc(version)}`;
      const result = await sql<{ word: string }>`select word from ts_stat(${inner})`.execute(db);
      return result.rows.map((row) => row.word);
    },
  };
}

export function itemStatements(db: Database): ItemStatements {
  const dialect: Dialect = dialectOf(db);
  return dialect === "postgres" ? postgresStatements(db) : sqliteStatements(db);
}
