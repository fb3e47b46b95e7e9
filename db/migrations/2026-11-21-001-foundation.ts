import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Foundation schema: settings, accounts, sessions and the full catalog model.
 * Shared by SQLite and PostgreSQL, so only portable types are used: booleans are
 * integers 0/1, times are ISO-8601 UTC text, money is integer minor units.
 */

type Table = CreateTableBuilder<string, never>;

function withId(db: Kysely<unknown>, t: Table): Table {
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('vendors'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('media'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('widths', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('original_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('categories'))
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();

  await withId(db, db.schema.createTable('tags'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('products'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('simple'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('publish'))
    .addColumn('catalog_visibility', 'text', (c) => c.notNull().defaultTo('visible'))
    .addColumn('featured', 'integer', flag)
    .addColumn('sku', 'text', (c) => c.unique())
    .addColumn('short_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('regular_price', 'integer')
    .addColumn('sale_price', 'integer')
    .addColumn('sale_from', 'text')
    .addColumn('sale_to', 'text')
    // Effective price bounds, kept current on write: the listing sorts and filters on them.
    .addColumn('min_price', 'integer')
    .addColumn('max_price', 'integer')
    .addColumn('tax_status', 'text', (c) => c.notNull().defaultTo('taxable'))
    .addColumn('tax_class', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('manage_stock', 'integer', flag)
    .addColumn('stock_quantity', 'integer')
    .addColumn('stock_status', 'text', (c) => c.notNull().defaultTo('instock'))
    .addColumn('backorders', 'text', (c) => c.notNull().defaultTo('no'))
    .addColumn('low_stock_amount', 'integer')
    .addColumn('sold_individually', 'integer', flag)
    .addColumn('weight', 'real')
    .addColumn('length', 'real')
    .addColumn('width', 'real')
    .addColumn('height', 'real')
    .addColumn('virtual', 'integer', flag)
    .addColumn('downloadable', 'integer', flag)
    .addColumn('download_limit', 'integer')
    .addColumn('download_expiry', 'integer')
    .addColumn('external_url', 'text')
    .addColumn('button_text', 'text')
    .addColumn('purchase_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reviews_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('shipping_class', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('average_rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const [name, cols] of [
    ['products_listing', ['status', 'catalog_visibility', 'menu_order', 'id']],
    ['products_price', ['min_price']],
    ['products_created', ['created_at']],
    ['products_sales', ['total_sales']],
    ['products_rating', ['average_rating']],
    ['products_featured', ['featured']],
  ] as const) {
    await db.schema.createIndex(name).on('products').columns([...cols]).execute();
  }

  await withId(db, db.schema.createTable('product_attributes'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('variation', 'integer', flag)
    .addColumn('is_global', 'integer', flag)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    // How the product page shows the choice: select, color, image or label swatches.
    .addColumn('display', 'text', (c) => c.notNull().defaultTo('select'))
    .addColumn('swatches', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('product_attributes_product').on('product_attributes').column('product_id').execute();

  await withId(db, db.schema.createTable('product_variations'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.unique())
    // Map of attribute slug to value; an empty string means "any value".
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('publish'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('regular_price', 'integer')
    .addColumn('sale_price', 'integer')
    .addColumn('sale_from', 'text')
    .addColumn('sale_to', 'text')
    .addColumn('manage_stock', 'integer', flag)
    .addColumn('stock_quantity', 'integer')
    .addColumn('stock_status', 'text', (c) => c.notNull().defaultTo('instock'))
    .addColumn('backorders', 'text', (c) => c.notNull().defaultTo('no'))
    .addColumn('image_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('weight', 'real')
    .addColumn('length', 'real')
    .addColumn('width', 'real')
    .addColumn('height', 'real')
    .addColumn('min_qty', 'integer')
    .addColumn('max_qty', 'integer')
    .addColumn('virtual', 'integer', flag)
    .addColumn('downloadable', 'integer', flag)
    .addColumn('tax_class', 'text', (c) => c.notNull().defaultTo('parent'))
    .addColumn('shipping_class', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_variations_product').on('product_variations').column('product_id').execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_categories_category').on('product_categories').columns(['category_id', 'product_id']).execute();

  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('product_tags_tag').on('product_tags').columns(['tag_id', 'product_id']).execute();

  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'media_id'])
    .execute();

  // Upsells, cross-sells and grouped children.
  await db.schema
    .createTable('product_links')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('linked_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_links_pk', ['product_id', 'kind', 'linked_id'])
    .execute();

  await withId(db, db.schema.createTable('product_downloads'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('reviews'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', flag)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_product').on('reviews').columns(['product_id', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'reviews', 'product_downloads', 'product_links', 'product_images', 'product_tags', 'product_categories',
    'product_variations', 'product_attributes', 'products', 'tags', 'categories', 'media', 'vendors',
    'password_resets', 'sessions', 'users', 'settings',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
