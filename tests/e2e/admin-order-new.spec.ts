import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, screenshot, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * "Add order" and the order editor with scripts, by their labels: a product found and added,
 * the billing address typed, the totals recalculated, the order created; then its quantity
 * edited and the totals following. Axe on both forms, and 1280 / 390 px screenshots.
 * (tests/api/admin-order-create.test.ts and admin-order-edit.test.ts post the same forms without scripts.)
 */

test.use({ shopInstance: 'order-form' });
test.describe.configure({ timeout: 180_000 });

test('a phone order is made from the order list and its quantity edited', async ({ page }) => {
  test.setTimeout(budget(150_000));
  await adminSession(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/orders');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Add order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add order');
  await waitForHydration(page);

  const products = page.getByRole('group', { name: 'Products' });
  await products.getByLabel('Find a product (name or SKU)').fill('tote');
  await products.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: /^Add Canvas Tote Bag/ }).first().click();
  await expect(page.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('1');

  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('First name').fill('Phone');
  await billing.getByLabel('Last name').fill('Buyer');
  await billing.getByLabel('Street address').first().fill('9 Bell Street');
  await billing.getByLabel('Town / City').fill('Reading');
  await billing.getByLabel(/^Postcode/).fill('RG1 1AA');
  await billing.getByLabel('Email address').fill('phone.buyer@example.com');
  await page.getByLabel('Quantity of Canvas Tote Bag').fill('2');
  // The visible button (the form's first, hidden one is what Enter presses).
  await page.getByRole('button', { name: 'Recalculate' }).last().click();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByRole('row', { name: /^Total/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/orders/new');
  await screenshot(page, 'admin-order-new-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-order-new-390');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\?created=1$/);
  await expect(page.getByText('Order created.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-mail the payment link' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit order' }).click();
  await waitForHydration(page);
  await expect(page.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('2');
  await page.getByLabel('Quantity of Canvas Tote Bag').fill('3');
  // Enter in a field recalculates: it neither searches nor saves.
  await page.getByLabel('Quantity of Canvas Tote Bag').press('Enter');
  await expect(page.getByRole('region', { name: 'Totals' }).getByRole('row', { name: /^Total/ })).toContainText('54.00');
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('3');
  await expectNoSeriousA11yViolations(page, '/admin/orders/:id/edit');
  await screenshot(page, 'admin-order-edit-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-order-edit-390');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\?edited=1$/);
  await expect(page.getByText('Order saved.')).toBeVisible();
  await expect(page.getByText(/Order edited by .*Canvas Tote Bag quantity 2 → 3/)).toBeVisible();
});
