import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t } from '../../i18n/t-admin.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { deleteFilterSchema, SAVED_FILTERS_MAX, saveFilterSchema, type SavedFilter } from './saved-filters.schema.ts';

/*
 * Saved filters of the admin lists, each staff member's own (table `saved_filters`): a name
 * and the query string of a list view. The list says which query is canonical (`canonical`:
 * its own schema, read and written back), so what is stored is only what the list would
 * accept from its address, and a saved view opens exactly as the address would.
 */

export interface SavedFilterList {
  /** The list's key, e.g. "orders". */
  list: string;
  /** The list's address, without query. */
  path: string;
  /** The query string the list makes of a raw one (defaults and unknown parameters dropped). */
  canonical: (query: URLSearchParams) => string;
}

const hrefOf = (path: string, query: string) => (query ? `${path}?${query}` : path);

export async function savedFilters(db: DB, userId: number, l: SavedFilterList): Promise<SavedFilter[]> {
  const rows = await db.selectFrom('saved_filters').select(['id', 'name', 'query']).where('user_id', '=', userId).where('list', '=', l.list).orderBy('name').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, href: hrefOf(l.path, l.canonical(new URLSearchParams(r.query))) }));
}

/** Saves the view under its name; a name already used is that filter again, now with this view. */
export async function saveFilter(db: DB, userId: number, l: SavedFilterList, input: unknown): Promise<{ name: string; href: string }> {
  const { name, query: raw } = parseInput(saveFilterSchema, input);
  const query = l.canonical(new URLSearchParams(raw.replace(/^\?/, '')));
  await db.transaction().execute(async (trx) => {
    const mine = trx.selectFrom('saved_filters').where('user_id', '=', userId).where('list', '=', l.list);
    const same = await mine.select('id').where('name', '=', name).executeTakeFirst();
    if (same) {
      await trx.updateTable('saved_filters').set({ query }).where('id', '=', same.id).execute();
      return;
    }
    const { n } = await mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) >= SAVED_FILTERS_MAX) {
      const message = t('admin.savedFilters.tooMany', { max: SAVED_FILTERS_MAX });
      throw new HttpError(400, 'invalid', message, { name: message });
    }
    await trx.insertInto('saved_filters').values({ user_id: userId, list: l.list, name, query, created_at: nowIso() }).execute();
  });
  return { name, href: hrefOf(l.path, query) };
}

/** Deletes one of the person's own filters; another's, or one gone already, is a 404. */
export async function deleteFilter(db: DB, userId: number, l: SavedFilterList, input: unknown): Promise<{ name: string }> {
  const { id } = parseInput(deleteFilterSchema, input);
  const row = await db.deleteFrom('saved_filters').where('id', '=', id).where('user_id', '=', userId).where('list', '=', l.list).returning('name').executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', t('admin.savedFilters.gone'));
  return { name: row.name };
}
