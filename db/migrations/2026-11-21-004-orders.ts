import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Orders, their lines, notes and refunds; saved customer addresses; privacy requests.
 * Same portable types as before: 0/1 flags, ISO text times, integer minor units, JSON text.
 */

type Table = CreateTableBuilder<string, never>;
const withId = (db: Kysely<unknown>, t: Table): Table =>
  isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const money = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const json = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}');
const list = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('orders'))
    // Random secret shown only to the buyer (received page, e-mails): URLs need id + key.
    .addColumn('order_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('billing_email', 'text', (c) => c.notNull())
    // JSON addresses in the Store API's field names (first_name … phone).
    .addColumn('billing', 'text', json)
    .addColumn('shipping', 'text', json)
    .addColumn('customer_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_method_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transaction_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('prices_include_tax', 'integer', flag)
    .addColumn('subtotal', 'integer', money)
    .addColumn('discount_total', 'integer', money)
    .addColumn('shipping_total', 'integer', money)
    .addColumn('tax_total', 'integer', money)
    .addColumn('total', 'integer', money)
    .addColumn('refunded_total', 'integer', money)
    // JSON arrays: [{packageId, rateId, title, cost, tax}], [{code, discount}], [{rateId, label, amount}].
    .addColumn('shipping_lines', 'text', list)
    .addColumn('coupon_lines', 'text', list)
    .addColumn('tax_lines', 'text', list)
    // Set while the order holds stock (decremented at placement); cleared when restored.
    .addColumn('stock_reduced', 'integer', flag)
    // Idempotency-Key of the request that placed it, with a hash of what was asked for.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .addColumn('customer_ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_email').on('orders').column('billing_email').execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Kept as plain numbers: the line outlives a deleted product.
    .addColumn('product_id', 'integer')
    .addColumn('variation_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attributes', 'text', json)
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', money)
    .addColumn('subtotal', 'integer', money)
    .addColumn('total', 'integer', money)
    .addColumn('tax', 'integer', money)
    .addColumn('refunded_quantity', 'integer', money)
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product').on('order_items').column('product_id').execute();

  await withId(db, db.schema.createTable('order_notes'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    // 1: shown to the customer and e-mailed; 0: private to the shop.
    .addColumn('customer_note', 'integer', flag)
    .addColumn('author', 'text', (c) => c.notNull().defaultTo('system'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order').on('order_notes').column('order_id').execute();

  await withId(db, db.schema.createTable('order_refunds'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // JSON [{itemId, quantity}] restocked by this refund.
    .addColumn('items', 'text', list)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_refunds_order').on('order_refunds').column('order_id').execute();

  // Saved addresses of an account (my account → addresses; checkout prefill).
  await db.schema
    .createTable('customer_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull()) // 'billing' | 'shipping'
    .addColumn('address', 'text', json)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_addresses_pk', ['user_id', 'type'])
    .execute();

  // Data export and erasure requests (privacy).
  await withId(db, db.schema.createTable('privacy_requests'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull()) // 'export' | 'erasure'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending')) // 'pending' | 'completed'
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['privacy_requests', 'customer_addresses', 'order_refunds', 'order_notes', 'order_items', 'orders']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
