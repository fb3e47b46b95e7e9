import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Carts, coupons, shipping zones and tax rates. Same portable types as the foundation:
 * 0/1 flags, ISO text times, integer minor units; lists are JSON text.
 */

type Table = CreateTableBuilder<string, never>;
const withId = (db: Kysely<unknown>, t: Table): Table =>
  isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const list = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('carts'))
    // SHA-256 of the cart token (cookie or Cart-Token header); the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('customer', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('shipping_choice', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('coupons', 'text', list)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('carts_user').on('carts').column('user_id').execute();

  await withId(db, db.schema.createTable('cart_items'))
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    // Stable key of product + variation + chosen attributes: adding the same again adds quantity.
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variation_id', 'integer', (c) => c.references('product_variations.id').onDelete('cascade'))
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cart_items_key', ['cart_id', 'item_key'])
    .execute();

  await withId(db, db.schema.createTable('coupons'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('discount_type', 'text', (c) => c.notNull().defaultTo('fixed_cart'))
    // Minor units for fixed discounts; hundredths of a percent for percent (1550 = 15.5 %).
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_shipping', 'integer', flag)
    .addColumn('expires_at', 'text')
    .addColumn('minimum_spend', 'integer')
    .addColumn('maximum_spend', 'integer')
    .addColumn('individual_use', 'integer', flag)
    .addColumn('exclude_sale_items', 'integer', flag)
    .addColumn('usage_limit', 'integer')
    .addColumn('usage_limit_per_user', 'integer')
    .addColumn('limit_usage_to_x_items', 'integer')
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_ids', 'text', list)
    .addColumn('excluded_product_ids', 'text', list)
    .addColumn('category_ids', 'text', list)
    .addColumn('excluded_category_ids', 'text', list)
    .addColumn('email_restrictions', 'text', list)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // One row per use; the per-customer limit counts these.
  await withId(db, db.schema.createTable('coupon_usages'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_usages_customer').on('coupon_usages').columns(['coupon_id', 'customer']).execute();

  await withId(db, db.schema.createTable('shipping_classes'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('shipping_zones'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('shipping_zone_locations'))
    .addColumn('zone_id', 'integer', (c) => c.notNull().references('shipping_zones.id').onDelete('cascade'))
    // country ("US"), state ("US:CA"), postcode (pattern: "90210", "902*", "90000...90999") or continent ("EU").
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipping_zone_locations_zone').on('shipping_zone_locations').column('zone_id').execute();

  await withId(db, db.schema.createTable('shipping_methods'))
    .addColumn('zone_id', 'integer', (c) => c.references('shipping_zones.id').onDelete('cascade'))
    // flat_rate, free_shipping or local_pickup; zone_id null = "locations not covered by other zones".
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await withId(db, db.schema.createTable('tax_rates'))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    // Semicolon lists as in WooCommerce's CSV; empty matches everything.
    .addColumn('postcodes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cities', 'text', (c) => c.notNull().defaultTo(''))
    // Percent with up to four decimals, stored as ten-thousandths (20 % = 200000).
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('compound', 'integer', flag)
    .addColumn('shipping', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('tax_class', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('tax_rates_location').on('tax_rates').columns(['tax_class', 'country', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['tax_rates', 'shipping_methods', 'shipping_zone_locations', 'shipping_zones', 'shipping_classes', 'coupon_usages', 'coupons', 'cart_items', 'carts']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
