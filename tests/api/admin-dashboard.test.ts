import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { lowStock, outOfStock } from '../../app/features/admin/dashboard-stock.server.ts';
import { salesFigures, topSellers } from '../../app/features/admin/dashboard-sales.server.ts';
import { pendingReviews } from '../../app/features/admin/dashboard.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { changeOrderStatus, refundOrder } from '../../app/features/orders/order-status.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The dashboard's figures from real orders (placed through the checkout API, moved through
 * the shop's own status and refund functions, then dated back so they fall on known days),
 * and what each role sees on the page.
 */

const PASSWORD = 'a long enough password';
const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const DAY = 86_400_000;
const staff = { name: 'Owner', userId: null };

for (const dialect of await dialects()) {
  describe(`admin dashboard (${dialect})`, () => {
    let t: TestApp;
    const ids: Record<string, number> = {};
    const now = new Date();
    const db = () => t.services.db;

    async function order(lines: [number, number][], payment: 'cod' | 'bacs', daysAgo: number): Promise<{ id: number; total: number }> {
      let token = `new-${Math.random()}`;
      for (const [productId, quantity] of lines) {
        const res = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'content-type': 'application/json', 'cart-token': token }, payload: JSON.stringify({ productId, quantity }) });
        token = res.headers['cart-token'] as string;
      }
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { 'content-type': 'application/json', 'cart-token': token }, payload: JSON.stringify({ billing_address: US, payment_method: payment }) });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().order_id as number;
      // Placed days ago: the same moment of that day (UTC), so it falls on a known day of the window.
      await db().updateTable('orders').set({ created_at: new Date(now.getTime() - daysAgo * DAY).toISOString() }).where('id', '=', id).execute();
      const row = await db().selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, total: row.total };
    }

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await saveSettings(db(), { currency: 'GBP', stockLowThreshold: 2 });
      const world = await addMethod(db(), null, { type: 'flat_rate' });
      await saveMethod(db(), null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      ids.lamp = (await createProduct(db(), { name: 'Dash lamp', regular_price: 1000 })).id;
      ids.rug = (await createProduct(db(), { name: 'Dash rug', regular_price: 2500 })).id;
    }, 120_000);
    afterAll(async () => {
      await backgroundSettled(t.services);
      await t?.close();
    });

    it('sums net sales for today, 7 and 30 days from orders that count as sales, in the store currency, per UTC day', async () => {
      const today = await order([[ids.lamp, 3]], 'cod', 0); // processing: 3 × 10 + 5 shipping
      const onHold = await order([[ids.rug, 1]], 'bacs', 3); // on hold: counts
      const done = await order([[ids.lamp, 1]], 'cod', 10);
      await changeOrderStatus(t.services, done.id, { status: 'completed' }, staff);
      const refunded = await order([[ids.rug, 2]], 'cod', 5);
      await refundOrder(t.services, refunded.id, { amount: 500 }, staff); // partly refunded: counts less 5.00
      await order([[ids.lamp, 1]], 'cod', 40); // outside the 30 days
      const cancelled = await order([[ids.lamp, 5]], 'cod', 0);
      await changeOrderStatus(t.services, cancelled.id, { status: 'cancelled' }, staff);
      const pending = await order([[ids.rug, 1]], 'bacs', 1);
      await changeOrderStatus(t.services, pending.id, { status: 'pending' }, staff);
      const euros = await order([[ids.rug, 4]], 'cod', 2);
      await db().updateTable('orders').set({ currency: 'EUR' }).where('id', '=', euros.id).execute();

      const f = await salesFigures(db(), 'GBP', now);
      expect(f.today).toEqual({ total: today.total, orders: 1 });
      expect(f.week).toEqual({ total: today.total + onHold.total + refunded.total - 500, orders: 3 });
      expect(f.month).toEqual({ total: today.total + onHold.total + refunded.total - 500 + done.total, orders: 4 });
      expect(f.days).toHaveLength(30);
      expect(f.days.at(-1)).toEqual({ day: now.toISOString().slice(0, 10), total: today.total, orders: 1 });
      expect(f.days.at(-11)).toMatchObject({ total: done.total, orders: 1 });
      expect(f.days.reduce((a, d) => a + d.orders, 0)).toBe(4);
      // Every order placed in the window, by status (the 40-day-old one is not).
      const byStatus = Object.fromEntries(f.byStatus.map((s) => [s.status, s.count]));
      expect(byStatus).toEqual({ pending: 1, processing: 3, 'on-hold': 1, completed: 1, cancelled: 1, refunded: 0, failed: 0 });
      // Waiting for the shop, whenever placed: processing (the 40-day-old one too) and on hold.
      expect(f.waiting).toEqual([
        { status: 'processing', count: 4 },
        { status: 'on-hold', count: 1 },
      ]);
      expect(today.total).toBe(3500);
    });

    it('ranks top sellers by units of the last 30 days, refunded units taken off', async () => {
      const top = await topSellers(db(), 'GBP', now);
      // Lamp: 3 today + 1 completed (the cancelled 5 and the 40-day-old 1 do not count); rug: 1 on hold + 2 part-refunded.
      expect(top.map((r) => [r.name, r.quantity])).toEqual([
        ['Dash lamp', 4],
        ['Dash rug', 3],
      ]);
      expect(top[0]).toMatchObject({ productId: ids.lamp, netSales: 4000, grossSales: 4000, exists: true });
      // The rug's £5.00 refund gave no units back: it is the order's (in the sales above), not the rug's.
      expect(top[1]).toMatchObject({ productId: ids.rug, netSales: 7500, grossSales: 7500 });
    });

    it('lists low stock against each product’s own threshold or the store’s, and what is out of stock', async () => {
      const make = (name: string, extra: Record<string, unknown>) => createProduct(db(), { name, regular_price: 500, ...extra });
      const low = (await make('Low at store line', { manage_stock: 1, stock_quantity: 2 })).id;
      const own = (await make('Low at own line', { manage_stock: 1, stock_quantity: 5, low_stock_amount: 5 })).id;
      await make('Plenty', { manage_stock: 1, stock_quantity: 3 });
      const gone = (await make('Sold out', { manage_stock: 1, stock_quantity: 0 })).id;
      const marked = (await make('Marked out', { stock_status: 'outofstock' })).id;
      const trashed = (await make('Trashed low', { manage_stock: 1, stock_quantity: 1 })).id;
      await db().updateTable('products').set({ status: 'trash' }).where('id', '=', trashed).execute();
      const shirt = await make('Dash shirt', {
        type: 'variable',
        attributes: [{ name: 'Size', options: ['S', 'M'], variation: 1 }],
        variations: [
          { attributes: { size: 'S' }, regular_price: 900, manage_stock: 1, stock_quantity: 1 },
          { attributes: { size: 'M' }, regular_price: 900, manage_stock: 1, stock_quantity: 0 },
        ],
      });
      const l = await lowStock(db(), 2);
      expect(l.count).toBe(3);
      expect(l.items.map((i) => [i.name, i.variation, i.quantity, i.threshold])).toEqual([
        ['Dash shirt', 'S', 1, 2],
        ['Low at store line', null, 2, 2],
        ['Low at own line', null, 5, 5],
      ]);
      expect(l.items.map((i) => i.productId)).toEqual([shirt.id, low, own]);
      const o = await outOfStock(db());
      expect(o.count).toBe(3);
      expect(o.items.map((i) => `${i.name}${i.variation ? ` (${i.variation})` : ''}`).sort()).toEqual(['Dash shirt (M)', 'Marked out', 'Sold out']);
      expect(o.items.find((i) => i.productId === marked)!.quantity).toBeNull();
      expect(o.items.find((i) => i.productId === gone)!.quantity).toBe(0);
      // A higher store threshold widens the list.
      expect((await lowStock(db(), 3)).count).toBe(4);
    });

    it('each role sees the figures its role allows; the page reads as text without scripts', async () => {
      await createProduct(db(), { name: 'Reviewed kettle', regular_price: 3000, reviews: [{ author: 'Rita', email: 'rita@example.com', rating: 4, content: 'Boils fast, a little loud.', status: 'pending' }] });
      expect((await pendingReviews(db())).map((r) => [r.productName, r.author, r.rating])).toEqual([['Reviewed kettle', 'Rita', 4]]);
      const page = async (role: 'operator' | 'editor' | 'shop_manager' | 'admin') => {
        const c = await Client.start(t.app);
        await createUser(t.services, { email: `${role}@shop.example`, password: PASSWORD, name: role, role });
        expect((await c.request('POST', '/api/account/login', { email: `${role}@shop.example`, password: PASSWORD })).statusCode).toBe(200);
        const res = await c.request('GET', '/admin');
        expect(res.statusCode).toBe(200);
        return res.body;
      };
      const manager = await page('shop_manager');
      for (const text of ['Sales per day, last 30 days', 'Orders by status, last 30 days', 'Top sellers, last 30 days', 'Low in stock', 'Out of stock', 'Reviews awaiting approval', '£35.00', 'Dash lamp', 'Boils fast', 'href="/admin/stock"']) {
        expect(manager, text).toContain(text);
      }
      // The figures are in the HTML as tables, with a summary for the chart.
      expect(manager).toContain('<caption class="visually-hidden">Sales per day, last 30 days</caption>');
      expect(manager).toMatch(/Bar chart of net sales per day over the last 30 days: £[\d,.]+ from 4 orders in all/);
      // Editors see no shopper data: reviews carry the reviewer's address.
      const editor = await page('editor');
      expect(editor).toContain('Dashboard');
      for (const hidden of ['Sales per day', 'Top sellers', 'Low in stock', '£35.00', 'href="/admin/products/', 'Reviews awaiting approval', 'Boils fast']) expect(editor, hidden).not.toContain(hidden);
      const operator = await page('operator');
      for (const hidden of ['Sales per day', 'Low in stock', 'Reviews awaiting approval', 'Boils fast']) expect(operator, hidden).not.toContain(hidden);
      expect(operator).toContain('Dashboard');
    });

    it('top sellers after a partial refund of units from the order page: sold and net sales both less the refunded units, gross beside', async () => {
      const vase = (await createProduct(db(), { name: 'Dash vase', regular_price: 1200 })).id;
      const placed = await order([[vase, 3]], 'cod', 0);
      const c = await Client.start(t.app);
      await createUser(t.services, { email: 'refunds@shop.example', password: PASSWORD, name: 'Refunds', role: 'shop_manager' });
      expect((await c.request('POST', '/api/account/login', { email: 'refunds@shop.example', password: PASSWORD })).statusCode).toBe(200);
      const line = await db().selectFrom('order_items').select(['id', 'total']).where('order_id', '=', placed.id).executeTakeFirstOrThrow();
      expect(line.total).toBe(3600);
      const form = new URLSearchParams({ intent: 'refund', [`refund_qty_${line.id}`]: '1', refund_amount: '12.00', refund_reason: 'Chipped' }).toString();
      const res = await c.request('POST', `/admin/orders/${placed.id}`, form, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode, res.body).toBe(200);
      // The order itself: one of its three units refunded, £12.00 of it given back.
      const after = await db().selectFrom('orders as o').innerJoin('order_items as oi', 'oi.order_id', 'o.id').select(['o.status', 'o.refunded_total', 'oi.refunded_quantity']).where('o.id', '=', placed.id).executeTakeFirstOrThrow();
      expect(after).toEqual({ status: 'processing', refunded_total: 1200, refunded_quantity: 1 });

      const top = await topSellers(db(), 'GBP', now);
      expect(top.find((r) => r.productId === vase)).toEqual({ productId: vase, name: 'Dash vase', quantity: 2, netSales: 2400, grossSales: 3600, exists: true });
      const page = (await c.request('GET', '/admin')).body;
      const table = page.slice(page.indexOf('Top sellers, last 30 days'));
      expect(table).toMatch(/>Sold<\/th>.*>Net sales<\/th>.*>Gross sales<\/th>/s);
      const row = table.slice(table.indexOf('Dash vase'), table.indexOf('</tr>', table.indexOf('Dash vase')));
      expect(row.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()).toBe('Dash vase 2 £24.00 £36.00');

      // A line whose total does not split evenly (3 bowls at £10 less a £1 coupon: £29.00): the
      // refunded unit takes £9.67 of it, rounded the same way on both databases.
      const bowl = (await createProduct(db(), { name: 'Dash bowl', regular_price: 1000 })).id;
      await saveCoupon(db(), null, { code: `pound-${dialect}`, discountType: 'fixed_cart', amount: '1' });
      const json = { 'content-type': 'application/json' };
      const token = (await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { ...json, 'cart-token': 'new-bowl' }, payload: JSON.stringify({ productId: bowl, quantity: 3 }) })).headers['cart-token'] as string;
      expect((await t.app.inject({ method: 'POST', url: '/api/cart/coupons', headers: { ...json, 'cart-token': token }, payload: JSON.stringify({ code: `pound-${dialect}` }) })).statusCode).toBe(200);
      const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...json, 'cart-token': token }, payload: JSON.stringify({ billing_address: US, payment_method: 'cod' }) });
      expect(checkout.statusCode, checkout.body).toBe(200);
      const bowlOrder = checkout.json().order_id as number;
      const bowlLine = await db().selectFrom('order_items').select(['id', 'total']).where('order_id', '=', bowlOrder).executeTakeFirstOrThrow();
      expect(bowlLine.total).toBe(2900);
      const refund = new URLSearchParams({ intent: 'refund', [`refund_qty_${bowlLine.id}`]: '1', refund_amount: '9.67' }).toString();
      expect((await c.request('POST', `/admin/orders/${bowlOrder}`, refund, { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(200);
      expect((await topSellers(db(), 'GBP', now)).find((r) => r.productId === bowl)).toMatchObject({ quantity: 2, netSales: 1933, grossSales: 2900 });
    });
  });
}
