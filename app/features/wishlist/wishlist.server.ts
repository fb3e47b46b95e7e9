import { randomBytes } from 'node:crypto';
import type { Services } from '../../lib/services.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { nowIso } from '../../lib/time.ts';
import { getSettings } from '../settings/settings.server.ts';
import { itemKey } from '../cart/cart-store.server.ts';
import { loadPurchasables, type Purchasable } from '../cart/lines.server.ts';
import { t } from '../../i18n/t-wishlist.ts';
import {
  addSchema,
  moveSchema,
  productRefSchema,
  quantitySchema,
  sortSchema,
  tokenSchema,
  type WishlistSummary,
} from './wishlist.schema.ts';
import {
  ensureDefault,
  listsWithItem,
  insertItem,
  insertList,
  itemIdByKey,
  listsOf,
  nextPosition,
  ownedList,
  ownerKeyOf,
  summary,
  itemCount,
  touchList,
  type Db,
  type WishlistCaller,
  type WishlistRow,
} from './wishlist-store.server.ts';

/**
 * Wishlist changes. Every change finds the list among the caller's own (ownerKeyOf) and
 * the item inside that list, so an id or token of someone else's list answers 404.
 */

/** What every change answers, so a widget can refresh itself without reloading the page. */
export interface WishlistAnswer {
  message: string;
  userWishlists: WishlistSummary[];
  count: number;
  /** A new guest cookie value, when this call created the guest's identity. */
  guestToken?: string;
}

async function answer(services: Services, ownerKey: string | null, message: string, extra: { guestToken?: string } = {}): Promise<WishlistAnswer> {
  const userWishlists = await listsOf(services.db, ownerKey);
  return { message, userWishlists, count: userWishlists.reduce((n, l) => n + l.count, 0), ...extra };
}

/** The caller's owner key, creating a guest identity when the shop allows guest wishlists. */
async function ownerForChange(services: Services, caller: WishlistCaller): Promise<{ ownerKey: string; guestToken?: string }> {
  if (caller.userId === null && !(await getSettings(services.db)).wishlistGuests) throw new HttpError(401, 'login_required', t('wishlist.loginRequired'));
  const key = ownerKeyOf(caller);
  if (key) return { ownerKey: key };
  const guestToken = randomBytes(24).toString('base64url');
  return { ownerKey: ownerKeyOf({ ...caller, guestToken })!, guestToken };
}

async function assertMultiple(services: Services): Promise<void> {
  if (!(await getSettings(services.db)).wishlistMultiple) throw new HttpError(409, 'single_list', t('wishlist.singleList'));
}

/** The variation's attributes with each "any" value filled from the shopper's choice (missing: 400). */
function chosenAttributes(p: Purchasable, given: Record<string, string>): Record<string, string> {
  const norm: Record<string, string> = {};
  for (const [k, v] of Object.entries(given)) norm[k.replace(/^attribute_/, '').replace(/^pa_/, '').toLowerCase()] = v;
  const chosen: Record<string, string> = {};
  for (const [slug, value] of Object.entries(p.variationAttributes)) {
    if (value) {
      chosen[slug] = value;
      continue;
    }
    const attr = p.attributes[slug];
    const option = attr?.options.find((o) => o.toLowerCase() === norm[slug]?.toLowerCase());
    if (!option) throw new HttpError(400, 'missing_attributes', `Please choose a ${attr?.name ?? slug} for “${p.name}”.`, { [`attributes.${slug}`]: 'Choose a value' });
    chosen[slug] = option;
  }
  return chosen;
}

