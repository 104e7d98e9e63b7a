import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "~/server/db/dialect.server";

/*
 * Item search on the database's own indexes (docs/search.md#items, docs/decisions/0057).
 *
 * SQLite: two FTS5 tables over catalogue_items (external content, content_rowid = id), kept in step by
 * triggers: one of words (porter stemming) over search_text, one of trigrams over the part keys for
 * substrings of part numbers; plus a vocabulary view of the words for typo tolerance.
 *
 * PostgreSQL: a stored tsvector of search_text with a GIN index, and pg_trgm GIN indexes on the part keys
 * and search_text (LIKE '%…%' uses them). pg_trgm is created once per database, in `public`, unless it
 * is there already in some schema: an extension belongs to the database, not to the site's schema.
 */

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
type AnyDb = Kysely<any>;

/** Any constant shared by every instance: one migration at a time creates the extension. */
const EXTENSION_LOCK = 58_015;

async function sqliteUp(db: AnyDb): Promise<void> {
  await sql`create virtual table catalogue_items_fts using fts5(
    search_text, content='catalogue_items', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
  await sql`create virtual table catalogue_items_parts using fts5(
    sku_key, make_part_key, content='catalogue_items', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create virtual table catalogue_items_vocab using fts5vocab(catalogue_items_fts, row)`.execute(db);
  await sql`create trigger catalogue_items_search_insert after insert on catalogue_items begin
    insert into catalogue_items_fts(rowid, search_text) values (new.id, new.search_text);
    insert into catalogue_items_parts(rowid, sku_key, make_part_key) values (new.id, new.sku_key, new.make_part_key);
  end`.execute(db);
  await sql`create trigger catalogue_items_search_delete after delete on catalogue_items begin
    insert into catalogue_items_fts(catalogue_items_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into catalogue_items_parts(catalogue_items_parts, rowid, sku_key, make_part_key)
      values ('delete', old.id, old.sku_key, old.make_part_key);
  end`.execute(db);
  await sql`create trigger catalogue_items_search_update
    after update of search_text, sku_key, make_part_key on catalogue_items begin
    insert into catalogue_items_fts(catalogue_items_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into catalogue_items_parts(catalogue_items_parts, rowid, sku_key, make_part_key)
      values ('delete', old.id, old.sku_key, old.make_part_key);
    insert into catalogue_items_fts(rowid, search_text) values (new.id, new.search_text);
    insert into catalogue_items_parts(rowid, sku_key, make_part_key) values (new.id, new.sku_key, new.make_part_key);
  end`.execute(db);
  // Items imported before this migration.
  await sql`insert into catalogue_items_fts(catalogue_items_fts) values ('rebuild')`.execute(db);
  await sql`insert into catalogue_items_parts(catalogue_items_parts) values ('rebuild')`.execute(db);
}

/** The schema pg_trgm lives in, creating it in `public` when the database has none. */
async function trigramSchema(db: AnyDb): Promise<string> {
  await sql`select pg_advisory_xact_lock(${EXTENSION_LOCK})`.execute(db);
  const find = () =>
    sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const found = (await find()).rows[0];
  if (found) return found.schema;
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  return "public";
}

async function postgresUp(db: AnyDb): Promise<void> {
  const ops = sql`${sql.id(await trigramSchema(db))}.gin_trgm_ops`;
  // Signs between words become spaces first: PostgreSQL's parser would keep "wax/resin" as one path.
  await sql`alter table catalogue_items add column search_tsv tsvector generated always as (to_tsvector(
    'english'::regconfig, regexp_replace(coalesce(search_text, ''), '[^[:alnum:][:space:].]+', ' ', 'g'))) stored`.execute(
    db,
  );
  await sql`create index catalogue_items_search_tsv on catalogue_items using gin (search_tsv)`.execute(db);
  await sql`create index catalogue_items_sku_trgm on catalogue_items using gin (sku_key ${ops})`.execute(db);
  await sql`create index catalogue_items_make_part_trgm on catalogue_items using gin (make_part_key ${ops})`.execute(
    db,
  );
  await sql`create index catalogue_items_text_trgm on catalogue_items using gin (search_text ${ops})`.execute(
    db,
  );
}

export function catalogueSearch(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await (dialect === "postgres" ? postgresUp(db) : sqliteUp(db));
      // Exact part numbers of a make and sizes, within a version.
      await db.schema
        .createIndex("catalogue_items_make_part")
        .on("catalogue_items")
        .columns(["version_id", "make_part_key"])
        .execute();
      await db.schema
        .createIndex("catalogue_items_size")
        .on("catalogue_items")
        .columns(["version_id", "size_key"])
        .execute();
    },
  };
}
