import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, uniqueEmail } from './helpers.ts';
import { addToCart, adminSession, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';
import { StripeStandin } from '../helpers/stripe-standin.ts';

/*
 * Card payments by Stripe's hosted page (the path without scripts), against the local Stripe
 * stand-in: the shop's server is started with STRIPE_API_URL pointing at it, and the stand-in
 * delivers its webhooks to the shop as Stripe would. The owner sets the keys in Admin →
 * Payments → Stripe first.
 */

const test = base.extend<object, { stripe: StripeStandin }>({
  stripe: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
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

test.use({ shopInstance: 'stripe' });

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
  await expect(page.getByRole('status').first()).toHaveText('Settings saved.');
  await expect(page.getByText('Shoppers can pay by card.')).toBeVisible();
  // Shown masked only: the key itself never comes back to the page.
  await expect(page.getByText('Saved: sk_test_…4242')).toBeVisible();
  expect(await page.content()).not.toContain('sk_test_standin_4242');
  await expectNoSeriousA11yViolations(page, 'Stripe settings');
  await context.close();
});

// In the shop's own country: without scripts the address fields are that country's.
const BUYER = { first: 'Grace', last: 'Hopper', street: '1 Navy Way', city: 'London', country: 'GB', postcode: 'SW1A 1AA' };

/** Puts the tote in the cart and places the order by card: the shopper lands on Stripe's page. */
async function orderByCard(page: Page, label: string, product = { search: 'tote', name: 'Canvas Tote Bag' }, scripts = false) {
  await addToCart(page, product.search, product.name, { scripts });
  await page.goto('/checkout');
  await fillBilling(page, { ...BUYER, email: uniqueEmail(label) });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Credit / debit card' }).check();
  await expect(page.getByText(/TEST MODE: no money is taken/)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('pay by card through Stripe’s page: back on the shop, the order is paid', async ({ page }) => {
    await orderByCard(page, 'card');
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(page.getByText('Payment received.')).toBeVisible();
  });

  test('a declined card shows Stripe’s message, then a good card pays', async ({ page }) => {
    await orderByCard(page, 'declined');
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
    await expect(page.getByText('Payment received.')).toBeVisible();
  });

  test('3-D Secure asked, then completed: paid', async ({ page }) => {
    await orderByCard(page, '3ds');
    await payWith(page, '4000 0025 0000 3155');
    await expect(page.getByRole('heading', { name: '3D Secure 2 Test Page' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
    await expect(page.getByText('Payment received.')).toBeVisible();
  });
});

test('with scripts but Stripe.js unreachable: no broken card form, and the shopper pays through Stripe’s page', async ({ page }) => {
  // Stripe.js cannot be had (offline, blocked): its address fails as a network error would.
  const asked: string[] = [];
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(stripe\.com|stripe\.network)\//, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await fillBilling(page, { ...BUYER, email: uniqueEmail('stripe-js-down') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  // Nothing of Stripe's is asked for until the card method is chosen.
  expect(asked).toEqual([]);
  await page.getByRole('radio', { name: 'Credit / debit card' }).check();
  await expect.poll(() => asked.some((u) => u.startsWith('https://js.stripe.com/'))).toBe(true);
  // The widget gave up quietly: no loading note left, no card form, the method's own text stays.
  await expect(page.getByText('Loading the secure card form…')).toBeHidden();
  await expect(page.locator('.payment-widget')).toBeHidden();
  await expect(page.getByText(/TEST MODE: no money is taken/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'checkout with the card method chosen');
  await page.screenshot({ path: 'test-results/screens/checkout-card-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/checkout-card-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText('Payment received.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('Stripe.js is asked for on the checkout only: not on the shop, the cart or a product', async ({ page }) => {
  const asked: string[] = [];
  await page.route(/^https:\/\/([a-z0-9-]+\.)*stripe\.com\//, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/cart');
  await page.goto('/shop');
  await page.getByRole('link', { name: 'Canvas Tote Bag' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Canvas Tote Bag' })).toBeVisible();
  expect(asked).toEqual([]);
  const csp = (await (await page.request.get('/shop')).headersArray()).find((h) => h.name.toLowerCase() === 'content-security-policy')?.value ?? '';
  expect(csp).not.toContain('js.stripe.com');
  const checkout = await page.goto('/checkout');
  expect(await checkout!.headerValue('content-security-policy')).toContain('https://js.stripe.com');
});

test('refund from the admin through Stripe, with restock', async ({ page, browser, stripe }) => {
  const shopper = await browser.newContext({ javaScriptEnabled: false });
  const buyer = await shopper.newPage();
  // A product whose stock the shop counts (7 in the demo catalog).
  await orderByCard(buyer, 'refund', { search: 'enamel pin', name: 'Limited Edition Enamel Pin' });
  await payWith(buyer, '4242424242424242');
  await expect(buyer).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const id = orderIdOf(buyer.url());
  await shopper.close();

  await adminSession(page);
  await page.goto(`/admin/orders/${id}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('link', { name: 'View in Stripe’s dashboard' })).toHaveAttribute('href', /^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_/);
  await expect(payment.getByRole('list')).toContainText('payment_intent.succeeded');
  await expectNoSeriousA11yViolations(page, 'order page with a Stripe payment');
  await page.getByLabel('Quantity of Limited Edition Enamel Pin refunded').fill('1');
  await page.getByLabel('Put refunded items back in stock').check();
  await page.getByLabel('Refund amount').fill('9');
  await page.getByLabel('Reason (optional)').fill('Damaged in transit');
  await page.getByRole('button', { name: 'Refund through Stripe' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Refund recorded.');
  await expect(page.getByText(/Items restocked/)).toBeVisible();
  const pi = [...stripe.intents.values()].find((p) => (p.metadata as Record<string, string>).order_id === String(id))!;
  expect([...stripe.refunds.values()].filter((r) => r.payment_intent === pi.id).map((r) => r.amount)).toEqual([900]);
  // Stripe's charge.refunded webhook came back: still one refund on the order.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Refunds' }).getByRole('listitem')).toHaveCount(1);
});
