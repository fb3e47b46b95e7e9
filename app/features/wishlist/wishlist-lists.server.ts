import type { Services } from '../../lib/services.server.ts';
import { hotQuery } from '../../../db/hot-query.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { nowIso } from '../../lib/time.ts';
import { getSettings } from '../settings/settings.server.ts';
import { t } from '../../i18n/t-wishlist.ts';
import { newListSchema, tokenSchema, updateListSchema, type WishlistSummary } from './wishlist.schema.ts';
import { defaultList, insertList, itemCount, listsOf, ownedList, ownerKeyOf, summary, type WishlistCaller } from './wishlist-store.server.ts';
import type { WishlistAnswer } from './wishlist.server.ts';

/** Creating, renaming, changing and deleting the caller's lists; the count; the login merge. */

async function answer(services: Services, ownerKey: string | null, message: string, guestToken?: string): Promise<WishlistAnswer> {
  const userWishlists = await listsOf(services.db, ownerKey);
  return { message, userWishlists, count: userWishlists.reduce((n, l) => n + l.count, 0), ...(guestToken ? { guestToken } : {}) };
}

/** The caller's lists (spec: user_wishlists) and their total item count. */
export async function myLists(services: Services, caller: WishlistCaller): Promise<{ userWishlists: WishlistSummary[]; count: number }> {
  const userWishlists = await listsOf(services.db, ownerKeyOf(caller));
  return { userWishlists, count: userWishlists.reduce((n, l) => n + l.count, 0) };
}

const COUNT_ROWS = hotQuery((db, slot) =>
  db
    .selectFrom('wishlist_items')
    .innerJoin('wishlists', 'wishlists.id', 'wishlist_items.wishlist_id')
    .select('wishlist_items.product_id')
    .where('wishlists.owner_key', '=', slot<string>(0)),
);

/**
 * The header count: items in all of the caller's lists, and the products they hold (so
 * hearts can show "added"). A guest without a cookie costs no query.
 */
export async function wishlistCount(services: Services, caller: WishlistCaller): Promise<{ count: number; products: number[] }> {
  const ownerKey = ownerKeyOf(caller);
  if (!ownerKey) return { count: 0, products: [] };
  const rows = await COUNT_ROWS.all(services.db, [ownerKey]);
  return { count: rows.length, products: [...new Set(rows.map((r) => r.product_id))].sort((a, b) => a - b) };
}

export async function createList(services: Services, caller: WishlistCaller, input: unknown, newGuestToken: () => string): Promise<WishlistAnswer & { wishlist: WishlistSummary }> {
  const data = parseInput(newListSchema, input);
  const settings = await getSettings(services.db);
  if (caller.userId === null && !settings.wishlistGuests) throw new HttpError(401, 'login_required', t('wishlist.loginRequired'));
  let guestToken: string | undefined;
  let ownerKey = ownerKeyOf(caller);
  if (!ownerKey) {
    guestToken = newGuestToken();
    ownerKey = ownerKeyOf({ ...caller, guestToken })!;
  }
  // With one list per shopper, only the first (the default) may be made.
  if (!settings.wishlistMultiple && (await defaultList(services.db, ownerKey))) throw new HttpError(409, 'single_list', t('wishlist.singleList'));
  const row = await insertList(services.db, ownerKey, caller.userId, data);
  return { ...(await answer(services, ownerKey, t('wishlist.created', { list: row.name }), guestToken)), wishlist: summary(row, 0) };
}