async function matchVariation(services: Services, productId: number, given: Record<string, string>): Promise<number | null> {
  const norm = Object.fromEntries(Object.entries(given).map(([k, v]) => [k.replace(/^attribute_/, '').replace(/^pa_/, '').toLowerCase(), v]));
  const rows = await services.db.selectFrom('product_variations').select(['id', 'attributes']).where('product_id', '=', productId).where('status', '=', 'publish').orderBy('menu_order').orderBy('id').execute();
  const hit = rows.find((r) => Object.entries(JSON.parse(r.attributes) as Record<string, string>).every(([k, v]) => (v === '' ? !!norm[k] : norm[k]?.toLowerCase() === v.toLowerCase())));
  return hit?.id ?? null;
}

async function purchasable(services: Services, productId: number, variationId: number | null): Promise<Purchasable> {
  const p = (await loadPurchasables(services.db, [{ productId, variationId }])).get(`${productId}:${variationId ?? ''}`);
  if (!p || p.status !== 'publish') throw new HttpError(404, 'not_found', t('wishlist.productNotFound'));
  return p;
}

export interface AddAnswer extends WishlistAnswer {
  /** "added", or "exists" when the same product, variation and choices were already in the list. */
  result: 'added' | 'exists';
  wishlist: WishlistSummary;
  itemId: number;
}

/** Adds a product (or a chosen variation) to one of the caller's lists: the given one, a new one, or the default. */
export async function addToWishlist(services: Services, caller: WishlistCaller, input: unknown): Promise<AddAnswer> {
  const data = parseInput(addSchema, input);
  const { ownerKey, guestToken } = await ownerForChange(services, caller);
  if (data.newList) await assertMultiple(services);
  let variationId = data.variationId ?? null;
  // A purchase form posts its choices (attribute_<slug>) without a variation id: find the matching one.
  if (variationId === null && data.attributes && Object.keys(data.attributes).length) variationId = await matchVariation(services, data.productId, data.attributes);
  const p = await purchasable(services, data.productId, variationId);
  const attributes = p.variationId === null ? {} : chosenAttributes(p, data.attributes ?? {});
  const currency = (await getSettings(services.db)).currency;
  const { db } = services;
  // Only a new list needs a transaction (list and item together); otherwise each statement
  // stands alone: the default list's unique owner column and the item upsert make parallel
  // adds agree without one.
  const key = itemKey(p.productId, p.variationId, attributes);
  const run = async (trx: Db): Promise<{ list: WishlistRow; itemId: number; added: boolean; lists?: WishlistSummary[] }> => {
    // The heart's usual call (the default list) for a choice already in it: the caller's
    // lists with their counts and the item, in one read, and that read is the whole answer.
    if (!data.newList && !data.wishlist) {
      const hit = await listsWithItem(trx, ownerKey, key);
      if (hit.itemId !== undefined && hit.defaultRow) return { list: hit.defaultRow, itemId: hit.itemId, added: false, lists: hit.lists };
    }
    const list: WishlistRow = data.newList
      ? await insertList(trx, ownerKey, caller.userId, data.newList)
      : data.wishlist
        ? await ownedList(trx, ownerKey, data.wishlist)
        : await ensureDefault(trx, ownerKey, caller.userId);
    // Already there (the common case of a heart clicked again): reads only, no write.
    const found = await itemIdByKey(trx, list.id, key);
    if (found !== undefined) return { list, itemId: found, added: false };
    const inserted = await insertItem(trx, {
      wishlist_id: list.id,
      item_key: key,
      product_id: p.productId,
      variation_id: p.variationId,
      attributes: JSON.stringify(attributes),
      quantity: Math.max(data.quantity, p.minQty ?? 1),
      price_added: p.price,
      currency,
      seen_price: p.price,
      seen_stock: p.stockStatus,
      created_at: nowIso(),
    });
    if (inserted !== undefined) await touchList(trx, list.id);
    // A parallel add of the same choice got there first: its item is the one.
    const itemId = inserted ?? (await itemIdByKey(trx, list.id, key))!;
    return { list, itemId, added: inserted !== undefined };
  };
  const done = data.newList ? await db.transaction().execute(run) : await run(db);
  const message = t(done.added ? 'wishlist.added' : 'wishlist.exists', { product: p.name, list: done.list.name });
  const base = done.lists
    ? { message, userWishlists: done.lists, count: done.lists.reduce((n, l) => n + l.count, 0), ...(guestToken ? { guestToken } : {}) }
    : await answer(services, ownerKey, message, { guestToken });
  return {
    ...base,
    result: done.added ? 'added' : 'exists',
    wishlist: base.userWishlists.find((l) => l.token === done.list.token) ?? summary(done.list, 0),
    itemId: done.itemId,
  };
}

