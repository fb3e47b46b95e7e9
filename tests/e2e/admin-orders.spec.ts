import { mkdir } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, newAccount, register, snapshot, uniqueEmail, waitForHydration } from './helpers.ts';
import { adminSession, addToCart, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

test.use({ shopInstance: 'checkout' });

const SHOTS = 'test-results/screens';

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

/** A guest order placed in its own browser context; answers its number and billing e-mail. */
async function guestOrder(browser: Browser, baseURL: string, last: string): Promise<{ id: number; email: string }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = uniqueEmail('tracked');
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await fillBilling(page, { first: 'Mary', last, street: '5 Kew Road', city: 'Richmond', country: 'GB', postcode: 'TW9 3AB', email });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/order-received/);
  const id = orderIdOf(page.url());
  await context.close();
  return { id, email };
}

test('admin finds an order, changes its status and writes to the customer; the customer is e-mailed and sees it when tracking the order', async ({ page, browser, shop, mailbox }) => {
  const last = `Somerville${Date.now() % 100000}`;
  const { id, email } = await guestOrder(browser, shop.server.baseURL, last);
  await adminSession(page);

  await page.goto('/admin/orders');
  await waitForHydration(page);
  await page.getByLabel('Search orders').fill(last);
  await page.getByRole('main').getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`1 order found for “${last}”.`);
  // The status filter lists on-hold orders with this one among them.
  await page.getByRole('navigation', { name: 'Filter orders by status' }).getByRole('link', { name: /On hold/ }).click();
  await expect(page).toHaveURL(/status=on-hold/);
  await page.getByRole('link', { name: new RegExp(`#${id} Mary ${last}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Order #${id}`) })).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel('Change status to').selectOption('processing');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('status')).toHaveText('Order status changed.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Processing');

  await page.getByLabel('Add note').fill('Your tote ships tomorrow.');
  await page.getByLabel('Note type').selectOption('customer');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status')).toHaveText('Note added.');
  await expect(page.locator('.admin-notes')).toContainText('Your tote ships tomorrow.');
  await page.getByLabel('Add note').fill('Packed by Sam.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('.admin-notes')).toContainText('Packed by Sam.');
  const noteMail = await mailbox.waitForMail(email, new RegExp(`Note added to your .* order #${id}`));
  expect(noteMail.text).toContain('Your tote ships tomorrow.');

  await page.getByLabel('Change status to').selectOption('completed');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Completed');
  await mailbox.waitForMail(email, /order is now complete/);

  await mkdir(SHOTS, { recursive: true });
  await expectNoSeriousA11yViolations(page, '/admin/orders/:id');
  for (const [name, size] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(size);
    await snapshot(page, `${SHOTS}/admin-order-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize(DESKTOP);

  // The guest tracks the order: status and the note to the customer, never the private one.
  const guest = await browser.newContext({ baseURL: shop.server.baseURL });
  const tracker = await guest.newPage();
  await tracker.goto('/order-tracking');
  await waitForHydration(tracker);
  await tracker.getByLabel('Order number').fill(String(id));
  await tracker.getByLabel('Billing e-mail').fill(email.toUpperCase());
  await tracker.getByRole('button', { name: 'Track' }).click();
  await expect(tracker.getByRole('heading', { level: 2, name: new RegExp(`Order #${id} .* is currently completed`) })).toBeVisible();
  await expect(tracker.getByText('Your tote ships tomorrow.')).toBeVisible();
  await expect(tracker.getByText('Packed by Sam.')).toHaveCount(0);
  await expect(tracker.getByRole('cell', { name: /Canvas Tote Bag × 1/ })).toBeVisible();
  await expectNoSeriousA11yViolations(tracker, '/order-tracking (found)');

  // A wrong pair answers the same whichever part is wrong.
  for (const [number, address] of [[String(id), 'someone@example.test'], [String(id + 1000), email]]) {
    await tracker.goto('/order-tracking');
    await waitForHydration(tracker);
    await tracker.getByLabel('Order number').fill(number);
    await tracker.getByLabel('Billing e-mail').fill(address);
    await tracker.getByRole('button', { name: 'Track' }).click();
    await expect(tracker.getByRole('alert')).toHaveText('Sorry, the order could not be found. Please check the order number and the e-mail address and try again.');
  }
  await guest.close();
});

test('admin records a partial refund; the customer is told', async ({ page, browser, shop, mailbox }) => {
  const { id, email } = await guestOrder(browser, shop.server.baseURL, 'Refundee');
  await adminSession(page);
  await page.goto(`/admin/orders/${id}`);
  await waitForHydration(page);
  await page.getByLabel('Change status to').selectOption('processing');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Processing');
  // More than the order's total is refused.
  await page.getByLabel('Refund amount').fill('100');
  await page.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByRole('alert')).toContainText('Refund amount: At most');
  // A quantity works the amount out in the page; the amount stays editable.
  const qty = page.getByLabel(/^Quantity of .* refunded$/).first();
  await qty.fill('1');
  await expect(page.getByLabel('Refund amount')).not.toHaveValue('');
  await page.getByLabel('Refund amount').fill('5.00');
  await page.getByLabel('Reason (optional)').fill('Scuffed corner');
  await page.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByRole('status')).toHaveText('Refund recorded.');
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('£5.00');
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('Scuffed corner');
  await mailbox.waitForMail(email, new RegExp(`order #${id} has been partially refunded`));
});

