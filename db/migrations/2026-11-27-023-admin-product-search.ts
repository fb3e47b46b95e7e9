import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The back office's product search (/admin/products: name or SKU contains the text, every
 * status) by index instead of reading every product. The shop's search index cannot serve it:
 * it holds only what a shopper may find (published, visible) and matches word starts.
 *
 * - PostgreSQL: trigram GIN indexes (pg_trgm, created by migration 008) on `lower(name)` and
 *   `lower(sku)`, which answer `lower(…) like '%text%'` as it is written.
 * - SQLite: an FTS5 table with the trigram tokenizer over the products' name and SKU (external
 *   content: it stores only the index), kept in step by triggers on `products`; a quoted
 *   phrase of 3+ characters matches as a case-blind substring.
 *
 * And `products_updated`: the list's default order (last changed first) read from an index,
 * not by sorting every product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_updated').on('products').columns(['updated_at', 'id']).execute();
  if (isPostgres(db)) {
    await sql.raw('create index products_name_trgm on products using gin (lower(name) public.gin_trgm_ops)').execute(db);
    await sql.raw('create index products_sku_trgm on products using gin (lower(sku) public.gin_trgm_ops)').execute(db);
    return;
  }
  await sql.raw(`create virtual table products_admin_fts using fts5(name, sku, content = 'products', content_rowid = 'id', tokenize = 'trigram')`).execute(db);
  const remove = `insert into products_admin_fts (products_admin_fts, rowid, name, sku) values ('delete', old.id, old.name, old.sku)`;
  const add = 'insert into products_admin_fts (rowid, name, sku) values (new.id, new.name, new.sku)';
  await sql.raw(`create trigger products_admin_fts_insert after insert on products begin ${add}; end`).execute(db);
  await sql.raw(`create trigger products_admin_fts_delete after delete on products begin ${remove}; end`).execute(db);
  await sql.raw(`create trigger products_admin_fts_update after update of name, sku on products begin ${remove}; ${add}; end`).execute(db);
  await sql.raw(`insert into products_admin_fts (products_admin_fts) values ('rebuild')`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_updated').ifExists().execute();
  if (isPostgres(db)) {
    await sql.raw('drop index if exists products_sku_trgm').execute(db);
    await sql.raw('drop index if exists products_name_trgm').execute(db);
    return;
  }
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists products_admin_fts_${event}`).execute(db);
  await sql.raw('drop table if exists products_admin_fts').execute(db);
}
