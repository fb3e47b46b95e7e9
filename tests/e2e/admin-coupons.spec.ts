import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, screenshot, waitForHydration } from './helpers.ts';
import { addToCart, adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The coupon editor's product picker in the browser: a product found by typing its name and
 * chosen with the keyboard, the coupon saved, and in the cart it discounts that product only;
 * likewise one colour of a variable product, offered after its product by the same search;
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

test('pick one colour of a variable product: the coupon discounts that colour in the cart, not another', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await adminSession(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/coupons/new');
  await waitForHydration(page);
  await page.getByLabel('Coupon code').fill('NAVY15');
  await page.getByLabel('Discount type').selectOption('percent');
  await page.getByLabel('Coupon amount').fill('15');

  const products = page.getByRole('group', { name: 'Products', exact: true });
  const find = products.getByRole('combobox', { name: 'Find a product by name or SKU' });
  await find.fill('wool beanie');
  // The product, then each of its colours.
  const options = products.getByRole('option');
  await expect(options.first()).toHaveText('Wool Beanie');
  await expect(products.getByRole('option', { name: 'Wool Beanie — Color Navy', exact: true })).toBeVisible();
  await expect(products.getByRole('option', { name: 'Wool Beanie — Color Grey', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the coupon editor offering variations');
  await screenshot(page, 'admin-coupon-variations-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-coupon-variations-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  // Arrow down past the product and Red to Navy, then Enter.
  await find.press('ArrowDown');
  await find.press('ArrowDown');
  await find.press('ArrowDown');
  await expect(products.getByRole('option', { name: 'Wool Beanie — Color Navy', exact: true })).toHaveAttribute('aria-selected', 'true');
  await find.press('Enter');
  await expect(products.getByRole('checkbox', { name: 'Wool Beanie — Color Navy', exact: true })).toBeChecked();
  await expect(products.getByRole('checkbox')).toHaveCount(1);
  await expect(products.getByRole('status')).toHaveText('Wool Beanie — Color Navy added.');

  await page.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\?saved=/);
  await page.getByRole('link', { name: 'navy15', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Products', exact: true }).getByRole('checkbox', { name: 'Wool Beanie — Color Navy', exact: true })).toBeChecked();

  // In the shop: the navy beanie is discounted, the grey one is not.
  await page.goto('/product/wool-beanie');
  await waitForHydration(page);
  const form = page.locator('form.variations-form');
  await expect(page.locator('.variations[data-ready="true"]')).toBeVisible();
  for (const colour of ['Navy', 'Grey']) {
    await form.getByRole('group', { name: /^Color/ }).getByRole('radio', { name: colour, exact: true }).check();
    const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add to cart', exact: true }).click();
    expect((await added).ok()).toBe(true);
  }
  await page.goto('/cart');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel('Coupon code').fill('NAVY15');
  await main.getByRole('button', { name: 'Apply coupon' }).click();
  // (The cart's cross-sells have a status line of their own.)
  await expect(main.getByRole('status').filter({ hasText: 'Coupon code' })).toHaveText('Coupon code applied successfully.');
  // 15 % of the £22.00 navy beanie only.
  await expect(main.getByRole('region', { name: 'Cart totals' }).getByRole('row', { name: /Coupon: navy15/ })).toContainText('−£3.30');
});