/** Removes a product (one variation, or every variation when none is named) from one of the caller's lists. */
export async function removeFromList(services: Services, caller: WishlistCaller, token: string, input: unknown): Promise<WishlistAnswer & { removed: number }> {
  const ref = parseInput(productRefSchema, input);
  const ownerKey = ownerKeyOf(caller);
  const list = await ownedList(services.db, ownerKey, parseInput(tokenSchema, token));
  let q = services.db.deleteFrom('wishlist_items').where('wishlist_id', '=', list.id).where('product_id', '=', ref.productId);
  if (ref.variationId) q = q.where('variation_id', '=', ref.variationId);
  const removed = Number((await q.executeTakeFirst()).numDeletedRows);
  return { ...(await answer(services, ownerKey, t('wishlist.removed', { list: list.name }))), removed };
}

/** Removes a product from every list of the caller. */
export async function removeFromAll(services: Services, caller: WishlistCaller, input: unknown): Promise<WishlistAnswer & { removed: number }> {
  const ref = parseInput(productRefSchema, input);
  const ownerKey = ownerKeyOf(caller);
  let removed = 0;
  if (ownerKey) {
    let q = services.db
      .deleteFrom('wishlist_items')
      .where('wishlist_id', 'in', (eb) => eb.selectFrom('wishlists').select('id').where('owner_key', '=', ownerKey))
      .where('product_id', '=', ref.productId);
    if (ref.variationId) q = q.where('variation_id', '=', ref.variationId);
    removed = Number((await q.executeTakeFirst()).numDeletedRows);
  }
  return { ...(await answer(services, ownerKey, t('wishlist.removedAll'))), removed };
}

/** Deletes one item, which must belong to the given list of the caller. */
export async function deleteItem(services: Services, caller: WishlistCaller, token: string, itemId: number): Promise<WishlistAnswer> {
  const ownerKey = ownerKeyOf(caller);
  const list = await ownedList(services.db, ownerKey, parseInput(tokenSchema, token));
  const r = await services.db.deleteFrom('wishlist_items').where('id', '=', itemId).where('wishlist_id', '=', list.id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'not_found', t('wishlist.itemNotFound'));
  return answer(services, ownerKey, t('wishlist.deleted'));
}

/** Moves an item of one of the caller's lists to another of their lists (or to a new one). */
export async function moveItem(services: Services, caller: WishlistCaller, token: string, itemId: number, input: unknown): Promise<WishlistAnswer & { wishlist: WishlistSummary }> {
  const data = parseInput(moveSchema, input);
  const ownerKey = ownerKeyOf(caller);
  if (data.newList) await assertMultiple(services);
  const from = parseInput(tokenSchema, token);
  const done = await services.db.transaction().execute(async (trx) => {
    const source = await ownedList(trx, ownerKey, from);
    const item = await trx.selectFrom('wishlist_items').select(['id', 'item_key']).where('id', '=', itemId).where('wishlist_id', '=', source.id).executeTakeFirst();
    if (!item) throw new HttpError(404, 'not_found', t('wishlist.itemNotFound'));
    const dest = data.newList ? await insertList(trx, ownerKey!, caller.userId, data.newList) : await ownedList(trx, ownerKey, data.to);
    if (dest.id === source.id) throw new HttpError(400, 'invalid', t('wishlist.sameList'), { to: t('wishlist.sameList') });
    const twin = await trx.selectFrom('wishlist_items').select('id').where('wishlist_id', '=', dest.id).where('item_key', '=', item.item_key).executeTakeFirst();
    // The same choice is kept once per list: a move onto a twin just leaves the source.
    if (twin) await trx.deleteFrom('wishlist_items').where('id', '=', item.id).execute();
    else await trx.updateTable('wishlist_items').set({ wishlist_id: dest.id, position: nextPosition(dest.id) }).where('id', '=', item.id).execute();
    await touchList(trx, source.id);
    await touchList(trx, dest.id);
    return { dest, twin: !!twin, count: await itemCount(trx, dest.id) };
  });
  const message = t(done.twin ? 'wishlist.movedExists' : 'wishlist.moved', { list: done.dest.name });
  return { ...(await answer(services, ownerKey, message)), wishlist: summary(done.dest, done.count) };
}

