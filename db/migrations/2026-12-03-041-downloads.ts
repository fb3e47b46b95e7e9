import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Downloadable products delivered:
 *
 * - `product_downloads` (from the foundation: name and url) gains the file kept in private
 *   storage (`file_key`, never under /media), its name, size and type, and the variation it
 *   belongs to (null: the product's own file, given with every variation). A row with a
 *   `url` and no `file_key` is an external link (WooCommerce imports).
 * - `download_permissions`: one per order and file, granted when the order is paid (or by
 *   staff), revoked on refund or cancellation (`revoked_at`), with what is left
 *   (`downloads_remaining`, null = no limit) and until when (`access_expires`, null = never).
 * - `download_log`: every download served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = (t: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await db.schema.alterTable('product_downloads').addColumn('variation_id', 'integer', (c) => c.references('product_variations.id').onDelete('cascade')).execute();
  await db.schema.alterTable('product_downloads').addColumn('file_key', 'text').execute();
  await db.schema.alterTable('product_downloads').addColumn('file_name', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('product_downloads').addColumn('content_type', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('product_downloads').addColumn('size', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('product_downloads_product').on('product_downloads').column('product_id').execute();

  await id(db.schema.createTable('download_permissions'))
    .addColumn('download_id', 'integer', (c) => c.notNull().references('product_downloads.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('downloads_remaining', 'integer')
    .addColumn('access_expires', 'text')
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    // 'order' (refunded, cancelled or failed: given back if the order is paid again) or 'staff'.
    .addColumn('revoked_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('download_permissions_order_file', ['order_id', 'download_id'])
    .execute();
  await db.schema.createIndex('download_permissions_user').on('download_permissions').column('user_id').execute();

  await id(db.schema.createTable('download_log'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('download_permissions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_log_permission').on('download_log').column('permission_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_log').ifExists().execute();
  await db.schema.dropTable('download_permissions').ifExists().execute();
  await db.schema.dropIndex('product_downloads_product').ifExists().execute();
  for (const c of ['size', 'content_type', 'file_name', 'file_key', 'variation_id']) await db.schema.alterTable('product_downloads').dropColumn(c).execute();
}
