import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { wishlistKit } from '../helpers/wishlist.ts';

for (const dialect of await dialects()) {
  describe(`wishlist API (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());
    const k = wishlistKit(() => t);

    it('adds to a default list made on first use, keeps a choice once, and counts it', async () => {
      const c = await k.guest();
      expect((await c.request('GET', '/api/wishlist/count')).json()).toEqual({ count: 0, products: [] });
      const id = await k.product();
      const first = await k.add(c, { productId: id });
      expect(first.statusCode).toBe(201);
      expect(first.cookies.find((x) => x.name === 'vt_wishlist')).toMatchObject({ httpOnly: true });
      const body = first.json();
      expect(body).toMatchObject({ result: 'added', count: 1, wishlist: { name: 'My wishlist', isDefault: true, visibility: 'private', count: 1 } });
      expect(body.wishlist.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(body.userWishlists).toHaveLength(1);
      const again = (await k.add(c, { productId: id })).json();
      expect(again).toMatchObject({ result: 'exists', count: 1, itemId: body.itemId });
      expect((await c.request('GET', '/api/wishlist/count')).json()).toEqual({ count: 1, products: [id] });
      const items = await k.items(c, body.wishlist.token);
      expect(items).toMatchObject([{ productId: id, quantity: 1, price: 2500, priceAdded: 2500, priceChange: null, purchasable: true }]);
    });

    it('keeps variations and their chosen "any" attributes apart, and refuses a missing choice', async () => {
      const c = await k.guest();
      const v = await k.variable();
      expect((await k.add(c, { productId: v.id, variationId: v.red })).json()).toMatchObject({ error: { code: 'missing_attributes' } });
      const a = (await k.add(c, { productId: v.id, variationId: v.red, attributes: { size: 's' } })).json();
      expect(a.result).toBe('added');
      expect((await k.add(c, { productId: v.id, variationId: v.red, attributes: { attribute_pa_size: 'L' } })).json().result).toBe('added');
      expect((await k.add(c, { productId: v.id, variationId: v.red, attributes: { size: 'S' } })).json().result).toBe('exists');
      const items = (await k.view(c, a.wishlist.token)).json().items;
      expect(items.map((i: { variationLabel: string }) => i.variationLabel)).toEqual(['Colour: Red, Size: S', 'Colour: Red, Size: L']);
      expect((await k.add(c, { productId: v.id, variationId: 999999 })).statusCode).toBe(404);
      expect((await k.add(c, { productId: 999999 })).statusCode).toBe(404);
      expect((await k.add(c, { productId: 'x' })).json()).toMatchObject({ error: { code: 'invalid', fields: { productId: expect.any(String) } } });
    });

    it('creates a list while adding, and creates, renames, changes and deletes lists', async () => {
      const c = await k.shopper();
      const id = await k.product();
      const res = (await k.add(c, { productId: id, newList: { name: '  Birthday  ', visibility: 'shared' } })).json();
      expect(res.wishlist).toMatchObject({ name: 'Birthday', visibility: 'shared', isDefault: true, count: 1 });
      const made = await c.request('POST', '/api/wishlists', { name: 'Kitchen', visibility: 'public' });
      expect(made.statusCode).toBe(201);
      const kitchen = made.json().wishlist;
      expect(kitchen).toMatchObject({ name: 'Kitchen', isDefault: false, count: 0, url: `/wishlist/view/${kitchen.token}` });
      expect((await c.request('POST', '/api/wishlists', { name: '   ' })).json()).toMatchObject({ error: { code: 'invalid', fields: { name: 'Enter a name' } } });
      expect((await c.request('POST', '/api/wishlists', { name: 'x'.repeat(101) })).statusCode).toBe(400);
      expect((await c.request('POST', '/api/wishlists', { name: 'Bad', visibility: 'secret' })).statusCode).toBe(400);
      const renamed = await c.request('PATCH', `/api/wishlists/${kitchen.token}`, { name: '<b>Kitchen</b>', visibility: 'private', alerts: true });
      expect(renamed.json().wishlist).toMatchObject({ name: '<b>Kitchen</b>', visibility: 'private', alerts: true });
      expect((await c.request('PATCH', `/api/wishlists/${kitchen.token}`, {})).statusCode).toBe(400);
      const gone = await c.request('DELETE', `/api/wishlists/${res.wishlist.token}`);
      expect(gone.json().userWishlists).toMatchObject([{ token: kitchen.token, isDefault: true }]);
      expect((await c.request('GET', `/api/wishlists/${res.wishlist.token}`)).statusCode).toBe(404);
    });

    it('removes from one list, from all lists, and deletes one item', async () => {
      const c = await k.shopper();
      const [a, b] = [await k.product(), await k.product()];
      const def = (await k.add(c, { productId: a })).json().wishlist.token;
      await k.add(c, { productId: b });
      const other = (await k.add(c, { productId: a, newList: { name: 'Other' } })).json().wishlist.token;
      expect((await c.request('POST', `/api/wishlists/${def}/remove`, { productId: b })).json()).toMatchObject({ removed: 1, count: 2 });
      expect((await c.request('POST', '/api/wishlist/remove-from-all', { productId: a })).json()).toMatchObject({ removed: 2, count: 0 });
      const id = (await k.add(c, { productId: b, wishlist: other })).json().itemId;
      expect((await c.request('DELETE', `/api/wishlists/${def}/items/${id}`)).statusCode).toBe(404);
      const del = await c.request('DELETE', `/api/wishlists/${other}/items/${id}`);
      expect(del.json()).toMatchObject({ message: 'The item was removed.', count: 0 });
      expect((await c.request('DELETE', `/api/wishlists/${other}/items/${id}`)).statusCode).toBe(404);
    });

    it('moves an item to another list or a new one; a twin there keeps the item once', async () => {
      const c = await k.shopper();
      const [a, b] = [await k.product(), await k.product()];
      const first = (await k.add(c, { productId: a })).json();
      const from = first.wishlist.token;
      const to = (await c.request('POST', '/api/wishlists', { name: 'Later' })).json().wishlist.token;
      const moved = await c.request('POST', `/api/wishlists/${from}/items/${first.itemId}/move`, { to });
      expect(moved.json()).toMatchObject({ message: 'Moved to “Later”.', wishlist: { token: to, count: 1 } });
      expect(await k.items(c, from)).toEqual([]);
      // The destination is required; the same list is refused.
      expect((await c.request('POST', `/api/wishlists/${to}/items/${first.itemId}/move`, {})).json()).toMatchObject({ error: { code: 'invalid', fields: { to: expect.any(String) } } });
      expect((await c.request('POST', `/api/wishlists/${to}/items/${first.itemId}/move`, { to })).statusCode).toBe(400);
      const made = await c.request('POST', `/api/wishlists/${to}/items/${first.itemId}/move`, { newList: { name: 'Gifts', visibility: 'public' } });
      expect(made.json()).toMatchObject({ wishlist: { name: 'Gifts', visibility: 'public', count: 1 } });
      const gifts = made.json().wishlist.token;
      const again = (await k.add(c, { productId: a, wishlist: from })).json().itemId;
      expect((await c.request('POST', `/api/wishlists/${from}/items/${again}/move`, { to: gifts })).json()).toMatchObject({ message: 'Already in “Gifts”; removed here.', wishlist: { count: 1 } });
      expect((await c.request('POST', `/api/wishlists/${from}/items/${again}/move`, { newList: { name: '' } })).json()).toMatchObject({ error: { fields: { 'newList.name': 'Enter a name' } } });
      expect(b).toBeGreaterThan(0);
    });

    it('sorts by a permutation of the list (or page) and refuses anything else unchanged', async () => {
      const c = await k.shopper();
      const ids: number[] = [];
      let token = '';
      for (let i = 0; i < 4; i++) {
        const r = (await k.add(c, { productId: await k.product() })).json();
        ids.push(r.itemId);
        token = r.wishlist.token;
      }
      const order = async () => (await k.items(c, token)).map((i) => i.id);
      const sort = (body: unknown) => c.request('POST', `/api/wishlists/${token}/sort`, body);
      expect((await sort({ positions: [ids[3], ids[2], ids[1], ids[0]] })).json().order).toEqual([ids[3], ids[2], ids[1], ids[0]]);
      expect(await order()).toEqual([ids[3], ids[2], ids[1], ids[0]]);
      for (const bad of [[ids[0], ids[1], ids[2]], [ids[0], ids[0], ids[1], ids[2]], [ids[0], ids[1], ids[2], 999999], ['x']]) {
        const res = await sort({ positions: bad });
        expect(res.statusCode).toBe(400);
      }
      expect(await order()).toEqual([ids[3], ids[2], ids[1], ids[0]]);
      // Page 2 of 2 per page holds ids[1], ids[0]: swapping them leaves page 1 alone.
      expect((await sort({ positions: [ids[0], ids[1]], page: 2, perPage: 2 })).statusCode).toBe(200);
      expect(await order()).toEqual([ids[3], ids[2], ids[0], ids[1]]);
      expect((await sort({ positions: [ids[3], ids[2]], page: 2, perPage: 2 })).statusCode).toBe(400);
      const page = (await k.view(c, token, '?page=2&perPage=3')).json();
      expect(page).toMatchObject({ page: 2, perPage: 3, pages: 2, total: 4 });
      expect(page.items.map((i: { id: number }) => i.id)).toEqual([ids[1]]);
      expect((await k.view(c, token, '?perPage=1000')).statusCode).toBe(400);
    });

    it('updates quantities within 1–9,999 and raises them to the product minimum', async () => {
      const c = await k.shopper();
      const r = (await k.add(c, { productId: await k.product() })).json();
      const url = `/api/wishlists/${r.wishlist.token}/items/${r.itemId}`;
      expect((await c.request('PATCH', url, { quantity: 3 })).json()).toMatchObject({ quantity: 3 });
      for (const q of [0, 10000, 1.5, 'many']) expect((await c.request('PATCH', url, { quantity: q })).statusCode).toBe(400);
      expect((await k.items(c, r.wishlist.token))[0].quantity).toBe(3);
      const v = await k.variable();
      await t.services.db.updateTable('product_variations').set({ min_qty: 4 }).where('id', '=', v.blue).execute();
      const m = (await k.add(c, { productId: v.id, variationId: v.blue, attributes: { size: 'L' } })).json();
      const url2 = `/api/wishlists/${m.wishlist.token}/items/${m.itemId}`;
      expect((await c.request('PATCH', url2, { quantity: 2 })).json()).toMatchObject({ quantity: 4 });
    });

    it('notes a price that dropped or rose since the item was added', async () => {
      const c = await k.guest();
      const [a, b] = [await k.product(), await k.product()];
      const token = (await k.add(c, { productId: a })).json().wishlist.token;
      await k.add(c, { productId: b });
      await t.services.db.updateTable('products').set({ regular_price: 2000 }).where('id', '=', a).execute();
      await t.services.db.updateTable('products').set({ regular_price: 3000 }).where('id', '=', b).execute();
      const items = (await k.view(c, token)).json().items;
      expect(items.map((i: { priceChange: string; price: number }) => [i.price, i.priceChange])).toEqual([[2000, 'dropped'], [3000, 'rose']]);
    });

    it('answers the single-list mode and the no-guests setting', async () => {
      await saveSettings(t.services.db, { wishlistMultiple: false });
      try {
        const c = await k.shopper();
        const id = await k.product();
        expect((await k.add(c, { productId: id, newList: { name: 'Two' } })).json()).toMatchObject({ error: { code: 'single_list' } });
        expect((await k.add(c, { productId: id })).statusCode).toBe(201);
        expect((await c.request('POST', '/api/wishlists', { name: 'Two' })).statusCode).toBe(409);
      } finally {
        await saveSettings(t.services.db, { wishlistMultiple: true });
      }
      await saveSettings(t.services.db, { wishlistGuests: false });
      try {
        const g = await k.guest();
        const res = await k.add(g, { productId: await k.product() });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'login_required' } });
        expect((await k.add(await k.shopper(), { productId: await k.product() })).statusCode).toBe(201);
      } finally {
        await saveSettings(t.services.db, { wishlistGuests: true });
      }
    });

    it('needs the CSRF token for every change', async () => {
      const c = await k.guest();
      c.csrf = '';
      const res = await k.add(c, { productId: await k.product() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'csrf' } });
      expect((await c.request('POST', '/api/wishlists', { name: 'A' })).statusCode).toBe(403);
    });
  });
}
