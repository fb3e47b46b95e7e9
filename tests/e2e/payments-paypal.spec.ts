import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, uniqueEmail, waitForHydration } from './helpers.ts';
import { addToCart, adminSession, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';
import { PayPalStandin } from '../helpers/paypal-standin.ts';

/*
 * PayPal without scripts, the tested path: checkout sends the shopper to PayPal's approval
 * page (the local stand-in, tests/helpers/paypal-standin.ts, which the shop's server reaches
 * through PAYPAL_API_URL), approval brings them back to the order-received page, paid;
 * cancelling brings them back to a page that keeps the order pending and lets them try again.
 * The owner sets PayPal up in Admin → Payments → PayPal, where the secret is never shown.
 */

/** A fixed port: the shop server's environment is set before the stand-in starts. */
const PORT = 47_613;
let standin: PayPalStandin;

test.use({ shopInstance: 'paypal', shopEnv: { PAYPAL_API_URL: `http://127.0.0.1:${PORT}` } });

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(150_000));
  standin = await PayPalStandin.start(PORT);
  await prepareCheckoutShop(browser, shop.server.baseURL);
  const context = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await adminSession(page);
  await page.goto('/admin/payments/paypal');
  await waitForHydration(page);
  await page.getByLabel('Offer PayPal at checkout').check();
  await page.getByLabel('Sandbox client id').fill(standin.clientId);
  await page.getByLabel('Sandbox client secret').fill(standin.clientSecret);
  await page.getByLabel('Sandbox webhook id').fill(standin.webhookId);
  await page.getByRole('button', { name: 'Save PayPal settings' }).click();
  await expect(page.getByRole('status').first()).toHaveText('PayPal settings saved.');
  await expect(page.getByText('Sandbox credentials: accepted by PayPal')).toBeVisible();
  expect(await page.content()).not.toContain(standin.clientSecret);
  await page.reload();
  expect(await page.content()).not.toContain(standin.clientSecret);
  await expectNoSeriousA11yViolations(page, '/admin/payments/paypal');
  await page.screenshot({ path: 'test-results/screens/paypal-admin-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/paypal-admin-390.png', fullPage: true });
  await context.close();
});

test.afterAll(async () => {
  await standin?.close();
});

test.use({ javaScriptEnabled: false });

async function placeWithPayPal(page: import('@playwright/test').Page, label: string) {
  await addToCart(page, 'tote', 'Canvas Tote Bag', { scripts: false });
  await page.goto('/checkout');
  await fillBilling(page, { first: 'Ada', last: 'Lovelace', street: '12 St James Square', city: 'London', country: 'GB', postcode: 'SW1Y 4JH', email: uniqueEmail(label) });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/checkoutnow\\?token=`));
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
}

test('PayPal approval at PayPal brings the shopper back to the order received, paid', async ({ page }) => {
  await placeWithPayPal(page, 'paypal-ok');
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  await expect(page.locator('.received-overview')).toContainText('PayPal');
  const id = orderIdOf(page.url());
  const captured = [...standin.orders.values()].filter((o) => o.captures.length && String(o.unit.custom_id).startsWith(`${id}-`));
  expect(captured).toHaveLength(1);
  await page.screenshot({ path: 'test-results/screens/paypal-received-1280.png', fullPage: true });
});

test('cancel at PayPal: back at the shop, the order pending, and paying again works', async ({ page, browser, baseURL }) => {
  await placeWithPayPal(page, 'paypal-cancel');
  await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
  await expect(page).toHaveURL(/\/checkout\/paypal\/\d+\?key=.*reason=cancelled/);
  // The shop's test-mode notice is a status too.
  await expect(page.getByRole('status').filter({ hasText: 'You left PayPal without paying' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Pay for order #\d+/ })).toBeVisible();
  // The same page with scripts, for axe-core.
  const scripted = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const a11y = await scripted.newPage();
  await a11y.goto(page.url());
  await expectNoSeriousA11yViolations(a11y, '/checkout/paypal/:id');
  await scripted.close();
  await page.screenshot({ path: 'test-results/screens/paypal-retry-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/paypal-retry-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/checkoutnow\\?token=`));
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
});

test('with scripts but PayPal’s SDK unreachable: no buttons, and the order still goes to PayPal’s approval page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  const asked: string[] = [];
  await page.route(/^https:\/\/([a-z0-9-]+\.)*paypal(objects)?\.com\//, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await fillBilling(page, { first: 'Ada', last: 'Lovelace', street: '12 St James Square', city: 'London', country: 'GB', postcode: 'SW1Y 4JH', email: uniqueEmail('paypal-sdk-down') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  expect(asked).toEqual([]);
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await expect.poll(() => asked.some((u) => u.startsWith('https://www.paypal.com/sdk/js'))).toBe(true);
  await expect(page.getByRole('group', { name: 'Pay with PayPal' })).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'checkout with PayPal chosen');
  await page.screenshot({ path: 'test-results/screens/checkout-paypal-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/checkout-paypal-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/checkoutnow\\?token=`));
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('refund from the admin order page through PayPal, partly, with restock; the dashboard link goes to PayPal’s sandbox', async ({ browser, shop }) => {
  const shopper = await browser.newContext({ javaScriptEnabled: false });
  const buyer = await shopper.newPage();
  // A product whose stock the shop counts (the demo catalog's enamel pin).
  await addToCart(buyer, 'enamel pin', 'Limited Edition Enamel Pin', { scripts: false });
  await buyer.goto('/checkout');
  await fillBilling(buyer, { first: 'Ada', last: 'Lovelace', street: '12 St James Square', city: 'London', country: 'GB', postcode: 'SW1Y 4JH', email: uniqueEmail('paypal-refund') });
  await buyer.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await buyer.getByRole('radio', { name: 'PayPal' }).check();
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await buyer.getByRole('button', { name: 'Approve payment' }).click();
  await expect(buyer).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const id = orderIdOf(buyer.url());
  await shopper.close();
  const capture = [...standin.orders.values()].find((o) => String(o.unit.custom_id).startsWith(`${id}-`))!.captures[0]!;

  // The owner, with scripts (the admin's own pages hydrate).
  const owner = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: true });
  const page = await owner.newPage();
  await adminSession(page);
  await page.goto(`/admin/orders/${id}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('link', { name: 'View in PayPal’s dashboard' })).toHaveAttribute('href', `https://www.sandbox.paypal.com/activity/payment/${capture.id}`);
  await page.getByLabel('Quantity of Limited Edition Enamel Pin refunded').fill('1');
  await page.getByLabel('Put refunded items back in stock').check();
  await page.getByLabel('Refund amount').fill('2');
  await page.getByLabel('Reason (optional)').fill('Scratched');
  await page.getByRole('button', { name: 'Refund through PayPal' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Refund recorded.');
  await expect(page.getByText(/Items restocked/)).toBeVisible();
  expect(standin.captures.get(capture.id)!.refunded).toBe(200);
  await expect(page.getByRole('region', { name: 'Refunds' }).getByRole('listitem')).toHaveCount(1);
  await owner.close();
});
