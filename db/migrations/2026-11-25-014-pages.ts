import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Block pages (app/features/pages): each page's draft tree and the tree visitors see (JSON
 * as text, blocks.schema.ts), its address, search-engine fields and a version for
 * optimistic saves; page_revisions keeps earlier trees to restore. Publishing, unpublishing
 * or renaming a page (or deleting it) moves the store version, so shared caches drop what
 * they rendered from it; saving a draft does not.
 */
const KEY = 'cache.store_version';
const BUMP = `update settings set value = cast(cast(value as bigint) + 1 as text) where key = '${KEY}'`;
/** The columns visitors' pages are made from. */
const PUBLIC_COLUMNS = ['slug', 'title', 'status', 'published_blocks', 'seo_title', 'seo_description', 'noindex'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('pages'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    // draft: never shown to visitors; published: published_blocks at /<slug>.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    // The tree being edited, and the tree visitors see (null until first published).
    .addColumn('blocks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published_blocks', 'text')
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
    // Starts at 1, one more on every write: a save naming an older version is refused (409).
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'text')
    .execute();

  await id(db.schema.createTable('page_revisions'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    // The page's version this revision was written as.
    .addColumn('version', 'integer', (c) => c.notNull())
    // draft (a saved draft), published, restored.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('page_revisions_page').on('page_revisions').columns(['page_id', 'id']).execute();

  if (pg) {
    await sql.raw(`create trigger pages_store_version after insert or delete or truncate on pages
      for each statement execute function vitrine_touch_store()`).execute(db);
    await sql.raw(`create trigger pages_store_version_update after update of ${PUBLIC_COLUMNS.join(', ')} on pages
      for each statement execute function vitrine_touch_store()`).execute(db);
    return;
  }
  await sql.raw(`create trigger pages_store_version_insert after insert on pages begin ${BUMP}; end`).execute(db);
  await sql.raw(`create trigger pages_store_version_delete after delete on pages begin ${BUMP}; end`).execute(db);
  await sql.raw(`create trigger pages_store_version_update after update of ${PUBLIC_COLUMNS.join(', ')} on pages begin ${BUMP}; end`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists pages_store_version on pages').execute(db);
    await sql.raw('drop trigger if exists pages_store_version_update on pages').execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists pages_store_version_${t}`).execute(db);
  }
  await db.schema.dropTable('page_revisions').ifExists().execute();
  await db.schema.dropTable('pages').ifExists().execute();
}
