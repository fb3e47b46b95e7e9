import type { Services } from '../../lib/services.server.ts';
import { parseInput } from '../../lib/validate.ts';
import { parseJson } from '../../lib/json.ts';
import { loadPurchasables, availabilityProblem } from '../cart/lines.server.ts';
import { pageSchema, tokenSchema, type WishlistItemView, type WishlistView } from './wishlist.schema.ts';
import { defaultList, itemCount, ownerKeyOf, summary, visibleList, type Db, type WishlistCaller, type WishlistRow } from './wishlist-store.server.ts';

/** Reads of a list with its items, priced now (the wishlist page and the reload call). */

/** One page of a list's items, in their order, with today's price and stock. */
export async function listItems(db: Db, list: WishlistRow, page: number, perPage: number): Promise<{ items: WishlistItemView[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.selectFrom('wishlist_items').selectAll().where('wishlist_id', '=', list.id).orderBy('position').orderBy('id').limit(perPage).offset((page - 1) * perPage).execute(),
    itemCount(db, list.id),
  ]);
  const found = await loadPurchasables(db as Services['db'], rows.map((r) => ({ productId: r.product_id, variationId: r.variation_id })));
  const items: WishlistItemView[] = [];
  for (const r of rows) {
    const p = found.get(`${r.product_id}:${r.variation_id ?? ''}`);
    if (!p) continue;
    const attributes = parseJson<Record<string, string>>(r.attributes, {});
    const variationLabel = Object.entries(attributes)
      .map(([slug, value]) => `${p.attributes[slug]?.name ?? slug}: ${value}`)
      .join(', ');
    const comparable = p.price !== null && r.price_added !== null;
    items.push({
      id: r.id,
      productId: r.product_id,
      variationId: r.variation_id,
      attributes,
      variationLabel,
      name: p.name,
      url: `/product/${p.slug}`,
      image: p.image ? { src: p.image.src, srcset: p.image.srcset, alt: p.image.alt || p.name } : null,
      quantity: r.quantity,
      minQuantity: Math.max(1, p.minQty ?? 1),
      position: r.position,
      price: p.price,
      priceAdded: r.price_added,
      currency: r.currency,
      priceChange: comparable && p.price! < r.price_added! ? 'dropped' : comparable && p.price! > r.price_added! ? 'rose' : null,
      stockStatus: p.stockStatus,
      purchasable: p.status === 'publish' && availabilityProblem(p) === null,
      addedAt: r.created_at,
    });
  }
  return { items, total };
}

async function view(db: Db, row: WishlistRow, isOwner: boolean, query: unknown): Promise<WishlistView> {
  const { page, perPage } = parseInput(pageSchema, query ?? {});
  const { items, total } = await listItems(db, row, page, perPage);
  return { ...summary(row, total), isOwner, items, page, perPage, pages: Math.max(1, Math.ceil(total / perPage)), total };
}

/** A list by token as this caller may see it (private: its owner and the staff of the wishlists area only, else 404). */
export async function viewList(services: Services, caller: WishlistCaller, token: string, query?: unknown): Promise<WishlistView> {
  const { row, isOwner } = await visibleList(services.db, caller, parseInput(tokenSchema, token));
  return view(services.db, row, isOwner, query);
}

/** The caller's default list, or null when they have none yet. */
export async function viewDefault(services: Services, caller: WishlistCaller, query?: unknown): Promise<WishlistView | null> {
  const row = await defaultList(services.db, ownerKeyOf(caller));
  return row ? view(services.db, row, true, query) : null;
}
