import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { saveStripeSettings } from '../../app/features/payments/stripe/stripe-admin.server.ts';
import { savePayPalSettings } from '../../app/features/payments/paypal/paypal-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { StripeStandin } from '../helpers/stripe-standin.ts';
import { PayPalStandin } from '../helpers/paypal-standin.ts';

/*
 * The browser side of paying in the page, through the API calls the widgets make (Stripe's
 * Payment Element, PayPal's buttons), against the local stand-ins, on SQLite and PostgreSQL:
 * the checkout form placed by script (POST /api/checkout/form), the widgets' config, then
 * intent → Stripe.js's confirmation (made here with the real SDK, as the browser would) →
 * confirm, and PayPal's createOrder → approval → capture.
 */

const ORIGIN = 'https://corner.example';
const FORM = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_company: '',
  billing_address_1: '1 Market St',
  billing_address_2: '',
  billing_city: 'San Francisco',
  billing_state: 'CA',
  billing_postcode: '94105',
  billing_country: 'US',
  billing_email: 'ada@example.com',
  billing_phone: '',
};

for (const dialect of await dialects()) {
  describe(`Paying in the page (${dialect})`, () => {
    let t: TestApp;
    let stripe: StripeStandin;
    let paypal: PayPalStandin;
    let sdk: Stripe;
    let lamp: number;

    beforeAll(async () => {
      stripe = await StripeStandin.start();
      paypal = await PayPalStandin.start();
      t = await createTestApp(dialect, { config: { stripeApiUrl: stripe.url, paypalApiUrl: paypal.url } });
      await saveSettings(t.services.db, { storeName: 'Corner Shop', storeUrl: ORIGIN, currency: 'EUR' });
      lamp = (await createProduct(t.services.db, { name: 'Desk Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 50 })).id;
      const world = await addMethod(t.services.db, null, { type: 'free_shipping' });
      await saveMethod(t.services.db, null, world, { title: 'Free shipping', enabled: '1', requires: '' }, 'EUR');
      await saveStripeSettings(t.services, { enabled: '1', testMode: '1', test_secret_key: 'sk_test_standin_4242', test_webhook_secret: stripe.webhookSecret, testPublishableKey: 'pk_test_standin' });
      expect((await savePayPalSettings(t.services, { enabled: '1', sandbox: '1', sandboxClientId: paypal.clientId, sandbox_client_secret: paypal.clientSecret, sandboxWebhookId: paypal.webhookId })).usable).toBe(true);
      const url = new URL(stripe.url);
      sdk = new Stripe('sk_test_standin_4242', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
      await paypal?.close();
    });

    const row = (id: number) => t.services.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const orderCount = async () => Number((await t.services.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const stock = async () => Number((await t.services.db.selectFrom('products').select('stock_quantity').where('id', '=', lamp).executeTakeFirstOrThrow()).stock_quantity);
    /** A shopper's browser with the lamp in its cart (the cart cookie, as the page has it). */
    async function shopperWithCart() {
      const shopper = await Client.start(t.app);
      expect((await shopper.request('POST', '/api/cart/items', { productId: lamp, quantity: 1 })).statusCode).toBe(201);
      return shopper;
    }
    const place = (shopper: Client, method: string, extra: Record<string, string> = {}) =>
      shopper.request('POST', '/api/checkout/form', { ...FORM, payment_method: method, idempotency_key: `form-${Math.random().toString(36).slice(2)}`, ...extra });

    it('the widgets’ config: the public keys only, and nothing once a provider is off', async () => {
      const s = await t.app.inject({ method: 'GET', url: '/api/payments/stripe/config' });
      expect(s.json()).toEqual({ enabled: true, publishable_key: 'pk_test_standin', test_mode: true });
      const p = await t.app.inject({ method: 'GET', url: '/api/payments/paypal/config' });
      expect(p.json()).toMatchObject({ enabled: true, client_id: paypal.clientId, currency: 'EUR' });
      for (const body of [s.body, p.body]) {
        expect(body).not.toContain('sk_test');
        expect(body).not.toContain(paypal.clientSecret);
      }
      await saveStripeSettings(t.services, { enabled: '0' });
      try {
        expect((await t.app.inject({ method: 'GET', url: '/api/payments/stripe/config' })).json()).toEqual({ enabled: false });
      } finally {
        await saveStripeSettings(t.services, { enabled: '1' });
      }
    });

    it('the form placed by script: one order for one idempotency key, the cart emptied; refusals name the form’s fields and place nothing', async () => {
      const shopper = await shopperWithCart();
      const before = await orderCount();
      const refused = await place(shopper, 'stripe', { billing_postcode: '', billing_email: 'not an address' });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(expect.arrayContaining(['billing_email']));
      expect(await orderCount()).toBe(before);
      const noCsrf = await t.app.inject({ method: 'POST', url: '/api/checkout/form', headers: { 'content-type': 'application/json', cookie: shopper.cookieHeader() }, payload: JSON.stringify({ ...FORM, payment_method: 'stripe' }) });
      expect(noCsrf.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/checkout/form', headers: { 'content-type': 'application/json', cookie: shopper.cookieHeader(), 'x-csrf-token': shopper.csrf }, payload: '[1,2]' })).statusCode).toBe(400);
      expect(await orderCount()).toBe(before);

      const key = 'form-key-once-only';
      const [a, b] = await Promise.all([place(shopper, 'stripe', { idempotency_key: key }), place(shopper, 'stripe', { idempotency_key: key })]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.json().order_id).toBe(a.json().order_id);
      expect(a.json()).toMatchObject({ status: 'pending', received_url: `/checkout/order-received/${a.json().order_id}?key=${a.json().order_key}` });
      expect(await orderCount()).toBe(before + 1);
      expect((await shopper.request('GET', '/api/cart')).json().items).toHaveLength(0);
    });

    it('Stripe in the page: a declined card is told and the order waits; a good card then pays it', async () => {
      const before = await stock();
      const shopper = await shopperWithCart();
      const placed = (await place(shopper, 'stripe')).json();
      const ref = { order_id: placed.order_id, order_key: placed.order_key };
      const intent = await shopper.request('POST', '/api/payments/stripe/intent', ref);
      expect(intent.statusCode, intent.body).toBe(200);
      const piId = intent.json().client_secret.split('_secret_')[0];
      expect(stripe.intents.get(piId)).toMatchObject({ amount: 4000, currency: 'eur' });
      // What stripe.confirmPayment does in the browser with the client secret.
      await sdk.paymentIntents.confirm(piId, { payment_method: 'pm_card_chargeDeclined' }).catch((e: Error) => e);
      expect((await shopper.request('POST', '/api/payments/stripe/confirm', ref)).json()).toMatchObject({ status: 'pending', paid: false, message: 'Your card was declined.' });
      expect((await row(placed.order_id)).status).toBe('pending');
      // The next try pays the same order with the same PaymentIntent.
      expect((await shopper.request('POST', '/api/payments/stripe/intent', ref)).json().client_secret).toBe(intent.json().client_secret);
      await sdk.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });
      expect((await shopper.request('POST', '/api/payments/stripe/confirm', ref)).json()).toMatchObject({ status: 'processing', paid: true, message: null, received_url: placed.received_url });
      expect(await stock()).toBe(before - 1);
    });

    it('Stripe in the page: 3-D Secure asked (the order waits), then completed: paid', async () => {
      const shopper = await shopperWithCart();
      const placed = (await place(shopper, 'stripe')).json();
      const ref = { order_id: placed.order_id, order_key: placed.order_key };
      const piId = (await shopper.request('POST', '/api/payments/stripe/intent', ref)).json().client_secret.split('_secret_')[0];
      const pi = await sdk.paymentIntents.confirm(piId, { payment_method: 'pm_card_authenticationRequired' });
      expect(pi.status).toBe('requires_action');
      expect((await shopper.request('POST', '/api/payments/stripe/confirm', ref)).json()).toMatchObject({ status: 'pending', paid: false, message: 'Please complete the verification your bank asks for.' });
      // Stripe.js's 3-D Secure dialog, finished.
      stripe.authenticate(piId);
      expect((await shopper.request('POST', '/api/payments/stripe/confirm', ref)).json()).toMatchObject({ status: 'processing', paid: true });
    });

    it('PayPal’s buttons: createOrder makes one PayPal order; a capture before approval leaves the order waiting; approved, it is captured once', async () => {
      const shopper = await shopperWithCart();
      const placed = (await place(shopper, 'paypal')).json();
      const ref = { order_id: placed.order_id, order_key: placed.order_key };
      const created = await shopper.request('POST', '/api/payments/paypal/order', ref);
      expect(created.statusCode, created.body).toBe(200);
      const ppId = created.json().id;
      expect((await shopper.request('POST', '/api/payments/paypal/order', ref)).json().id).toBe(ppId);
      expect(paypal.orders.get(ppId)!.unit.amount).toEqual({ currency_code: 'EUR', value: '40.00' });
      const early = (await shopper.request('POST', '/api/payments/paypal/capture', ref)).json();
      expect(early).toMatchObject({ status: 'pending', paid: false });
      expect(early.redirect_url).toMatch(new RegExp(`^/checkout/paypal/${placed.order_id}\\?key=`));
      // The shopper approves in PayPal's window (the buttons do not follow the return address).
      paypal.act(ppId, 'approve');
      const [one, two] = await Promise.all([shopper.request('POST', '/api/payments/paypal/capture', ref), shopper.request('POST', '/api/payments/paypal/capture', ref)]);
      expect(one.json()).toMatchObject({ status: 'processing', paid: true, redirect_url: placed.received_url });
      expect(two.json()).toMatchObject({ status: 'processing', paid: true });
      expect(paypal.orders.get(ppId)!.captures).toHaveLength(1);
      expect((await shopper.request('POST', '/api/payments/paypal/order', ref)).statusCode).toBe(409);
      expect((await shopper.request('POST', '/api/payments/paypal/capture', { ...ref, order_key: 'wc_order_wrong' })).statusCode).toBe(404);
    });
  });
}
