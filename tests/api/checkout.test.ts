import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct, recomputeProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { savePaymentSettings } from '../../app/features/payments/payments.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { saveZone } from '../../app/features/shipping/zones-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

export const US = {
  first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco',
  state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '+1 415 555 0100',
};
export const DE = { ...US, first_name: 'Grete', state: '', city: 'Berlin', postcode: '10115', country: 'DE', email: 'grete@example.com', address_1: 'Unter den Linden 1' };

for (const dialect of await dialects()) {
  describe(`checkout (${dialect})`, () => {
    let t: TestApp;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const db = t.services.db;
      ids.tee = (await createProduct(db, { name: 'Plain Tee', regular_price: 2000, manage_stock: 1, stock_quantity: 50, sku: 'TEE-1' })).id;
      ids.mug = (await createProduct(db, { name: 'Mug', regular_price: 1000 })).id;
      ids.book = (await createProduct(db, { name: 'Book', regular_price: 1500, manage_stock: 1, stock_quantity: 5 })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      await savePaymentSettings(db, 'bacs', { accounts: [{ accountName: 'Vitrine Ltd', bankName: 'Example Bank', accountNumber: '12345678', sortCode: '12-34-56', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' }] });
      void saveZone;
    });
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
    });

    const inject = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body === undefined ? undefined : JSON.stringify(body) });

    /** A new headless cart holding these lines; returns its Cart-Token. */
    async function cartWith(lines: [number, number][]): Promise<string> {
      let token = '';
      for (const [productId, quantity] of lines) {
        // A headless client's first call names a cart nobody has: a new cart is made for it.
        const res = await inject('POST', '/api/cart/items', { productId, quantity }, { 'cart-token': token || `new-${Math.random()}` });
        expect(res.statusCode, res.body).toBe(201);
        token = res.headers['cart-token'] as string;
      }
      return token;
    }
    const checkout = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      inject('POST', '/api/checkout', body, { 'cart-token': token, ...headers });
    const stock = async (id: number) =>
      (await t.services.db.selectFrom('products').select(['stock_quantity', 'stock_status', 'total_sales']).where('id', '=', id).executeTakeFirstOrThrow());
    const orderCount = async () => Number((await t.services.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const error = (res: LightMyRequestResponse) => res.json().error as { code: string; message: string; fields?: Record<string, string>; lines?: unknown[] };

    it('lists the enabled payment methods and checkout options', async () => {
      const res = await inject('GET', '/api/checkout');
      expect(res.statusCode).toBe(200);
      expect(res.json().payment_methods.map((m: { id: string }) => m.id)).toEqual(['bacs', 'cheque', 'cod']);
      expect(res.json()).toMatchObject({ guest_checkout: true, account_creation: true, terms_url: null });
    });

    it('bank transfer: places an on-hold order, shows the bank details, takes stock, empties the cart', async () => {
      const before = await stock(ids.tee);
      const token = await cartWith([[ids.tee, 2], [ids.mug, 1]]);
      const res = await checkout(token, { billing_address: US, payment_method: 'bacs', customer_note: 'Leave at the door' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.status).toBe('on-hold');
      expect(body.order_key).toMatch(/^wc_order_[\w-]{20,}$/);
      expect(body.order_received_url).toBe(`/checkout/order-received/${body.order_id}?key=${body.order_key}`);
      expect(body.payment_result.redirect_url).toBe(body.order_received_url);
      expect(body.payment_result.payment_details).toEqual(
        expect.arrayContaining([{ key: 'IBAN', value: 'GB33BUKB20201555555555' }, { key: 'Payment reference', value: `Order ${body.order_id}` }]),
      );
      expect(body.order).toMatchObject({ subtotal: 5000, shippingTotal: 500, total: 5500, itemCount: 3, paymentMethodTitle: 'Direct bank transfer', customerNote: 'Leave at the door' });
      expect(body.order.items.map((i: { name: string; quantity: number; sku: string }) => [i.name, i.quantity, i.sku])).toEqual([['Plain Tee', 2, 'TEE-1'], ['Mug', 1, '']]);
      // Shipping to the billing address when no other is given.
      expect(body.shipping_address).toMatchObject({ first_name: 'Ada', city: 'San Francisco', state: 'CA', email: '' });
      const after = await stock(ids.tee);
      expect(after.stock_quantity).toBe(before.stock_quantity! - 2);
      expect(after.total_sales).toBe(before.total_sales + 2);
      const cart = await inject('GET', '/api/cart', undefined, { 'cart-token': token });
      expect(cart.json().items).toEqual([]);
      // The received page's data, by id + key only.
      const received = await inject('GET', body.order_received_url.replace('/checkout/order-received/', '/api/orders/'));
      expect(received.statusCode).toBe(200);
      expect(received.json().payment_instructions.details).toEqual(expect.arrayContaining([{ label: 'Account number', value: '12345678' }]));
    });

    it('cheque: on hold; cash on delivery: processing', async () => {
      const a = await checkout(await cartWith([[ids.mug, 1]]), { billing_address: US, payment_method: 'cheque' });
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json()).toMatchObject({ status: 'on-hold', payment_result: { payment_status: 'on-hold' } });
      expect(a.json().payment_instructions.text).toMatch(/cheque/i);
      const b = await checkout(await cartWith([[ids.mug, 1]]), { billing_address: DE, payment_method: 'cod' });
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json()).toMatchObject({ status: 'processing', billing_address: { country: 'DE', state: '', postcode: '10115' } });
      expect(b.json().order.paidAt).toBeTruthy();
      expect(a.json().order.paidAt ?? null).toBeNull();
      // Each order's history reads as a move from pending payment, by the method, after the placing.
      const notes = async (id: number) =>
        (await t.services.db.selectFrom('order_notes').select(['content', 'author', 'customer_note']).where('order_id', '=', id).orderBy('id').execute()).map((n) => [n.content, n.author, n.customer_note]);
      expect(await notes(a.json().order_id)).toEqual([
        ['Order placed as a guest.', 'system', 0],
        ['Order status changed from Pending payment to On hold. Awaiting cheque payment.', 'cheque', 0],
      ]);
      expect(await notes(b.json().order_id)).toEqual([
        ['Order placed as a guest.', 'system', 0],
        ['Order status changed from Pending payment to Processing. Payment to be made upon delivery.', 'cod', 0],
      ]);
      // The answer is built from the rows as written, not read back: it reads as the order does when fetched with its key.
      for (const r of [a, b]) {
        const fetched = await inject('GET', `/api/orders/${r.json().order_id}?key=${r.json().order_key}`);
        expect(fetched.statusCode).toBe(200);
        expect(r.json().order).toEqual(fetched.json().order);
        expect(r.json().order.items).toHaveLength(1);
      }
    });

    it('records tax per line and in total when taxes are on', async () => {
      const rate = await t.services.db.insertInto('tax_rates').values({ country: 'DE', rate: 190000, name: 'MwSt', shipping: 1 }).returning('id').executeTakeFirstOrThrow();
      await saveSettings(t.services.db, { taxesEnabled: true });
      try {
        const res = await checkout(await cartWith([[ids.mug, 2], [ids.tee, 1]]), { billing_address: DE, payment_method: 'cod' });
        expect(res.statusCode, res.body).toBe(200);
        const id = res.json().order_id as number;
        const order = await t.services.db.selectFrom('orders').select(['tax_total', 'shipping_total', 'total', 'subtotal']).where('id', '=', id).executeTakeFirstOrThrow();
        const lines = await t.services.db.selectFrom('order_items').select(['name', 'total', 'tax']).where('order_id', '=', id).orderBy('id').execute();
        // 19 % of £20.00 (2 mugs) and of £20.00 (a tee), and of the £5.00 shipping.
        expect(lines.map((l) => [l.name, l.total, l.tax])).toEqual(expect.arrayContaining([['Mug', 2000, 380], ['Plain Tee', 2000, 380]]));
        expect(order).toMatchObject({ subtotal: 4000, shipping_total: 500, tax_total: 380 + 380 + 95, total: 4000 + 500 + 855 });
      } finally {
        await saveSettings(t.services.db, { taxesEnabled: false });
        await t.services.db.deleteFrom('tax_rates').where('id', '=', rate.id).execute();
      }
    });

    it('two checkouts of one cart at once (no idempotency key) place one order; the other finds the cart empty', async () => {
      const lamp = (await createProduct(t.services.db, { name: 'Desk Lamp', regular_price: 3000, manage_stock: 1, stock_quantity: 4 })).id;
      const before = await stock(lamp);
      const ordersBefore = await orderCount();
      const token = await cartWith([[lamp, 1]]);
      const answers = await Promise.all([1, 2, 3].map(() => checkout(token, { billing_address: US, payment_method: 'cod' })));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes, answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
      for (const r of answers.filter((r) => r.statusCode === 409)) expect(error(r).code).toBe('cart_empty');
      expect(await orderCount()).toBe(ordersBefore + 1);
      expect((await stock(lamp)).stock_quantity).toBe(before.stock_quantity! - 1);
    });

    it('works with the cookie cart and CSRF token of a browser; refuses without the token', async () => {
      const c = await Client.start(t.app);
      expect((await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 })).statusCode).toBe(201);
      const csrf = c.csrf;
      c.csrf = '';
      expect((await c.request('POST', '/api/checkout', { billing_address: US, payment_method: 'cod' })).statusCode).toBe(403);
      c.csrf = csrf;
      const res = await c.request('POST', '/api/checkout', { billing_address: US, payment_method: 'cod' });
      expect(res.statusCode, res.body).toBe(200);
      expect(c.cookies.has('vt_cart_items')).toBe(false);
      expect((await c.request('GET', '/api/cart')).json().itemCount).toBe(0);
    });

    describe('bad input: a clear error and no order', () => {
      it('missing and malformed fields are listed per field', async () => {
        const token = await cartWith([[ids.mug, 1]]);
        const n = await orderCount();
        const res = await checkout(token, { billing_address: { ...US, first_name: '', email: 'not-an-address', city: undefined }, payment_method: '' });
        expect(res.statusCode).toBe(400);
        expect(error(res).fields).toMatchObject({
          'billing_address.first_name': 'First name is required',
          'billing_address.city': 'Town / City is required',
          'billing_address.email': 'Enter a valid e-mail address',
          payment_method: 'Choose a payment method',
        });
        const junk = await checkout(token, { billing_address: 'nope', shipping_address: [1], payment_method: 42, customer_note: { a: 1 } });
        expect(junk.statusCode).toBe(400);
        expect(Object.keys(error(junk).fields!)).toEqual(expect.arrayContaining(['customer_note', 'payment_method']));
        const notAnAddress = await checkout(token, { billing_address: 'nope', payment_method: 'cod' });
        expect(error(notAnAddress).fields).toHaveProperty('billing_address');
        const notJson = await inject('POST', '/api/checkout', undefined, { 'cart-token': token, 'content-type': 'application/json' });
        expect(notJson.statusCode).toBe(400);
        expect(await orderCount()).toBe(n);
      });

      it('a postcode of the wrong format, a state not in the country', async () => {
        const token = await cartWith([[ids.mug, 1]]);
        const n = await orderCount();
        const zip = await checkout(token, { billing_address: { ...US, postcode: 'SW1A 1AA' }, payment_method: 'cod' });
        expect(zip.statusCode).toBe(400);
        expect(error(zip).fields).toEqual({ 'billing_address.postcode': 'Please enter a valid ZIP Code for United States.' });
        const state = await checkout(token, { billing_address: { ...US, state: 'Bavaria' }, payment_method: 'cod' });
        expect(error(state).fields).toEqual({ 'billing_address.state': 'Choose a state of United States' });
        const noState = await checkout(token, { billing_address: { ...US, state: '' }, payment_method: 'cod' });
        expect(error(noState).fields).toEqual({ 'billing_address.state': 'State is required' });
        const shipTo = await checkout(token, { billing_address: US, shipping_address: { ...DE, postcode: '1234' }, payment_method: 'cod' });
        expect(error(shipTo).fields).toEqual({ 'shipping_address.postcode': 'Please enter a valid Postcode for Germany.' });
        const country = await checkout(token, { billing_address: { ...US, country: 'XX' }, payment_method: 'cod' });
        expect(error(country).fields).toEqual({ 'billing_address.country': 'Choose a country from the list' });
        expect(await orderCount()).toBe(n);
        // A state given by name is stored as its code.
        const ok = await checkout(token, { billing_address: { ...US, state: 'california' }, payment_method: 'cod' });
        expect(ok.json().billing_address.state).toBe('CA');
      });

      it('an unknown or disabled payment method', async () => {
        const token = await cartWith([[ids.mug, 1]]);
        const unknown = await checkout(token, { billing_address: US, payment_method: 'bitcoin' });
        expect(unknown.statusCode).toBe(400);
        expect(error(unknown).fields).toEqual({ payment_method: 'This payment method is not available' });
        await expect(savePaymentSettings(t.services.db, 'bacs', { title: ' ' })).rejects.toMatchObject({ status: 400, fields: { title: 'Title is required' } });
        await savePaymentSettings(t.services.db, 'cheque', { enabled: false });
        try {
          const off = await checkout(token, { billing_address: US, payment_method: 'cheque' });
          expect(error(off).fields).toEqual({ payment_method: 'This payment method is not available' });
          expect((await inject('GET', '/api/checkout')).json().payment_methods.map((m: { id: string }) => m.id)).toEqual(['bacs', 'cod']);
        } finally {
          await savePaymentSettings(t.services.db, 'cheque', { enabled: true });
        }
      });

      it('an empty cart (emptied in another tab) and an unknown cart', async () => {
        const token = await cartWith([[ids.mug, 1]]);
        const key = (await inject('GET', '/api/cart', undefined, { 'cart-token': token })).json().items[0].key;
        await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${key}`, headers: { 'cart-token': token } });
        const res = await checkout(token, { billing_address: US, payment_method: 'cod' });
        expect(res.statusCode).toBe(409);
        expect(error(res)).toMatchObject({ code: 'cart_empty', message: 'Your cart is empty.' });
        expect((await checkout('no-such-cart-token-000000', { billing_address: US, payment_method: 'cod' })).statusCode).toBe(409);
      });

      it('prices changed since the cart was shown: refused with the new totals, not charged', async () => {
        const token = await cartWith([[ids.book, 1]]);
        const shown = (await inject('GET', '/api/cart', undefined, { 'cart-token': token })).json();
        // The shop owner raises the price meanwhile.
        await t.services.db.updateTable('products').set({ regular_price: 1800 }).where('id', '=', ids.book).execute();
        await recomputeProduct(t.services.db, ids.book);
        const n = await orderCount();
        const res = await checkout(token, { billing_address: US, payment_method: 'cod', cart_hash: shown.hash });
        expect(res.statusCode).toBe(409);
        expect(error(res).code).toBe('totals_changed');
        expect(error(res).message).toMatch(/changed since you saw them/);
        expect(res.json().error.cart.totals.subtotal).toBe(1800);
        const byTotal = await checkout(token, { billing_address: US, payment_method: 'cod', expected_total: shown.totals.total });
        expect(error(byTotal).code).toBe('totals_changed');
        expect(await orderCount()).toBe(n);
        expect((await stock(ids.book)).stock_quantity).toBe(5);
        // Placed once the shopper has seen the new total.
        const ok = await checkout(token, { billing_address: US, payment_method: 'cod', expected_total: 1800 + 500 });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().order.total).toBe(2300);
      });

      it('more than is left in stock: 409 naming the line', async () => {
        const id = (await createProduct(t.services.db, { name: 'Rare Print', regular_price: 5000, manage_stock: 1, stock_quantity: 2 })).id;
        const token = await cartWith([[id, 2]]);
        const other = await cartWith([[id, 1]]);
        expect((await checkout(other, { billing_address: US, payment_method: 'cod' })).statusCode).toBe(200);
        const res = await checkout(token, { billing_address: US, payment_method: 'cod' });
        expect(res.statusCode).toBe(409);
        expect(error(res).message).toMatch(/Rare Print/);
        expect((await stock(id)).stock_quantity).toBe(1);
      });
    });

    describe('idempotency', () => {
      it('the same key and request give the same order once; a different cart or body is refused', async () => {
        const token = await cartWith([[ids.mug, 2]]);
        const body = { billing_address: US, payment_method: 'cod' };
        const headers = { 'idempotency-key': `key-${dialect}-double-submit` };
        const [a, b] = await Promise.all([checkout(token, body, headers), checkout(token, body, headers)]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        expect(a.json().order_id).toBe(b.json().order_id);
        expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
        const again = await checkout(token, body, headers);
        expect(again.json()).toMatchObject({ order_id: a.json().order_id, replayed: true });
        expect(await t.services.db.selectFrom('orders').select('id').where('idempotency_key', '=', headers['idempotency-key']).execute()).toHaveLength(1);
        // The key in the body (hidden form field) works the same.
        const n = await orderCount();
        const other = await cartWith([[ids.mug, 1]]);
        const conflict = await checkout(other, body, headers);
        expect(conflict.statusCode).toBe(422);
        expect(error(conflict).code).toBe('idempotency_conflict');
        const changedBody = await checkout(token, { ...body, payment_method: 'bacs', idempotency_key: headers['idempotency-key'] });
        expect(changedBody.statusCode).toBe(422);
        expect(await orderCount()).toBe(n);
      });
    });

    describe('accounts at checkout', () => {
      it('a guest creates an account while ordering and is signed in', async () => {
        const c = await Client.start(t.app);
        await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 });
        const res = await c.request('POST', '/api/checkout', { billing_address: { ...US, email: 'New.Buyer@Example.com' }, payment_method: 'cod', create_account: true, password: 'correct horse battery' });
        expect(res.statusCode, res.body).toBe(200);
        const session = (await c.request('GET', '/api/session')).json();
        expect(session.user).toMatchObject({ email: 'new.buyer@example.com', name: 'Ada Lovelace', role: 'customer' });
        expect(res.json().customer_id).toBe(session.user.id);
        // The new customer sees the order as their own, without the key.
        expect((await c.request('GET', `/api/orders/${res.json().order_id}`)).statusCode).toBe(200);
      });

      it('an e-mail that already has an account is asked to log in; a short password is refused', async () => {
        const token = await cartWith([[ids.mug, 1]]);
        const n = await orderCount();
        const taken = await checkout(token, { billing_address: { ...US, email: 'new.buyer@example.com' }, payment_method: 'cod', create_account: true, password: 'another long one' });
        expect(taken.statusCode).toBe(409);
        expect(error(taken)).toMatchObject({ code: 'email_registered', message: expect.stringMatching(/log in/) });
        const short = await checkout(token, { billing_address: { ...US, email: 'other@example.com' }, payment_method: 'cod', create_account: true, password: 'short' });
        expect(error(short).fields).toMatchObject({ password: expect.stringMatching(/at least/) });
        expect(await orderCount()).toBe(n);
      });

      it('guest checkout switched off: log in or create an account', async () => {
        await saveSettings(t.services.db, { guestCheckout: false });
        try {
          const res = await checkout(await cartWith([[ids.mug, 1]]), { billing_address: US, payment_method: 'cod' });
          expect(res.statusCode).toBe(401);
          expect(error(res).code).toBe('login_required');
        } finally {
          await saveSettings(t.services.db, { guestCheckout: true });
        }
      });
    });

    describe('orders of others are not found', () => {
      it('another id, a wrong key, or someone else’s order in my account → 404', async () => {
        const mine = (await checkout(await cartWith([[ids.mug, 1]]), { billing_address: US, payment_method: 'cod' })).json();
        const theirs = (await checkout(await cartWith([[ids.mug, 1]]), { billing_address: DE, payment_method: 'cod' })).json();
        expect((await inject('GET', `/api/orders/${theirs.order_id}?key=${mine.order_key}`)).statusCode).toBe(404);
        expect((await inject('GET', `/api/orders/${mine.order_id}?key=wc_order_guess`)).statusCode).toBe(404);
        expect((await inject('GET', `/api/orders/${mine.order_id}`)).statusCode).toBe(404);
        expect((await inject('GET', '/api/orders/999999?key=x')).statusCode).toBe(404);
        expect((await inject('GET', '/api/orders/abc?key=x')).statusCode).toBe(400);
        const c = await Client.start(t.app);
        await c.request('POST', '/api/account/register', { email: 'snoop@example.com', password: 'long enough pw' });
        expect((await c.request('GET', `/api/orders/${mine.order_id}`)).statusCode).toBe(404);
      });
    });

    describe('the last units and the last coupon use, under concurrency', () => {
      it('200 parallel checkouts of a product with stock 10: exactly 10 orders, 190 clear refusals, stock 0', async () => {
        const id = (await createProduct(t.services.db, { name: 'Limited Edition', regular_price: 3000, manage_stock: 1, stock_quantity: 10 })).id;
        const tokens: string[] = [];
        // The carts are filled a few at a time beforehand; only the checkouts race.
        for (let i = 0; i < 200; i += 20) tokens.push(...(await Promise.all(Array.from({ length: 20 }, () => cartWith([[id, 1]])))));
        const n = await orderCount();
        const results = await Promise.all(tokens.map((tk, i) => checkout(tk, { billing_address: { ...US, email: `buyer${i}@example.com` }, payment_method: 'cod' })));
        const ok = results.filter((r) => r.statusCode === 200);
        const refused = results.filter((r) => r.statusCode === 409);
        expect(ok).toHaveLength(10);
        expect(refused).toHaveLength(190);
        for (const r of refused) {
          // Either the line was found sold out when the cart was re-priced, or the stock update found none left.
          expect(['out_of_stock', 'cart_changed']).toContain(error(r).code);
          expect(error(r).message).toMatch(/Limited Edition/);
        }
        expect(await orderCount()).toBe(n + 10);
        const s = await stock(id);
        expect(s).toMatchObject({ stock_quantity: 0, stock_status: 'outofstock', total_sales: 10 });
        const sold = await t.services.db.selectFrom('order_items').select((eb) => eb.fn.sum<number>('quantity').as('q')).where('product_id', '=', id).executeTakeFirstOrThrow();
        expect(Number(sold.q)).toBe(10);
      }, 180_000);

      it('200 parallel checkouts with a coupon that has 10 uses left: exactly 10 orders, 190 clear refusals', async () => {
        const coupon = await saveCoupon(t.services.db, null, { code: `last-${dialect}`, discountType: 'fixed_cart', amount: '1', usageLimit: '10' });
        const withCoupon = async () => {
          const tk = await cartWith([[ids.mug, 1]]);
          expect((await inject('POST', '/api/cart/coupons', { code: coupon.code }, { 'cart-token': tk })).statusCode).toBe(200);
          return tk;
        };
        const tokens: string[] = [];
        for (let i = 0; i < 200; i += 20) tokens.push(...(await Promise.all(Array.from({ length: 20 }, withCoupon))));
        const results = await Promise.all(tokens.map((tk, i) => checkout(tk, { billing_address: { ...US, email: `c${i}@example.com` }, payment_method: 'cod' })));
        const ok = results.filter((r) => r.statusCode === 200);
        expect(ok).toHaveLength(10);
        for (const r of ok) expect(r.json().order.couponLines).toEqual([{ code: coupon.code, discount: 100 }]);
        const refused = results.filter((x) => x.statusCode !== 200);
        expect(refused).toHaveLength(190);
        for (const r of refused) {
          expect(r.statusCode).toBe(409);
          expect(error(r).message).toMatch(/usage limit/);
        }
        const row = await t.services.db.selectFrom('coupons').select('usage_count').where('id', '=', coupon.id).executeTakeFirstOrThrow();
        expect(row.usage_count).toBe(10);
      }, 180_000);
    });
  });
}
