import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { StockStatus } from '../../../db/schema.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { nowIso } from '../../lib/time.ts';
import { reindexProducts } from '../../../db/search/search-index.ts';
import { queueWishlistAlerts } from '../wishlist/wishlist-alert-queue.server.ts';

/*
 * The listing columns (min/max price, derived stock status…) recomputed after every write,
 * so readers never aggregate; the search index and wishlist alerts hear of it.
 */

/** Runs fn in a transaction, or inside the caller's one when already in a transaction. */
export function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** The price a shopper pays now: the sale price while its dates (if any) include `now`. */
function effective(alias: string | null, now: string): RawBuilder<number> {
  const c = (col: string) => sql.ref(alias ? `${alias}.${col}` : col);
  return sql<number>`CASE WHEN ${c('sale_price')} IS NOT NULL AND (${c('sale_from')} IS NULL OR ${c('sale_from')} <= ${now}) AND (${c('sale_to')} IS NULL OR ${c('sale_to')} >= ${now}) THEN ${c('sale_price')} ELSE ${c('regular_price')} END`;
}

// Derived stock of a parent without its own stock: in stock when any child is.
const childStock = (children: RawBuilder<unknown>) =>
  sql<StockStatus>`CASE WHEN EXISTS (${children} AND c.stock_status = 'instock') THEN 'instock' WHEN EXISTS (${children} AND c.stock_status = 'onbackorder') THEN 'onbackorder' ELSE 'outofstock' END`;

/**
 * Recomputes min/max price, derived stock status and rating of the given products (and
 * of grouped products containing them), or of every product with 'all' (bulk seeds).
 */
export async function recomputeProducts(db: DB, ids: number[] | 'all'): Promise<void> {
  if (ids !== 'all' && !ids.length) return;
  await inTransaction(db, (trx) => recompute(trx, ids));
}

async function recompute(db: DB, ids: number[] | 'all'): Promise<void> {
  // Row-by-row correlated updates: PostgreSQL's JIT only adds compile time to them.
  if (isPostgres(db)) await sql`SET LOCAL jit = off`.execute(db);
  const now = nowIso();
  // Only rows whose values change are written: index upkeep is most of an UPDATE's cost.
  const update = (values: Record<string, RawBuilder<unknown>>, scope = ids) => {
    const changed = Object.entries(values).map(([col, expr]) => sql`${sql.ref(col)} IS DISTINCT FROM ${expr}`);
    const q = db.updateTable('products').set(values).where(sql<boolean>`(${sql.join(changed, sql` OR `)})`);
    return scope === 'all' ? q : q.where('id', 'in', scope);
  };
  const eff = effective(null, now);
  await update({ min_price: eff, max_price: eff }).where('type', 'in', ['simple', 'external']).execute();

  const vars = sql`FROM product_variations v WHERE v.product_id = products.id AND v.status = 'publish'`;
  const varEff = effective('v', now);
  await update({ min_price: sql`(SELECT MIN(${varEff}) ${vars})`, max_price: sql`(SELECT MAX(${varEff}) ${vars})` }).where('type', '=', 'variable').execute();
  await update({ stock_status: childStock(sql`SELECT 1 FROM product_variations c WHERE c.product_id = products.id AND c.status = 'publish'`) })
    .where('type', '=', 'variable')
    .where('manage_stock', '=', 0)
    .execute();

  const kids = sql`FROM product_links l JOIN products c ON c.id = l.linked_id WHERE l.product_id = products.id AND l.kind = 'grouped' AND c.status = 'publish'`;
  const groupedValues: Record<string, RawBuilder<unknown>> = { min_price: sql`(SELECT MIN(c.min_price) ${kids})`, max_price: sql`(SELECT MAX(c.max_price) ${kids})`, stock_status: childStock(sql`SELECT 1 ${kids}`) };
  // Grouped parents of the given products change with them. An explicit id list also keeps
  // PostgreSQL from planning (and JIT-compiling) a scan of every product for a few rows.
  const parents =
    ids === 'all'
      ? db.selectFrom('products').select('id as product_id').where('type', '=', 'grouped')
      : db.selectFrom('product_links').select('product_id').where('kind', '=', 'grouped').where('linked_id', 'in', ids);
  const groupedIds = [...new Set([...(ids === 'all' ? [] : ids), ...(await parents.execute()).map((r) => r.product_id)])];
  if (groupedIds.length) await update(groupedValues, groupedIds).where('type', '=', 'grouped').execute();

  const approved = sql`FROM reviews r WHERE r.product_id = products.id AND r.status = 'approved'`;
  await update({
    review_count: sql`(SELECT COUNT(*) ${approved})`,
    average_rating: sql`CAST(COALESCE((SELECT ROUND(AVG(r.rating), 2) ${approved}), 0) AS REAL)`,
  }).execute();
  // The search index follows the same writes, in the same transaction.
  await reindexProducts(db, ids);
  // Wishlist alerts look at these products once this commits (wishlist-alerts.server.ts).
  await queueWishlistAlerts(db, ids);
}

/** Recomputes the listing columns of one product after a write. */
export const recomputeProduct = (db: DB, productId: number) => recomputeProducts(db, [productId]);
