import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createTestApp, type Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, PASSWORD, staffLogin, urlencoded } from '../helpers/admin-forms.ts';

/*
 * Editing an order whose customer's account was deleted, or whose product was trashed and then
 * deleted for good, through the back-office pages as a browser without scripts posts them:
 * the editor still opens, the lines keep the name, SKU and price the order stored, and a save
 * either works or is refused with the field named and nothing changed — never a server error.
 */

const BILLING = { first_name: 'Nora', last_name: 'Quist', company: '', address_1: '3 Quay Road', address_2: '', city: 'Hull', state: '', postcode: 'HU1 1AA', country: 'GB', email: 'nora@example.com', phone: '' };
const billingFields = Object.fromEntries(Object.entries(BILLING).map(([k, v]) => [`billing_${k}`, v]));

for (const dialect of await dialects()) {
  describe(`edit an order whose customer or product is gone (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let lamp: number;
    let vase: number;
    const db = () => t.services.db;
    const post = (url: string, fields: Record<string, string>) => admin.request('POST', url, urlencoded(fields), FORM);
    const snapshot = async (id: number) => ({
      order: await db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      items: await db().selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    });
    async function phoneOrder(extra: Record<string, string> = {}): Promise<number> {
      const res = await post('/admin/orders/new', { ...billingFields, line_product_0: String(lamp), line_qty_0: '1', line_product_1: String(vase), line_qty_1: '2', shipping_method: 'manual', shipping_title: 'Courier', shipping_cost: '5', status: 'pending', intent: 'save', ...extra });
      expect(res.statusCode, res.body).toBe(302);
      return Number(/\/admin\/orders\/(\d+)/.exec(res.headers.location as string)?.[1]);
    }
    /** The editor as it opens (status 200), and its fields as the browser sends them back. */
    async function editForm(id: number): Promise<{ html: string; fields: Record<string, string> }> {
      const page = await admin.request('GET', `/admin/orders/${id}/edit`);
      expect(page.statusCode, page.body.slice(0, 500)).toBe(200);
      const fields: Record<string, string> = {};
      for (const m of page.body.matchAll(/<input[^>]*>/g)) {
        const name = /name="([^"]+)"/.exec(m[0])?.[1];
        if (!name || name === '_csrf' || /type="checkbox"/.test(m[0])) continue;
        fields[name] = (/value="([^"]*)"/.exec(m[0])?.[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
      }
      for (const m of page.body.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) fields[m[1]!] = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(m[2]!)?.[1] ?? '';
      return { html: page.body, fields };
    }

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await saveSettings(db(), { storeName: 'Corner Shop', currency: 'GBP' });
      lamp = (await createProduct(db(), { name: 'Brass Lamp', sku: 'LAMP-1', regular_price: 4000, manage_stock: 1, stock_quantity: 50 })).id;
      admin = await staffLogin(t, 'admin', 'shop.example');
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
    }, 180_000);
    beforeEach(async () => {
      vase = (await createProduct(db(), { name: 'Glass Vase', sku: `VASE-${Date.now()}`, regular_price: 1250, manage_stock: 1, stock_quantity: 20 })).id;
    });
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
    });

    it('a customer deleted after the order: the editor opens with the stored lines; a stale save, then one without an address, are refused; with an address it saves', async () => {
      const nora = await createUser(t.services, { email: 'nora@example.com', password: PASSWORD, name: 'Nora Quist', role: 'customer' });
      const id = await phoneOrder({ customer: `account:${nora.id}` });
      expect((await db().selectFrom('orders').select('user_id').where('id', '=', id).executeTakeFirstOrThrow()).user_id).toBe(nora.id);
      const opened = await editForm(id);
      const deleted = await post(`/admin/customers/${nora.id}`, { intent: 'delete', confirm: '1' });
      expect(deleted.statusCode, deleted.body.slice(0, 300)).toBeLessThan(400);
      expect(await db().selectFrom('users').select('id').where('id', '=', nora.id).executeTakeFirst()).toBeUndefined();

      const { html, fields } = await editForm(id);
      expect(html).toContain('Brass Lamp');
      expect([fields.line_name_0, fields.line_price_0, fields.line_qty_0, fields.line_name_1, fields.line_price_1, fields.line_qty_1]).toEqual(['Brass Lamp', '40.00', '1', 'Glass Vase', '12.50', '2']);
      // The deletion erased the order's addresses (privacy): the form shows what is left.
      expect(fields.billing_first_name).toBe('');
      const before = await snapshot(id);
      const stale = await post(`/admin/orders/${id}/edit`, { ...opened.fields, line_qty_0: '2', intent: 'save' });
      expect(stale.statusCode).toBe(409);
      expect(stale.body).toContain('changed since you opened it');
      const bare = await post(`/admin/orders/${id}/edit`, { ...fields, line_qty_0: '2', intent: 'save' });
      expect(bare.statusCode).toBe(400);
      expect(bare.body).toMatch(/id="field-billing_email-error"[^>]*>Enter a valid e-mail address/);
      expect(bare.body).toMatch(/id="field-billing_first_name-error"[^>]*>First name is required/);
      expect(await snapshot(id)).toEqual(before);

      const saved = await post(`/admin/orders/${id}/edit`, { ...fields, ...billingFields, billing_email: 'nora.new@example.com', line_qty_0: '2', intent: 'save' });
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
      expect(saved.headers.location).toBe(`/admin/orders/${id}?edited=1`);
      const row = await db().selectFrom('orders').select(['user_id', 'billing_email', 'subtotal']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: null, billing_email: 'nora.new@example.com', subtotal: 2 * 4000 + 2 * 1250 });
      expect((await admin.request('GET', `/admin/orders/${id}`)).statusCode).toBe(200);
    });

    it('a product trashed, then deleted for good: the editor opens and keeps the line’s stored name, SKU and price; saving it is refused naming the line, saving without it works', async () => {
      const id = await phoneOrder();
      const sku = (await db().selectFrom('products').select('sku').where('id', '=', vase).executeTakeFirstOrThrow()).sku!;
      expect((await post('/admin/products', { intent: 'bulk', action: 'trash', ids: String(vase) })).statusCode).toBe(200);
      const trashed = await editForm(id);
      expect([trashed.fields.line_name_1, trashed.fields.line_price_1, trashed.fields.line_qty_1]).toEqual(['Glass Vase', '12.50', '2']);
      const before = await snapshot(id);
      const refused = await post(`/admin/orders/${id}/edit`, { ...trashed.fields, line_qty_0: '2', intent: 'save' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toMatch(/id="field-line_qty_1-error"[^>]*>“Glass Vase” can no longer be sold\./);
      expect(await snapshot(id)).toEqual(before);

      const gone = await post('/admin/products/delete', { intent: 'delete', ids: String(vase) });
      expect(gone.statusCode).toBe(302);
      expect(await db().selectFrom('products').select('id').where('id', '=', vase).executeTakeFirst()).toBeUndefined();
      const { html, fields } = await editForm(id);
      expect(html).toContain('Glass Vase');
      // The line as stored, SKU included (the editor shows no SKUs; the order keeps them).
      expect((await snapshot(id)).items.map((i) => [i.name, i.sku, i.quantity])).toEqual([['Brass Lamp', 'LAMP-1', 1], ['Glass Vase', sku, 2]]);
      expect([fields.line_name_1, fields.line_price_1, fields.line_qty_1]).toEqual(['Glass Vase', '12.50', '2']);
      // The stored line is still the order's: its page and totals show it.
      const orderPage = await admin.request('GET', `/admin/orders/${id}`);
      expect(orderPage.statusCode).toBe(200);
      expect(orderPage.body).toContain('Glass Vase');
      const kept = await post(`/admin/orders/${id}/edit`, { ...fields, line_qty_0: '3', intent: 'save' });
      expect(kept.statusCode).toBe(400);
      expect(kept.body).toMatch(/id="field-line_qty_1-error"[^>]*>“Glass Vase” can no longer be sold\./);
      expect(await snapshot(id)).toEqual(before);

      const { line_product_1: _p, line_qty_1: _q, line_variation_1: _v, line_name_1: _n, line_item_1: _i, line_attributes_1: _a, line_price_1: _r, ...rest } = fields;
      const saved = await post(`/admin/orders/${id}/edit`, { ...rest, line_qty_0: '3', intent: 'save' });
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
      const items = await db().selectFrom('order_items').select(['name', 'quantity', 'total']).where('order_id', '=', id).execute();
      expect(items).toEqual([{ name: 'Brass Lamp', quantity: 3, total: 12000 }]);
      const note = await db().selectFrom('order_notes').select('content').where('order_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(note.content).toContain('removed 2 × Glass Vase');
    });
  });
}
