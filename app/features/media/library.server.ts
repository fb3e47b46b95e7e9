import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { contains, listPage, listSearch, pageWindow } from '../../lib/list-query.ts';
import type { MediaStore } from '../../lib/media-store.server.ts';
import { idFromText, parseInput, rowIdText } from '../../lib/validate.ts';
import { t } from '../../i18n/t-admin.ts';
import type { LibraryPage, MediaUse } from './types.ts';
import { mediaUsage } from './usage.server.ts';

/*
 * The media library (/admin/media and its JSON twin for the picker): every stored picture,
 * newest first, searched by file name or alt text, a page at a time, each with where it is
 * used; alt text edited; an unused picture deleted (its row and every stored width, on the
 * local folder or S3 alike), a used one refused with the list of its uses.
 */

export const MEDIA_PER_PAGE = 40;

export const libraryQuery = z.object({ q: listSearch, page: listPage });

/** "uploads/2026-12/blue-hoodie-1a2b3c4d" → "blue-hoodie". */
export const fileName = (path: string) => (path.split('/').pop() ?? path).replace(/-[0-9a-f]{8}$/, '');

export async function listLibrary(db: DB, params: URLSearchParams, perPage = MEDIA_PER_PAGE): Promise<LibraryPage> {
  const { q, page: asked } = libraryQuery.parse({ q: params.get('q') ?? undefined, page: params.get('page') ?? undefined });
  let base = db.selectFrom('media');
  // One picture by its id (the builder's field showing the one chosen).
  const one = idFromText(params.get('id'));
  if (one !== null) base = base.where('id', '=', one);
  if (q) base = base.where((eb) => eb.or([contains(sql`path`, q), contains(sql`alt`, q)]));
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const { page, pages, offset, limit } = pageWindow(total, asked, perPage);
  const rows = await base.select(['id', 'path', 'widths', 'alt', 'width', 'height', 'created_at']).orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const usage = await mediaUsage(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => ({ id: r.id, path: r.path, widths: r.widths, alt: r.alt, width: r.width, height: r.height, name: fileName(r.path), createdAt: r.created_at, usedBy: usage.get(r.id) ?? [] }));
  return { items, q, page, pages, total };
}

const altSchema = z.object({
  id: rowIdText,
  alt: z.string().trim().max(500, { error: () => t('media.error.altLong') }),
});

/** Saves a picture's alt text (the library's default for new uses; galleries keep their own copy). */
export async function saveAlt(db: DB, input: Record<string, string>): Promise<{ id: number; alt: string }> {
  const { id, alt } = parseInput(altSchema, input);
  const done = await db.updateTable('media').set({ alt }).where('id', '=', id).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) throw new HttpError(404, 'not_found', t('media.error.gone'));
  return { id, alt };
}

const kindLabel = (u: MediaUse) => t(`media.use.${u.kind}`, { name: u.name });

/**
 * Deletes an unused picture: its row, then its stored widths. A used one is refused (409)
 * naming where it is used. Answers the deleted picture's file name.
 */
export async function deleteUnused(db: DB, store: MediaStore, input: Record<string, string>): Promise<string> {
  const { id } = parseInput(z.object({ id: rowIdText }), input);
  const row = await db.selectFrom('media').select(['id', 'path']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', t('media.error.gone'));
  const uses = (await mediaUsage(db, [id])).get(id) ?? [];
  if (uses.length) {
    const message = t('media.error.inUse', { name: fileName(row.path), uses: uses.map(kindLabel).join(', ') });
    throw new HttpError(409, 'in_use', message, { id: message });
  }
  await db.deleteFrom('media').where('id', '=', id).execute();
  await removeFiles(store, row.path);
  return fileName(row.path);
}

/** Every stored width of a picture (`<path>-<width>.webp`). */
export async function removeFiles(store: MediaStore, path: string): Promise<void> {
  await store.deletePrefix(`${path}-`);
}
