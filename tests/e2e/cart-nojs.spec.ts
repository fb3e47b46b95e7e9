import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { fillSetupCode, logIn, waitForHydration } from './helpers.ts';
import { budget } from './time.ts';

// Shares the cart journey's server (same admin); its zone and coupon are its own, so the two
// journeys do not see each other's shipping rates or discounts.
test.use({ shopInstance: 'cart' });

const ADMIN = { name: 'Cart Admin', email: 'cart-admin@example.test', password: 'cart-admin-password-1' };
const COUPON = 'NOJS10';
const ZONE = 'No-JS Oregon';

/** Set-up through the admin screens (with scripts): administrator, a 10 % coupon, an Oregon zone at the top. */
async function prepareShop(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto('/admin/setup');
  await waitForHydration(page);
  if ((await page.getByRole('button', { name: 'Create administrator' }).count()) > 0) {
    await fillSetupCode(page);
    await page.getByLabel('Name', { exact: true }).fill(ADMIN.name);
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  } else {
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/my-account$/);
  }
  await page.goto('/admin/coupons');
  if ((await page.getByRole('link', { name: COUPON.toLowerCase(), exact: true }).count()) === 0) {
    await page.goto('/admin/coupons/new');
    await waitForHydration(page);
    await page.getByLabel('Coupon code').fill(COUPON);
    await page.getByLabel('Discount type').selectOption('percent');
    await page.getByLabel('Coupon amount').fill('10');
    await page.getByRole('button', { name: 'Save coupon' }).click();
    await expect(page).toHaveURL(/\/admin\/coupons\?saved=/);
  }
  await page.goto('/admin/shipping');
  await waitForHydration(page);
  if ((await page.getByRole('link', { name: ZONE, exact: true }).count()) === 0) {
    await page.getByRole('link', { name: 'Add zone' }).click();
    await page.getByLabel('Zone name').fill(ZONE);
    await page.getByLabel('States and provinces').fill('US:OR');
    await page.getByRole('button', { name: 'Save zone' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ZONE })).toBeVisible();
    for (const [title, cost] of [['Oregon post', '4.00'], ['Oregon courier', '8.00']]) {
      await page.getByLabel('Add a method').selectOption('flat_rate');
      await page.getByRole('button', { name: 'Add method' }).click();
      const editor = page.getByRole('group').filter({ hasText: 'Flat rate — Flat rate' });
      await editor.getByText('Flat rate — Flat rate').click();
      await editor.getByLabel('Title shoppers see').fill(title);
      await editor.getByLabel('Cost', { exact: true }).fill(cost);
      await editor.getByRole('button', { name: 'Save method' }).click();
      await expect(page.getByText(`${title} — Flat rate`)).toBeVisible();
    }
    await page.goto('/admin/shipping');
    await waitForHydration(page);
  }
  // First in matching order, so no other Oregon zone (demo data) shadows it.
  const up = page.getByRole('button', { name: `Move ${ZONE} up` });
  const position = async () => (await page.getByRole('row').allTextContents()).findIndex((t) => t.startsWith(ZONE));
  while (await up.isEnabled()) {
    const before = await position();
    await up.click();
    await expect.poll(position).toBeLessThan(before);
  }
  await context.close();
}

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareShop(browser, shop.server.baseURL);
});

test.use({ javaScriptEnabled: false });

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('without JavaScript: after adding, the page says what was added with a link to the cart, and the header shows the count', async ({ page }) => {
  await page.goto('/shop?s=tote');
  await card(page, 'Canvas Tote Bag').getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
  await expect(page).toHaveURL(/\/shop\?s=tote$/);
  const notice = page.getByRole('main').getByRole('status').filter({ hasText: '“Canvas Tote Bag” has been added to your cart.' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toContainText('1');

  // Shown once: the same page again is the shared catalog page, without the notice.
  await page.reload();
  await expect(page.getByText('has been added to your cart')).toHaveCount(0);

  // A second add of two from the product page, then the cart page: both show this visitor's count.
  await page.goto('/product/canvas-tote-bag');
  await page.getByRole('main').getByRole('spinbutton', { name: 'Canvas Tote Bag quantity' }).fill('2');
  await page.getByRole('main').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: '2 × “Canvas Tote Bag” have been added to your cart.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' })).toContainText('3');
  await page.getByRole('main').getByRole('status').getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' })).toContainText('3');

  // Empty the cart again for the journey below.
  await page.getByRole('main').getByRole('link', { name: 'Remove Canvas Tote Bag from cart' }).click();
  await expect(page).toHaveURL(/\/cart\?done=removed$/);
});

