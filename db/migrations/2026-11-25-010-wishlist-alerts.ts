import { sql, type Kysely } from 'kysely';

/*
 * Wishlist alerts: what each item's price and stock were when last looked at (an alert goes
 * out when they change for the better, once per change), the products whose price or stock
 * may have changed since (filled in the catalog write's own transaction, read after it
 * commits), and each list's unsubscribe token (links in alert e-mails, no login needed).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wishlist_items').addColumn('seen_price', 'integer').execute();
  await db.schema.alterTable('wishlist_items').addColumn('seen_stock', 'text').execute();
  await sql`UPDATE wishlist_items SET seen_price = price_added`.execute(db);
  await sql`UPDATE wishlist_items SET seen_stock = (SELECT p.stock_status FROM products p WHERE p.id = wishlist_items.product_id) WHERE variation_id IS NULL`.execute(db);
  await sql`UPDATE wishlist_items SET seen_stock = (SELECT v.stock_status FROM product_variations v WHERE v.id = wishlist_items.variation_id) WHERE variation_id IS NOT NULL`.execute(db);

  await db.schema.alterTable('wishlists').addColumn('alerts_token', 'text').execute();
  await db.schema.createIndex('wishlists_alerts_token').unique().on('wishlists').column('alerts_token').execute();

  await db.schema
    .createTable('wishlist_alert_queue')
    .addColumn('product_id', 'integer', (c) => c.primaryKey())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wishlist_alert_queue').ifExists().execute();
  await db.schema.dropIndex('wishlists_alerts_token').ifExists().execute();
  await db.schema.alterTable('wishlists').dropColumn('alerts_token').execute();
  await db.schema.alterTable('wishlist_items').dropColumn('seen_stock').execute();
  await db.schema.alterTable('wishlist_items').dropColumn('seen_price').execute();
}
