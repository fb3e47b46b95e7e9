import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * The stock log (app/features/stock): one row per change of a product's or variation's stock
 * (quantity or status), written in the transaction that made the change, with who, why and
 * the order it belongs to. Rows whose change crossed the low-stock threshold or reached 0 carry
 * `alert` until the e-mail about it has gone out (`notified_at`).
 *
 * No foreign keys: the history outlives a deleted product or order, and an insert on the
 * checkout's hot path checks nothing but its own indexes. The table is not among the
 * store-version triggers' tables (migration 006), so logging an order's stock moves no cache.
 *
 * Also the dashboard's indexes (app/features/admin/dashboard.server.ts), so its figures read a
 * bounded range on a large shop: orders by date, managed stock by quantity (partial), products
 * and variations out of stock (partial), the largest own low-stock threshold, reviews by status.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('stock_log')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('variation_id', 'integer')
    .addColumn('quantity_before', 'integer')
    .addColumn('quantity_after', 'integer')
    .addColumn('status_before', 'text')
    .addColumn('status_after', 'text', (c) => c.notNull())
    // order | refund | cancellation | manual | import
    .addColumn('reason', 'text', (c) => c.notNull())
    // Where a manual change was made (editor, quick_edit, bulk, duplicate), or the order status that restocked.
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_id', 'integer')
    .addColumn('user_id', 'integer')
    // The name shown for who did it: a staff member's or customer's name, "Guest", "System", a payment method.
    .addColumn('actor', 'text', (c) => c.notNull().defaultTo(''))
    // 'low' | 'out' when the change crossed a threshold downwards; null otherwise.
    .addColumn('alert', 'text')
    .addColumn('notified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_log_product').on('stock_log').columns(['product_id', 'id']).execute();
  await db.schema.createIndex('stock_log_reason').on('stock_log').columns(['reason', 'id']).execute();
  // The few rows whose e-mail has not gone out yet.
  await db.schema.createIndex('stock_log_alerts').on('stock_log').column('id').where(sql.raw<boolean>('alert is not null and notified_at is null')).execute();

  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'status']).execute();
  await db.schema.createIndex('reviews_status').on('reviews').columns(['status', 'created_at']).execute();
  for (const table of ['products', 'product_variations'] as const) {
    await db.schema.createIndex(`${table}_managed_stock`).on(table).columns(['stock_quantity', 'id']).where(sql.raw<boolean>('manage_stock = 1')).execute();
    await db.schema.createIndex(`${table}_out_of_stock`).on(table).column('id').where(sql.raw<boolean>("stock_status = 'outofstock'")).execute();
  }
  await db.schema.createIndex('products_low_stock_amount').on('products').column('low_stock_amount').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_low_stock_amount').ifExists().execute();
  for (const table of ['products', 'product_variations'] as const) {
    await db.schema.dropIndex(`${table}_out_of_stock`).ifExists().execute();
    await db.schema.dropIndex(`${table}_managed_stock`).ifExists().execute();
  }
  await db.schema.dropIndex('reviews_status').ifExists().execute();
  await db.schema.dropIndex('orders_created').ifExists().execute();
  await db.schema.dropTable('stock_log').ifExists().execute();
}
