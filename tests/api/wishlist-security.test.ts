import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { wishlistKit } from '../helpers/wishlist.ts';
import type { Client } from '../helpers/app.ts';

for (const dialect of await dialects()) {
  describe(`wishlist ownership, visibility and merge (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());
    const k = wishlistKit(() => t);

    it('shows public and shared lists to anyone, private ones only to the owner and staff (404 otherwise)', async () => {
      const owner = await k.shopper();
      const other = await k.shopper();
      const staff = await k.shopper('shop_manager');
      const visitor = await k.guest();
      const id = await k.product();
      const tokens: Record<string, string> = {};
      for (const visibility of ['public', 'shared', 'private']) {
        tokens[visibility] = (await k.add(owner, { productId: id, newList: { name: visibility, visibility } })).json().wishlist.token;
      }
      const expected: [Client, string, Record<string, number>][] = [
        [owner, 'owner', { public: 200, shared: 200, private: 200 }],
        [other, 'other shopper', { public: 200, shared: 200, private: 404 }],
        [visitor, 'guest', { public: 200, shared: 200, private: 404 }],
        [staff, 'staff', { public: 200, shared: 200, private: 200 }],
      ];
      for (const [c, who, byVisibility] of expected) {
        for (const [visibility, status] of Object.entries(byVisibility)) {
          const res = await k.view(c, tokens[visibility]);
          expect([who, visibility, res.statusCode]).toEqual([who, visibility, status]);
          if (status === 200) expect(res.json()).toMatchObject({ isOwner: c === owner, items: [{ productId: id }] });
          else expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
        }
      }
      // Staff may look, not change.
      expect((await staff.request('PATCH', `/api/wishlists/${tokens.private}`, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await k.view(visitor, 'AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
      expect((await k.view(visitor, 'short')).statusCode).toBe(400);
    });

    it('refuses with 404 every change to someone else’s list or item, and leaves it unchanged', async () => {
      const owner = await k.shopper();
      const thief = await k.shopper();
      const [a, b] = [await k.product(), await k.product()];
      const mine = (await k.add(owner, { productId: a, newList: { name: 'Mine', visibility: 'public' } })).json();
      const token = mine.wishlist.token;
      const theirs = (await k.add(thief, { productId: b })).json();
      const calls: [string, string, unknown][] = [
        ['POST', '/api/wishlist/items', { productId: b, wishlist: token }],
        ['POST', '/api/wishlist/items', { productId: b, wishlist: token, userId: 1 }],
        ['DELETE', `/api/wishlists/${token}/items/${mine.itemId}`, undefined],
        ['DELETE', `/api/wishlists/${theirs.wishlist.token}/items/${mine.itemId}`, undefined],
        ['PATCH', `/api/wishlists/${token}/items/${mine.itemId}`, { quantity: 5 }],
        ['PATCH', `/api/wishlists/${theirs.wishlist.token}/items/${mine.itemId}`, { quantity: 5 }],
        ['POST', `/api/wishlists/${token}/items/${mine.itemId}/move`, { to: theirs.wishlist.token }],
        ['POST', `/api/wishlists/${theirs.wishlist.token}/items/${mine.itemId}/move`, { to: theirs.wishlist.token }],
        ['POST', `/api/wishlists/${token}/remove`, { productId: a }],
        ['POST', `/api/wishlists/${token}/sort`, { positions: [mine.itemId] }],
        ['PATCH', `/api/wishlists/${token}`, { name: 'Stolen' }],
        ['DELETE', `/api/wishlists/${token}`, undefined],
        ['POST', `/api/wishlists/${token}/estimate`, { name: 'T', email: 't@example.com' }],
      ];
      for (const [method, url, body] of calls) {
        const res = await thief.request(method as 'POST', url, body);
        expect([method, url, res.statusCode, res.json().error?.code]).toEqual([method, url, 404, 'not_found']);
      }
      // Moving one's own item into someone else's list is refused too.
      expect((await owner.request('POST', `/api/wishlists/${token}/items/${mine.itemId}/move`, { to: theirs.wishlist.token })).statusCode).toBe(404);
      // A sort naming another list's item is a 400 and changes nothing.
      const own2 = (await k.add(owner, { productId: b, wishlist: token })).json().itemId;
      expect((await owner.request('POST', `/api/wishlists/${token}/sort`, { positions: [own2, theirs.itemId] })).statusCode).toBe(400);
      const list = (await k.view(owner, token)).json();
      expect(list).toMatchObject({ name: 'Mine', total: 2 });
      expect(list.items.map((i: { id: number; quantity: number }) => [i.id, i.quantity])).toEqual([[mine.itemId, 1], [own2, 1]]);
      expect(await k.items(thief, theirs.wishlist.token)).toMatchObject([{ id: theirs.itemId }]);
      // remove-from-all only reaches the caller's own lists.
      expect((await thief.request('POST', '/api/wishlist/remove-from-all', { productId: a })).json().removed).toBe(0);
    });

    it('keeps one item for 50 parallel adds of the same product to one list', async () => {
      const c = await k.shopper();
      const id = await k.product();
      const token = (await c.request('POST', '/api/wishlists', { name: 'Busy' })).json().wishlist.token;
      const results = await Promise.all(Array.from({ length: 50 }, () => k.add(c, { productId: id, wishlist: token })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      expect(results.filter((r) => r.json().result === 'added')).toHaveLength(1);
      expect(new Set(results.map((r) => r.json().itemId)).size).toBe(1);
      expect(await k.items(c, token)).toHaveLength(1);
      // And 20 parallel first adds of a new guest's cookie make one default list.
      const g = await k.guest();
      await k.add(g, { productId: await k.product() });
      const more = await Promise.all(Array.from({ length: 20 }, async () => k.add(g, { productId: await k.product() })));
      expect(new Set(more.map((r) => r.json().wishlist.token)).size).toBe(1);
      expect(await k.lists(g)).toHaveLength(1);
    });

    it('merges a guest’s lists into the account at login: a second default becomes a named list', async () => {
      const member = await k.shopper();
      const [a, b, c] = [await k.product(), await k.product(), await k.product()];
      await k.add(member, { productId: a });
      const g = await k.guest();
      await k.add(g, { productId: a });
      await k.add(g, { productId: b });
      await k.add(g, { productId: c, newList: { name: 'Ideas', visibility: 'shared' } });
      await g.request('POST', '/api/account/login', { email: member.email, password: 'a long enough password' });
      const lists = await k.lists(g);
      expect(lists.map((l) => [l.name, l.isDefault, l.count])).toEqual([
        ['My wishlist', true, 1],
        ['Saved before signing in', false, 2],
        ['Ideas', false, 1],
      ]);
      expect((await g.request('GET', '/api/wishlist/count')).json().count).toBe(4);
    });

    it('gives the guest’s default list to a new account at registration', async () => {
      const g = await k.guest();
      const id = await k.product();
      const token = (await k.add(g, { productId: id })).json().wishlist.token;
      const res = await g.request('POST', '/api/account/register', { email: `new${id}@example.com`, password: 'a long enough password', name: 'New' });
      expect(res.statusCode).toBe(201);
      expect(await k.lists(g)).toMatchObject([{ token, isDefault: true, count: 1 }]);
      // The old guest cookie alone no longer reaches the list.
      const other = await k.guest();
      other.cookies.set('vt_wishlist', g.cookies.get('vt_wishlist')!);
      expect(await k.lists(other)).toEqual([]);
    });
  });
}
