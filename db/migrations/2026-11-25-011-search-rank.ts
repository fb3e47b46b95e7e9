import { sql, type Kysely } from 'kysely';
import type { DB } from '../client.ts';
import { isPostgres } from '../dialect.ts';
import { rankKeySql } from '../search/rank-key.ts';
import { reindexProducts } from '../search/search-index.ts';

/**
 * Search in milliseconds at 100,000 products: each indexed product gets a rank key that
 * orders the index by popularity (in stock first, then best sellers, then oldest id;
 * db/search/rank-key.ts), so the engine reads only the first few hundred matches
 * of a query in that order instead of ranking every match. On SQLite the key is the FTS5
 * row id (the product id is its low bits); on PostgreSQL a B-tree on `rank_key`. Triggers
 * keep the key in step when stock or sales change, in the writing transaction, whatever
 * wrote. Exact names are looked up by an index on `name_norm`. The index is rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_documents').addColumn('rank_key', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('search_documents_rank').on('search_documents').column('rank_key').execute();
  await db.schema.createIndex('search_documents_name').on('search_documents').column('name_norm').execute();
  const changed = 'old.stock_status is distinct from new.stock_status or old.total_sales is distinct from new.total_sales';
  if (isPostgres(db)) {
    await sql.raw(`create or replace function vitrine_search_rank() returns trigger language plpgsql as $$
      begin
        update search_documents set rank_key = ${rankKeySql('new', 'postgres')} where product_id = new.id;
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger products_search_rank after update of stock_status, total_sales on products
      for each row when (${changed}) execute function vitrine_search_rank()`).execute(db);
  } else {
    // The FTS row is found by its old key (from search_documents) before that is moved; a
    // delete is handled before the product's search_documents row cascades away.
    await sql.raw('drop trigger if exists products_search_delete').execute(db);
    await sql.raw(`create trigger products_search_delete before delete on products begin
      delete from search_fts where rowid = (select rank_key from search_documents where product_id = old.id);
    end`).execute(db);
    await sql.raw(`create trigger products_search_rank after update of stock_status, total_sales on products
      when ${changed.replaceAll('is distinct from', 'is not')} begin
      update search_fts set rowid = ${rankKeySql('new', 'sqlite')} where rowid = (select rank_key from search_documents where product_id = new.id);
      update search_documents set rank_key = ${rankKeySql('new', 'sqlite')} where product_id = new.id;
    end`).execute(db);
  }
  await reindexProducts(db as unknown as DB, 'all');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists products_search_rank on products').execute(db);
    await sql.raw('drop function if exists vitrine_search_rank()').execute(db);
  } else {
    await sql.raw('drop trigger if exists products_search_rank').execute(db);
    await sql.raw('drop trigger if exists products_search_delete').execute(db);
    await sql.raw('create trigger products_search_delete after delete on products begin delete from search_fts where rowid = old.id; end').execute(db);
  }
  await db.schema.dropIndex('search_documents_name').ifExists().execute();
  await db.schema.dropIndex('search_documents_rank').ifExists().execute();
  await db.schema.alterTable('search_documents').dropColumn('rank_key').execute();
}
