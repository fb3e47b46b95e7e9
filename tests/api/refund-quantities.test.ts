import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { lineRefund, refundAmount, type RefundBasis } from '../../app/features/orders/refund-amount.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, signIn } from '../helpers/admin-forms.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * Refunds by quantities through the admin order page: a quantity per line and the shipping
 * give the amount (worked out on the server by "Calculate amount", the button Enter presses),
 * the refund restocks exactly what it covered, a later refund's maxima are what is left,
 * bad input is refused against its field with nothing stored, a form sent twice refunds once,
 * and the credit note lists the refunded lines and shipping.
 */

const BILLING = { first_name: 'Ada', last_name: 'Byron', company: '', address_1: '1 Market St', address_2: '', city: 'London', state: '', postcode: 'N1 1AA', country: 'GB', email: 'ada@example.com', phone: '' };

/** The refund form's amount as the page fills it in, and the amount it shows as worked out. */
const filledAmount = (html: string) => /name="refund_amount"[^>]*value="([^"]*)"/.exec(html)?.[1];
const computedShown = (html: string) => Number(/data-refund-computed="(\d+)"/.exec(html)?.[1]);
/** The line amounts the order page shows (OrderLines' rows), in item order. */
const shownLines = (html: string) => [...html.matchAll(/data-row="line" data-amount="(\d+)"/g)].map((m) => Number(m[1]));
const qtyMax = (html: string, itemId: number) => new RegExp(`id="field-refund_qty_${itemId}"[^>]*max="(\\d+)"`).exec(html)?.[1];