export async function updateList(services: Services, caller: WishlistCaller, token: string, input: unknown): Promise<WishlistAnswer & { wishlist: WishlistSummary }> {
  const data = parseInput(updateListSchema, input);
  const ownerKey = ownerKeyOf(caller);
  const list = await ownedList(services.db, ownerKey, parseInput(tokenSchema, token));
  // Alerts are e-mailed to the account: a guest list has no address to send them to.
  if (data.alerts && caller.userId === null) throw new HttpError(401, 'login_required', t('wishlist.alertsLogin'));
  const row = await services.db
    .updateTable('wishlists')
    .set({
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.visibility !== undefined ? { visibility: data.visibility } : {}),
      ...(data.alerts !== undefined ? { alerts: data.alerts ? 1 : 0 } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', list.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...(await answer(services, ownerKey, t('wishlist.updated'))), wishlist: summary(row, await itemCount(services.db, row.id)) };
}

/** Deletes a list with its items; when it was the default, the owner's oldest other list becomes the default. */
export async function deleteList(services: Services, caller: WishlistCaller, token: string): Promise<WishlistAnswer> {
  const ownerKey = ownerKeyOf(caller);
  const parsed = parseInput(tokenSchema, token);
  const list = await services.db.transaction().execute(async (trx) => {
    const row = await ownedList(trx, ownerKey, parsed);
    await trx.deleteFrom('wishlist_items').where('wishlist_id', '=', row.id).execute();
    await trx.deleteFrom('wishlists').where('id', '=', row.id).execute();
    if (row.is_default === 1) {
      const next = await trx.selectFrom('wishlists').select('id').where('owner_key', '=', ownerKey!).orderBy('id').executeTakeFirst();
      if (next) await trx.updateTable('wishlists').set({ is_default: 1, default_owner: ownerKey }).where('id', '=', next.id).execute();
    }
    return row;
  });
  return answer(services, ownerKey, t('wishlist.listDeleted', { list: list.name }));
}

/**
 * At login or registration: the guest's lists join the account. When the account already
 * has a default list, the guest's default becomes a named list of the account (several
 * lists allowed) or its items join the account's default, each choice once (one list only).
 */
export async function mergeGuestWishlists(services: Services, guestToken: string | null | undefined, userId: number): Promise<void> {
  if (!guestToken) return;
  const guestKey = ownerKeyOf({ userId: null, role: null, guestToken })!;
  const userKey = `u:${userId}`;
  const multiple = (await getSettings(services.db)).wishlistMultiple;
  await services.db.transaction().execute(async (trx) => {
    const lists = await trx.selectFrom('wishlists').selectAll().where('owner_key', '=', guestKey).orderBy('id').execute();
    if (lists.length === 0) return;
    const accountDefault = await defaultList(trx, userKey);
    for (const list of lists) {
      const isDefault = list.is_default === 1;
      if (isDefault && accountDefault && !multiple) {
        const items = await trx.selectFrom('wishlist_items').select(['id', 'item_key']).where('wishlist_id', '=', list.id).orderBy('position').orderBy('id').execute();
        const have = new Set((await trx.selectFrom('wishlist_items').select('item_key').where('wishlist_id', '=', accountDefault.id).execute()).map((r) => r.item_key));
        let pos = (await trx.selectFrom('wishlist_items').select((eb) => eb.fn.max('position').as('m')).where('wishlist_id', '=', accountDefault.id).executeTakeFirst())?.m ?? 0;
        for (const item of items) {
          if (have.has(item.item_key)) continue;
          await trx.updateTable('wishlist_items').set({ wishlist_id: accountDefault.id, position: ++pos }).where('id', '=', item.id).execute();
        }
        await trx.deleteFrom('wishlist_items').where('wishlist_id', '=', list.id).execute();
        await trx.deleteFrom('wishlists').where('id', '=', list.id).execute();
        continue;
      }
      const keepsDefault = isDefault && !accountDefault;
      const name = isDefault && !keepsDefault && list.name === t('wishlist.defaultName') ? t('wishlist.guestListName') : list.name;
      await trx
        .updateTable('wishlists')
        .set({ owner_key: userKey, user_id: userId, name, is_default: keepsDefault ? 1 : 0, default_owner: keepsDefault ? userKey : null, updated_at: nowIso() })
        .where('id', '=', list.id)
        .execute();
    }
  });
}
