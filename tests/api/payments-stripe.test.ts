import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createUser } from '../../app/features/account/account.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { saveStripeSettings } from '../../app/features/payments/stripe/stripe-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { StripeStandin, type StandinEvent } from '../helpers/stripe-standin.ts';

/*
 * Stripe card payments through the real SDK against the local stand-in (tests/helpers/
 * stripe-standin.ts), on SQLite and PostgreSQL: checkout by the hosted page and by the Payment
 * Element's PaymentIntent, the return page and webhooks in every order and number, capture
 * (later, partial), refunds both ways, disputes, and forged signatures.
 */

const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const PASSWORD = 'a long enough password';

for (const dialect of await dialects()) {
  describe(`Stripe payments (${dialect})`, () => {
    let t: TestApp;
    let standin: StripeStandin;
    let sdk: Stripe;
    let admin: Client;
    let lamp: number;

    beforeAll(async () => {
      standin = await StripeStandin.start();
      t = await createTestApp(dialect, { config: { stripeApiUrl: standin.url } });
      await saveSettings(t.services.db, { storeName: 'Corner Shop', storeUrl: 'https://corner.example', currency: 'EUR' });
      lamp = (await createProduct(t.services.db, { name: 'Desk Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 50 })).id;
      const world = await addMethod(t.services.db, null, { type: 'free_shipping' });
      await saveMethod(t.services.db, null, world, { title: 'Free shipping', enabled: '1', requires: '' }, 'EUR');
      await saveStripeSettings(t.services, { enabled: '1', testMode: '1', test_secret_key: 'sk_test_standin_4242', test_webhook_secret: standin.webhookSecret, testPublishableKey: 'pk_test_standin' });
      const url = new URL(standin.url);
      sdk = new Stripe('sk_test_standin_4242', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
      await createUser(t.services, { email: 'owner@corner.example', password: PASSWORD, name: 'Olive Owner', role: 'admin' });
      admin = await Client.start(t.app);
      expect((await admin.request('POST', '/api/account/login', { email: 'owner@corner.example', password: PASSWORD })).statusCode).toBe(200);
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
    });
    afterAll(async () => {
      await t?.close();
      await standin?.close();
    });

    const inject = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body === undefined ? undefined : JSON.stringify(body) });
    async function checkout(quantity = 1, body: Record<string, unknown> = {}) {
      const token = (await inject('POST', '/api/cart/items', { productId: lamp, quantity }, { 'cart-token': `new-${Math.random()}` })).headers['cart-token'] as string;
      const res = await inject('POST', '/api/checkout', { billing_address: US, payment_method: 'stripe', ...body }, { 'cart-token': token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { order_id: number; order_key: string; status: string; payment_result: { redirect_url: string; message: string | null } };
    }
    const order = async (id: number) => (await admin.request('GET', `/api/orders/${id}?key=${(await t.services.db.selectFrom('orders').select('order_key').where('id', '=', id).executeTakeFirstOrThrow()).order_key}`)).json().order;
    const row = (id: number) => t.services.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stock = async () => Number((await t.services.db.selectFrom('products').select('stock_quantity').where('id', '=', lamp).executeTakeFirstOrThrow()).stock_quantity);
    /** Delivers an event as Stripe does: the JSON bytes, signed. */
    const webhook = (ev: StandinEvent, signature = standin.sign(ev.payload)) =>
      t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload: ev.payload });
    /** Pays on the hosted page as the shopper's browser would: a form post, then Stripe's redirect back. */
    async function payOnPage(redirect: string, card: string) {
      const res = await fetch(redirect, { method: 'POST', body: new URLSearchParams({ cardNumber: card }), redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location'), html: res.status === 200 ? await res.text() : '' };
    }
    /** Where Stripe sends the shopper back (the order-received page), read through its API twin. */
    const returnPage = (location: string) => t.app.inject({ method: 'GET', url: location.replace('https://corner.example', '').replace('/checkout/order-received/', '/api/orders/') });
    const piOf = async (id: number) => (await row(id)).transaction_id!;
    const notes = async (id: number) => (await t.services.db.selectFrom('order_notes').select('content').where('order_id', '=', id).orderBy('id').execute()).map((n) => n.content);

    it('checkout makes one PaymentIntent for exactly the order total, with a key from the order, and sends the shopper to Stripe', async () => {
      const o = await checkout(2);
      expect(o.status).toBe('pending');
      expect(o.payment_result.redirect_url).toMatch(new RegExp(`^${standin.url}/c/pay/cs_test_`));
      const pi = standin.intents.get(await piOf(o.order_id))!;
      expect(pi).toMatchObject({ amount: 8000, currency: 'eur', capture_method: 'automatic', metadata: { order_id: String(o.order_id) } });
      const call = standin.calls.find((c) => c.path === '/v1/checkout/sessions' && c.idempotencyKey?.startsWith(`vitrine-${o.order_id}-`));
      expect(call).toBeTruthy();
    });

    it('the same checkout sent twice at once (one Idempotency-Key): one order, one Checkout Session', async () => {
      const token = (await inject('POST', '/api/cart/items', { productId: lamp, quantity: 1 }, { 'cart-token': `new-${Math.random()}` })).headers['cart-token'] as string;
      const send = () => inject('POST', '/api/checkout', { billing_address: US, payment_method: 'stripe' }, { 'cart-token': token, 'idempotency-key': `double-${token}` });
      const sessions = standin.sessions.size;
      const [a, b] = await Promise.all([send(), send()]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().order_id).toBe(b.json().order_id);
      expect(standin.sessions.size).toBe(sessions + 1);
    });

    it('zero- and three-decimal currencies: exactly the stored total in Stripe’s units; a total Stripe cannot charge exactly is refused, not rounded', async () => {
      try {
        await saveSettings(t.services.db, { currency: 'JPY' });
        const yen = await checkout();
        expect(standin.intents.get(await piOf(yen.order_id))).toMatchObject({ amount: 4000, currency: 'jpy' });
        await saveSettings(t.services.db, { currency: 'KWD' });
        const dinar = await checkout();
        expect(standin.intents.get(await piOf(dinar.order_id))).toMatchObject({ amount: 4000, currency: 'kwd' });
        const odd = (await createProduct(t.services.db, { name: 'Odd Fils', regular_price: 4005 })).id;
        const token = (await inject('POST', '/api/cart/items', { productId: odd, quantity: 1 }, { 'cart-token': `new-${Math.random()}` })).headers['cart-token'] as string;
        const res = (await inject('POST', '/api/checkout', { billing_address: US, payment_method: 'stripe' }, { 'cart-token': token })).json();
        expect(res.status).toBe('pending');
        expect(res.payment_result.message).toMatch(/cannot be paid by card/);
        expect((await row(res.order_id)).transaction_id).toBeNull();
      } finally {
        await saveSettings(t.services.db, { currency: 'EUR' });
      }
    });

    it('webhook before the return page: paid once, the return page then shows it paid; stock taken once', async () => {
      const before = await stock();
      const o = await checkout();
      const back = await payOnPage(o.payment_result.redirect_url, '4242 4242 4242 4242');
      expect(back.status).toBe(303);
      const pi = await piOf(o.order_id);
      for (const ev of standin.eventsOf('payment_intent.succeeded', pi)) expect((await webhook(ev)).statusCode).toBe(200);
      expect((await row(o.order_id)).status).toBe('processing');
      const page = await returnPage(back.location!);
      expect(page.statusCode).toBe(200);
      expect((await row(o.order_id)).status).toBe('processing');
      expect(await stock()).toBe(before - 1);
      expect((await notes(o.order_id)).filter((n) => n.includes('to Processing'))).toHaveLength(1);
    });

    it('return page before the webhook: it reads Stripe (not its query string); the late webhook changes nothing', async () => {
      const o = await checkout();
      // A forged return before paying: the query string claims a session, Stripe says unpaid.
      await returnPage(`/checkout/order-received/${o.order_id}?key=${o.order_key}&stripe_session=cs_test_forged&redirect_status=succeeded`);
      expect((await row(o.order_id)).status).toBe('pending');
      const back = await payOnPage(o.payment_result.redirect_url, '4242424242424242');
      await returnPage(back.location!);
      expect((await row(o.order_id)).status).toBe('processing');
      const events = [...standin.eventsOf('checkout.session.completed', await piOf(o.order_id)), ...standin.eventsOf('payment_intent.succeeded', await piOf(o.order_id))];
      for (const ev of events) expect((await webhook(ev)).json()).toMatchObject({ orderId: o.order_id, status: 'processing' });
      expect((await notes(o.order_id)).filter((n) => n.includes('to Processing'))).toHaveLength(1);
    });

    it('the same event three times, and events out of order: one paid order', async () => {
      const o = await checkout();
      await payOnPage(o.payment_result.redirect_url, '4242424242424242');
      const pi = await piOf(o.order_id);
      const evs = standin.events.filter((e) => e.data.object.id === pi || e.data.object.payment_intent === pi);
      const succeeded = standin.eventsOf('payment_intent.succeeded', pi)[0]!;
      // Newest first, then the success twice more, two at once.
      for (const ev of evs.slice().reverse()) expect((await webhook(ev)).statusCode).toBe(200);
      await Promise.all([webhook(succeeded), webhook(succeeded)]);
      const o2 = await row(o.order_id);
      expect(o2.status).toBe('processing');
      expect((await notes(o.order_id)).filter((n) => n.includes('to Processing'))).toHaveLength(1);
      const timeline = await t.services.db.selectFrom('payment_events').select('event_id').where('order_id', '=', o.order_id).where('event_id', '=', succeeded.id).execute();
      expect(timeline).toHaveLength(1);
    });

    it('a forged or stale signature is 400 and changes nothing; an unknown payment is 200 and changes nothing', async () => {
      const o = await checkout();
      await payOnPage(o.payment_result.redirect_url, '4242424242424242');
      const ev = standin.eventsOf('payment_intent.succeeded', await piOf(o.order_id))[0]!;
      const forged = await webhook(ev, standin.sign(ev.payload, 'whsec_someone_else'));
      expect(forged.statusCode).toBe(400);
      const stale = await webhook(ev, standin.sign(ev.payload, standin.webhookSecret, Math.floor(Date.now() / 1000) - 3600));
      expect(stale.statusCode).toBe(400);
      const tampered = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': standin.sign(ev.payload) }, payload: ev.payload.replace('"amount": 4000', '"amount": 1') });
      expect(tampered.statusCode).toBe(400);
      expect((await row(o.order_id)).status).toBe('pending');
      // A PaymentIntent made elsewhere on the account (no order of ours).
      const other = await sdk.paymentIntents.create({ amount: 500, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
      const unknown = standin.eventsOf('payment_intent.succeeded', other.id)[0]!;
      const res = await webhook(unknown);
      expect(res.statusCode).toBe(200);
      expect(await t.services.db.selectFrom('payment_events').select('id').where('event_id', '=', unknown.id).execute()).toEqual([]);
    });

    it('declined card: the provider message, order pending, no stock lost; then a good card pays', async () => {
      const before = await stock();
      const o = await checkout();
      const declined = await payOnPage(o.payment_result.redirect_url, '4000000000000002');
      expect(declined.status).toBe(200);
      expect(declined.html).toContain('Your card was declined.');
      for (const ev of standin.eventsOf('payment_intent.payment_failed', await piOf(o.order_id))) await webhook(ev);
      expect((await row(o.order_id)).status).toBe('pending');
      expect(await stock()).toBe(before - 1);
      const ok = await payOnPage(o.payment_result.redirect_url, '4242424242424242');
      await returnPage(ok.location!);
      expect((await row(o.order_id)).status).toBe('processing');
      expect(await stock()).toBe(before - 1);
    });

    it('3-D Secure: the page asks, the order waits; completed, it is paid', async () => {
      const o = await checkout();
      const step = await payOnPage(o.payment_result.redirect_url, '4000002500003155');
      expect(step.html).toContain('3D Secure');
      await returnPage(`/checkout/order-received/${o.order_id}?key=${o.order_key}`);
      expect((await row(o.order_id)).status).toBe('pending');
      const done = await fetch(`${o.payment_result.redirect_url}/3ds`, { method: 'POST', body: new URLSearchParams({ result: 'complete' }), redirect: 'manual' });
      expect(done.status).toBe(303);
      await returnPage(done.headers.get('location')!);
      expect((await row(o.order_id)).status).toBe('processing');
    });

    it('Payment Element: two tabs asking at once share one PaymentIntent; a decline is told, a retry pays', async () => {
      const o = await checkout();
      const shopper = await Client.start(t.app);
      const ref = { order_id: o.order_id, order_key: o.order_key };
      const count = standin.intents.size;
      const [a, b] = await Promise.all([shopper.request('POST', '/api/payments/stripe/intent', ref), shopper.request('POST', '/api/payments/stripe/intent', ref)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().client_secret).toBe(b.json().client_secret);
      expect(a.json()).toMatchObject({ publishable_key: 'pk_test_standin', amount: 4000, currency: 'EUR', test_mode: true });
      expect(a.body).not.toContain('sk_test');
      expect(standin.intents.size).toBe(count + 1);
      const piId = a.json().client_secret.split('_secret_')[0];
      // What stripe.js does in the browser with the client secret.
      await sdk.paymentIntents.confirm(piId, { payment_method: 'pm_card_chargeDeclined' }).catch((e: Error) => e);
      const declined = (await shopper.request('POST', '/api/payments/stripe/confirm', ref)).json();
      expect(declined).toMatchObject({ status: 'pending', paid: false, message: 'Your card was declined.' });
      await sdk.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });
      expect((await shopper.request('POST', '/api/payments/stripe/confirm', ref)).json()).toMatchObject({ status: 'processing', paid: true, message: null });
      expect((await shopper.request('POST', '/api/payments/stripe/intent', ref)).statusCode).toBe(409);
      expect((await shopper.request('POST', '/api/payments/stripe/intent', { ...ref, order_key: 'wc_order_wrong' })).statusCode).toBe(404);
    });

    it('Stripe down or slow at checkout: a clear message, the order stays pending, no stock lost, a retry works', async () => {
      const before = await stock();
      standin.fault = 'down';
      let o: Awaited<ReturnType<typeof checkout>>;
      try {
        o = await checkout();
      } finally {
        standin.fault = null;
      }
      expect(o.status).toBe('pending');
      expect(o.payment_result.message).toMatch(/not answering|not available/);
      expect(await stock()).toBe(before - 1);
      const shopper = await Client.start(t.app);
      const retry = await shopper.request('POST', '/api/payments/stripe/intent', { order_id: o.order_id, order_key: o.order_key });
      expect(retry.statusCode, retry.body).toBe(200);
    });

    it('manual capture: authorised at checkout (on hold), captured later from the admin once; a partial capture releases the rest', async () => {
      await saveStripeSettings(t.services, { captureMode: 'manual' });
      try {
        const o = await checkout();
        const back = await payOnPage(o.payment_result.redirect_url, '4242424242424242');
        await returnPage(back.location!);
        expect((await row(o.order_id)).status).toBe('on-hold');
        const [c1, c2] = await Promise.all([admin.request('POST', `/api/admin/orders/${o.order_id}/capture`, {}), admin.request('POST', `/api/admin/orders/${o.order_id}/capture`, {})]);
        expect([c1.statusCode, c2.statusCode], c1.body + c2.body).toEqual([200, 200]);
        expect((await row(o.order_id)).status).toBe('processing');
        const pi = await piOf(o.order_id);
        expect(standin.intents.get(pi)).toMatchObject({ status: 'succeeded', amount_received: 4000 });
        expect(standin.eventsOf('charge.captured', pi)).toHaveLength(1);
        for (const ev of standin.eventsOf('payment_intent.succeeded', pi)) await webhook(ev);
        expect((await row(o.order_id)).status).toBe('processing');

        const p = await checkout(2);
        await returnPage((await payOnPage(p.payment_result.redirect_url, '4242424242424242')).location!);
        const res = await admin.request('POST', `/api/admin/orders/${p.order_id}/capture`, { amount: 5000 });
        expect(res.statusCode, res.body).toBe(200);
        expect(standin.intents.get(await piOf(p.order_id))).toMatchObject({ amount_received: 5000, status: 'succeeded' });
        expect((await notes(p.order_id)).some((n) => n.includes('was released'))).toBe(true);
        for (const ev of standin.eventsOf('payment_intent.succeeded', await piOf(p.order_id))) await webhook(ev);
        expect((await row(p.order_id)).status).toBe('processing');

        // Completing an authorised order captures it; cancelling one releases the authorisation.
        const q = await checkout();
        await returnPage((await payOnPage(q.payment_result.redirect_url, '4242424242424242')).location!);
        const { changeOrderStatus } = await import('../../app/features/orders/order-status.server.ts');
        await changeOrderStatus(t.services, q.order_id, { status: 'completed' }, { name: 'Olive Owner' });
        expect(standin.intents.get(await piOf(q.order_id))!.status).toBe('succeeded');
        const r = await checkout();
        await returnPage((await payOnPage(r.payment_result.redirect_url, '4242424242424242')).location!);
        await changeOrderStatus(t.services, r.order_id, { status: 'cancelled' }, { name: 'Olive Owner' });
        expect(standin.intents.get(await piOf(r.order_id))!.status).toBe('canceled');
      } finally {
        await saveStripeSettings(t.services, { captureMode: 'automatic' });
      }
    });

    it('a paid amount that differs from the order total puts the order on hold with a note', async () => {
      const o = await checkout();
      // The order's total changed after the PaymentIntent was made (as by a bug or a hand edit).
      await t.services.db.updateTable('orders').set({ total: 4500 }).where('id', '=', o.order_id).execute();
      await returnPage((await payOnPage(o.payment_result.redirect_url, '4242424242424242')).location!);
      expect((await row(o.order_id)).status).toBe('on-hold');
      expect((await notes(o.order_id)).some((n) => /charged €40\.00 .* order total is €45\.00/.test(n))).toBe(true);
    });

    it('partial refund from the admin through Stripe, with restock; the webhook that follows is not a second refund', async () => {
      const o = await checkout(3);
      await returnPage((await payOnPage(o.payment_result.redirect_url, '4242424242424242')).location!);
      const before = await stock();
      const item = (await order(o.order_id)).items[0];
      const { refundOrder } = await import('../../app/features/orders/order-status.server.ts');
      await refundOrder(t.services, o.order_id, { amount: 4000, reason: 'Broken', items: [{ itemId: item.id, quantity: 1, restock: true }] }, { name: 'Olive Owner' }, { throughGateway: true });
      const pi = await piOf(o.order_id);
      expect([...standin.refunds.values()].filter((r) => r.payment_intent === pi).map((r) => r.amount)).toEqual([4000]);
      for (const ev of [...standin.eventsOf('charge.refunded', pi), ...standin.eventsOf('charge.refunded', pi)]) expect((await webhook(ev)).statusCode).toBe(200);
      const after = await row(o.order_id);
      expect(after).toMatchObject({ refunded_total: 4000, status: 'processing' });
      expect(await stock()).toBe(before + 1);
    });

    it('a refund and a dispute made in Stripe’s dashboard appear on the order', async () => {
      const o = await checkout(2);
      await returnPage((await payOnPage(o.payment_result.redirect_url, '4242424242424242')).location!);
      const pi = await piOf(o.order_id);
      standin.dashboardRefund(pi, 1500);
      for (const ev of standin.eventsOf('charge.refunded', pi)) {
        await webhook(ev);
        await webhook(ev);
      }
      expect((await row(o.order_id)).refunded_total).toBe(1500);
      expect((await order(o.order_id)).refunds).toHaveLength(1);
      standin.dispute(pi);
      const [dispute] = standin.eventsOf('charge.dispute.created', pi);
      await webhook(dispute!);
      await webhook(dispute!);
      expect((await row(o.order_id)).status).toBe('on-hold');
      expect((await notes(o.order_id)).filter((n) => n.includes('disputed €80.00'))).toHaveLength(1);
    });
  });
}
