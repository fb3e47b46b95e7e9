import type { Kysely } from 'kysely';
import { nameKey } from '../../app/lib/name-key.ts';

/*
 * Tags matched without case or accents, and merged:
 *
 * - `tags.name_key`: the name folded (app/lib/name-key.ts), so "winter" typed in the editor or
 *   an import reuses "Winter". Not unique: shops may already hold both spellings (merge them).
 * - `tag_redirects`: the addresses of tags merged into another, so old links answer with a
 *   permanent redirect to the tag they went into. Deleting that tag deletes its redirects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tags').addColumn('name_key', 'text', (c) => c.notNull().defaultTo('')).execute();
  const tags = db as unknown as Kysely<{ tags: { id: number; name: string; name_key: string } }>;
  for (const row of await tags.selectFrom('tags').select(['id', 'name']).execute()) {
    await tags.updateTable('tags').set({ name_key: nameKey(row.name) }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('tags_name_key').on('tags').column('name_key').execute();
  await db.schema
    .createTable('tag_redirects')
    .addColumn('old_slug', 'text', (c) => c.primaryKey())
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('tag_redirects_tag').on('tag_redirects').column('tag_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tag_redirects').ifExists().execute();
  await db.schema.dropIndex('tags_name_key').ifExists().execute();
  await db.schema.alterTable('tags').dropColumn('name_key').execute();
}
