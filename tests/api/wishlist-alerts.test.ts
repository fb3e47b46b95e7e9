import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as importAction } from '../../app/routes/admin.import.tsx';
import { loader as unsubLoader, action as unsubAction } from '../../app/routes/wishlist.alerts.$token.tsx';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { changeOrderStatus } from '../../app/features/orders/order-status.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestApp, logCapture, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { wishlistKit } from '../helpers/wishlist.ts';

/*
 * Price-drop and back-in-stock e-mails. Prices and stock change through the shop's own
 * writers (the admin import page; an order cancelled puts stock back), the alerts run in
 * the background after the write, and the mail reaches a real local SMTP server.
 */

const HEADER = 'Type,SKU,Name,Published,"In stock?",Stock,"Regular price"';
let sku = 0;
const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };

for (const dialect of await dialects()) {
  describe(`wishlist alerts (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, publicUrl: 'https://shop.example' } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });
    const k = wishlistKit(() => t);

    /** Imports rows through the admin import page, then waits for what it started in the background. */
    async function importRows(rows: { sku: string; name: string; stock: number | ''; price: string }[]) {
      const csv = [HEADER, ...rows.map((r) => `simple,${r.sku},"${r.name}",1,${r.stock === 0 ? 0 : 1},${r.stock},${r.price}`)].join('\n');
      const form = new FormData();
      form.set('file', new File([csv], 'prices.csv', { type: 'text/csv' }));
      form.set('skipImages', 'on');
      const context = { services: t.services, user: { id: 1, email: 'staff@example.com', name: 'Staff', role: 'shop_manager' } } as never;
      const result = (await importAction({ context, request: new Request('http://shop.test/admin/import', { method: 'POST', body: form }), params: {} } as never)) as {
        summary: { skipped: unknown[] };
      };
      expect(result.summary.skipped).toEqual([]);
      await backgroundSettled(t.services);
    }
    const idOf = async (s: string) => (await t.services.db.selectFrom('products').select('id').where('sku', '=', s).executeTakeFirstOrThrow()).id;
    /** Mails that arrived since `from`, parsed. */
    const since = (from: number) => Promise.all(smtp.received.slice(from).map((m) => parseMail(m.raw)));

    async function setup() {
      const lamp = { sku: `alert-lamp-${++sku}`, name: `Alert lamp ${sku}`, stock: 5 as number | '', price: '50' };
      const vase = { sku: `alert-vase-${sku}`, name: `Alert vase ${sku}`, stock: 0 as number | '', price: '20' };
      await importRows([lamp, vase]);
      const c = await k.shopper();
      const first = (await k.add(c, { productId: await idOf(lamp.sku) })).json();
      await k.add(c, { productId: await idOf(vase.sku) });
      const token = first.wishlist.token as string;
      const on = await c.request('PATCH', `/api/wishlists/${token}`, { alerts: true });
      expect(on.json().wishlist.alerts).toBe(true);
      return { c, token, lamp, vase };
    }

    it('mails a price drop once, nothing for an unchanged save, again for a further drop, and for a return to stock', async () => {
      const { c, lamp, vase } = await setup();
      let from = smtp.received.length;
      await importRows([{ ...lamp, price: '40' }]);
      const [drop, ...more] = await since(from);
      expect(more).toEqual([]);
      expect(drop.to?.[0].address).toBe(c.email);
      expect(drop.subject).toContain('Good news');
      expect(drop.text).toContain(`${lamp.name} is now`);
      expect(drop.text).toMatch(/40\.00.*\(was .*50\.00\)/);
      expect(drop.text).toContain('https://shop.example/wishlist/view/');
      expect(drop.text).toMatch(/https:\/\/shop\.example\/wishlist\/alerts\/[A-Za-z0-9_-]{20,}/);
      const unsub = drop.headers.find((h) => h.key === 'list-unsubscribe')?.value;
      expect(unsub).toMatch(/^<https:\/\/shop\.example\/api\/wishlist\/alerts\/[A-Za-z0-9_-]{20,}\/unsubscribe>$/);
      expect(drop.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');

      from = smtp.received.length;
      await importRows([{ ...lamp, price: '40' }]);
      expect(await since(from)).toEqual([]);

      await importRows([{ ...lamp, price: '35' }]);
      const [again, ...extra] = await since(from);
      expect(extra).toEqual([]);
      expect(again.text).toMatch(/35\.00.*\(was .*40\.00\)/);

      // A rise says nothing, and the next fall (still above the first price) is news again.
      from = smtp.received.length;
      await importRows([{ ...lamp, price: '45' }]);
      expect(await since(from)).toEqual([]);
      await importRows([{ ...lamp, price: '42' }]);
      expect((await since(from)).map((m) => m.text)).toEqual([expect.stringMatching(/42\.00.*\(was .*45\.00\)/)]);

      from = smtp.received.length;
      await importRows([{ ...vase, stock: 3 }]);
      const [back, ...rest] = await since(from);
      expect(rest).toEqual([]);
      expect(back.text).toContain(`${vase.name} is back in stock.`);
      from = smtp.received.length;
      await importRows([{ ...vase, stock: 2 }]);
      expect(await since(from)).toEqual([]);
    });

    it('sends nothing once the shopper turns alerts off, and nothing for lists without alerts', async () => {
      const { c, token, lamp } = await setup();
      expect((await c.request('PATCH', `/api/wishlists/${token}`, { alerts: false })).json().wishlist.alerts).toBe(false);
      const from = smtp.received.length;
      await importRows([{ ...lamp, price: '10' }]);
      expect(await since(from)).toEqual([]);
      // Turned on again later: the drop made while off is not news any more.
      await c.request('PATCH', `/api/wishlists/${token}`, { alerts: true });
      await importRows([{ ...lamp, price: '10' }]);
      expect(await since(from)).toEqual([]);
    });

    it('alerts when an order sells the last one out and its cancellation puts it back', async () => {
      const { c, lamp } = await setup();
      const productId = await idOf(lamp.sku);
      const world = await addMethod(t.services.db, null, { type: 'flat_rate' });
      await saveMethod(t.services.db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      await importRows([{ ...lamp, stock: 1 }]);
      const json = { 'content-type': 'application/json' };
      const cart = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { ...json, 'cart-token': `new-${Math.random()}` }, payload: JSON.stringify({ productId, quantity: 1 }) });
      expect(cart.statusCode, cart.body).toBe(201);
      const order = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...json, 'cart-token': cart.headers['cart-token'] as string }, payload: JSON.stringify({ billing_address: US, payment_method: 'cod' }) });
      expect(order.statusCode, order.body).toBe(200);
      await backgroundSettled(t.services);
      const item = await t.services.db.selectFrom('wishlist_items').select(['seen_stock']).where('product_id', '=', productId).executeTakeFirstOrThrow();
      expect(item.seen_stock).toBe('outofstock');
      const from = smtp.received.length;
      await changeOrderStatus(t.services, order.json().order_id, { status: 'cancelled' }, { name: 'Staff' } as never);
      await backgroundSettled(t.services);
      const mine = (await since(from)).filter((m) => m.to?.[0].address === c.email);
      expect(mine.map((m) => m.text)).toEqual([expect.stringContaining(`${lamp.name} is back in stock.`)]);
    });

    it('unsubscribes by the link without signing in, and answers 404 for unknown tokens', async () => {
      const { c, token, lamp } = await setup();
      let from = smtp.received.length;
      await importRows([{ ...lamp, price: '30' }]);
      const [mail] = await since(from);
      const page = /https:\/\/shop\.example(\/wishlist\/alerts\/([A-Za-z0-9_-]+))/.exec(mail.text ?? '')!;
      const alertsToken = page[2];
      const anyone = await k.guest();
      expect((await anyone.request('GET', `/api/wishlist/alerts/${alertsToken}`)).json()).toMatchObject({ alerts: true });

      // The page: opening it changes nothing; its button turns alerts off.
      const context = { services: t.services, user: null } as never;
      expect(await unsubLoader({ context, params: { token: alertsToken }, request: new Request(`http://shop.test${page[1]}`) } as never)).toMatchObject({ alerts: true });
      expect(await unsubAction({ context, params: { token: alertsToken }, request: new Request(`http://shop.test${page[1]}`, { method: 'POST' }) } as never)).toMatchObject({ alerts: false });
      expect((await k.lists(c)).find((l) => l.token === token)).toMatchObject({ alerts: false });
      from = smtp.received.length;
      await importRows([{ ...lamp, price: '25' }]);
      expect(await since(from)).toEqual([]);

      // One-click (RFC 8058): a mail program posts the form without cookies or CSRF token.
      await c.request('PATCH', `/api/wishlists/${token}`, { alerts: true });
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/api/wishlist/alerts/${alertsToken}/unsubscribe`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      expect(oneClick.json()).toMatchObject({ alerts: false, message: expect.stringContaining('no longer') });
      await importRows([{ ...lamp, price: '20' }]);
      expect(await since(from)).toEqual([]);

      // Garbage, a list's share token (not its alerts token), another length: all 404.
      for (const bad of ['x', 'A'.repeat(24), token, `${alertsToken}x`]) {
        expect((await anyone.request('GET', `/api/wishlist/alerts/${bad}`)).statusCode, bad).toBe(404);
        expect((await t.app.inject({ method: 'POST', url: `/api/wishlist/alerts/${bad}/unsubscribe` })).statusCode, bad).toBe(404);
        await expect(unsubAction({ context, params: { token: bad }, request: new Request('http://shop.test/', { method: 'POST' }) } as never)).rejects.toMatchObject({ status: 404 });
      }
    });

    it('refuses alerts on a guest list (no address to send them to)', async () => {
      const g = await k.guest();
      const token = (await k.add(g, { productId: await k.product() })).json().wishlist.token;
      const res = await g.request('PATCH', `/api/wishlists/${token}`, { alerts: true });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('login_required');
    });
  });

  describe(`wishlist alerts without a trusted address (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    const logs = logCapture();
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url }, logStream: logs.stream });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });
    const k = wishlistKit(() => t);

    it('sends nothing and logs the configuration error', async () => {
      const c = await k.shopper();
      const productId = await k.product({ regular_price: 3000 });
      const token = (await k.add(c, { productId })).json().wishlist.token;
      await c.request('PATCH', `/api/wishlists/${token}`, { alerts: true });
      await t.services.db.updateTable('products').set({ regular_price: 2000 }).where('id', '=', productId).execute();
      const { recomputeProducts } = await import('../../app/features/catalog/catalog-write.server.ts');
      const { runWishlistAlerts } = await import('../../app/features/wishlist/wishlist-alerts.server.ts');
      await recomputeProducts(t.services.db, [productId]);
      expect(await runWishlistAlerts(t.services)).toBe(0);
      expect(smtp.received).toEqual([]);
      expect(logs.entries.some((e) => /configuration error/.test(e.msg) && e.mail === 'wishlist alert')).toBe(true);
    });
  });
}
