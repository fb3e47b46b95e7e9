import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, PASSWORD, staffLogin, urlencoded } from '../helpers/admin-forms.ts';

/*
 * "Add order" (/admin/orders/new) as a browser without scripts posts it: a phone order for
 * the same cart a shopper checks out costs exactly what checkout charges (coupon, shipping,
 * VAT), takes and logs the stock, and is paid through its pay page; bad input is refused at
 * its field with nothing written; only order staff reach the page.
 */

const BILLING = { first_name: 'Ada', last_name: 'Byron', company: '', address_1: '1 Market St', address_2: '', city: 'London', state: '', postcode: 'N1 1AA', country: 'GB', email: 'ada@example.com', phone: '' };
const billingFields = Object.fromEntries(Object.entries(BILLING).map(([k, v]) => [`billing_${k}`, v]));

for (const dialect of await dialects()) {
  describe(`add order in the back office (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let ada: Client;
    let adaId: number;
    let lamp: number;
    let vase: number;
    let rateId: string;
    const db = () => t.services.db;
    const post = (c: Client, url: string, fields: Record<string, string>) => c.request('POST', url, urlencoded(fields), FORM);
    const stockOf = async (id: number) => (await db().selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow()).stock_quantity;
    const orderCount = async () => Number((await db().selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    /** The form's fields for lamp × 2 and vase × 1, Ada's address, the standard rate and the coupon. */
    const order = (extra: Record<string, string> = {}) => ({
      customer: `account:${adaId}`,
      ...billingFields,
      line_product_0: String(lamp),
      line_qty_0: '2',
      line_product_1: String(vase),
      line_qty_1: '1',
      shipping_method: rateId,
      coupon: 'TENOFF',
      status: 'pending',
      ...extra,
    });

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await db().insertInto('tax_rates').values({ country: 'GB', rate: 200000, name: 'VAT', priority: 1, shipping: 1 }).execute();
      lamp = (await createProduct(db(), { name: 'Brass Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 10 })).id;
      vase = (await createProduct(db(), { name: 'Glass Vase', sku: 'VASE-1', regular_price: 1250, manage_stock: 1, stock_quantity: 3 })).id;
      const world = await addMethod(db(), null, { type: 'flat_rate' });
      await saveMethod(db(), null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      await saveCoupon(db(), null, { code: 'TENOFF', discountType: 'percent', amount: '10' });
      await saveSettings(db(), { storeName: 'Corner Shop', currency: 'GBP', taxesEnabled: true, pricesIncludeTax: false, taxDisplayCart: 'excl', taxBasedOn: 'billing', baseCountry: 'GB' });
      admin = await staffLogin(t, 'shop_manager', 'shop.example');
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
      adaId = (await createUser(t.services, { email: 'ada@example.com', password: PASSWORD, name: 'Ada Byron', role: 'customer' })).id;
      ada = await Client.start(t.app);
      expect((await ada.request('POST', '/api/account/login', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(200);
      ada.csrf = (await ada.request('GET', '/api/session')).json().csrfToken;
    }, 180_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
    });

    it('finds the customer and the product, and prefills and prices the form as plain posts', async () => {
      const page = await admin.request('GET', '/admin/orders');
      expect(page.body).toContain('href="/admin/orders/new"');
      const found = await post(admin, '/admin/orders/new', { intent: 'find_customer', customer_q: 'ada@' });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.body).toContain(`value="pick:account:${adaId}"`);
      const picked = await post(admin, '/admin/orders/new', { intent: `pick:account:${adaId}` });
      expect(picked.body).toContain('Customer: Ada Byron — ada@example.com');
      expect(picked.body).toMatch(/name="billing_email"[^>]*value="ada@example.com"/);
      const products = await post(admin, '/admin/orders/new', { intent: 'find_product', product_q: 'vase-1' });
      expect(products.body).toContain(`value="add:${vase}:"`);
      const added = await post(admin, '/admin/orders/new', { intent: `add:${vase}:`, ...billingFields });
      expect(added.body).toMatch(new RegExp(`name="line_product_0"[^>]*value="${vase}"`));
      // Recalculated: the zones' rates for the address are offered, and the totals shown.
      rateId = /<option value="(flat_rate:\d+)"/.exec(added.body)?.[1] ?? '';
      expect(rateId).not.toBe('');
      expect(added.body).toContain('£12.50');
    });

    it('a phone order costs what checkout charges for the same cart, takes and logs the stock, and is paid by its link', async () => {
      // The shopper's own checkout of the same cart, for comparison.
      expect((await ada.request('POST', '/api/cart/items', { productId: lamp, quantity: 2 })).statusCode).toBe(201);
      expect((await ada.request('POST', '/api/cart/items', { productId: vase, quantity: 1 })).statusCode).toBe(201);
      expect((await ada.request('POST', '/api/cart/coupons', { code: 'TENOFF' })).statusCode).toBeLessThan(300);
      const checkout = await ada.request('POST', '/api/checkout', { billing_address: BILLING, payment_method: 'bacs' });
      expect(checkout.statusCode, checkout.body).toBe(200);
      const shopperOrder = await db().selectFrom('orders').selectAll().where('id', '=', checkout.json().order_id).executeTakeFirstOrThrow();
      const [lampBefore, vaseBefore] = [await stockOf(lamp), await stockOf(vase)];

      const recalc = await post(admin, '/admin/orders/new', { ...order(), intent: 'recalculate' });
      expect(recalc.statusCode, recalc.body).toBe(200);
      const created = await post(admin, '/admin/orders/new', { ...order(), intent: 'save', idempotency_key: 'phone-order-1' });
      expect(created.statusCode, created.body).toBe(302);
      const id = Number(/\/admin\/orders\/(\d+)/.exec(created.headers.location as string)?.[1]);
      const row = await db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      for (const k of ['subtotal', 'discount_total', 'shipping_total', 'tax_total', 'total', 'tax_lines', 'coupon_lines'] as const) expect(row[k], k).toEqual(shopperOrder[k]);
      expect(row.total).toBe(Math.round((8000 + 1250) * 0.9 + 500) + Math.round(((8000 + 1250) * 0.9 + 500) * 0.2));
      expect(row).toMatchObject({ status: 'pending', user_id: adaId, billing_email: 'ada@example.com' });
      expect(await stockOf(lamp)).toBe(lampBefore! - 2);
      expect(await stockOf(vase)).toBe(vaseBefore! - 1);
      const log = await db().selectFrom('stock_log').selectAll().where('order_id', '=', id).orderBy('product_id').execute();
      expect(log.map((l) => [l.product_id, l.quantity_after! - l.quantity_before!, l.reason])).toEqual([
        [lamp, -2, 'order'],
        [vase, -1, 'order'],
      ]);
      const notes = await db().selectFrom('order_notes').select('content').where('order_id', '=', id).execute();
      expect(notes.map((n) => n.content).join(' ')).toContain('Order created by shop_manager in the back office');
      // The same form sent again (a double click) makes no second order.
      const again = await post(admin, '/admin/orders/new', { ...order(), intent: 'save', idempotency_key: 'phone-order-1' });
      expect(again.headers.location).toBe(created.headers.location);
      expect(await stockOf(lamp)).toBe(lampBefore! - 2);

      // Paid through its pay page, as the customer opens the link (no account needed).
      const payer = await Client.start(t.app);
      const payPage = await payer.request('GET', `/checkout/order-pay/${id}?key=${row.order_key}`);
      expect(payPage.statusCode).toBe(200);
      const paid = await post(payer, `/checkout/order-pay/${id}?key=${row.order_key}`, { payment_method: 'cod' });
      expect(paid.statusCode, paid.body).toBe(302);
      expect((await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('processing');
      // Paying moved no stock a second time.
      expect(await stockOf(lamp)).toBe(lampBefore! - 2);
    });

    it('refuses bad input at its field, writing nothing', async () => {
      const before = await orderCount();
      const stock = [await stockOf(lamp), await stockOf(vase)];
      const cases: [Record<string, string>, string, number][] = [
        [{ line_qty_0: '0' }, 'field-line_qty_0-error', 400],
        [{ line_qty_0: '1.5' }, 'field-line_qty_0-error', 400],
        [{ line_qty_0: '10000' }, 'field-line_qty_0-error', 400],
        [{ line_price_1: '-2' }, 'field-line_price_1-error', 400],
        [{ line_price_1: 'cheap' }, 'field-line_price_1-error', 400],
        [{ fee_name_0: 'Gift wrap', fee_amount_0: '' }, 'field-fee_amount_0-error', 400],
        [{ coupon: 'NOSUCH' }, 'field-coupon-error', 400],
        [{ shipping_cost: '1e9' }, 'field-shipping_cost-error', 400],
        [{ billing_email: 'not-an-address', customer: '' }, 'field-billing_email-error', 400],
        [{ status: 'refunded' }, 'field-status-error', 400],
        // More vases than there are: refused at the vase's quantity, the lamps not taken either.
        [{ line_qty_1: '50' }, 'field-line_qty_1-error', 409],
        [{ line_product_0: '99999999' }, 'field-line_qty_0-error', 400],
      ];
      for (const [change, errorId, status] of cases) {
        const res = await post(admin, '/admin/orders/new', { ...order(change), intent: 'save' });
        expect(res.statusCode, JSON.stringify(change)).toBe(status);
        expect(res.body, JSON.stringify(change)).toContain(`id="${errorId}"`);
      }
      expect(await orderCount()).toBe(before);
      expect([await stockOf(lamp), await stockOf(vase)]).toEqual(stock);
    });

    it('a fee and a unit price of staff’s own are taxed as checkout taxes a line', async () => {
      const res = await post(admin, '/admin/orders/new', { ...order({ coupon: '', line_price_0: '30', fee_name_0: 'Gift wrap', fee_amount_0: '2.50', shipping_method: 'manual', shipping_title: 'Courier', shipping_cost: '7' }), intent: 'save' });
      expect(res.statusCode, res.body).toBe(302);
      const id = Number(/\/admin\/orders\/(\d+)/.exec(res.headers.location as string)?.[1]);
      const row = await db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const net = 6000 + 1250 + 250;
      expect(row).toMatchObject({ subtotal: net, shipping_total: 700, tax_total: Math.round(net * 0.2) + 140, total: net + 700 + Math.round(net * 0.2) + 140 });
      const items = await db().selectFrom('order_items').select(['name', 'unit_price', 'quantity', 'product_id']).where('order_id', '=', id).orderBy('id').execute();
      expect(items).toEqual([
        { name: 'Brass Lamp', unit_price: 3000, quantity: 2, product_id: lamp },
        { name: 'Glass Vase', unit_price: 1250, quantity: 1, product_id: vase },
        { name: 'Gift wrap', unit_price: 250, quantity: 1, product_id: null },
      ]);
      const page = await admin.request('GET', `/admin/orders/${id}`);
      expect(page.body).toContain('Courier');
      expect(page.body).toContain('Gift wrap');
    });

    it('only order staff reach the form', async () => {
      const before = await orderCount();
      const editor = await staffLogin(t, 'editor', 'shop.example');
      for (const c of [ada, editor]) {
        const page = await c.request('GET', '/admin/orders/new');
        expect([302, 403, 404]).toContain(page.statusCode);
        const res = await post(c, '/admin/orders/new', { ...order(), intent: 'save' });
        expect([302, 403, 404]).toContain(res.statusCode);
        expect(String(res.headers.location ?? '')).not.toMatch(/\/admin\/orders\/\d+/);
      }
      expect(await orderCount()).toBe(before);
    });
  });
}
