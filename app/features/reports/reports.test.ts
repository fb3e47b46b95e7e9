import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../account/account.server.ts';
import { salesFigures, topSellers, windowStart } from '../admin/dashboard-sales.server.ts';
import { saveSettings } from '../settings/settings.server.ts';
import { createProduct } from '../catalog/catalog-write.server.ts';
import { saveCoupon } from '../coupons/coupons-admin.server.ts';
import { changeOrderStatus, refundOrder } from '../orders/order-status.server.ts';
import { addMethod, saveMethod } from '../shipping/methods-admin.server.ts';
import { backgroundSettled } from '../../lib/background.server.ts';
import { Client, createTestApp, type TestApp } from '../../../tests/helpers/app.ts';
import { dialects } from '../../../tests/helpers/databases.ts';

/*
 * The reports from a generated month of orders placed through the cart and checkout API
 * (statuses moved and refunds made by the shop's own functions, then dated back onto known
 * days), read through the real page and CSV routes as a signed-in shop manager: the totals
 * equal the orders' own sums and the dashboard's figures; the comparison period; an empty
 * range answers zeros; bad dates a 400; each role its answer.
 */

const PASSWORD = 'a long enough password';
const DAY = 86_400_000;
const staff = { name: 'Owner', userId: null };
const address = (country: 'GB' | 'FR') =>
  country === 'GB'
    ? { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market Row', address_2: '', city: 'York', state: '', postcode: 'YO1 7HH', country: 'GB', email: 'ada@example.com', phone: '' }
    : { first_name: 'Émile', last_name: 'Zola', company: '', address_1: '1 rue de Rivoli', address_2: '', city: 'Paris', state: '', postcode: '75001', country: 'FR', email: 'emile@example.com', phone: '' };
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const SALES = ['processing', 'on-hold', 'completed'];

/** A CSV's rows as arrays of cells (no quoted commas in these tables). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
const minor = (s: string) => Math.round(Number(s) * 100);

for (const dialect of await dialects()) {
  describe(`reports (${dialect})`, () => {
    let t: TestApp;
    let manager: Client;
    const now = new Date();
    const db = () => t.services.db;
    const ids: Record<string, number> = {};

    async function order(lines: [number, number][], country: 'GB' | 'FR', payment: 'cod' | 'bacs', daysAgo: number, coupon?: string): Promise<number> {
      const json = { 'content-type': 'application/json' };
      let token = `new-${Math.random()}`;
      for (const [productId, quantity] of lines) {
        const res = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { ...json, 'cart-token': token }, payload: JSON.stringify({ productId, quantity }) });
        expect(res.statusCode, res.body).toBe(201);
        token = res.headers['cart-token'] as string;
      }
      if (coupon) expect((await t.app.inject({ method: 'POST', url: '/api/cart/coupons', headers: { ...json, 'cart-token': token }, payload: JSON.stringify({ code: coupon }) })).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...json, 'cart-token': token }, payload: JSON.stringify({ billing_address: address(country), payment_method: payment }) });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().order_id as number;
      await db().updateTable('orders').set({ created_at: new Date(now.getTime() - daysAgo * DAY).toISOString() }).where('id', '=', id).execute();
      return id;
    }

    const get = async (url: string) => manager.request('GET', url);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await saveSettings(db(), { currency: 'GBP', taxesEnabled: true, couponsEnabled: true, baseCountry: 'GB', taxBasedOn: 'shipping' });
      await db().insertInto('tax_rates').values({ country: 'GB', rate: 200000, name: 'VAT', priority: 1, shipping: 1 }).execute();
      await db().insertInto('tax_rates').values({ country: 'FR', rate: 200000, name: 'TVA', priority: 1, shipping: 1 }).execute();
      const world = await addMethod(db(), null, { type: 'flat_rate' });
      await saveMethod(db(), null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      await saveSettings(db(), { currency: 'GBP', taxesEnabled: true, couponsEnabled: true, baseCountry: 'GB', taxBasedOn: 'shipping' });
      ids.lamp = (await createProduct(db(), { name: 'Report lamp', regular_price: 1000, sku: 'LAMP-1', categories: [['Lighting']] })).id;
      ids.rug = (await createProduct(db(), { name: 'Report rug', regular_price: 2500, categories: [['Floor']] })).id;
      await saveCoupon(db(), null, { code: 'tenoff', discountType: 'percent', amount: '10' });
      await createUser(t.services, { email: 'manager@shop.example', password: PASSWORD, name: 'Manager', role: 'shop_manager' });
      manager = await Client.start(t.app);
      expect((await manager.request('POST', '/api/account/login', { email: 'manager@shop.example', password: PASSWORD })).statusCode).toBe(200);

      // A month of orders: both countries, coupons, every status, refunds with and without units.
      for (let i = 0; i < 30; i++) {
        const lines: [number, number][] = i % 2 ? [[ids.lamp, 1 + (i % 3)]] : [[ids.lamp, 1], [ids.rug, 1 + (i % 2)]];
        const id = await order(lines, i % 3 ? 'GB' : 'FR', i % 7 === 3 || i % 7 === 5 ? 'bacs' : 'cod', i, i % 4 === 0 ? 'tenoff' : undefined);
        if (i % 7 === 0) await changeOrderStatus(t.services, id, { status: 'cancelled' }, staff);
        else if (i % 7 === 1) await changeOrderStatus(t.services, id, { status: 'completed' }, staff);
        else if (i % 7 === 5) await changeOrderStatus(t.services, id, { status: 'pending' }, staff);
        if (i % 5 === 2 && i % 7 !== 0 && i % 7 !== 5) await refundOrder(t.services, id, { amount: 300 }, staff);
        if (i === 9) {
          const item = await db().selectFrom('order_items').select(['id', 'total']).where('order_id', '=', id).executeTakeFirstOrThrow();
          await refundOrder(t.services, id, { amount: 1000, items: [{ itemId: String(item.id), quantity: 1 }] }, staff);
        }
        if (i === 11) {
          const o = await db().selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow();
          await refundOrder(t.services, id, { amount: o.total }, staff); // fully refunded: no longer a sale
        }
      }
      // The period before (compared with): two orders 31 and 45 days ago.
      await order([[ids.rug, 2]], 'GB', 'cod', 31);
      await order([[ids.lamp, 1]], 'GB', 'cod', 45);
      // Another currency's order in the month: left out.
      const euros = await order([[ids.rug, 4]], 'GB', 'cod', 2);
      await db().updateTable('orders').set({ currency: 'EUR' }).where('id', '=', euros).execute();
    }, 300_000);
    afterAll(async () => {
      await backgroundSettled(t.services);
      await t?.close();
    });

    const from = () => day(windowStart(now, 30).getTime());
    const to = () => day(now.getTime());
    const month = () => `range=custom&from=${from()}&to=${to()}`;

    it('revenue equals the sums of the orders themselves and the dashboard’s figures, day by day', async () => {
      const orders = await db().selectFrom('orders').selectAll().where('created_at', '>=', `${from()}T00:00:00.000Z`).execute();
      const sales = orders.filter((o) => SALES.includes(o.status) && o.currency === 'GBP');
      expect(sales.length).toBeGreaterThan(15);
      expect(orders.some((o) => o.status === 'refunded')).toBe(true);
      const items = await db().selectFrom('order_items').selectAll().where('order_id', 'in', sales.map((o) => o.id)).execute();
      const sum = (f: (o: (typeof sales)[number]) => number) => sales.reduce((a, o) => a + f(o), 0);
      const shippingTax = (o: (typeof sales)[number]) => (JSON.parse(o.shipping_lines) as { tax: number }[]).reduce((a, l) => a + l.tax, 0);
      const expected = {
        orders: sales.length,
        total: sum((o) => o.total - o.refunded_total),
        refunds: sum((o) => o.refunded_total),
        taxes: sum((o) => o.tax_total),
        shipping: sum((o) => o.shipping_total - (o.prices_include_tax ? shippingTax(o) : 0)),
        discounts: sum((o) => o.discount_total),
        itemsSold: items.reduce((a, i) => a + i.quantity - i.refunded_quantity, 0),
      };
      expect(expected.refunds).toBeGreaterThan(0);
      expect(expected.discounts).toBeGreaterThan(0);
      expect(expected.taxes).toBeGreaterThan(0);

      const res = await get(`/admin/reports.csv?table=revenue&${month()}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const [header, ...rows] = rowsOf(res.body);
      expect(header).toEqual(['Period', 'Orders', 'Items sold', 'Gross sales', 'Refunds', 'Discounts', 'Net sales', 'Taxes', 'Shipping', 'Total', 'Average order', 'Total (compared period)']);
      expect(rows).toHaveLength(30);
      const col = (name: string) => rows.reduce((a, r) => a + (name === 'Orders' || name === 'Items sold' ? Number(r[header.indexOf(name)]) : minor(r[header.indexOf(name)])), 0);
      const net = expected.total - expected.taxes - expected.shipping;
      expect({ orders: col('Orders'), total: col('Total'), refunds: col('Refunds'), taxes: col('Taxes'), shipping: col('Shipping'), discounts: col('Discounts'), itemsSold: col('Items sold') }).toEqual(expected);
      expect(col('Net sales')).toBe(net);
      expect(col('Gross sales')).toBe(net + expected.refunds + expected.discounts);
      // Amounts as decimal strings in the shop's precision.
      for (const r of rows) expect(r[9]).toMatch(/^-?\d+\.\d{2}$/);

      // The dashboard, for the same 30 days: the same total and orders, on the same days.
      const f = await salesFigures(db(), 'GBP', now);
      expect(f.month).toEqual({ total: expected.total, orders: expected.orders });
      expect(rows.map((r) => [r[0], minor(r[9]), Number(r[1])])).toEqual(f.days.map((d) => [d.day, d.total, d.orders]));

      // The page shows the same figures through the shop's money format.
      const page = await get(`/admin/reports?${month()}&compare=none`);
      expect(page.statusCode).toBe(200);
      const card = (k: string) => page.body.match(new RegExp(`data-figure="${k}"[^]*?<strong>([^<]+)</strong>`))![1];
      const gbp = (n: number) => `£${(n / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
      expect(card('total')).toBe(gbp(expected.total));
      expect(card('net')).toBe(gbp(net));
      expect(card('orders')).toBe(String(expected.orders));
      expect(card('average')).toBe(gbp(Math.round(net / expected.orders)));
    });

    it('by product, category, coupon and tax rate: each table and its CSV agree with the orders and the dashboard’s top sellers', async () => {
      const products = rowsOf((await get(`/admin/reports.csv?table=products&${month()}`)).body);
      expect(products[0]).toEqual(['Product ID', 'Variation ID', 'Product', 'Variation', 'SKU', 'Items sold', 'Net sales', 'Gross sales', 'Orders', 'Items sold (compared period)']);
      const top = await topSellers(db(), 'GBP', now, 50);
      const byProduct = products.slice(1).map((r) => ({ productId: Number(r[0]), name: r[2], quantity: Number(r[5]), netSales: minor(r[6]), grossSales: minor(r[7]) }));
      expect(byProduct).toEqual(top.map(({ exists: _e, ...r }) => r));
      expect(products.find((r) => r[2] === 'Report lamp')![4]).toBe('LAMP-1');

      const categories = rowsOf((await get(`/admin/reports.csv?table=categories&${month()}`)).body);
      const cat = (name: string) => categories.find((r) => r[1] === name)!;
      const lamp = byProduct.find((p) => p.name === 'Report lamp')!;
      const rug = byProduct.find((p) => p.name === 'Report rug')!;
      expect([Number(cat('Lighting')[2]), minor(cat('Lighting')[3])]).toEqual([lamp.quantity, lamp.netSales]);
      expect([Number(cat('Floor')[2]), minor(cat('Floor')[3])]).toEqual([rug.quantity, rug.netSales]);

      const revenue = rowsOf((await get(`/admin/reports.csv?table=revenue&${month()}`)).body).slice(1);
      const coupons = rowsOf((await get(`/admin/reports.csv?table=coupons&${month()}`)).body);
      expect(coupons[0]).toEqual(['Coupon', 'Orders', 'Discount', 'Discount (compared period)']);
      expect(coupons.slice(1).map((r) => r[0])).toEqual(['tenoff']);
      expect(minor(coupons[1][2])).toBe(revenue.reduce((a, r) => a + minor(r[5]), 0));

      const taxes = rowsOf((await get(`/admin/reports.csv?table=taxes&${month()}`)).body);
      expect(taxes[0]).toEqual(['Tax rate', 'Country', 'Tax on goods', 'Tax on shipping', 'Total tax', 'Total tax (compared period)']);
      expect(taxes.slice(1).map((r) => [r[0], r[1]])).toEqual([
        ['TVA', 'FR'],
        ['VAT', 'GB'],
      ]);
      for (const r of taxes.slice(1)) {
        expect(minor(r[2]) + minor(r[3])).toBe(minor(r[4]));
        expect(minor(r[3])).toBeGreaterThan(0); // 20 % of each order's £5 shipping
      }
      expect(taxes.slice(1).reduce((a, r) => a + minor(r[4]), 0)).toBe(revenue.reduce((a, r) => a + minor(r[7]), 0));

      const page = (await get(`/admin/reports?${month()}`)).body;
      for (const text of ['By product and variation', 'By category', 'Coupons used', 'Taxes by rate and country', 'Report lamp', 'Lighting', 'tenoff', 'TVA']) expect(page, text).toContain(text);
      expect(page).toContain(`href="/admin/reports.csv?range=custom&amp;from=${from()}&amp;to=${to()}&amp;compare=previous&amp;table=taxes"`);
    });

    it('compares with the previous period of the same length, or the same days a year earlier', async () => {
      const before = await db().selectFrom('orders').select(['total', 'refunded_total']).where('created_at', '>=', `${day(windowStart(now, 60).getTime())}T00:00:00.000Z`).where('created_at', '<', `${from()}T00:00:00.000Z`).where('status', 'in', ['processing', 'on-hold', 'completed']).execute();
      expect(before).toHaveLength(2);
      const prevTotal = before.reduce((a, o) => a + o.total - o.refunded_total, 0);
      const page = (await get(`/admin/reports?${month()}&compare=previous`)).body;
      expect(page).toContain(`compared with ${day(windowStart(now, 60).getTime())} to ${day(windowStart(now, 30).getTime() - DAY)}`);
      const hint = page.match(/data-figure="total"[^]*?<span class="hint">([^<]+)<\/span>/)![1];
      expect(hint).toMatch(new RegExp(`^\\+[\\d.]+ % vs £${(prevTotal / 100).toFixed(2)}$`));
      expect(page.match(/data-figure="orders"[^]*?<span class="hint">([^<]+)<\/span>/)![1]).toMatch(/ vs 2$/);
      const lastYear = (await get(`/admin/reports?range=custom&from=2026-03-01&to=2026-03-31&compare=year`)).body;
      expect(lastYear).toContain('compared with 2025-03-01 to 2025-03-31');
    });

    it('compared with the previous period: each table’s last column, in the CSV and on the page, is the compared period’s figure of its row', async () => {
      const prevFrom = day(windowStart(now, 60).getTime());
      const prevTo = day(windowStart(now, 30).getTime() - DAY);
      const prev = `range=custom&from=${prevFrom}&to=${prevTo}&compare=none`;
      const csv = async (table: string, q: string) => rowsOf((await get(`/admin/reports.csv?table=${table}&${q}`)).body);

      // Revenue: period by period, the compared period's totals in order.
      const [head, ...rows] = await csv('revenue', month());
      const earlier = (await csv('revenue', prev)).slice(1);
      expect(head.at(-1)).toBe('Total (compared period)');
      expect(rows.map((r) => r.at(-1))).toEqual(earlier.map((r) => r[9]));
      expect(earlier.reduce((a, r) => a + minor(r[9]), 0)).toBeGreaterThan(0);

      // By product and by category: the same product's or category's figure then (the rug twice, the lamp once), 0 for none.
      const products = await csv('products', month());
      const before = (await csv('products', prev)).slice(1);
      expect(before.map((r) => [r[2], r[5]]).sort()).toEqual([
        ['Report lamp', '1'],
        ['Report rug', '2'],
      ]);
      for (const r of products.slice(1)) expect(r.at(-1), r[2]).toBe(before.find((b) => b[0] === r[0])?.[5] ?? '0');
      const categories = await csv('categories', month());
      const catsBefore = (await csv('categories', prev)).slice(1);
      expect(categories[0].at(-1)).toBe('Net sales (compared period)');
      for (const r of categories.slice(1)) expect(r.at(-1), r[1]).toBe(catsBefore.find((b) => b[0] === r[0])?.[3] ?? '0.00');

      // Taxes: only GB orders then, so TVA had none.
      const taxes = await csv('taxes', month());
      const taxesBefore = (await csv('taxes', prev)).slice(1);
      expect(taxesBefore.map((r) => r[0])).toEqual(['VAT']);
      expect(taxes.find((r) => r[0] === 'VAT')!.at(-1)).toBe(taxesBefore[0][4]);
      expect(taxes.find((r) => r[0] === 'TVA')!.at(-1)).toBe('0.00');

      // Without a comparison there is no such column; stock value (now) never has one.
      expect((await csv('products', `${month()}&compare=none`))[0]).toHaveLength(9);
      expect((await csv('stock', month()))[0].at(-1)).toBe('Stock value');

      // The page: each compared table has the column, each chart's summary names the period compared with.
      const page = (await get(`/admin/reports?${month()}`)).body;
      for (const text of ['Total (compared period)', 'Items sold (compared period)', 'Net sales (compared period)', 'Discount (compared period)', 'Total tax (compared period)']) expect(page, text).toContain(text);
      expect(page.split(`Grey bars: ${prevFrom} to ${prevTo}`).length - 1).toBe(5);
      expect(page).not.toContain('Stock value (compared period)');
    });

    it('a range without orders answers zeros; bad dates are a 400 with the field named, and nothing read', async () => {
      const empty = await get('/admin/reports.csv?table=revenue&range=custom&from=2020-01-01&to=2020-01-31');
      expect(empty.statusCode).toBe(200);
      const rows = rowsOf(empty.body).slice(1);
      expect(rows).toHaveLength(31);
      for (const r of rows) expect(r.slice(1)).toEqual(['0', '0', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
      const page = await get('/admin/reports?range=custom&from=2020-01-01&to=2020-01-31');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('No sales in this range.');
      expect(rowsOf((await get('/admin/reports.csv?table=taxes&range=custom&from=2020-01-01&to=2020-01-31')).body)).toHaveLength(1);

      for (const q of ['range=custom&from=2026-13-01&to=2026-12-01', 'range=custom&from=2026-02-30&to=2026-03-01', 'range=custom&from=2026-03-02&to=2026-03-01', 'range=custom&from=&to=', 'range=decade', 'compare=sideways']) {
        const bad = await get(`/admin/reports?${q}`);
        expect(bad.statusCode, q).toBe(400);
        expect(bad.body).toContain('The range could not be read');
        expect(bad.body).toMatch(/aria-invalid="true"/);
        expect((await get(`/admin/reports.csv?table=revenue&${q}`)).statusCode, q).toBe(400);
      }
      expect((await get('/admin/reports?range=custom&from=2026-03-02&to=2026-03-01')).body).toContain('The end date is before the start date.');
      expect((await get(`/admin/reports.csv?table=people&${month()}`)).statusCode).toBe(400);
      // Presets need no dates.
      for (const preset of ['today', 'yesterday', 'last7', 'month', 'lastMonth', 'year']) expect((await get(`/admin/reports?range=${preset}`)).statusCode, preset).toBe(200);
    });

    it('stock value: units × regular price of managed stock, variations on their own, trashed products left out; table and CSV', async () => {
      const vase = await createProduct(db(), { name: 'Report vase', regular_price: 1250, sku: 'VASE-1', manage_stock: 1, stock_quantity: 4 });
      const shirt = await createProduct(db(), {
        name: 'Report shirt',
        type: 'variable',
        attributes: [{ name: 'Size', options: ['S', 'M'], variation: 1 }],
        variations: [
          { attributes: { size: 'S' }, regular_price: 900, manage_stock: 1, stock_quantity: 3 },
          { attributes: { size: 'M' }, regular_price: 900, manage_stock: 1, stock_quantity: 0 },
        ],
      });
      const trashed = await createProduct(db(), { name: 'Report trashed', regular_price: 100, manage_stock: 1, stock_quantity: 50 });
      await db().updateTable('products').set({ status: 'trash' }).where('id', '=', trashed.id).execute();
      const csv = rowsOf((await get('/admin/reports.csv?table=stock')).body);
      expect(csv[0]).toEqual(['Product ID', 'Variation ID', 'Product', 'SKU', 'Units in stock', 'Regular price', 'Stock value']);
      expect(csv.slice(1).map((r) => [Number(r[0]), r[2], r[3], Number(r[4]), r[5], r[6]])).toEqual([
        [vase.id, 'Report vase', 'VASE-1', 4, '12.50', '50.00'],
        [shirt.id, 'Report shirt — S', '', 3, '9.00', '27.00'],
      ]);
      const page = (await get('/admin/reports')).body;
      expect(page).toContain('£77.00 in 7 units.');
    });

    it('shop managers and administrators see the reports; editors, operators and customers get a 403, visitors the login page', async () => {
      for (const role of ['admin', 'editor', 'operator', 'customer'] as const) {
        await createUser(t.services, { email: `${role}@shop.example`, password: PASSWORD, name: role, role });
        const c = await Client.start(t.app);
        expect((await c.request('POST', '/api/account/login', { email: `${role}@shop.example`, password: PASSWORD })).statusCode).toBe(200);
        const want = role === 'admin' ? 200 : 403;
        expect((await c.request('GET', '/admin/reports')).statusCode, role).toBe(want);
        expect((await c.request('GET', '/admin/reports.csv?table=revenue')).statusCode, role).toBe(want);
        if (role === 'admin') expect((await c.request('GET', '/admin')).body).toContain('href="/admin/reports"');
      }
      const visitor = await Client.start(t.app);
      const res = await visitor.request('GET', '/admin/reports');
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toContain('/account/login');
      expect((await get('/admin/reports')).statusCode).toBe(200);
    });
  });
}
