import { type RawBuilder, sql } from "kysely";
import { type Dialect, dialectOf } from "~/server/db/database.server";
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

/** Rows read per kind of match: more than a page shows, and a bound on each statement. */
export const CANDIDATES = 200;
const EXACT_LIMIT = 20;
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
  /** sku_key or make_part_key equal to one of the keys. */
  exactParts(version: number, keys: readonly string[]): Promise<ItemRow[]>;
  /** A part key holding `key` (3 characters or more). */
  partsContaining(version: number, key: string): Promise<ItemRow[]>;
  /** Items of the sizes, holding every word when there are words; the first size first. */
  sizes(version: number, keys: readonly string[], terms: readonly WordTerm[]): Promise<ItemRow[]>;
  /**
   * Items holding every word, in the range's order: ranking every match of a common word (a make's
   * thousands of items) by relevance cost more than the rest of a search at 50,000 items.
   */
  words(version: number, terms: readonly WordTerm[]): Promise<ItemRow[]>;
  /** Every word the index holds (as it keeps them: stemmed), for typo tolerance. */
  vocabulary(version: number): Promise<string[]>;
}

async function rows(db: Database, query: RawBuilder<ItemRow>): Promise<ItemRow[]> {
  return (await query.execute(db)).rows;
}

function exactParts(db: Database) {
  return (version: number, keys: readonly string[]) => {
    const list = sql.join(keys.map((key) => sql`${key}`));
    return rows(
      db,
      sql<ItemRow>`select ${COLUMNS} from catalogue_items c where c.version_id = ${version}
        and (c.sku_key in (${list}) or c.make_part_key in (${list})) order by c.id limit ${EXACT_LIMIT}`,
    );
  };
}

function sqliteStatements(db: Database): ItemStatements {
  const wordsFilter = (terms: readonly WordTerm[]) =>
    terms.length === 0
      ? sql``
      : sql`and c.id in (select rowid from catalogue_items_fts where catalogue_items_fts match ${ftsExpression(terms)})`;
  return {
    exactParts: exactParts(db),
    partsContaining: (version, key) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items_parts p join catalogue_items c on c.id = p.rowid
          where catalogue_items_parts match ${`"${key}"`} and c.version_id = ${version}
          order by c.id limit ${SUBSTRING_LIMIT}`,
      ),
    sizes: (version, keys, terms) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items c
          where c.version_id = ${version} and c.size_key in (${sql.join(keys.map((key) => sql`${key}`))})
          ${wordsFilter(terms)}
          order by case when c.size_key = ${keys[0] ?? ""} then 0 else 1 end, c.id limit ${CANDIDATES}`,
      ),
    words: (version, terms) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items_fts f join catalogue_items c on c.id = f.rowid
          where catalogue_items_fts match ${ftsExpression(terms)} and c.version_id = ${version}
          order by c.id limit ${CANDIDATES}`,
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
    exactParts: exactParts(db),
    // The key holds letters and digits only (item-query.ts): no LIKE wildcard can be in it.
    partsContaining: (version, key) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items c where c.version_id = ${version}
          and (c.sku_key like ${`%${key}%`} or c.make_part_key like ${`%${key}%`})
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
    words: (version, terms) =>
      rows(
        db,
        sql<ItemRow>`select ${COLUMNS} from catalogue_items c
          where c.version_id = ${version} and c.search_tsv @@ ${tsquery(terms)}
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
