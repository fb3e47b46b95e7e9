import { sql, type Kysely } from 'kysely';

/*
 * Taxonomies in the back office (app/features/catalog-admin):
 *
 * - `category_redirects`: the addresses a category had before its slug or parent changed
 *   (its descendants' too), so old links answer with a permanent redirect to the category's
 *   address now. A live category's path always wins over a redirect; deleting the category
 *   deletes its redirects.
 * - Shipping classes named by products or variations (an import's, or typed in the editor's
 *   old free-text field) but missing from `shipping_classes` are added under their slug, so
 *   the classes screen lists them and the editor's select offers them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('category_redirects')
    .addColumn('old_path', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('category_redirects_category').on('category_redirects').column('category_id').execute();

  await sql`insert into shipping_classes (name, slug)
    select distinct used.shipping_class, used.shipping_class from (
      select shipping_class from products union select shipping_class from product_variations
    ) used
    where used.shipping_class <> '' and used.shipping_class not in (select slug from shipping_classes)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('category_redirects').execute();
}
