import { expect } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import type { Role } from '../../app/lib/roles.ts';
import { Client, type TestApp } from './app.ts';

/** Shoppers, products and calls shared by the wishlist API tests. */
let n = 0;
export function wishlistKit(get: () => TestApp) {
  const product = async (extra: Record<string, unknown> = {}) => (await createProduct(get().services.db, { name: `Lamp ${++n}`, regular_price: 2500, ...extra })).id;
  const variable = async () => {
    const p = await createProduct(get().services.db, {
      name: `Shirt ${++n}`,
      type: 'variable',
      attributes: [{ name: 'Colour', options: ['Red', 'Blue'], variation: 1 }, { name: 'Size', options: ['S', 'L'], variation: 1 }],
      variations: [
        { attributes: { colour: 'Red', size: '' }, regular_price: 1500 },
        { attributes: { colour: 'Blue', size: '' }, regular_price: 1700 },
      ],
    });
    const vars = await get().services.db.selectFrom('product_variations').select('id').where('product_id', '=', p.id).orderBy('id').execute();
    return { id: p.id, red: vars[0].id, blue: vars[1].id };
  };
  const guest = () => Client.start(get().app);
  const shopper = async (role: Role = 'customer') => {
    const email = `shopper${++n}@example.com`;
    await createUser(get().services, { email, password: 'a long enough password', name: `Shopper ${n}`, role });
    const c = await guest();
    const res = await c.request('POST', '/api/account/login', { email, password: 'a long enough password' });
    expect(res.statusCode).toBe(200);
    return Object.assign(c, { email });
  };
  const add = (c: Client, body: Record<string, unknown>) => c.request('POST', '/api/wishlist/items', body);
  const lists = async (c: Client) => (await c.request('GET', '/api/wishlists')).json().userWishlists as { token: string; name: string; count: number; isDefault: boolean; visibility: string }[];
  const view = async (c: Client, token: string, query = '') => c.request('GET', `/api/wishlists/${token}${query}`);
  const items = async (c: Client, token: string) => (await view(c, token)).json().items as { id: number; productId: number; variationId: number | null; quantity: number; attributes: Record<string, string> }[];
  return { product, variable, guest, shopper, add, lists, view, items };
}
