import type { Page } from '@playwright/test';
import Stripe from 'stripe';
import { test as base, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, uniqueEmail } from './helpers.ts';
import { addToCart, adminSession, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';
import { StripeStandin } from '../helpers/stripe-standin.ts';

/*
 * The Payment Element's flow in the checkout page, with scripts. Stripe.js cannot be had
 * offline, so Stripe's side is played by stand-ins: a small Stripe.js served at its address
 * (a card-number field, `elements.submit`, `confirmPayment` calling Stripe's API as Stripe.js
 * does) and Stripe's API answered by the local Stripe stand-in. Everything of the shop's —
 * the island, the form's placement, intent and confirm — is the real thing.
 */

const STRIPE_JS = `window.Stripe = function (pk) {
  return {
    elements: function () {
      var input = null;
      return {
        create: function () {
          var handlers = {};
          return {
            on: function (ev, cb) { handlers[ev] = cb; },
            mount: function (el) {
              var label = document.createElement('label');
              label.textContent = 'Card number ';
              input = document.createElement('input');
              input.setAttribute('inputmode', 'numeric');
              label.appendChild(input);
              el.appendChild(label);
              setTimeout(function () { if (handlers.ready) handlers.ready({}); }, 10);
            },
            destroy: function () {},
          };
        },
        update: function () {},
        submit: async function () {
          return input && input.value.replace(/\\s/g, '').length >= 12 ? {} : { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        },
        card: function () { return input.value.replace(/\\s/g, ''); },
      };
    },
    confirmPayment: async function (o) {
      var id = o.clientSecret.split('_secret_')[0];
      var res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ payment_method: o.elements.card(), client_secret: o.clientSecret, key: pk }) });
      var body = await res.json();
      return body.error ? { error: body.error } : { paymentIntent: body };
    },
  };
};`;

const test = base.extend<object, { stripe: StripeStandin }>({
  stripe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const s = await StripeStandin.start();
      await provide(s);
      await s.close();
    },
    { scope: 'worker' },
  ],
  shopEnv: [async ({ stripe }, provide) => provide({ STRIPE_API_URL: stripe.url }), { scope: 'worker' }],
});

test.use({ shopInstance: 'stripe-element' });

test.beforeAll(async ({ browser, shop, stripe }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
  stripe.webhookUrl = `${shop.server.baseURL}/api/payments/stripe/webhook`;
  const context = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await adminSession(page);
  await page.goto('/admin/payments/stripe');
  await page.getByLabel('Enable card payments through Stripe').check();
  await page.getByLabel('Test publishable key').fill('pk_test_standin');
  await page.getByLabel('Test secret key').fill('sk_test_standin_4242');
  await page.getByLabel('Test webhook signing secret').fill(stripe.webhookSecret);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Shoppers can pay by card.')).toBeVisible();
  await context.close();
});

/** Stripe's side for this page: its script at its address, its API by the stand-in. */
async function standInForStripe(page: Page, stripe: StripeStandin) {
  const url = new URL(stripe.url);
  const sdk = new Stripe('sk_test_standin_4242', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS }));
  await page.route(/^https:\/\/api\.stripe\.com\/v1\/payment_intents\/([^/]+)\/confirm$/, async (route) => {
    const id = /payment_intents\/([^/]+)\/confirm/.exec(route.request().url())![1]!;
    const card = new URLSearchParams(route.request().postData() ?? '').get('payment_method') ?? '';
    const cors = { 'access-control-allow-origin': '*' };
    try {
      return await route.fulfill({ json: await sdk.paymentIntents.confirm(id, { payment_method: card }), headers: cors });
    } catch (err) {
      return route.fulfill({ status: 402, json: { error: (err as { raw?: unknown }).raw }, headers: cors });
    }
  });
}

const BUYER = { first: 'Grace', last: 'Hopper', street: '1 Navy Way', city: 'London', country: 'GB', postcode: 'SW1A 1AA' };

test('card in the page: a declined card is told at the field, then a good card pays the same order', async ({ page, stripe }) => {
  await standInForStripe(page, stripe);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await fillBilling(page, { ...BUYER, email: uniqueEmail('element') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Credit / debit card' }).check();
  const card = page.getByLabel('Card number');
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'checkout with the card form in the page');
  await page.screenshot({ path: 'test-results/screens/checkout-element-1280.png', fullPage: true });
  // The Element's own check first: nothing is placed with an incomplete card.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card number is incomplete.' })).toBeVisible();
  const intentsBefore = stripe.intents.size;
  await card.fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await card.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText('Payment received.')).toBeVisible();
  // One order, one PaymentIntent for it, made in the page (not Stripe's hosted page).
  const id = orderIdOf(page.url());
  const ofOrder = [...stripe.intents.values()].filter((p) => (p.metadata as Record<string, string>).order_id === String(id));
  expect(ofOrder.filter((p) => (p.metadata as Record<string, string>).flow === 'element')).toHaveLength(1);
  expect(stripe.intents.size - intentsBefore).toBeLessThanOrEqual(2);
  expect(errors).toEqual([]);
});

test('declined in the page, then another method: the shopper is taken to the order’s pay page, where the card form pays it', async ({ page, stripe }) => {
  await standInForStripe(page, stripe);
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await fillBilling(page, { ...BUYER, email: uniqueEmail('element-switch') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Credit / debit card' }).check();
  await page.getByLabel('Card number').fill('4000000000000002');
  // The placed order emptied the cart: the page fetches it anew (when the order's answer
  // changed the cart cookie, or when the window comes back into focus), and the checkout
  // still shows what was ordered, for another card or method. Counted from the click, as
  // the fetch may come before the focus does.
  let cartFetches = 0;
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/cart' && r.request().method() === 'GET') cartFetches++;
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => cartFetches, { timeout: budget(15_000) }).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await expect(page.getByText('Your cart is currently empty')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\?key=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for order' })).toBeVisible();
  // The order is still to be paid by card: the pay page has the card form in the page too.
  await page.getByRole('radio', { name: 'Credit / debit card' }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expectNoSeriousA11yViolations(page, 'pay page with the card form in the page');
  await page.getByRole('button', { name: 'Pay for order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText('Payment received.')).toBeVisible();
});