/**
 * Puts items in a new order. `positions` must be exactly the ids of the list's items (or of
 * the given page of it, in the order the page shows them now) in their new order; anything
 * else is a 400 and nothing changes.
 */
export async function sortItems(services: Services, caller: WishlistCaller, token: string, input: unknown): Promise<WishlistAnswer & { order: number[] }> {
  const data = parseInput(sortSchema, input);
  const ownerKey = ownerKeyOf(caller);
  const order = await services.db.transaction().execute(async (trx) => {
    const list = await ownedList(trx, ownerKey, parseInput(tokenSchema, token));
    const rows = await trx.selectFrom('wishlist_items').select(['id', 'position']).where('wishlist_id', '=', list.id).orderBy('position').orderBy('id').execute();
    const all = rows.map((r) => r.id);
    const from = data.page && data.perPage ? (data.page - 1) * data.perPage : 0;
    const slice = data.page && data.perPage ? all.slice(from, from + data.perPage) : all;
    const given = new Set(data.positions);
    if (given.size !== data.positions.length || data.positions.length !== slice.length || !slice.every((id) => given.has(id))) {
      throw new HttpError(400, 'invalid_positions', t('wishlist.badPositions'), { positions: t('wishlist.badPositions') });
    }
    all.splice(from, slice.length, ...data.positions);
    const before = new Map(rows.map((r) => [r.id, r.position]));
    for (const [i, id] of all.entries()) {
      if (before.get(id) !== i + 1) await trx.updateTable('wishlist_items').set({ position: i + 1 }).where('id', '=', id).where('wishlist_id', '=', list.id).execute();
    }
    await touchList(trx, list.id);
    return all;
  });
  return { ...(await answer(services, ownerKey, t('wishlist.sorted'))), order };
}

/** Sets an item's quantity (1–9,999); below the product's minimum it is raised to the minimum. */
export async function updateQuantity(services: Services, caller: WishlistCaller, token: string, itemId: number, input: unknown): Promise<WishlistAnswer & { quantity: number }> {
  const { quantity } = parseInput(quantitySchema, input);
  const ownerKey = ownerKeyOf(caller);
  const list = await ownedList(services.db, ownerKey, parseInput(tokenSchema, token));
  const item = await services.db.selectFrom('wishlist_items').select(['id', 'product_id', 'variation_id']).where('id', '=', itemId).where('wishlist_id', '=', list.id).executeTakeFirst();
  if (!item) throw new HttpError(404, 'not_found', t('wishlist.itemNotFound'));
  const p = (await loadPurchasables(services.db, [{ productId: item.product_id, variationId: item.variation_id }])).get(`${item.product_id}:${item.variation_id ?? ''}`);
  const stored = Math.max(quantity, p?.minQty ?? 1);
  await services.db.updateTable('wishlist_items').set({ quantity: stored }).where('id', '=', item.id).where('wishlist_id', '=', list.id).execute();
  return { ...(await answer(services, ownerKey, t('wishlist.quantitySaved'))), quantity: stored };
}
