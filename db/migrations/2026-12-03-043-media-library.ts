import type { Kysely } from 'kysely';

/*
 * The media library (/admin/media) and the cleanup of unsaved uploads:
 *
 * - `media.unsaved`: 1 for a picture uploaded from an editor (product gallery, builder) that
 *   nothing has been seen using yet. The hourly cleanup (app/features/media/cleanup.server.ts)
 *   clears the mark once something uses it, and deletes the picture (row and files) when it is
 *   still unused a day after its upload. Pictures uploaded into the library, imported, seeded
 *   or already in the shop before this migration are 0: kept until deleted by hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('unsaved', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('media_unsaved').on('media').columns(['unsaved', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_unsaved').ifExists().execute();
  await db.schema.alterTable('media').dropColumn('unsaved').execute();
}