for (const dialect of await dialects()) {
  describe(`refund by quantities (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: Client;
    let ada: Client;
    let lamp: number;
    let vase: number;
    const db = () => t.services.db;

    const form = (url: string, fields: Record<string, string>) => admin.request('POST', url, new URLSearchParams(fields).toString(), FORM);
    async function order(lines: [number, number][]): Promise<{ id: number; items: number[] }> {
      for (const [productId, quantity] of lines) expect((await ada.request('POST', '/api/cart/items', { productId, quantity })).statusCode).toBe(201);
      const res = await ada.request('POST', '/api/checkout', { billing_address: BILLING, payment_method: 'cod' });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().order_id as number;
      const items = (await db().selectFrom('order_items').select('id').where('order_id', '=', id).orderBy('id').execute()).map((r) => r.id);
      return { id, items };
    }
    const stockOf = async (id: number) => (await db().selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow()).stock_quantity;
    const refundsOf = async (id: number) => db().selectFrom('order_refunds').selectAll().where('order_id', '=', id).orderBy('id').execute();
    const refundedTotal = async (id: number) => (await db().selectFrom('orders').select('refunded_total').where('id', '=', id).executeTakeFirstOrThrow()).refunded_total;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Shop <shop@test.example>' } });
      await saveSettings(db(), { storeName: 'Corner Shop', currency: 'GBP' });
      lamp = (await createProduct(db(), { name: 'Brass Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 50 })).id;
      vase = (await createProduct(db(), { name: 'Glass Vase', regular_price: 1250, manage_stock: 1, stock_quantity: 50 })).id;
      const world = await addMethod(db(), null, { type: 'flat_rate' });
      await saveMethod(db(), null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      admin = (await signIn(t, 'manager@shop.example', 'shop_manager', 'Manager')).c;
      ada = (await signIn(t, 'ada@example.com', 'customer', 'Ada')).c;
    }, 180_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('1 of 2 lamps and the shipping: the amount, the stock back, then the rest up to the total', async () => {
      const { id, items } = await order([[lamp, 2], [vase, 2]]);
      const [lampLine, vaseLine] = items as [number, number];
      const page = (await admin.request('GET', `/admin/orders/${id}`)).body;
      expect(shownLines(page)).toEqual([8000, 2500]);
      expect(qtyMax(page, lampLine)).toBe('2');
      // Enter presses the first button of the form: "Calculate amount", which moves no money.
      const refundForm = page.slice(page.indexOf('name="refunded_before"'));
      expect(/<button[^>]*type="submit"[^>]*>/.exec(refundForm)?.[0]).toContain('name="calculate"');

      const fields = { intent: 'refund', refunded_before: '0', [`refund_qty_${lampLine}`]: '1', [`refund_qty_${vaseLine}`]: '0', refund_shipping: '5.00', restock: '1', refund_reason: 'Dented' };
      const calc = await form(`/admin/orders/${id}`, { ...fields, calculate: '1' });
      expect(calc.statusCode, calc.body).toBe(200);
      expect(filledAmount(calc.body)).toBe('45.00');
      expect(computedShown(calc.body)).toBe(4500);
      expect(await refundsOf(id)).toEqual([]);

      const stockBefore = await stockOf(lamp);
      const done = await form(`/admin/orders/${id}`, { ...fields, refund_amount: '45.00', via: 'manual' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.body).toContain('Refund recorded.');
      expect(await stockOf(lamp)).toBe(stockBefore! + 1);
      expect(await stockOf(vase)).toBe(48);
      const log = await db().selectFrom('stock_log').selectAll().where('order_id', '=', id).where('reason', '=', 'refund').execute();
      expect(log.map((l) => [l.product_id, l.quantity_after! - l.quantity_before!])).toEqual([[lamp, 1]]);
      const [first] = await refundsOf(id);
      expect(first).toMatchObject({ amount: 4500, shipping: 500, reason: 'Dented' });
      expect(JSON.parse(first!.items)).toEqual([{ itemId: lampLine, quantity: 1, restock: true }]);

      // What is left: 1 lamp, 2 vases, no shipping.
      const after = (await admin.request('GET', `/admin/orders/${id}`)).body;
      expect(qtyMax(after, lampLine)).toBe('1');
      expect(qtyMax(after, vaseLine)).toBe('2');
      expect(after).not.toContain('name="refund_shipping"');
      // The refunds list says what the refund covered.
      expect(after).toContain('1 × Brass Lamp, Shipping refunded: £5.00');
      const again = await form(`/admin/orders/${id}`, { intent: 'refund', refunded_before: '4500', [`refund_qty_${lampLine}`]: '2', via: 'manual' });
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('At most 1');

      const rest = await form(`/admin/orders/${id}`, { intent: 'refund', refunded_before: '4500', [`refund_qty_${lampLine}`]: '1', [`refund_qty_${vaseLine}`]: '2', via: 'manual' });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(await refundedTotal(id)).toBe(8000 + 2500 + 500);
      const row = await db().selectFrom('orders').select(['status', 'total', 'refunded_total']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'refunded', refunded_total: row.total });
      expect((await admin.request('GET', `/admin/orders/${id}`)).body).not.toContain('name="refund_amount"');
    });

    it('refuses bad quantities and amounts against their field, storing nothing', async () => {
      const { id, items } = await order([[lamp, 2]]);
      const line = items[0]!;
      const stock = await stockOf(lamp);
      const cases: [Record<string, string>, string, string][] = [
        [{ [`refund_qty_${line}`]: '3' }, `refund_qty_${line}`, 'At most 2'],
        [{ [`refund_qty_${line}`]: '-1' }, `refund_qty_${line}`, 'Enter a whole number, 0 or more'],
        [{ [`refund_qty_${line}`]: '1.5' }, `refund_qty_${line}`, 'Enter a whole number, 0 or more'],
        [{ refund_qty_99999999: '1' }, 'refund_qty_99999999', 'Not a line of this order'],
        [{ [`refund_qty_${line}`]: '1', refund_amount: '85.01' }, 'refund_amount', 'At most £85.00'],
        [{ refund_shipping: '5.01' }, 'refund_shipping', 'At most £5.00'],
        [{ refund_shipping: '-1' }, 'refund_shipping', 'Enter an amount such as 12.50'],
        [{ [`refund_qty_${line}`]: '0' }, 'refund_amount', 'Enter an amount such as 12.50'],
      ];
      for (const [fields, field, message] of cases) {
        const res = await form(`/admin/orders/${id}`, { intent: 'refund', via: 'manual', restock: '1', ...fields });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.body).toContain(message);
        if (field.startsWith('refund_qty_99')) expect(res.body).toContain(field);
        else expect(res.body).toContain(`href="#field-${field}"`);
      }
      expect(await refundsOf(id)).toEqual([]);
      expect(await refundedTotal(id)).toBe(0);
      expect(await stockOf(lamp)).toBe(stock);
    });

    it('the same form sent twice refunds once', async () => {
      const { id, items } = await order([[vase, 3]]);
      const fields = { intent: 'refund', refunded_before: '0', [`refund_qty_${items[0]}`]: '1', via: 'manual' };
      const [a, b] = [await form(`/admin/orders/${id}`, fields), await form(`/admin/orders/${id}`, fields)];
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(409);
      expect(b.body).toContain('nothing more was refunded');
      expect((await refundsOf(id)).map((r) => r.amount)).toEqual([1250]);
      const item = await db().selectFrom('order_items').select('refunded_quantity').where('id', '=', items[0]!).executeTakeFirstOrThrow();
      expect(item.refunded_quantity).toBe(1);
    });

    it('the credit note lists the refunded lines and the shipping', async () => {
      const { id, items } = await order([[lamp, 1], [vase, 2]]);
      expect((await form(`/admin/orders/${id}`, { intent: 'status', status: 'completed' })).statusCode).toBe(200);
      const res = await form(`/admin/orders/${id}`, { intent: 'refund', [`refund_qty_${items[1]}`]: '1', refund_shipping: '2.50', via: 'manual' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await refundsOf(id))[0]).toMatchObject({ amount: 1250 + 250, shipping: 250 });
      const pdf = await ada.request('GET', `/my-account/view-order/${id}/documents/credit-notes`);
      expect(pdf.statusCode).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Glass Vase');
      expect(flat).not.toContain('Brass Lamp');
      expect(flat).toContain('Shipping refunded');
      expect(flat).toContain('−£2.50');
      expect(flat).toContain('−£15.00');
    });

    it('property: the amount worked out is the shown lines’ shares and never more than what is left', async () => {
      // The function itself, on many random lines: refunding every unit in random steps gives back each line exactly.
      fc.assert(
        fc.property(fc.array(fc.record({ amount: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 40 }) }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 5 }), (lines, steps) => {
          const state = lines.map((l, i) => ({ itemId: i + 1, name: `L${i}`, quantity: l.quantity, refunded: 0, left: l.quantity, amount: l.amount }));
          const full = lines.reduce((a, l) => a + l.amount, 0);
          let given = 0;
          for (let s = 0; s < steps; s++) {
            const basis: RefundBasis = { lines: state, shipping: 0, shippingLeft: 0, left: full - given };
            const q = new Map(state.map((l) => [l.itemId, s === steps - 1 ? l.left : Math.floor(l.left / 2)]));
            const amount = refundAmount(basis, q, 0);
            expect(amount).toBe(state.reduce((a, l) => a + lineRefund(l, q.get(l.itemId)!), 0));
            expect(amount).toBeLessThanOrEqual(basis.left);
            given += amount;
            for (const l of state) {
              l.refunded += q.get(l.itemId)!;
              l.left -= q.get(l.itemId)!;
            }
          }
          expect(given).toBe(full);
        }),
        { numRuns: 300 },
      );
      // And through the page, on real orders.
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 3 }), async (nLamp, nVase, qLamp, qVase) => {
          const { id, items } = await order([[lamp, nLamp], [vase, nVase]]);
          const page = (await admin.request('GET', `/admin/orders/${id}`)).body;
          const shown = shownLines(page);
          const total = (await db().selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow()).total;
          const pick = [Math.min(qLamp, nLamp), Math.min(qVase, nVase)];
          const expected = Math.min(Math.round((shown[0]! * pick[0]!) / nLamp) + Math.round((shown[1]! * pick[1]!) / nVase) + 500, total);
          const fields = { intent: 'refund', [`refund_qty_${items[0]}`]: String(pick[0]), [`refund_qty_${items[1]}`]: String(pick[1]), refund_shipping: '5' };
          const calc = await form(`/admin/orders/${id}`, { ...fields, calculate: '1' });
          expect(computedShown(calc.body)).toBe(expected);
          const done = await form(`/admin/orders/${id}`, { ...fields, via: 'manual' });
          expect(done.statusCode, done.body).toBe(200);
          // The rest: whatever is left of the lines, never more than the total less the first refund.
          const rest = { intent: 'refund', [`refund_qty_${items[0]}`]: String(nLamp - pick[0]!), [`refund_qty_${items[1]}`]: String(nVase - pick[1]!) };
          if (expected === total) {
            const row = await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
            expect(row.status).toBe('refunded');
            return;
          }
          const second = await form(`/admin/orders/${id}`, { ...rest, calculate: '1' });
          const left = computedShown(second.body);
          expect(left).toBeLessThanOrEqual(total - expected);
          expect(left + expected).toBe(total);
        }),
        { numRuns: 4 },
      );
    }, 120_000);
  });
}
