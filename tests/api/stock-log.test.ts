import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { eraseCustomer } from '../../app/features/orders/privacy.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * The stock log: each way stock changes (an order, its cancellation, a refund with restock,
 * the editor, quick edit, a bulk action, an import) leaves one row per product or variation
 * with before → after, the reason and who, written by the shop's own entry points (the
 * checkout API, the admin pages' form posts as a browser without scripts sends them). The
 * low-stock and out-of-stock e-mails reach a real local SMTP server once per crossing.
 */

const PASSWORD = 'a long enough password';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const form = (fields: Record<string, string | string[]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  return q.toString();
};

for (const dialect of await dialects()) {
  describe(`stock log (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: Client;
    let adminId: number;

    const db = () => t.services.db;
    const post = (c: Client, url: string, fields: Record<string, string | string[]>) => c.request('POST', url, form(fields), FORM);
    const logOf = (productId: number) => db().selectFrom('stock_log').selectAll().where('product_id', '=', productId).orderBy('id').execute();
    const stockOf = async (id: number) => (await db().selectFrom('products').select(['stock_quantity', 'stock_status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow());
    /** A guest's cart through the cart API; answers its token. */
    async function guestCart(lines: { productId: number; variationId?: number; quantity: number }[]): Promise<string> {
      let token = `new-${Math.random()}`;
      for (const l of lines) {
        const res = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'content-type': 'application/json', 'cart-token': token }, payload: JSON.stringify(l) });
        expect(res.statusCode, res.body).toBe(201);
        token = res.headers['cart-token'] as string;
      }
      return token;
    }
    /** Checkout of a guest's cart (cash on delivery: processing at once); waits for what it started in the background. */
    async function checkout(token: string) {
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { 'content-type': 'application/json', 'cart-token': token }, payload: JSON.stringify({ billing_address: US, payment_method: 'cod' }) });
      await backgroundSettled(t.services);
      return res;
    }
    const guestOrder = async (lines: { productId: number; variationId?: number; quantity: number }[]) => checkout(await guestCart(lines));
    const mailsSince = async (from: number) => Promise.all(smtp.received.slice(from).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, publicUrl: 'https://shop.example' } });
      await saveSettings(db(), { storeName: 'Corner Shop', stockNotificationEmail: 'stock@shop.example', orderNotificationEmail: 'orders@shop.example' });
      const world = await addMethod(db(), null, { type: 'flat_rate' });
      await saveMethod(db(), null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      admin = await Client.start(t.app);
      adminId = (await createUser(t.services, { email: 'owner@shop.example', password: PASSWORD, name: 'Olive Owner', role: 'admin' })).id;
      expect((await admin.request('POST', '/api/account/login', { email: 'owner@shop.example', password: PASSWORD })).statusCode).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('an order logs each line it takes (one row per product or variation, with the order); cancelling it logs the stock put back as the staff member', async () => {
      const lamp = await createProduct(db(), { name: 'Log lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 10, sku: 'LOG-LAMP' });
      const tee = await createProduct(db(), {
        name: 'Log tee',
        type: 'variable',
        attributes: [{ name: 'Size', options: ['S', 'M'], variation: 1 }],
        variations: [
          { attributes: { size: 'S' }, regular_price: 1500, manage_stock: 1, stock_quantity: 5, sku: 'LOG-TEE-S' },
          { attributes: { size: 'M' }, regular_price: 1500, sku: 'LOG-TEE-M' },
        ],
      });
      const small = (await db().selectFrom('product_variations').select('id').where('sku', '=', 'LOG-TEE-S').executeTakeFirstOrThrow()).id;
      const res = await guestOrder([{ productId: lamp.id, quantity: 2 }, { productId: tee.id, variationId: small, quantity: 1 }]);
      expect(res.statusCode, res.body).toBe(200);
      const orderId = res.json().order_id as number;
      expect(await logOf(lamp.id)).toMatchObject([{ reason: 'order', order_id: orderId, quantity_before: 10, quantity_after: 8, status_before: 'instock', status_after: 'instock', user_id: null, actor: 'Guest', variation_id: null }]);
      expect(await logOf(tee.id)).toMatchObject([{ reason: 'order', order_id: orderId, variation_id: small, quantity_before: 5, quantity_after: 4 }]);

      const cancel = await post(admin, `/admin/orders/${orderId}`, { intent: 'status', status: 'cancelled' });
      expect(cancel.statusCode, cancel.body.slice(0, 300)).toBe(200);
      const lampLog = await logOf(lamp.id);
      expect(lampLog).toHaveLength(2);
      expect(lampLog[1]).toMatchObject({ reason: 'cancellation', source: 'cancelled', order_id: orderId, quantity_before: 8, quantity_after: 10, user_id: adminId, actor: '' });
      expect((await logOf(tee.id))[1]).toMatchObject({ reason: 'cancellation', variation_id: small, quantity_before: 4, quantity_after: 5 });
      // The same order cannot put its stock back twice.
      await post(admin, `/admin/orders/${orderId}`, { intent: 'status', status: 'cancelled' });
      expect(await logOf(lamp.id)).toHaveLength(2);
    });

    it('a signed-in buyer is named; a refund with restock logs what it put back; an order refused for stock logs nothing', async () => {
      const mug = await createProduct(db(), { name: 'Log mug', regular_price: 1000, manage_stock: 1, stock_quantity: 6, sku: 'LOG-MUG' });
      const buyer = await Client.start(t.app);
      const buyerId = (await createUser(t.services, { email: 'buyer@example.com', password: PASSWORD, name: 'Bea Buyer', role: 'customer' })).id;
      expect((await buyer.request('POST', '/api/account/login', { email: 'buyer@example.com', password: PASSWORD })).statusCode).toBe(200);
      expect((await buyer.request('POST', '/api/cart/items', { productId: mug.id, quantity: 3 })).statusCode).toBe(201);
      const placed = await buyer.request('POST', '/api/checkout', { billing_address: { ...US, email: 'buyer@example.com' }, payment_method: 'cod' });
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().order_id as number;
      expect(await logOf(mug.id)).toMatchObject([{ reason: 'order', user_id: buyerId, quantity_before: 6, quantity_after: 3 }]);

      const itemId = (await db().selectFrom('order_items').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow()).id;
      const refund = await post(admin, `/admin/orders/${orderId}`, { intent: 'refund', refund_amount: '10.00', [`refund_qty_${itemId}`]: '1', restock: '1', refund_reason: 'Chipped' });
      expect(refund.statusCode, refund.body.slice(0, 300)).toBe(200);
      expect((await logOf(mug.id))[1]).toMatchObject({ reason: 'refund', source: 'refund', order_id: orderId, quantity_before: 3, quantity_after: 4, user_id: adminId });

      // Two carts hold all four left; the first to check out gets them, the second is refused and logs nothing.
      const [first, second] = [await guestCart([{ productId: mug.id, quantity: 4 }]), await guestCart([{ productId: mug.id, quantity: 4 }])];
      expect((await checkout(first)).statusCode).toBe(200);
      expect((await checkout(second)).statusCode).toBe(409);
      expect((await logOf(mug.id)).map((r) => [r.reason, r.quantity_before, r.quantity_after])).toEqual([
        ['order', 6, 3],
        ['refund', 3, 4],
        ['order', 4, 0],
      ]);

      // An erased customer's rows keep the stock they moved, not who they were.
      await eraseCustomer(t.services, buyerId, { name: 'Olive Owner' });
      expect((await logOf(mug.id))[0]).toMatchObject({ reason: 'order', user_id: null, actor: 'Erased customer', quantity_before: 6, quantity_after: 3 });
    });

    it('manual changes are logged with who and where: the editor, quick edit, a bulk stock status, a duplicate', async () => {
      const res = await post(admin, '/admin/products/new', {
        intent: 'save', type: 'simple', name: 'Log apron', slug: '', status: 'publish', catalog_visibility: 'visible', regular_price: '24.00', sale_price: '', sku: 'LOG-APRON',
        stock_status: 'instock', backorders: 'no', tax_status: 'taxable', description: '', short_description: '', manage_stock: 'on', stock_quantity: '7', reviews_allowed: 'on',
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const id = Number(/\/admin\/products\/(\d+)/.exec(String(res.headers.location))![1]);
      expect(await logOf(id)).toMatchObject([{ reason: 'manual', source: 'editor', quantity_before: null, quantity_after: 7, status_before: null, status_after: 'instock', user_id: adminId }]);

      // The editor's save with a new quantity: one row; a save that leaves stock alone: none.
      const base = { intent: 'save', type: 'simple', name: 'Log apron', slug: 'log-apron', status: 'publish', catalog_visibility: 'visible', regular_price: '24.00', sale_price: '', sku: 'LOG-APRON', stock_status: 'instock', backorders: 'no', tax_status: 'taxable', description: '', short_description: '', manage_stock: 'on', reviews_allowed: 'on' };
      expect((await post(admin, `/admin/products/${id}`, { ...base, stock_quantity: '5', version: (await stockOf(id)).updated_at })).statusCode).toBe(302);
      expect((await post(admin, `/admin/products/${id}`, { ...base, stock_quantity: '5', regular_price: '25.00', version: (await stockOf(id)).updated_at })).statusCode).toBe(302);
      expect((await logOf(id)).slice(1)).toMatchObject([{ source: 'editor', quantity_before: 7, quantity_after: 5 }]);

      const quick = await post(admin, '/admin/products', { intent: 'quick', id: String(id), version: (await stockOf(id)).updated_at, regular_price: '25.00', sale_price: '', stock_quantity: '0' });
      expect(quick.statusCode).toBe(200);
      expect((await logOf(id)).at(-1)).toMatchObject({ reason: 'manual', source: 'quick_edit', quantity_before: 5, quantity_after: 0, status_before: 'instock', status_after: 'outofstock', user_id: adminId });

      const loose = await createProduct(db(), { name: 'Log poster', regular_price: 900, sku: 'LOG-POSTER' });
      const bulk = await post(admin, '/admin/products', { intent: 'bulk', action: 'stock', ids: [String(loose.id), String(id)], stock_status: 'outofstock' });
      expect(bulk.statusCode).toBe(200);
      // The poster's status moved; the apron manages its stock and was skipped, so nothing new for it.
      expect(await logOf(loose.id)).toMatchObject([{ reason: 'manual', source: 'bulk', quantity_before: null, quantity_after: null, status_before: 'instock', status_after: 'outofstock' }]);
      expect(await logOf(id)).toHaveLength(3);

      const dup = await post(admin, '/admin/products', { intent: 'duplicate', id: String(id) });
      const copy = Number(/\/admin\/products\/(\d+)/.exec(String(dup.headers.location))![1]);
      expect(await logOf(copy)).toMatchObject([{ reason: 'manual', source: 'duplicate', quantity_before: null, quantity_after: 0 }]);
    });

    it('an import logs the stock each row sets, as the staff member who ran it; a row that changes nothing logs nothing', async () => {
      const csv = [
        'Type,SKU,Name,Parent,Published,"In stock?",Stock,"Low stock amount","Regular price","Attribute 1 name","Attribute 1 value(s)","Attribute 1 visible","Attribute 1 global"',
        'simple,imp-mug,Import mug,,1,1,8,3,12,,,,',
        'variable,imp-tee,Import tee,,1,1,,,,Size,"S, M",1,0',
        'variation,imp-tee-s,,imp-tee,1,1,6,,10,Size,S,,',
      ].join('\n');
      const upload = async (text: string) => {
        const boundary = '----stock-log-test';
        const body = [`--${boundary}`, 'Content-Disposition: form-data; name="_csrf"', '', admin.csrf, `--${boundary}`, 'Content-Disposition: form-data; name="skipImages"', '', 'on', `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="stock.csv"', 'Content-Type: text/csv', '', text, `--${boundary}--`, ''].join('\r\n');
        const res = await t.app.inject({ method: 'POST', url: '/admin/import', headers: { cookie: admin.cookieHeader(), 'x-csrf-token': admin.csrf, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        await backgroundSettled(t.services);
      };
      await upload(csv);
      const mug = (await db().selectFrom('products').select('id').where('sku', '=', 'imp-mug').executeTakeFirstOrThrow()).id;
      const tee = (await db().selectFrom('products').select('id').where('sku', '=', 'imp-tee').executeTakeFirstOrThrow()).id;
      expect(await logOf(mug)).toMatchObject([{ reason: 'import', source: 'woocommerce', quantity_before: null, quantity_after: 8, user_id: adminId }]);
      expect(await logOf(tee)).toMatchObject([{ reason: 'import', quantity_before: null, quantity_after: 6, variation_id: expect.any(Number) }]);
      await upload(csv.replace('imp-mug,Import mug,,1,1,8,', 'imp-mug,Import mug,,1,1,4,'));
      expect((await logOf(mug)).slice(1)).toMatchObject([{ reason: 'import', quantity_before: 8, quantity_after: 4 }]);
      expect(await logOf(tee)).toHaveLength(1);
    });

    it('mails the shop once when stock falls to its threshold and once when it runs out; a new fall after a restock is a new e-mail', async () => {
      const vase = await createProduct(db(), { name: 'Alert vase', regular_price: 2000, manage_stock: 1, stock_quantity: 5, low_stock_amount: 3, sku: 'ALERT-VASE' });
      await backgroundSettled(t.services);
      let from = smtp.received.length;
      expect((await guestOrder([{ productId: vase.id, quantity: 1 }])).statusCode).toBe(200); // 5 → 4: above the line
      expect((await mailsSince(from)).filter((m) => m.to.includes('stock@shop.example'))).toEqual([]);
      expect((await guestOrder([{ productId: vase.id, quantity: 2 }])).statusCode).toBe(200); // 4 → 2: crosses 3
      expect((await guestOrder([{ productId: vase.id, quantity: 1 }])).statusCode).toBe(200); // 2 → 1: still low, no new crossing
      let stockMails = (await mailsSince(from)).filter((m) => m.to.includes('stock@shop.example'));
      expect(stockMails.map((m) => m.mail.subject)).toEqual(['[Corner Shop] Product low in stock: Alert vase']);
      expect(stockMails[0].mail.text).toContain('Alert vase is low in stock. There are 2 left.');
      expect(stockMails[0].mail.text).toContain(`https://shop.example/admin/products/${vase.id}`);

      from = smtp.received.length;
      expect((await guestOrder([{ productId: vase.id, quantity: 1 }])).statusCode).toBe(200); // 1 → 0
      stockMails = (await mailsSince(from)).filter((m) => m.to.includes('stock@shop.example'));
      expect(stockMails.map((m) => m.mail.subject)).toEqual(['[Corner Shop] Product out of stock: Alert vase']);
      expect(stockMails[0].mail.text).toContain('Alert vase is out of stock.');

      // Restocked in quick edit, then taken down past the line again: one more e-mail.
      from = smtp.received.length;
      expect((await post(admin, '/admin/products', { intent: 'quick', id: String(vase.id), version: (await stockOf(vase.id)).updated_at, regular_price: '20', sale_price: '', stock_quantity: '9' })).statusCode).toBe(200);
      expect((await post(admin, '/admin/products', { intent: 'quick', id: String(vase.id), version: (await stockOf(vase.id)).updated_at, regular_price: '20', sale_price: '', stock_quantity: '3' })).statusCode).toBe(200);
      await backgroundSettled(t.services);
      stockMails = (await mailsSince(from)).filter((m) => m.to.includes('stock@shop.example'));
      expect(stockMails.map((m) => m.mail.subject)).toEqual(['[Corner Shop] Product low in stock: Alert vase']);
      expect(stockMails[0].mail.text).toContain('There are 3 left.');
      // Every crossing is marked as told: a later run sends nothing again.
      const { runStockAlerts } = await import('../../app/features/stock/stock-alerts.server.ts');
      expect(await runStockAlerts(t.services)).toBe(0);
      expect((await db().selectFrom('stock_log').select('id').where('alert', 'is not', null).where('notified_at', 'is', null).execute()).length).toBe(0);
    });

    it('the stock history pages list, filter by reason and product, and page; the e-mail settings form saves its own fields', async () => {
      const page = await admin.request('GET', '/admin/stock');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Log lamp');
      expect(page.body).toContain('Cancellation');
      const orders = await admin.request('GET', '/admin/stock?reason=order');
      expect(orders.body).toContain('Log mug');
      expect(orders.body).not.toContain('Import mug');
      const bySku = await admin.request('GET', '/admin/stock?q=imp-mug');
      expect(bySku.body).toContain('Import mug');
      expect(bySku.body).not.toContain('Log lamp');
      const lamp = (await db().selectFrom('products').select('id').where('sku', '=', 'LOG-LAMP').executeTakeFirstOrThrow()).id;
      const own = await admin.request('GET', `/admin/products/${lamp}/stock`);
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain('Stock history of Log lamp');
      expect(own.body).not.toContain('Log mug');
      expect((await admin.request('GET', '/admin/products/999999/stock')).statusCode).toBe(404);
      expect((await admin.request('GET', '/admin/stock?reason=nonsense&page=-3')).statusCode).toBe(200);

      const saved = await post(admin, '/admin/stock', { intent: 'settings', stockLowThreshold: '4', stockNotifyLow: '1', stockNotifyOut: '0', stockNotificationEmail: 'Shelves@Shop.example', storeName: 'Hijacked' });
      expect(saved.statusCode).toBe(200);
      const settings = await (await import('../../app/features/settings/settings.server.ts')).getSettings(db());
      expect(settings).toMatchObject({ stockLowThreshold: 4, stockNotifyLow: true, stockNotifyOut: false, stockNotificationEmail: 'shelves@shop.example', storeName: 'Corner Shop' });
      const bad = await post(admin, '/admin/stock', { intent: 'settings', stockLowThreshold: '-1', stockNotifyLow: '1', stockNotifyOut: '1', stockNotificationEmail: 'not an address' });
      expect(bad.statusCode).toBe(400);
      expect((await post(admin, '/admin/stock', { intent: 'settings', stockLowThreshold: '1' })).statusCode).toBe(400);
      expect((await (await import('../../app/features/settings/settings.server.ts')).getSettings(db())).stockLowThreshold).toBe(4);
    });
  });
}
