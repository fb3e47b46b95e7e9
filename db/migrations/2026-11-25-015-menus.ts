import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Menus (app/features/menus): one menu per location (main, top bar, footer, mobile), its
 * items in a tree. An item links to a content page (by slug), a category or a product (by id,
 * so a rename keeps the link) or a URL. Menus are shell data: writes move the store version
 * (migration 006) so the cached header is drawn afresh.
 */
const BUMP = `update settings set value = cast(cast(value as bigint) + 1 as text) where key = 'cache.store_version'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('menus'))
    // main, top_bar, footer, mobile: one menu each.
    .addColumn('location', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('menu_items'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('menu_items.id').onDelete('cascade'))
    // Order among its siblings, from 0.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    // page, category, product, url
    .addColumn('kind', 'text', (c) => c.notNull())
    // The page's slug or the URL (page, url); '' otherwise.
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    // The category's or product's id (category, product).
    .addColumn('target_id', 'integer')
    // A mega menu: its children are shown as columns (this many per row, 0 = a plain dropdown).
    .addColumn('mega_columns', 'integer', (c) => c.notNull().defaultTo(0))
    // A prompt item: hovering it dims the page.
    .addColumn('prompt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('menu_items_menu').on('menu_items').columns(['menu_id', 'parent_id', 'position']).execute();

  for (const table of ['menus', 'menu_items']) {
    if (isPostgres(db)) {
      await sql.raw(`create trigger ${table}_store_version after insert or update or delete or truncate on ${table}
        for each statement execute function vitrine_touch_store()`).execute(db);
    } else {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`create trigger ${table}_store_version_${event} after ${event} on ${table} begin ${BUMP}; end`).execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('menu_items').execute();
  await db.schema.dropTable('menus').execute();
}
