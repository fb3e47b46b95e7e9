import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Product search inside the database. Portable tables hold the folded words per product
 * (search_documents) and the typo vocabulary (search_vocabulary); each dialect adds its own
 * word index over them: an FTS5 table with prefix indexes on SQLite, a trigram GIN index
 * (pg_trgm) on PostgreSQL. The index is filled by migration 011.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_documents')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('name_norm', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_vocabulary')
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_vocabulary_pk', ['variant', 'term'])
    .execute();

  if (isPostgres(db)) {
    // The extension is database-wide: kept in public whatever schema this migration runs in
    // (tests use one schema each, run in parallel and drop theirs afterwards).
    await sql.raw(`do $$ begin
        create extension if not exists pg_trgm with schema public;
      exception when unique_violation or duplicate_object then null;
      end $$`).execute(db);
    await sql.raw('create index search_documents_body_trgm on search_documents using gin (body public.gin_trgm_ops)').execute(db);
  } else {
    // Words arrive already folded (db/search/normalize.ts); the tokenizer's own
    // folding then changes nothing, and prefix indexes answer 2- and 3-letter prefixes.
    await sql.raw(`create virtual table search_fts using fts5(body, prefix = '2 3', tokenize = "unicode61 remove_diacritics 2")`).execute(db);
    // A product deleted by any path leaves the word index too (search_documents cascades).
    await sql.raw('create trigger products_search_delete after delete on products begin delete from search_fts where rowid = old.id; end').execute(db);
  }
  // Filled by migration 011 (with the rank keys it adds).
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql.raw('drop trigger if exists products_search_delete').execute(db);
    await sql.raw('drop table if exists search_fts').execute(db);
  }
  await db.schema.dropTable('search_vocabulary').ifExists().execute();
  await db.schema.dropTable('search_documents').ifExists().execute();
}
