import type { DB } from '../client.ts';
import { nowIso } from '../../app/lib/time.ts';
import { itemKey } from '../../app/features/cart/cart-store.server.ts';

/**
 * A public wishlist of the demo shop, linked from the home page, so a newcomer sees a shared
 * list (read-only for visitors, who can add its items to their cart or their own list). It
 * belongs to no account or guest (its owner key is neither `u:` nor `g:`), so nobody can
 * change it; the admin lists it and can delete it.
 */
export const DEMO_WISHLIST = {
  token: 'demo-gift-ideas-from-the-team',
  name: 'Gift ideas from the team',
  products: ['Knitted Scarf', 'Canvas Tote Bag', 'Enamel Camp Mug', 'Abstract Shapes Poster', 'Succulent Trio', 'Monstera Deliciosa'],
} as const;

export const DEMO_WISHLIST_URL = `/wishlist/view/${DEMO_WISHLIST.token}`;

export async function seedDemoWishlist(db: DB, currency: string): Promise<void> {
  const now = nowIso();
  const list = await db
    .insertInto('wishlists')
    .values({ token: DEMO_WISHLIST.token, owner_key: 'shop:demo', user_id: null, name: DEMO_WISHLIST.name, visibility: 'public', is_default: 0, default_owner: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'regular_price', 'min_price', 'stock_status'])
    .where('name', 'in', [...DEMO_WISHLIST.products])
    .execute();
  const rows = DEMO_WISHLIST.products.flatMap((name, i) => {
    const p = products.find((r) => r.name === name);
    if (!p) return [];
    // Added at the regular price: an item on sale now shows its price drop on the list.
    return [{
      wishlist_id: list.id, item_key: itemKey(p.id, null, {}), product_id: p.id, variation_id: null, attributes: '{}', quantity: 1, position: i + 1,
      price_added: p.regular_price ?? p.min_price, currency, seen_price: p.min_price, seen_stock: p.stock_status, created_at: now,
    }];
  });
  if (rows.length) await db.insertInto('wishlist_items').values(rows).execute();
}
