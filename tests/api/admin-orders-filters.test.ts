import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { tableRows } from '../helpers/admin-table.ts';

/*
 * The back office's orders list finds an order by what is in it (a product's name or SKU), by
 * the day it was placed and by customer, through the page's address — so a filtered view can be
 * bookmarked — and the CSV export of that view holds exactly the same orders.
 */

const PASSWORD = 'a long enough password';

for (const dialect of await dialects()) {
  describe(`back office: finding orders (${dialect})`, () => {
    let t: TestApp;
    let manager: Client;
    const ids: Record<string, number> = {};

    const login = async (email: string, name: string, role: 'customer' | 'shop_manager' = 'customer') => {
      const user = await createUser(t.services, { email, password: PASSWORD, name, role });
      const c = await Client.start(t.app);
      expect((await c.request('POST', '/api/account/login', { email, password: PASSWORD })).statusCode).toBe(200);
      return { c, id: user.id };
    };
    const buy = async (c: Client, productId: number, email: string) => {
      expect((await c.request('POST', '/api/cart/items', { productId, quantity: 1 })).statusCode).toBe(201);
      const address = { first_name: 'Ada', last_name: 'Lovelace', address_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA', country: 'GB', email };
      const res = await c.request('POST', '/api/checkout', { billing_address: address, payment_method: 'bacs' });
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.json().order_id);
    };
    const orders = async (query: string) => {
      const res = await manager.request('GET', `/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(200);
      return tableRows(res.body).map((r) => Number(/^# ?(\d+)/.exec(r[1])![1]));
    };
    const csvOrders = async (query: string) => {
      const res = await manager.request('GET', `/admin/orders.csv?${query}`);
      expect(res.statusCode, query).toBe(200);
      const numbers = res.body.split('\n').slice(1).filter(Boolean).map((line) => Number(line.replace(/^\uFEFF/, '').split(',')[0]));
      return [...new Set(numbers)];
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      const db = t.services.db;
      const lamp = (await createProduct(db, { name: 'Brass Desk Lamp', sku: 'LAMP-BR-01', regular_price: 4500, categories: [['Home']] })).id;
      const mug = (await createProduct(db, { name: 'Stoneware Mug', sku: 'MUG-ST-02', regular_price: 1200, categories: [['Home']] })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      manager = (await login('manager@shop.example', 'Max Manager', 'shop_manager')).c;
      const ada = await login('ada@example.com', 'Ada Lovelace');
      const bob = await login('bob@example.com', 'Bob Baker');
      ids.ada = ada.id;
      ids.adaLamp = await buy(ada.c, lamp, 'ada@example.com');
      ids.adaMug = await buy(ada.c, mug, 'ada@example.com');
      ids.bobMug = await buy(bob.c, mug, 'bob@example.com');
      const guest = await Client.start(t.app);
      ids.guestLamp = await buy(guest, lamp, 'guest@example.com');
      // Placed on different days: the orders are dated as if the shop had been open a while.
      const dates: [number, string][] = [[ids.adaLamp, '2026-03-01T09:00:00.000Z'], [ids.adaMug, '2026-03-15T23:59:00.000Z'], [ids.bobMug, '2026-03-16T00:00:00.000Z'], [ids.guestLamp, '2026-04-02T12:00:00.000Z']];
      for (const [id, at] of dates) await db.updateTable('orders').set({ created_at: at }).where('id', '=', id).execute();
    });
    afterAll(() => t?.close());

    it('finds orders by a product name or SKU in their lines, case-blind', async () => {
      expect(await orders('q=desk+lamp')).toEqual([ids.guestLamp, ids.adaLamp]);
      expect(await orders('q=mug-st')).toEqual([ids.bobMug, ids.adaMug]);
      expect(await orders('q=LAMP-BR-01&dir=asc')).toEqual([ids.adaLamp, ids.guestLamp]);
      // The line search adds to the order's own fields, it does not replace them.
      expect(await orders('q=bob%40example')).toEqual([ids.bobMug]);
      expect(await orders('q=teapot')).toEqual([]);
    });

    it('filters by the days an order was placed, both ends included, and keeps the filter in the address', async () => {
      expect(await orders('from=2026-03-15&to=2026-03-16&dir=asc')).toEqual([ids.adaMug, ids.bobMug]);
      expect(await orders('from=2026-03-16')).toEqual([ids.guestLamp, ids.bobMug]);
      expect(await orders('to=2026-03-01')).toEqual([ids.adaLamp]);
      expect(await orders('from=2026-03-01&to=2026-03-31&q=mug')).toEqual([ids.bobMug, ids.adaMug]);
      // The fields show what is filtered, and paging and the export link keep it.
      const html = (await manager.request('GET', '/admin/orders?from=2026-03-15&to=2026-03-16')).body;
      expect(html).toMatch(/<input[^>]*type="date"[^>]*name="from"[^>]*value="2026-03-15"/);
      expect(html).toContain('/admin/orders.csv?from=2026-03-15&amp;to=2026-03-16');
      // A day that does not exist is left out of the filter, never an error.
      expect(await orders('from=2026-02-30&to=yesterday')).toEqual(await orders(''));
    });

    it('shows one customer’s orders, with a way back to everyone’s', async () => {
      expect(await orders(`customer=${ids.ada}`)).toEqual([ids.adaMug, ids.adaLamp]);
      const html = (await manager.request('GET', `/admin/orders?customer=${ids.ada}`)).body;
      expect(html).toContain(`Orders of customer #${ids.ada}.`);
      expect(await orders(`customer=${ids.ada}&q=lamp`)).toEqual([ids.adaLamp]);
      expect(await orders('customer=999999')).toEqual([]);
      expect(await orders('customer=-1')).toHaveLength(4);
    });

    it('exports exactly the orders the filtered list shows', async () => {
      for (const query of ['q=lamp', 'from=2026-03-15&to=2026-03-16', `customer=${ids.ada}`, 'q=mug&to=2026-03-15', 'email=guest%40example.com', 'email=ada%40example.com']) {
        expect((await csvOrders(query)).sort(), query).toEqual((await orders(query)).sort());
      }
      // The export is strict where the list is forgiving: a day that is not one is a clear error.
      const bad = await manager.request('GET', '/admin/orders.csv?from=2026-02-30');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('YYYY-MM-DD');
      const badEmail = await manager.request('GET', '/admin/orders.csv?email=guest%40');
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.body).toContain('e-mail');
    });

    // Last: it places orders of its own.
    it('filters by a customer’s e-mail: a guest buyer’s orders, or an account’s with the guest orders placed with its address', async () => {
      expect(await orders('email=guest%40example.com')).toEqual([ids.guestLamp]);
      // A guest order with Ada's address, in other letters, is Ada's, as the Customers pages count it.
      const mug = (await t.services.db.selectFrom('products').select('id').where('sku', '=', 'MUG-ST-02').executeTakeFirstOrThrow()).id;
      const asGuest = await buy(await Client.start(t.app), mug, 'Ada@Example.com');
      expect(await orders('email=ADA%40example.com')).toEqual([asGuest, ids.adaMug, ids.adaLamp]);
      // The e-mail is a whole address: one that is not is left out of the filter, a part of one finds nothing.
      expect(await orders('email=example.com')).toHaveLength(5);
      expect(await orders('email=ada%40example.co')).toEqual([]);
      const html = (await manager.request('GET', '/admin/orders?email=guest%40example.com&status=on-hold')).body;
      expect(html).toContain('Orders of the customer with the e-mail guest@example.com, with an account or as a guest.');
      expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"[^>]*value="guest@example.com"/);
      // The way back keeps the other filters; the export link keeps the e-mail.
      expect(html).toContain('href="/admin/orders?status=on-hold"');
      expect(html).toContain('/admin/orders.csv?status=on-hold&amp;email=guest%40example.com');
      expect(await orders('email=guest%40example.com&q=mug')).toEqual([]);
    });
  });
}
