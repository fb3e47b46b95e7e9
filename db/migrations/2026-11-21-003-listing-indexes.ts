import { sql, type Kysely } from 'kysely';

/**
 * Partial indexes over the products a listing may show, one per ordering, so "newest",
 * "featured" and every sort of the shop page read the first rows straight from an index
 * on 100,000+ products. The condition must match LISTED_SQL in
 * app/features/catalog/listing.server.ts word for word (SQLite matches it literally).
 */
export const LISTED_CONDITION = "status = 'publish' and catalog_visibility in ('visible', 'catalog')";

const INDEXES: [string, string[]][] = [
  ['products_listed_menu', ['menu_order', 'name', 'id']],
  ['products_listed_created', ['created_at desc', 'id desc']],
  ['products_listed_price', ['min_price', 'id']],
  ['products_listed_price_desc', ['max_price desc', 'id desc']],
  ['products_listed_sales', ['total_sales desc', 'id desc']],
  ['products_listed_rating', ['average_rating desc', 'review_count desc', 'id desc']],
  ['products_listed_featured', ['featured', 'menu_order', 'id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Superseded: with it, planners pick it for the equality and then sort every row.
  await db.schema.dropIndex('products_listing').ifExists().execute();
  for (const [name, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on('products')
      .expression(sql.raw(columns.join(', ')))
      .where(sql.raw<boolean>(LISTED_CONDITION))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.createIndex('products_listing').on('products').columns(['status', 'catalog_visibility', 'menu_order', 'id']).execute();
}
