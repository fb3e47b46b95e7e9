import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { issueInvoice } from '../../app/features/invoices/invoices.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, PASSWORD, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { createUser } from '../../app/features/account/account.server.ts';

/*
 * Editing an order (/admin/orders/:id/edit) as a browser without scripts posts it: a changed
 * quantity and a removed line move the stock by the difference (logged) and the totals by the
 * cart's rules, with a note of what changed and who changed it; a save from a stale copy, an
 * edit beyond the stock or out of range is refused with nothing changed; an order with an
 * invoice or already completed cannot be edited; only order staff reach the page.
 */

const BILLING = { first_name: 'Ada', last_name: 'Byron', company: '', address_1: '1 Market St', address_2: '', city: 'London', state: '', postcode: 'N1 1AA', country: 'GB', email: 'ada@example.com', phone: '' };
const billingFields = Object.fromEntries(Object.entries(BILLING).map(([k, v]) => [`billing_${k}`, v]));
const VAT = (n: number) => Math.round(n * 0.2);

for (const dialect of await dialects()) {
  describe(`edit an order in the back office (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let lamp: number;
    let vase: number;
    const db = () => t.services.db;
    const post = (c: Client, url: string, fields: Record<string, string>) => c.request('POST', url, urlencoded(fields), FORM);
    const stockOf = async (id: number) => (await db().selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow()).stock_quantity;
    const snapshot = async (id: number) => ({
      order: await db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      items: await db().selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('id').execute(),
      stock: [await stockOf(lamp), await stockOf(vase)],
      notes: (await db().selectFrom('order_notes').select('id').where('order_id', '=', id).execute()).length,
    });
    async function phoneOrder(status = 'pending'): Promise<number> {
      const res = await post(admin, '/admin/orders/new', { ...billingFields, line_product_0: String(lamp), line_qty_0: '2', line_product_1: String(vase), line_qty_1: '1', shipping_method: 'manual', shipping_title: 'Courier', shipping_cost: '5', status, intent: 'save' });
      expect(res.statusCode, res.body).toBe(302);
      return Number(/\/admin\/orders\/(\d+)/.exec(res.headers.location as string)?.[1]);
    }
    /** The edit form as it opens: its fields as the browser would send them back. */
    async function editForm(id: number): Promise<Record<string, string>> {
      const page = await admin.request('GET', `/admin/orders/${id}/edit`);
      expect(page.statusCode, page.body).toBe(200);
      const fields: Record<string, string> = {};
      for (const m of page.body.matchAll(/<input[^>]*>/g)) {
        const name = /name="([^"]+)"/.exec(m[0])?.[1];
        if (!name || name === '_csrf' || /type="checkbox"/.test(m[0])) continue;
        fields[name] = (/value="([^"]*)"/.exec(m[0])?.[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
      }
      for (const m of page.body.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) fields[m[1]] = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(m[2])?.[1] ?? '';
      return fields;
    }

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await db().insertInto('tax_rates').values({ country: 'GB', rate: 200000, name: 'VAT', priority: 1, shipping: 1 }).execute();
      lamp = (await createProduct(db(), { name: 'Brass Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 100 })).id;
      vase = (await createProduct(db(), { name: 'Glass Vase', regular_price: 1250, manage_stock: 1, stock_quantity: 20 })).id;
      const world = await addMethod(db(), null, { type: 'flat_rate' });
      await saveMethod(db(), null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      await saveSettings(db(), { storeName: 'Corner Shop', currency: 'GBP', taxesEnabled: true, pricesIncludeTax: false, taxDisplayCart: 'excl', taxBasedOn: 'billing', baseCountry: 'GB' });
      admin = await staffLogin(t, 'shop_manager', 'shop.example');
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
    }, 180_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
    });

    it('a changed quantity and a removed line move the stock and the totals, noted with who did it', async () => {
      const id = await phoneOrder();
      expect((await admin.request('GET', `/admin/orders/${id}`)).body).toContain(`href="/admin/orders/${id}/edit"`);
      const [lampBefore, vaseBefore] = [await stockOf(lamp), await stockOf(vase)];
      const form = await editForm(id);
      expect(form.line_qty_0).toBe('2');
      expect(form.line_price_0).toBe('40.00');
      expect(form.shipping_cost).toBe('5.00');
      const { line_product_1: _p, line_qty_1: _q, line_variation_1: _v, line_name_1: _n, line_item_1: _i, line_attributes_1: _a, line_price_1: _r, ...rest } = form;
      const saved = await post(admin, `/admin/orders/${id}/edit`, { ...rest, line_qty_0: '3', shipping_cost: '7', billing_city: 'Bath', intent: 'save' });
      expect(saved.statusCode, saved.body).toBe(302);
      expect(saved.headers.location).toBe(`/admin/orders/${id}?edited=1`);
      expect(await stockOf(lamp)).toBe(lampBefore! - 1);
      expect(await stockOf(vase)).toBe(vaseBefore! + 1);
      const log = await db().selectFrom('stock_log').selectAll().where('order_id', '=', id).where('source', '=', 'edit').orderBy('product_id').execute();
      expect(log.map((l) => [l.product_id, l.quantity_after! - l.quantity_before!])).toEqual([
        [lamp, -1],
        [vase, 1],
      ]);
      const row = await db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ subtotal: 12000, shipping_total: 700, tax_total: VAT(12000) + VAT(700), total: 12000 + 700 + VAT(12000) + VAT(700) });
      expect(JSON.parse(row.billing).city).toBe('Bath');
      const items = await db().selectFrom('order_items').select(['name', 'quantity', 'total']).where('order_id', '=', id).execute();
      expect(items).toEqual([{ name: 'Brass Lamp', quantity: 3, total: 12000 }]);
      const note = await db().selectFrom('order_notes').select(['content', 'author']).where('order_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(note.author).toBe('shop_manager');
      expect(note.content).toContain('Order edited by shop_manager');
      expect(note.content).toContain('Brass Lamp quantity 2 → 3');
      expect(note.content).toContain('removed 1 × Glass Vase');
      expect(note.content).toContain('shipping £5.00 → £7.00');
      expect(note.content).toContain('billing address changed');
    });

    it('refuses a save from a stale copy, beyond the stock or out of range, changing nothing', async () => {
      const id = await phoneOrder();
      const form = await editForm(id);
      // Someone else saves first.
      expect((await post(admin, `/admin/orders/${id}/edit`, { ...form, line_qty_1: '2', intent: 'save' })).statusCode).toBe(302);
      const before = await snapshot(id);
      const stale = await post(admin, `/admin/orders/${id}/edit`, { ...form, line_qty_0: '1', intent: 'save' });
      expect(stale.statusCode).toBe(409);
      expect(stale.body).toContain('changed since you opened it');
      const fresh = await editForm(id);
      const cases: [Record<string, string>, string, number][] = [
        [{ line_qty_0: '0' }, 'field-line_qty_0-error', 400],
        [{ line_qty_0: '-3' }, 'field-line_qty_0-error', 400],
        [{ line_price_0: '-1' }, 'field-line_price_0-error', 400],
        [{ line_price_0: '9999999999' }, 'field-line_price_0-error', 400],
        [{ line_qty_1: '99' }, 'field-line_qty_1-error', 409],
        [{ shipping_cost: 'lots' }, 'field-shipping_cost-error', 400],
        [{ billing_email: 'nope' }, 'field-billing_email-error', 400],
      ];
      for (const [change, errorId, status] of cases) {
        const res = await post(admin, `/admin/orders/${id}/edit`, { ...fresh, ...change, intent: 'save' });
        expect(res.statusCode, JSON.stringify(change)).toBe(status);
        expect(res.body, JSON.stringify(change)).toContain(`id="${errorId}"`);
      }
      expect(await snapshot(id)).toEqual(before);
    });

    it('an order with an invoice, or completed, cannot be edited, and says why', async () => {
      const invoiced = await phoneOrder('processing');
      const form = await editForm(invoiced);
      await issueInvoice(t.services, invoiced);
      const before = await snapshot(invoiced);
      const page = await admin.request('GET', `/admin/orders/${invoiced}/edit`);
      expect(page.body).toContain('an invoice has been issued for it');
      expect(page.body).not.toContain('name="line_qty_0"');
      const res = await post(admin, `/admin/orders/${invoiced}/edit`, { ...form, line_qty_0: '1', intent: 'save' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('an invoice has been issued for it');
      expect(await snapshot(invoiced)).toEqual(before);

      const completed = await phoneOrder('completed');
      expect((await admin.request('GET', `/admin/orders/${completed}`)).body).not.toContain(`href="/admin/orders/${completed}/edit"`);
      expect((await admin.request('GET', `/admin/orders/${completed}/edit`)).body).toContain('only pending, on-hold and processing orders can be edited');
    });

    it('only order staff reach the editor', async () => {
      const id = await phoneOrder();
      const form = await editForm(id);
      const before = await snapshot(id);
      const editor = await staffLogin(t, 'editor', 'shop.example');
      await createUser(t.services, { email: 'cust@example.com', password: PASSWORD, name: 'Cust', role: 'customer' });
      const customer = await Client.start(t.app);
      expect((await customer.request('POST', '/api/account/login', { email: 'cust@example.com', password: PASSWORD })).statusCode).toBe(200);
      customer.csrf = (await customer.request('GET', '/api/session')).json().csrfToken;
      for (const c of [editor, customer]) {
        expect([302, 403, 404]).toContain((await c.request('GET', `/admin/orders/${id}/edit`)).statusCode);
        const res = await post(c, `/admin/orders/${id}/edit`, { ...form, line_qty_0: '1', intent: 'save' });
        expect([302, 403, 404]).toContain(res.statusCode);
      }
      expect(await snapshot(id)).toEqual(before);
    });
  });
}
