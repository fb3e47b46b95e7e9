import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { GUEST_CART_DAYS, removeStaleCarts, scheduleCartExpiry } from '../../app/features/cart/cart-expiry.server.ts';
import { tokenHash } from '../../app/features/cart/cart-store.server.ts';

const DAY_MS = 86_400_000;

for (const dialect of await dialects()) {
  describe(`guest cart expiry (${dialect})`, () => {
    let t: TestApp;
    let mug: number;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      mug = (await createProduct(t.services.db, { name: 'Mug', regular_price: 1200 })).id;
    });
    afterAll(() => t.close());

    const add = async (token: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/cart/items', payload: { productId: mug, quantity: 2 }, headers: { 'cart-token': token } });
      expect(res.statusCode).toBe(201);
      return res.headers['cart-token'] as string;
    };
    const cartOf = (token: string) => t.services.db.selectFrom('carts').select(['id', 'user_id']).where('token_hash', '=', tokenHash(token)).executeTakeFirst();
    /** Makes a cart look last changed `days` ago. */
    const age = async (token: string, days: number) => {
      const when = new Date(Date.now() - days * DAY_MS).toISOString();
      await t.services.db.updateTable('carts').set({ updated_at: when }).where('token_hash', '=', tokenHash(token)).execute();
    };

    it(`removes guest carts unchanged for ${GUEST_CART_DAYS} days with their lines, and keeps recent ones and accounts' carts`, async () => {
      const stale = await add('new');
      const recent = await add('new');
      const staleId = (await cartOf(stale))!.id;
      await age(stale, GUEST_CART_DAYS + 1);
      await age(recent, GUEST_CART_DAYS - 1);
      // A customer's cart, just as old.
      const customer = await Client.start(t.app);
      await customer.request('POST', '/api/account/register', { email: `expiry-${dialect}@example.com`, password: 'correct horse battery' });
      const added = await customer.request('POST', '/api/cart/items', { productId: mug, quantity: 1 });
      expect(added.statusCode).toBe(201);
      const customerToken = added.headers['cart-token'] as string;
      await age(customerToken, GUEST_CART_DAYS + 100);

      expect(await removeStaleCarts(t.services.db)).toBe(1);

      expect(await cartOf(stale)).toBeUndefined();
      expect(await t.services.db.selectFrom('cart_items').select('id').where('cart_id', '=', staleId).execute()).toEqual([]);
      // The old token now names no cart: an empty cart, and the next add starts a new one (a
      // headless client keeps its token: the new cart is made under it, with none of the old lines).
      const empty = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'cart-token': stale } });
      expect(empty.json()).toMatchObject({ items: [], itemCount: 0 });
      const fresh = await add(stale);
      expect((await cartOf(fresh))!.id).not.toBe(staleId);
      const restarted = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'cart-token': fresh } });
      expect(restarted.json()).toMatchObject({ itemCount: 2 });
      // The recent guest cart and the customer's cart are untouched.
      const kept = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'cart-token': recent } });
      expect(kept.json()).toMatchObject({ itemCount: 2 });
      expect((await customer.request('GET', '/api/cart')).json()).toMatchObject({ itemCount: 1 });
    });

    it('runs at start and then on its interval until stopped', async () => {
      const first = await add('new');
      await age(first, GUEST_CART_DAYS + 2);
      const errors: unknown[] = [];
      const stop = scheduleCartExpiry(t.services.db, (err) => errors.push(err), 30);
      await expect.poll(() => cartOf(first)).toBeUndefined();
      const second = await add('new');
      await age(second, GUEST_CART_DAYS + 2);
      await expect.poll(() => cartOf(second)).toBeUndefined();
      await stop();
      const third = await add('new');
      await age(third, GUEST_CART_DAYS + 2);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await cartOf(third)).toBeDefined();
      expect(errors).toEqual([]);
    });

    it('tells browsers to keep the cart cookie as long as the cart is kept', async () => {
      const browser = await Client.start(t.app);
      const res = await browser.request('POST', '/api/cart/items', { productId: mug, quantity: 1 });
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const cart = cookies.find((c) => c.startsWith('vt_cart='));
      expect(cart).toContain(`Max-Age=${GUEST_CART_DAYS * 86_400}`);
      expect(cart).toContain('HttpOnly');
    });
  });
}
