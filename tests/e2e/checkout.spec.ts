import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, snapshot, uniqueEmail, waitForHydration } from './helpers.ts';
import { BANK, TERMS_TEXT, addToCart, billingRegion, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { mkdir } from 'node:fs/promises';
import { request } from '@playwright/test';
import { budget } from './time.ts';

test.use({ shopInstance: 'checkout' });

const SHOTS = 'test-results/screens';

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

test('guest purchase to the United States: state select, ZIP check, live totals, terms lightbox, bank transfer, received page and e-mails', async ({ page, mailbox }) => {
  const email = uniqueEmail('us-guest');
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const billing = billingRegion(page);
  const review = page.getByRole('table', { name: 'Your order' });

  // The shop's own country first: no state field in the United Kingdom, a "Postcode".
  await expect(billing.getByLabel('Country / Region')).toHaveValue('GB');
  await expect(billing.getByLabel(/^State/)).toHaveCount(0);
  await expect(billing.getByLabel(/^Postcode/)).toBeVisible();
  await expect(review.getByRole('row', { name: /Shipping/ })).toContainText('Standard delivery: £3.95');

  // The United States: a required state select, a ZIP Code, and the shipping of that zone.
  await billing.getByLabel('Country / Region').selectOption('US');
  const state = billing.getByRole('combobox', { name: /^State/ });
  await expect(state).toBeVisible();
  await expect(state.getByRole('option', { name: 'California' })).toHaveCount(1);
  await expect(billing.getByLabel(/^ZIP Code/)).toBeVisible();
  await expect(review.getByRole('row', { name: /Shipping/ })).toContainText('International tracked: £9.95');
  await expect(review.getByRole('row', { name: /Total/ }).last()).toContainText('£27.95');

  // A ZIP Code of the wrong shape is pointed out when the field is left.
  await billing.getByLabel(/^ZIP Code/).fill('ABCDE');
  await billing.getByLabel(/^ZIP Code/).blur();
  await expect(billing.getByText('Please enter a valid ZIP Code for United States.')).toBeVisible();

  await fillBilling(page, { first: 'Grace', last: 'Hopper', street: '1 Navy Way', city: 'Los Angeles', country: 'US', state: 'CA', postcode: '90001', email, phone: '+1 555 0100' });
  await expect(billing.getByText('Please enter a valid ZIP Code for United States.')).toHaveCount(0);
  await page.getByLabel('Order notes').fill('Ring twice, please.');

  // The terms open in a lightbox; Escape closes it and focus goes back to the link.
  const termsLink = page.getByRole('link', { name: 'terms and conditions' });
  await termsLink.click();
  const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You may return unused goods within 30 days.');
  await expect(page).toHaveURL(/\/checkout$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(termsLink).toBeFocused();
  // Opening it from the keyboard, and closing with its button, works too.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close terms and conditions' }).click();
  await expect(dialog).toBeHidden();
  await expect(termsLink).toBeFocused();
  await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).not.toBeChecked();

  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await expect(page.getByText('Make your payment directly into our bank account.')).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const id = orderIdOf(page.url());
  await expect(page.getByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  const overview = page.locator('.received-overview');
  await expect(overview).toContainText(new RegExp(`Order number:\\s*${id}(?!\\d)`));
  await expect(overview).toContainText(email);
  await expect(overview).toContainText('£27.95');
  await expect(overview).toContainText('Direct bank transfer');
  await expect(page.getByRole('navigation', { name: 'Checkout progress' }).locator('[aria-current="step"]')).toHaveText('4Complete');
  // Bank details for the transfer: the account from the payment settings under its heading.
  const bank = page.getByRole('region', { name: 'Our bank details' });
  await expect(bank.getByText(BANK.iban)).toBeVisible();
  await expect(bank.getByText(BANK.accountNumber)).toBeVisible();
  await expect(bank.getByText(BANK.accountName)).toBeVisible();
  await expect(page.getByRole('cell', { name: /Canvas Tote Bag × 1/ })).toBeVisible();
  await expect(page.getByText('Los Angeles, CA 90001')).toHaveCount(2);

  // Mails: the customer's confirmation and the shop's new-order notice.
  const mail = await mailbox.waitForMail(email, /order has been received/);
  expect(mail.text).toContain('Canvas Tote Bag');
  expect(mail.text).toContain(BANK.iban);
  const adminMail = await mailbox.waitForMail('order-admin@example.test', new RegExp(`New order #${id}`));
  expect(adminMail.text).toContain('Grace Hopper');

  // The received page needs the order's key: a wrong one is not found.
  const wrong = await page.goto(`/checkout/order-received/${id}?key=not-the-key`);
  expect(wrong?.status()).toBe(404);
  const missing = await page.goto(`/checkout/order-received/${id}`);
  expect(missing?.status()).toBe(404);
});

test('guest purchase to Germany: no state field, postcode format, cash on delivery', async ({ page, mailbox }) => {
  const email = uniqueEmail('de-guest');
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  const billing = billingRegion(page);
  await billing.getByLabel('Country / Region').selectOption('DE');
  await expect(billing.getByLabel(/^State/)).toHaveCount(0);
  await expect(billing.getByLabel(/^Postcode/)).toBeVisible();
  await billing.getByLabel(/^Postcode/).fill('1234');
  await billing.getByLabel(/^Postcode/).blur();
  await expect(billing.getByText('Please enter a valid Postcode for Germany.')).toBeVisible();
  await fillBilling(page, { first: 'Emmy', last: 'Noether', street: 'Bunsenstraße 3', city: 'Göttingen', country: 'DE', postcode: '37073', email });
  const review = page.getByRole('table', { name: 'Your order' });
  await expect(review.getByRole('row', { name: /Shipping/ })).toContainText('European delivery: £6.95');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.locator('.received-overview')).toContainText('Cash on delivery');
  await expect(page.getByText('37073')).toHaveCount(2);
  await expect(page.getByText('Germany').first()).toBeVisible();
  await mailbox.waitForMail(email, /order has been received/);
});

test('refused order: errors listed at the top with links, scrolled to 100 px from the top, focus on them', async ({ page }) => {
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Check payments' }).check();
  await page.getByRole('button', { name: 'Place order' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Place order' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Please correct the following' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await expect(alert.getByRole('link', { name: /Billing first name/ })).toBeVisible();
  await expect(alert.getByRole('link', { name: /Terms and conditions/ })).toBeVisible();
  // The animated scroll (1000 ms) leaves the notices 100 px below the top of the window.
  await expect.poll(async () => Math.round((await alert.boundingBox())!.y), { timeout: 3000 }).toBe(100);
  await expect(page).toHaveURL(/\/checkout$/);
  // A link in the list scrolls to its field and focuses it.
  await alert.getByRole('link', { name: /Billing first name/ }).click();
  await expect(billingRegion(page).getByLabel('First name')).toBeFocused();
  await expect(billingRegion(page).getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
});

test('refused order: a field\'s message goes as soon as the field is corrected; the others stay', async ({ page }) => {
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the following' })).toBeVisible();
  const billing = billingRegion(page);
  await expect(billing.getByText('First name is required')).toBeVisible();
  await expect(billing.getByText('Email address is required')).toBeVisible();

  await billing.getByLabel('First name').fill('Ada');
  await expect(billing.getByText('First name is required')).toHaveCount(0);
  await expect(billing.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(billing.getByText('Last name is required')).toBeVisible();

  // Not yet a valid address: the message stays until it is one.
  await billing.getByLabel('Email address').fill('ada@');
  await expect(billing.getByText('Email address is required')).toBeVisible();
  await billing.getByLabel('Email address').fill('ada@example.com');
  await expect(billing.getByText('Email address is required')).toHaveCount(0);
  // The terms box: ticking it clears its message too.
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await expect(page.locator('#field-terms-error')).toHaveCount(0);
});

test('checkout shows its progress, what the shop accepts and where returns are explained; the order summary keeps "name × quantity" on one line', async ({ page }) => {
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  const steps = page.getByRole('navigation', { name: 'Checkout progress' });
  await expect(steps.getByRole('listitem')).toHaveText(['1Cart', '2Details', '3Payment', '4Complete']);
  await expect(steps.locator('[aria-current="step"]')).toHaveText('2Details');
  await expect(steps.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  const trust = page.getByRole('list', { name: 'Shopping with us' });
  await expect(trust).toContainText('Secure checkout');
  await expect(trust).toContainText('We accept: Direct bank transfer, Check payments, Cash on delivery.');
  await expect(trust.getByRole('link', { name: /Returns and refunds/ })).toHaveAttribute('href', '/terms');
  // The line's name and its quantity are on one line of text at 1280 px.
  const cell = page.locator('.checkout-review__table tbody td').first();
  await expect(cell).toContainText('Canvas Tote Bag × 2');
  const lines = await cell.evaluate((td) => {
    const range = document.createRange();
    range.setStart(td.firstChild!, 0);
    range.setEndAfter(td.querySelector('.checkout-review__qty')!);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
});

test('a cart changed elsewhere after the page was shown is not charged silently; an emptied cart places nothing', async ({ page, context, baseURL }) => {
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  // The page sends the destination to the cart (debounced) while the address is typed; the
  // other client below must act after the last of those, or this tab would see its change.
  let lastDestination = 0;
  page.on('requestfinished', (r) => {
    if (r.url().endsWith('/api/cart/customer')) lastDestination = Date.now();
  });
  await fillBilling(page, { first: 'Alan', last: 'Turing', street: '2 Bletchley Park', city: 'Milton Keynes', country: 'GB', postcode: 'MK3 6EB', email: uniqueEmail('changed') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  const review = page.getByRole('table', { name: 'Your order' });
  await expect(review.getByRole('row', { name: /Total/ }).last()).toContainText('£21.95');
  await expect.poll(() => lastDestination > 0 && Date.now() - lastDestination > 1000, { timeout: 10_000 }).toBe(true);
  await expect(review.getByRole('row', { name: /Total/ }).last()).toContainText('£21.95');

  // Another client of the same cart (a headless one, with the cart's token: nothing tells
  // this tab) adds a second tote.
  const token = (await context.cookies()).find((c) => c.name === 'vt_cart')!.value;
  const other = await request.newContext({ baseURL, extraHTTPHeaders: { 'cart-token': token } });
  const cart = await (await other.get('/api/cart')).json();
  const productId = cart.items[0].productId as number;
  const added = await other.post('/api/cart/items', { data: { productId, quantity: 1 } });
  expect(added.ok()).toBe(true);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText('have changed since you saw them');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(review.getByRole('cell', { name: /Canvas Tote Bag × 2/ })).toBeVisible();
  await expect(review.getByRole('row', { name: /Total/ }).last()).toContainText('£39.95');

  // Then the cart is emptied elsewhere: placing the order now is refused, nothing is ordered.
  const key = (await (await other.get('/api/cart')).json()).items[0].key as string;
  const removed = await other.delete(`/api/cart/items/${encodeURIComponent(key)}`);
  expect(removed.ok()).toBe(true);
  await other.dispose();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText('Your cart is empty');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('link', { name: 'Return to shop' })).toBeVisible();
});

test('an empty cart shows a message and a link to the shop', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is currently empty')).toBeVisible();
  await page.getByRole('link', { name: 'Return to shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('checkout and received pages: no serious accessibility violations; screenshots at 1280 and 390 px', async ({ page }) => {
  await mkdir(SHOTS, { recursive: true });
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/checkout');
  for (const [name, size] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(size);
    await snapshot(page, `${SHOTS}/checkout-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: 'terms and conditions' }).click();
  await expectNoSeriousA11yViolations(page, '/checkout (terms open)');
  await snapshot(page, `${SHOTS}/checkout-terms.png`);
  await page.keyboard.press('Escape');

  await fillBilling(page, { first: 'Ada', last: 'Lovelace', street: '12 St James Square', city: 'London', country: 'GB', postcode: 'SW1Y 4JH', email: uniqueEmail('axe') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\//);
  await expectNoSeriousA11yViolations(page, 'order received');
  for (const [name, size] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(size);
    await snapshot(page, `${SHOTS}/received-${name}.png`, { fullPage: true });
  }
  // The terms page itself, for shoppers without scripts.
  await page.goto('/terms');
  await expect(page.getByText(TERMS_TEXT.split('\n')[0])).toBeVisible();
});