test('admin pages: orders list, payments settings and privacy tool pass axe; another customer cannot open admin orders', async ({ page, browser, shop }) => {
  await adminSession(page);
  for (const path of ['/admin/orders', '/admin/payments', '/admin/privacy']) {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, path);
  }
  const context = await browser.newContext({ baseURL: shop.server.baseURL });
  const shopper = await context.newPage();
  await register(shopper, newAccount('nosy'));
  const res = await shopper.goto('/admin/orders');
  expect(res?.status()).toBe(403);
  await context.close();
});

test('the privacy tool anonymises a customer’s orders and deletes the account after a confirm step', async ({ page, browser, shop }) => {
  const account = newAccount('forget-me');
  const context = await browser.newContext({ baseURL: shop.server.baseURL });
  const customer = await context.newPage();
  await register(customer, account);
  await addToCart(customer, 'tote', 'Canvas Tote Bag');
  await customer.goto('/checkout');
  await waitForHydration(customer);
  await fillBilling(customer, { first: 'Forget', last: 'Me', street: '9 Quiet Lane', city: 'York', country: 'GB', postcode: 'YO1 7HH', email: account.email });
  await customer.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await customer.getByRole('button', { name: 'Place order' }).click();
  await customer.waitForURL(/order-received/);
  const id = orderIdOf(customer.url());
  await customer.goto('/my-account/privacy');
  await customer.getByRole('button', { name: 'Request erasure' }).click();
  await expect(customer.getByRole('status')).toContainText('erasure request has been received');

  await adminSession(page);
  await page.goto('/admin/privacy');
  await waitForHydration(page);
  await page.getByRole('button', { name: `Review the erasure of ${account.email}` }).click();
  await expect(page.getByRole('heading', { name: `Confirm the erasure of ${account.email}` })).toBeVisible();
  await expect(page.getByText('1 order will be anonymised.')).toBeVisible();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  // Not without ticking the confirmation: still the confirm step.
  await expect(page.getByRole('heading', { name: `Confirm the erasure of ${account.email}` })).toBeVisible();
  await page.getByRole('checkbox', { name: /I understand/ }).check();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(page.getByRole('status')).toHaveText(`Erased ${account.email}: 1 order anonymised, account deleted.`);
  await expect(page.getByRole('button', { name: `Review the erasure of ${account.email}` })).toHaveCount(0);

  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByText('Forget Me')).toHaveCount(0);
  await expect(page.getByText('9 Quiet Lane')).toHaveCount(0);
  // The customer's session ended with the account.
  await customer.goto('/my-account');
  await expect(customer).toHaveURL(/\/account\/login/);
  await context.close();
});
