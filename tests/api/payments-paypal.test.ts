import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { refundOrder } from '../../app/features/orders/order-status.server.ts';
import { savePayPalSettings } from '../../app/features/payments/paypal/paypal-admin.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { PayPalStandin, type PayPalEvent } from '../helpers/paypal-standin.ts';

/*
 * PayPal through the real SDK against the local stand-in (tests/helpers/paypal-standin.ts), on
 * SQLite and PostgreSQL: checkout's PayPal order, approval and the return (captured here, read
 * from PayPal, never from the query string), webhooks before and after the return, repeated,
 * out of order and racing it, declined and denied payments, refunds both ways, forged
 * signatures, unknown payments, and no client secret in any answer.
 */

const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const PASSWORD = 'a long enough password';
const ORIGIN = 'https://corner.example';

for (const dialect of await dialects()) {
  describe(`PayPal payments (${dialect})`, () => {
    let t: TestApp;
    let standin: PayPalStandin;
    let admin: Client;
    let shopper: Client;
    let lamp: number;

    beforeAll(async () => {
      standin = await PayPalStandin.start();
      t = await createTestApp(dialect, { config: { paypalApiUrl: standin.url } });
      await saveSettings(t.services.db, { storeName: 'Corner Shop', storeUrl: ORIGIN, currency: 'EUR' });
      lamp = (await createProduct(t.services.db, { name: 'Desk Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 50 })).id;
      const world = await addMethod(t.services.db, null, { type: 'free_shipping' });
      await saveMethod(t.services.db, null, world, { title: 'Free shipping', enabled: '1', requires: '' }, 'EUR');
      const view = await savePayPalSettings(t.services, { enabled: '1', sandbox: '1', sandboxClientId: standin.clientId, sandbox_client_secret: standin.clientSecret, sandboxWebhookId: standin.webhookId });
      expect(view.usable).toBe(true);
      await createUser(t.services, { email: 'owner@corner.example', password: PASSWORD, name: 'Olive Owner', role: 'admin' });
      admin = await Client.start(t.app);
      expect((await admin.request('POST', '/api/account/login', { email: 'owner@corner.example', password: PASSWORD })).statusCode).toBe(200);
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
      shopper = await Client.start(t.app);
      shopper.csrf = (await shopper.request('GET', '/api/session')).json().csrfToken;
    });
    afterAll(async () => {
      await t?.close();
      await standin?.close();
    });

    const inject = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body === undefined ? undefined : JSON.stringify(body) });
    async function checkout(quantity = 1) {
      const token = (await inject('POST', '/api/cart/items', { productId: lamp, quantity }, { 'cart-token': `new-${Math.random()}` })).headers['cart-token'] as string;
      const res = await inject('POST', '/api/checkout', { billing_address: US, payment_method: 'paypal' }, { 'cart-token': token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { order_id: number; order_key: string; status: string; payment_result: { redirect_url: string; message: string | null } };
    }
    const row = (id: number) => t.services.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const notes = async (id: number) => (await t.services.db.selectFrom('order_notes').select('content').where('order_id', '=', id).orderBy('id').execute()).map((n) => n.content);
    const stock = async () => Number((await t.services.db.selectFrom('products').select('stock_quantity').where('id', '=', lamp).executeTakeFirstOrThrow()).stock_quantity);
    const paypalIdOf = (redirect: string) => new URL(redirect).searchParams.get('token')!;
    /** The shopper's browser following PayPal's redirect back to the shop. */
    const back = (location: string) => t.app.inject({ method: 'GET', url: location.replace(ORIGIN, '') });
    const webhook = (ev: Pick<PayPalEvent, 'payload'>, headers = standin.sign(ev.payload)) =>
      t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: ev.payload });
    const capturesOf = (ppId: string) => standin.orders.get(ppId)!.captures.length;
    const toProcessing = async (id: number) => (await notes(id)).filter((n) => n.includes('to Processing')).length;

    it('checkout makes one PayPal order for exactly the total, with a PayPal-Request-Id from the order, and sends the shopper to PayPal', async () => {
      const o = await checkout(2);
      expect(o.status).toBe('pending');
      expect(o.payment_result.redirect_url).toMatch(new RegExp(`^${standin.url}/checkoutnow\\?token=`));
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      const pp = standin.orders.get(ppId)!;
      expect(pp.unit.amount).toEqual({ currency_code: 'EUR', value: '80.00' });
      expect(pp.returnUrl).toBe(`${ORIGIN}/api/payments/paypal/return?order=${o.order_id}&key=${o.order_key}`);
      expect(standin.calls.find((c) => c.path === '/v2/checkout/orders' && c.method === 'POST' && c.requestId?.startsWith(`vitrine-${o.order_id}-`))).toBeTruthy();
      expect((await row(o.order_id)).transaction_id).toBe(ppId);
      // The JS buttons' createOrder for the same pending order: the same PayPal order, not a second.
      const again = await shopper.request('POST', '/api/payments/paypal/order', { order_id: o.order_id, order_key: o.order_key });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().id).toBe(ppId);
    });

    it('return before the webhook: captured at the return (not from its query string); late webhooks change nothing; stock taken once', async () => {
      const before = await stock();
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      // A forged return before approving: the query string claims a token, PayPal says not approved.
      const forged = await back(`/api/payments/paypal/return?order=${o.order_id}&key=${o.order_key}&token=FORGED123456&PayerID=X`);
      expect(forged.statusCode).toBe(303);
      expect(forged.headers.location).toBe(`/checkout/paypal/${o.order_id}?key=${o.order_key}&reason=cancelled`);
      // A script asking for JSON gets the same answer as data.
      const asJson = await t.app.inject({ method: 'GET', url: `/api/payments/paypal/return?order=${o.order_id}&key=${o.order_key}`, headers: { accept: 'application/json' } });
      expect(asJson.json()).toEqual({ status: 'pending', redirect_url: `/checkout/paypal/${o.order_id}?key=${o.order_key}&reason=cancelled` });
      expect((await row(o.order_id)).status).toBe('pending');
      const res = await back(standin.act(ppId, 'approve'));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/checkout/order-received/${o.order_id}?key=${o.order_key}`);
      const paid = await row(o.order_id);
      expect(paid.status).toBe('processing');
      expect(paid.transaction_id).toBe(standin.orders.get(ppId)!.captures[0]!.id);
      for (const ev of [...standin.eventsOf('CHECKOUT.ORDER.APPROVED', ppId), ...standin.eventsOf('PAYMENT.CAPTURE.COMPLETED', ppId)]) expect((await webhook(ev)).statusCode).toBe(200);
      expect((await row(o.order_id)).status).toBe('processing');
      expect(capturesOf(ppId)).toBe(1);
      expect(await toProcessing(o.order_id)).toBe(1);
      expect(await stock()).toBe(before - 1);
    });

    it('webhook before the return: the approval webhook captures; the return then shows it paid', async () => {
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      const location = standin.act(ppId, 'approve');
      const [approved] = standin.eventsOf('CHECKOUT.ORDER.APPROVED', ppId);
      expect((await webhook(approved!)).json()).toMatchObject({ orderId: o.order_id, status: 'processing' });
      const [completed] = standin.eventsOf('PAYMENT.CAPTURE.COMPLETED', ppId);
      expect((await webhook(completed!)).statusCode).toBe(200);
      const res = await back(location);
      expect(res.headers.location).toBe(`/checkout/order-received/${o.order_id}?key=${o.order_key}`);
      expect(capturesOf(ppId)).toBe(1);
      expect(await toProcessing(o.order_id)).toBe(1);
    });

    it('the same event three times (two at once), and events out of order: one paid order, one capture', async () => {
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      const location = standin.act(ppId, 'approve');
      const [approved] = standin.eventsOf('CHECKOUT.ORDER.APPROVED', ppId);
      await webhook(approved!);
      await Promise.all([webhook(approved!), webhook(approved!)]);
      const evs = standin.events.filter((e) => e.resource.id === ppId || (e.resource.supplementary_data as { related_ids: { order_id: string } } | undefined)?.related_ids.order_id === ppId);
      for (const ev of evs.slice().reverse()) expect((await webhook(ev)).statusCode).toBe(200);
      await back(location);
      expect((await row(o.order_id)).status).toBe('processing');
      expect(capturesOf(ppId)).toBe(1);
      expect(await toProcessing(o.order_id)).toBe(1);
      // Completed arriving before approval (a new order): still one paid order.
      const p = await checkout();
      const pp2 = paypalIdOf(p.payment_result.redirect_url);
      const loc2 = standin.act(pp2, 'approve');
      await back(loc2);
      await t.services.db.deleteFrom('payment_events').where('order_id', '=', p.order_id).execute();
      for (const ev of [...standin.eventsOf('PAYMENT.CAPTURE.COMPLETED', pp2), ...standin.eventsOf('CHECKOUT.ORDER.APPROVED', pp2)]) expect((await webhook(ev)).statusCode).toBe(200);
      expect(capturesOf(pp2)).toBe(1);
      expect(await toProcessing(p.order_id)).toBe(1);
    });

    it('the return and the approval webhook at once: one capture at PayPal, one paid order', async () => {
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      const location = standin.act(ppId, 'approve');
      const [approved] = standin.eventsOf('CHECKOUT.ORDER.APPROVED', ppId);
      const [r1, r2, r3] = await Promise.all([back(location), webhook(approved!), back(location)]);
      expect([r1.statusCode, r2.statusCode, r3.statusCode]).toEqual([303, 200, 303]);
      expect((await row(o.order_id)).status).toBe('processing');
      expect(capturesOf(ppId)).toBe(1);
      expect(await toProcessing(o.order_id)).toBe(1);
    });

    it('a declined funding source: the order stays pending with a note, the shopper approves again and pays', async () => {
      const before = await stock();
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      const res = await back(standin.act(ppId, 'decline'));
      expect(res.headers.location).toBe(`/checkout/paypal/${o.order_id}?key=${o.order_key}&reason=declined`);
      expect((await row(o.order_id)).status).toBe('pending');
      expect((await notes(o.order_id)).some((n) => n.includes('declined the payer'))).toBe(true);
      expect(await stock()).toBe(before - 1);
      const retry = await shopper.request('POST', '/api/payments/paypal/order', { order_id: o.order_id, order_key: o.order_key });
      expect(retry.json().id).toBe(ppId);
      expect((await back(standin.act(ppId, 'approve'))).headers.location).toContain('/checkout/order-received/');
      expect((await row(o.order_id)).status).toBe('processing');
    });

    it('a capture PayPal denies: the order fails and gives its stock back', async () => {
      const before = await stock();
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      await back(standin.act(ppId, 'deny'));
      const [denied] = standin.eventsOf('PAYMENT.CAPTURE.DENIED', ppId);
      expect((await webhook(denied!)).statusCode).toBe(200);
      expect((await row(o.order_id)).status).toBe('failed');
      expect(await stock()).toBe(before);
    });

    it('cancel at PayPal: back to the page to try again, the order pending', async () => {
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      const res = await back(standin.act(ppId, 'cancel'));
      expect(res.headers.location).toBe(`/checkout/paypal/${o.order_id}?key=${o.order_key}&reason=cancelled`);
      expect((await row(o.order_id)).status).toBe('pending');
    });

    it('switched to bank transfer on its pay page: the old PayPal order is forgotten, so approving it in the tab left open takes no money', async () => {
      const before = await stock();
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      const res = await shopper.request('POST', `/api/orders/${o.order_id}/pay`, { payment_method: 'bacs', key: o.order_key }, { 'idempotency-key': `pay-${Math.random()}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'on-hold' });
      expect((await notes(o.order_id)).filter((n) => n.includes(ppId) && /no longer this order's payment/.test(n))).toHaveLength(1);
      // The old tab: the shopper approves at PayPal and comes back; PayPal's approval webhook too.
      const returned = await back(standin.act(ppId, 'approve'));
      expect(returned.statusCode).toBe(303);
      expect(returned.headers.location).toBe(`/checkout/order-received/${o.order_id}?key=${o.order_key}`);
      for (const ev of standin.eventsOf('CHECKOUT.ORDER.APPROVED', ppId)) expect((await webhook(ev)).statusCode).toBe(200);
      expect(capturesOf(ppId)).toBe(0);
      expect(await row(o.order_id)).toMatchObject({ status: 'on-hold', payment_method: 'bacs' });
      expect(await stock()).toBe(before - 1);
    });

    it('a captured amount that differs from the total puts the order on hold with a note', async () => {
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      await t.services.db.updateTable('orders').set({ total: 4500 }).where('id', '=', o.order_id).execute();
      await back(standin.act(ppId, 'approve'));
      expect((await row(o.order_id)).status).toBe('on-hold');
      expect((await notes(o.order_id)).some((n) => /captured €40\.00 .* order total is €45\.00/.test(n))).toBe(true);
    });

    it('partial refund from the admin through PayPal; the webhook that follows is not a second refund; a refund made in PayPal arrives by webhook', async () => {
      const o = await checkout(3);
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      await back(standin.act(ppId, 'approve'));
      const captureId = (await row(o.order_id)).transaction_id!;
      await refundOrder(t.services, o.order_id, { amount: 4000, reason: 'Broken' }, { name: 'Olive Owner' }, { throughGateway: true });
      expect(standin.captures.get(captureId)!.refunded).toBe(4000);
      const refunded = standin.events.filter((e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED' && e.resource.custom_id === standin.captures.get(captureId)!.custom_id);
      for (const ev of [...refunded, ...refunded]) expect((await webhook(ev)).statusCode).toBe(200);
      expect(await row(o.order_id)).toMatchObject({ refunded_total: 4000, status: 'processing' });
      // The rest, in PayPal's dashboard: the order is refunded.
      standin.refundInDashboard(captureId, '80.00');
      const last = standin.events.at(-1)!;
      expect((await webhook(last)).statusCode).toBe(200);
      expect((await webhook(last)).statusCode).toBe(200);
      expect(await row(o.order_id)).toMatchObject({ refunded_total: 12000, status: 'refunded' });
      // More than is left: PayPal refuses, nothing is recorded.
      await expect(refundOrder(t.services, o.order_id, { amount: 100, reason: 'x' }, { name: 'Olive Owner' }, { throughGateway: true })).rejects.toThrow();
      expect((await row(o.order_id)).refunded_total).toBe(12000);
    });

    it('forged or tampered webhooks are 400 and change nothing; an unknown payment is 200 and logged', async () => {
      const o = await checkout();
      const ppId = paypalIdOf(o.payment_result.redirect_url);
      standin.act(ppId, 'approve');
      const [approved] = standin.eventsOf('CHECKOUT.ORDER.APPROVED', ppId);
      const headers = standin.sign(approved!.payload);
      expect((await webhook(approved!, { ...headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' })).statusCode).toBe(400);
      expect((await webhook({ payload: approved!.payload.replace('"APPROVED"', '"COMPLETED"') }, headers)).statusCode).toBe(400);
      expect((await webhook(approved!, standin.sign(approved!.payload, 'WH-OTHER'))).statusCode).toBe(400);
      const { 'paypal-transmission-sig': _drop, ...unsigned } = headers;
      expect((await webhook(approved!, unsigned)).statusCode).toBe(400);
      expect((await row(o.order_id)).status).toBe('pending');
      expect(capturesOf(ppId)).toBe(0);
      const stranger = JSON.stringify({ id: 'WH-STRANGER1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAPSTRANGER1', custom_id: '999999-0123456789abcdef', supplementary_data: { related_ids: { order_id: 'ORDSTRANGER1' } } } });
      const res = await webhook({ payload: stranger });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ignored' });
    });

    it('no client secret in any settings answer or admin answer', async () => {
      const answers = [await admin.request('GET', '/api/admin/payments/paypal'), await admin.request('POST', '/api/admin/payments/paypal/check', {}), await inject('GET', '/api/payments/paypal/config'), await admin.request('GET', '/api/admin/settings')];
      for (const a of answers) expect(a.body).not.toContain(standin.clientSecret);
      const view = answers[0]!.json();
      expect(view.masked.sandbox_client_secret).toBe(`…${standin.clientSecret.slice(-4)}`);
      expect(view.webhookUrl).toBe(`${ORIGIN}/api/payments/paypal/webhook`);
      expect(answers[2]!.json()).toMatchObject({ enabled: true, client_id: standin.clientId });
      const sealed = await t.services.db.selectFrom('payment_secrets').select('sealed').where('provider', '=', 'paypal').execute();
      expect(sealed.length).toBe(1);
      expect(sealed[0]!.sealed).not.toContain(standin.clientSecret);
      const wrong = await admin.request('PUT', '/api/admin/payments/paypal', { sandbox_client_secret: 'not valid!' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toHaveProperty('sandbox_client_secret');
    });

    it('wrong credentials: the check says so and shoppers no longer see PayPal', async () => {
      const res = await admin.request('PUT', '/api/admin/payments/paypal', { sandbox_client_secret: 'wrong-secret-000' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().usable).toBe(false);
      expect(res.json().problems.join(' ')).toMatch(/refused/);
      expect((await inject('GET', '/api/payments/paypal/config')).json()).toEqual({ enabled: false });
      expect((await admin.request('PUT', '/api/admin/payments/paypal', { sandbox_client_secret: standin.clientSecret })).json().usable).toBe(true);
    });
  });
}
