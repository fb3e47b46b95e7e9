import type { DB } from '../../../db/client.ts';
import { mediaStoreFor, type MediaStore } from '../../lib/media-store.server.ts';
import { repeat } from '../../lib/repeat.server.ts';
import type { Services } from '../../lib/services.server.ts';
import { removeFiles } from './library.server.ts';
import { mediaUsage } from './usage.server.ts';

/*
 * Unsaved uploads cleaned up: a picture uploaded from an editor (the product gallery, a
 * category, the builder, the picker) is marked `unsaved`. Each hour the marked pictures are
 * looked at: one in use loses its mark (it is kept from then on, like the library's own
 * uploads); one still unused a day after its upload is deleted, its row and every stored width,
 * on the local folder or S3 alike.
 */

export const UNSAVED_KEEP_MS = 24 * 3_600_000;
const BATCH = 500;

/** One pass; answers the ids deleted. */
export async function cleanUnsavedUploads(db: DB, store: MediaStore, now: Date = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - UNSAVED_KEEP_MS).toISOString();
  const deleted: number[] = [];
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('media').select(['id', 'path', 'created_at']).where('unsaved', '=', 1).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const usage = await mediaUsage(
      db,
      rows.map((r) => r.id),
    );
    const used = rows.filter((r) => usage.get(r.id)?.length).map((r) => r.id);
    if (used.length) await db.updateTable('media').set({ unsaved: 0 }).where('id', 'in', used).execute();
    for (const r of rows) {
      if (used.includes(r.id) || r.created_at >= cutoff) continue;
      // Deleted only while still unused by a gallery, product, variation or category at this
      // instant (a save may have landed since the look above).
      const gone = await db
        .deleteFrom('media')
        .where('id', '=', r.id)
        .where('unsaved', '=', 1)
        .where((eb) =>
          eb.and([
            eb.not(eb.exists(eb.selectFrom('product_images').select('media_id').where('media_id', '=', r.id))),
            eb.not(eb.exists(eb.selectFrom('products').select('id').where('image_id', '=', r.id))),
            eb.not(eb.exists(eb.selectFrom('product_variations').select('id').where('image_id', '=', r.id))),
            eb.not(eb.exists(eb.selectFrom('categories').select('id').where('image_id', '=', r.id))),
          ]),
        )
        .executeTakeFirst();
      if (!Number(gone.numDeletedRows)) continue;
      await removeFiles(store, r.path);
      deleted.push(r.id);
    }
    if (rows.length < BATCH) break;
  }
  return deleted;
}

/** Runs the cleanup at start and then hourly (one node per hour with Redis); the returned function stops it. */
export function scheduleMediaCleanup(services: Pick<Services, 'db' | 'config' | 'log'>, everyMs = 3_600_000): () => Promise<void> {
  return repeat(
    async () => {
      const ids = await cleanUnsavedUploads(services.db, mediaStoreFor(services.config));
      if (ids.length) services.log.info({ count: ids.length }, 'unsaved picture uploads removed after a day unused');
    },
    everyMs,
    (err) => services.log.error({ err }, 'removing unsaved picture uploads failed'),
    'media-cleanup',
  );
}