test('without JavaScript: add from a product box, update, coupon, shipping, remove', async ({ page }) => {
  // Add to cart is a form post that comes back to the listing.
  await page.goto('/shop?s=tote');
  await card(page, 'Canvas Tote Bag').getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
  await expect(page).toHaveURL(/\/shop\?s=tote$/);
  await card(page, 'Market Tote XL').getByRole('button', { name: 'Add to cart: Market Tote XL' }).click();
  await expect(page).toHaveURL(/\/shop\?s=tote$/);

  // The header cart is a plain link to the cart page.
  await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('1');
  await expect(main.getByLabel('Quantity of Market Tote XL')).toHaveValue('1');

  // Update cart: 2 totes; an emptied quantity counts as 0 and removes the line.
  await main.getByLabel('Quantity of Canvas Tote Bag').fill('2');
  await main.getByLabel('Quantity of Market Tote XL').fill('');
  await main.getByRole('button', { name: 'Update cart' }).click();
  await expect(page).toHaveURL(/\/cart\?done=updated$/);
  await expect(main.getByRole('status')).toHaveText('Cart updated.');
  await expect(main.getByRole('row', { name: /Canvas Tote Bag/ })).toContainText('£36.00');
  await expect(main.getByLabel('Quantity of Market Tote XL')).toHaveCount(0);

  // Coupon.
  await main.getByLabel('Coupon code').fill(COUPON);
  await main.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(main.getByRole('status')).toHaveText('Coupon code applied successfully.');
  const totals = main.getByRole('region', { name: 'Cart totals' });
  await expect(totals.getByRole('row', { name: /Coupon: nojs10/ })).toContainText('−£3.60');

  // Shipping: the state field follows the saved country, so choosing the US first asks for the state.
  await page.getByText('Calculate shipping').click();
  await page.getByLabel('Country / region').selectOption('US');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(main.getByRole('alert')).toHaveText('Please choose a state or county, then press “Update”.');
  await page.getByLabel('State / County').selectOption({ label: 'Oregon' });
  await page.getByLabel('Postcode / ZIP').fill('97201');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(main.getByRole('status')).toHaveText('Shipping costs updated.');
  await expect(totals).toContainText('Shipping to Oregon, 97201, United States.');
  await expect(totals.getByLabel('Oregon post: £4.00')).toBeChecked();
  await expect(totals.getByRole('row', { name: /^Total/ })).toContainText('£36.40');
  await totals.getByLabel('Oregon courier: £8.00').check();
  await totals.getByRole('button', { name: 'Update shipping' }).click();
  await expect(main.getByRole('status')).toHaveText('Shipping method updated.');
  await expect(totals.getByRole('row', { name: /^Total/ })).toContainText('£40.40');

  // Remove: a plain link, and WooCommerce's "Undo?" (a plain link too) puts the line back as it was.
  await main.getByRole('link', { name: 'Remove Canvas Tote Bag from cart' }).click();
  await expect(page).toHaveURL(/\/cart\?done=removed$/);
  await expect(main.getByRole('status')).toHaveText('“Canvas Tote Bag” removed. Undo?');
  await expect(main.getByText('Your cart is currently empty.')).toBeVisible();
  const undo = main.getByRole('status').getByRole('link', { name: 'Undo?' });
  const undoAddress = await undo.getAttribute('href');
  await undo.click();
  await expect(page).toHaveURL(/\/cart\?done=restored$/);
  await expect(main.getByRole('status')).toHaveText('Item put back in your cart.');
  await expect(main.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('2');
  await expect(main.getByRole('row', { name: /Canvas Tote Bag/ })).toContainText('£36.00');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // Undo puts a line back once: the same link again adds nothing.
  await page.goto(undoAddress!);
  await expect(page).toHaveURL(/\/cart\?done=undo_failed$/);
  await expect(main.getByRole('alert')).toHaveText('That item could not be put back in your cart.');
  await expect(main.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('2');
  await main.getByRole('link', { name: 'Remove Canvas Tote Bag from cart' }).click();
  await expect(main.getByRole('status')).toHaveText('“Canvas Tote Bag” removed. Undo?');
  await expect(main.getByText('Your cart is currently empty.')).toBeVisible();
});
