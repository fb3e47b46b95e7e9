import { test, expect } from './fixtures.ts';
import { uniqueEmail } from './helpers.ts';
import { addToCart, billingRegion, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

test.use({ shopInstance: 'checkout' });

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

test.use({ javaScriptEnabled: false });

test('without JavaScript: the same purchase to the United States as plain form posts', async ({ page, mailbox }) => {
  const email = uniqueEmail('nojs');
  await addToCart(page, 'tote', 'Canvas Tote Bag', { scripts: false });
  await page.goto('/checkout');
  const billing = billingRegion(page);
  // Without scripts the fields are those of the shop's country (no state in the United Kingdom).
  await expect(billing.getByLabel(/^State/)).toHaveCount(0);
  // The password toggle needs scripts: a plain password field stays.
  await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);

  // Changing the country cannot rebuild the form here: the server asks for the state.
  const review0 = page.getByRole('table', { name: 'Your order' });
  await expect(review0.getByRole('row', { name: /Shipping/ })).toContainText('Standard delivery: £3.95');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('First name').fill('Katherine');
  await billing.getByLabel('Last name').fill('Johnson');
  await billing.getByLabel('Street address').fill('1 Langley Blvd');
  await billing.getByLabel('Town / City').fill('Hampton');
  await billing.getByLabel(/^Postcode/).fill('23666');
  await billing.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Billing state');
  await expect(page).toHaveURL(/\/checkout$/);
  // The form comes back for the United States, with what was typed kept.
  await expect(billing.getByLabel('First name')).toHaveValue('Katherine');
  await expect(billing.getByRole('combobox', { name: /^State/ })).toBeVisible();
  await expect(billing.getByLabel(/^ZIP Code/)).toHaveValue('23666');
  // The totals shown now are those of the United States (they were for the United Kingdom).
  const review = page.getByRole('table', { name: 'Your order' });
  await expect(review.getByRole('row', { name: /Shipping/ })).toContainText('International tracked: £9.95');
  await expect(review.getByRole('row', { name: /Total/ }).last()).toContainText('£27.95');
  await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();
  await billing.getByRole('combobox', { name: /^State/ }).selectOption('VA');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const id = orderIdOf(page.url());
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  await expect(page.locator('.received-overview')).toContainText('£27.95');
  await expect(page.getByText('Hampton, VA 23666').first()).toBeVisible();
  const mail = await mailbox.waitForMail(email, /order has been received/);
  expect(mail.text).toContain(`${id}`);

  // The cart is empty now.
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is currently empty')).toBeVisible();
});

test('without JavaScript: “Update” beside the country brings the new country’s State field and totals, keeping what was typed', async ({ page }) => {
  await addToCart(page, 'tote', 'Canvas Tote Bag', { scripts: false });
  await page.goto('/checkout');
  const billing = billingRegion(page);
  await expect(billing.getByLabel(/^State/)).toHaveCount(0);
  await billing.getByLabel('First name').fill('Dorothy');
  await billing.getByLabel('Last name').fill('Vaughan');
  await billing.getByLabel('Street address').fill('2 Langley Blvd');
  await billing.getByLabel('Email address').fill(uniqueEmail('update'));
  await page.getByLabel(/Order notes/).fill('Leave at the door');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByRole('button', { name: 'Update the billing fields for this country' }).click();

  // The same form for the United States: no refusal, the state select, US labels, the values kept.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(billing.getByLabel('Country / Region')).toHaveValue('US');
  await expect(billing.getByRole('combobox', { name: /^State/ })).toBeVisible();
  await expect(billing.getByRole('combobox', { name: /^State/ }).getByRole('option', { name: 'Virginia', exact: true })).toHaveCount(1);
  await expect(billing.getByLabel(/^ZIP Code/)).toBeVisible();
  await expect(billing.getByLabel('First name')).toHaveValue('Dorothy');
  await expect(billing.getByLabel('Last name')).toHaveValue('Vaughan');
  await expect(billing.getByLabel('Street address')).toHaveValue('2 Langley Blvd');
  await expect(page.getByLabel(/Order notes/)).toHaveValue('Leave at the door');
  await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();
  const review = page.getByRole('table', { name: 'Your order' });
  await expect(review.getByRole('row', { name: /Shipping/ })).toContainText('International tracked: £9.95');

  // And back to a country without states: the State field goes again.
  await billing.getByLabel('Country / Region').selectOption('GB');
  await billing.getByRole('button', { name: 'Update the billing fields for this country' }).click();
  await expect(billing.getByLabel(/^State/)).toHaveCount(0);
  await expect(billing.getByLabel(/^Postcode/)).toBeVisible();
  await expect(billing.getByLabel('First name')).toHaveValue('Dorothy');
  await expect(review.getByRole('row', { name: /Shipping/ })).toContainText('Standard delivery: £3.95');
});

test('without JavaScript: a double submit of one checkout form places one order', async ({ page, context }) => {
  const email = uniqueEmail('twice');
  await addToCart(page, 'tote', 'Canvas Tote Bag', { scripts: false });
  await page.goto('/checkout');
  await fillBilling(page, { first: 'Twice', last: 'Clicked', street: '1 High St', city: 'London', country: 'GB', postcode: 'SW1A 1AA', email });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  // The same form posted twice (the browser's second click after a slow answer).
  const form = await page.locator('form.checkout-form').evaluate((f: HTMLFormElement) => Array.from(new FormData(f).entries()).map(([k, v]) => [k, String(v)]));
  const body = new URLSearchParams(form).toString();
  const post = () => context.request.post('/checkout', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: body, maxRedirects: 0 });
  const [a, b] = [await post(), await post()];
  expect(a.status()).toBe(302);
  expect(b.status()).toBe(302);
  expect(a.headers().location).toMatch(/\/checkout\/order-received\/\d+\?key=/);
  expect(b.headers().location).toBe(a.headers().location);
});
