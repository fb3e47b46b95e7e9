import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Shop-wide attributes (the back office's /admin/attributes): a name, how the shop shows it
 * (select, color, label, image) and its terms in order, each with an optional swatch (a CSS
 * colour, a label or a media id as text). Products keep their own copy in
 * product_attributes (is_global = 1, same slug), which the back office keeps in step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('attributes'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('display', 'text', (c) => c.notNull().defaultTo('select'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('attribute_terms'))
    .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('swatch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('attribute_terms_slug').on('attribute_terms').columns(['attribute_id', 'slug']).unique().execute();
  // The editor's copies are found by slug when an attribute's display or swatches change.
  await db.schema.createIndex('product_attributes_global_slug').on('product_attributes').columns(['slug', 'is_global']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_attributes_global_slug').execute();
  await db.schema.dropTable('attribute_terms').execute();
  await db.schema.dropTable('attributes').execute();
}
