import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, newAccount, register, snapshot, uniqueEmail, waitForHydration } from './helpers.ts';
import { adminSession, addToCart, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * "Pay for order": an order whose payment failed is paid later, from the link in the
 * shopper's "unsuccessful" e-mail (without scripts, as from any mail program) and from the
 * "Pay" button in My account. The shop marks the payment failed from the order page, as it
 * would when a cheque bounced.
 */

test.use({ shopInstance: 'checkout' });

const SHOTS = 'test-results/screens';

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

/** A tote ordered by cheque on `page`, billed to `email`; answers its number. */
async function orderByCheque(page: Page, email: string): Promise<number> {
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await fillBilling(page, { first: 'Mary', last: 'Somerville', street: '5 Kew Road', city: 'Richmond', country: 'GB', postcode: 'TW9 3AB', email });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Check payments' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/order-received/);
  return orderIdOf(page.url());
}

/** The shop marks the order's payment failed on its admin page. */
async function markFailed(browser: Browser, baseURL: string, id: number): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await adminSession(page);
  await page.goto(`/admin/orders/${id}`);
  await waitForHydration(page);
  await page.getByLabel('Change status to').selectOption('failed');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('status')).toHaveText('Order status changed.');
  await context.close();
}

test('from the “unsuccessful” e-mail’s link, without scripts: the pay page shows the order, cash on delivery pays it, the received page thanks', async ({ browser, shop, mailbox }) => {
  const email = uniqueEmail('payer');
  const guest = await browser.newContext({ baseURL: shop.server.baseURL });
  const id = await orderByCheque(await guest.newPage(), email);
  await guest.close();
  await markFailed(browser, shop.server.baseURL, id);

  const mail = await mailbox.waitForMail(email, new RegExp(`order #${id} was unsuccessful`));
  const link = /Pay for this order:\n(\S+)/.exec(mail.text)?.[1];
  expect(link).toMatch(new RegExp(`/checkout/order-pay/${id}\\?key=wc_order_`));
  expect(mail.html).toContain(`href="${link}"`);

  const context = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for order' })).toBeVisible();
  await expect(page.getByText(`The payment for order #${id} did not go through.`)).toBeVisible();
  await expect(page.getByRole('cell', { name: /Canvas Tote Bag × 1/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText('£');
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('button', { name: 'Pay for order' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${id}\\?key=`));
  await expect(page.getByRole('status')).toHaveText('Thank you. Your order has been received.');
  await expect(page.getByRole('listitem').filter({ hasText: 'Payment method:' })).toContainText('Cash on delivery');
  // The link again: paid now, nothing more to pay.
  await page.goto(link!);
  await expect(page.getByRole('status')).toContainText('This order has already been paid for (status: processing).');
  await expect(page.getByRole('button', { name: 'Pay for order' })).toHaveCount(0);
  await context.close();
  await mailbox.waitForMail(email, /order has been received/);
});

test('My account → Orders: the “Pay” button of a failed order leads to its pay page; bank transfer pays it; the pay page passes axe at 1280 and 390 px', async ({ page, browser, shop }) => {
  const account = newAccount('paybutton');
  await register(page, account);
  const id = await orderByCheque(page, account.email);
  await markFailed(browser, shop.server.baseURL, id);

  await page.goto('/my-account/orders');
  const row = page.getByRole('row', { name: new RegExp(`#${id}`) });
  await expect(row).toContainText('Failed');
  await row.getByRole('link', { name: `Pay for order #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/order-pay/${id}$`));
  await waitForHydration(page);
  await expect(page.getByRole('cell', { name: /Canvas Tote Bag × 1/ })).toBeVisible();

  await mkdir(SHOTS, { recursive: true });
  await expectNoSeriousA11yViolations(page, '/checkout/order-pay/:id');
  for (const [name, size] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(size);
    await snapshot(page, `${SHOTS}/pay-for-order-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize(DESKTOP);

  // Keyboard: the methods are one radio group, the button follows.
  await page.getByRole('radio', { name: 'Direct bank transfer' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Direct bank transfer' })).toBeChecked();
  await page.getByRole('button', { name: 'Pay for order' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${id}\\?key=`));
  await expect(page.getByRole('heading', { name: 'Our bank details' })).toBeVisible();
  await page.goto('/my-account/orders');
  const after = page.getByRole('row', { name: new RegExp(`#${id}`) });
  await expect(after).toContainText('On hold');
  await expect(after.getByRole('link', { name: `Pay for order #${id}` })).toHaveCount(0);

  // Another account reaches nothing of it.
  const other = await browser.newContext({ baseURL: shop.server.baseURL });
  const stranger = await other.newPage();
  await register(stranger, newAccount('stranger'));
  const res = await stranger.goto(`/checkout/order-pay/${id}`);
  expect(res?.status()).toBe(404);
  await expect(stranger.getByText('Canvas Tote Bag')).toHaveCount(0);
  await other.close();
});
