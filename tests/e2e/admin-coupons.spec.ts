import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, screenshot, waitForHydration } from './helpers.ts';
import { addToCart, adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The coupon editor's product picker in the browser: a product found by typing its name and
 * chosen with the keyboard, the coupon saved, and in the cart it discounts that product only;
 * axe and screenshots of the editor at desktop and phone width.
 */

// Its own shop: it creates the first administrator and a coupon.
test.use({ shopInstance: 'coupon-pickers' });

test('pick a product by name with the keyboard, save, and the coupon discounts only that product in the cart', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await adminSession(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/coupons/new');
  await waitForHydration(page);
  await page.getByLabel('Coupon code').fill('TOTE20');
  await page.getByLabel('Discount type').selectOption('percent');
  await page.getByLabel('Coupon amount').fill('20');

  const products = page.getByRole('group', { name: 'Products', exact: true });
  const find = products.getByRole('combobox', { name: 'Find a product by name or SKU' });
  await find.fill('canvas tote');
  await expect(products.getByRole('option', { name: /^Canvas Tote Bag/ })).toBeVisible();
  await find.press('ArrowDown');
  await expect(products.getByRole('option', { name: /^Canvas Tote Bag/ })).toHaveAttribute('aria-selected', 'true');
  await find.press('Enter');
  const chosen = products.getByRole('checkbox', { name: /^Canvas Tote Bag/ });
  await expect(chosen).toBeChecked();
  await expect(find).toHaveValue('');
  // Enter picked; it did not submit the form.
  await expect(page).toHaveURL(/\/admin\/coupons\/new$/);

  // Categories are ticked by name in the tree.
  await expect(page.getByRole('group', { name: 'Product categories', exact: true }).getByRole('checkbox').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the coupon editor with a product picked');
  await screenshot(page, 'admin-coupon-editor-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-coupon-editor-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\?saved=/);
  await page.getByRole('link', { name: 'tote20', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupon “tote20”' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Products', exact: true }).getByRole('checkbox', { name: /^Canvas Tote Bag/ })).toBeChecked();

  // In the shop: the tote is discounted, the other bag is not.
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await addToCart(page, 'tote', 'Market Tote XL');
  await page.goto('/cart');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel('Coupon code').fill('TOTE20');
  await main.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(main.getByRole('status')).toHaveText('Coupon code applied successfully.');
  const totals = main.getByRole('region', { name: 'Cart totals' });
  // 20 % of the £18.00 tote only.
  await expect(totals.getByRole('row', { name: /Coupon: tote20/ })).toContainText('−£3.60');
});
