// Longer than 400 lines on purpose: one cart journey with its own server and database; the admin set-up above (coupon,
// shipping zones) is shared by every test.
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, fillSetupCode, logIn, screenshot, snapshot, waitForHydration } from './helpers.ts';
import { budget } from './time.ts';

// Store settings and shipping zones change here: this journey has its own server and database
// (the no-JS cart journey shares it, with zones and a coupon of its own).
test.use({ shopInstance: 'cart' });

const ADMIN = { name: 'Cart Admin', email: 'cart-admin@example.test', password: 'cart-admin-password-1' };
const COUPON = 'CART15';

/** The first administrator on a fresh shop, or a log-in when another cart journey made it. */
async function adminSession(page: Page) {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  if ((await page.getByRole('button', { name: 'Create administrator' }).count()) === 0) {
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/my-account$/);
    return;
  }
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill(ADMIN.name);
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** A zone made in the admin (once) and moved to the top, so demo zones never shadow it. */
async function zone(page: Page, name: string, where: { region?: string; states?: string }, rates: [string, string][]) {
  await page.goto('/admin/shipping');
  await waitForHydration(page);
  if ((await page.getByRole('link', { name, exact: true }).count()) === 0) {
    await page.getByRole('link', { name: 'Add zone' }).click();
    await page.getByLabel('Zone name').fill(name);
    if (where.region) await page.getByLabel('Regions').selectOption(where.region);
    if (where.states) await page.getByLabel('States and provinces').fill(where.states);
    await page.getByRole('button', { name: 'Save zone' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    for (const [title, cost] of rates) {
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
  const up = page.getByRole('button', { name: `Move ${name} up` });
  const position = async () => (await page.getByRole('row').allTextContents()).findIndex((t) => t.startsWith(name));
  while (await up.isEnabled()) {
    const before = await position();
    await up.click();
    await expect.poll(position).toBeLessThan(before);
  }
}

/** Admin set-up through the admin screens: a 15 % coupon and two shipping zones. */
async function prepareShop(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await adminSession(page);
  await page.goto('/admin/coupons');
  if ((await page.getByRole('link', { name: COUPON.toLowerCase(), exact: true }).count()) === 0) {
    await page.goto('/admin/coupons/new');
    await waitForHydration(page);
    await page.getByLabel('Coupon code').fill(COUPON);
    await page.getByLabel('Discount type').selectOption('percent');
    await page.getByLabel('Coupon amount').fill('15');
    await page.getByRole('button', { name: 'Save coupon' }).click();
    await expect(page).toHaveURL(/\/admin\/coupons\?saved=/);
  }
  await zone(page, 'E2E California', { states: 'US:CA' }, [['Standard delivery', '5.00'], ['Express delivery', '9.00']]);
  await zone(page, 'E2E Germany', { region: 'country:DE' }, [['Germany delivery', '12.00']]);
  await context.close();
}

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareShop(browser, shop.server.baseURL);
});

const cartLabel = (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
const cartButton = (page: Page, count: number) => page.getByRole('banner').getByRole('button', { name: cartLabel(count) });
/** On the cart page itself the header cart stays a link (the page shows the cart). */
const cartLink = (page: Page, count: number) => page.getByRole('banner').getByRole('link', { name: cartLabel(count) });
const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Adds one of a product from its box on a search results page. */
async function addFromShop(page: Page, search: string, name: string) {
  await page.goto(`/shop?s=${encodeURIComponent(search)}`);
  await waitForHydration(page);
  await card(page, name).getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(card(page, name).getByRole('link', { name: 'View cart' })).toBeVisible();
}

test('a fast double click adds exactly two, the requests run one at a time and in order', async ({ page }) => {
  const log: string[] = [];
  // Each add takes a little longer on the way: overlapping requests would show in the log.
  await page.route('**/api/cart/items', async (route) => {
    log.push(`start ${(route.request().postDataJSON() as { productId: number }).productId}`);
    await new Promise((r) => setTimeout(r, 250));
    const response = await route.fetch();
    log.push('end');
    await route.fulfill({ response });
  });
  await page.goto('/shop?s=tote');
  await waitForHydration(page);
  const tote = card(page, 'Canvas Tote Bag');
  const add = tote.getByRole('button', { name: 'Add to cart: Canvas Tote Bag' });
  await add.dblclick();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await card(page, 'Market Tote XL').getByRole('button', { name: 'Add to cart: Market Tote XL' }).click();

  await expect(cartButton(page, 3)).toBeVisible();
  await expect(add).toHaveAttribute('aria-busy', 'false');
  await expect(tote.getByRole('status')).toHaveText('“Canvas Tote Bag” has been added to your cart.');
  // Three adds, each sent only after the one before it answered: tote, tote, then the XL tote.
  expect(log.map((s) => s.split(' ')[0])).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  const [first, second, third] = log.filter((s) => s.startsWith('start'));
  expect(second).toBe(first);
  expect(third).not.toBe(first);

  await tote.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const rows = page.getByRole('main').getByRole('table').first().getByRole('row');
  await expect(rows.nth(1)).toContainText('Canvas Tote Bag');
  await expect(rows.nth(1).getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('2');
  await expect(rows.nth(2)).toContainText('Market Tote XL');
  await expect(rows.nth(2).getByLabel('Quantity of Market Tote XL')).toHaveValue('1');
});

test('the quick view adds the chosen quantity; a refused add says why beside the button', async ({ page }) => {
  await page.goto('/shop?s=tote');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Quick view: Canvas Tote Bag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Canvas Tote Bag' });
  // The quantity has − and + as on the product page and in the cart.
  const qty = dialog.getByLabel('Quantity of Canvas Tote Bag');
  await dialog.getByRole('button', { name: 'One more Canvas Tote Bag' }).click();
  await expect(qty).toHaveValue('2');
  await dialog.getByRole('button', { name: 'One fewer Canvas Tote Bag' }).click();
  await expect(qty).toHaveValue('1');
  await expect(dialog.getByRole('button', { name: 'One fewer Canvas Tote Bag' })).toBeDisabled();
  await qty.fill('3');
  await dialog.getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
  await expect(dialog.getByRole('link', { name: 'View cart' })).toBeVisible();
  await expect(cartButton(page, 3)).toBeAttached();

  // The enamel pin is sold one at a time: the second add is refused with the shop's reason.
  await page.goto('/shop?s=enamel+pin');
  await waitForHydration(page);
  const pin = card(page, 'Limited Edition Enamel Pin');
  await pin.getByRole('button', { name: 'Add to cart: Limited Edition Enamel Pin' }).click();
  await expect(cartButton(page, 4)).toBeVisible();
  await pin.getByRole('button', { name: 'Add to cart: Limited Edition Enamel Pin' }).click();
  await expect(pin.getByRole('alert')).toHaveText('You cannot add another “Limited Edition Enamel Pin” to your cart.');
  await expect(cartButton(page, 4)).toBeVisible();
});

test('the header cart opens on click, lists the line and closes by itself; Escape closes it too', async ({ page }) => {
  await addFromShop(page, 'tote', 'Canvas Tote Bag');
  const button = cartButton(page, 1);
  await button.click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('listitem')).toContainText('Canvas Tote Bag');
  await expect(panel.getByRole('listitem')).toContainText('1 × £18.00');
  await expect(panel).toContainText('Subtotal: £18.00');
  await expect(panel.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
  await expect(panel.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

  // Pointer on the panel: the countdown waits, so axe can look at the open cart.
  await panel.hover();
  await expectNoSeriousA11yViolations(page, 'the open header cart');

  // Pointer elsewhere: it closes by itself, after about five seconds rather than at once.
  await page.mouse.move(5, 700);
  await page.waitForTimeout(2_500);
  await expect(panel).toBeVisible();
  await expect(panel).toBeHidden({ timeout: 5_000 });
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});

test('removing from the header cart updates it in place; a failed remove follows the link', async ({ page }) => {
  await addFromShop(page, 'tote', 'Canvas Tote Bag');
  await card(page, 'Market Tote XL').getByRole('button', { name: 'Add to cart: Market Tote XL' }).click();
  await cartButton(page, 2).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await panel.getByRole('link', { name: 'Remove Canvas Tote Bag from cart' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel).toContainText('Market Tote XL');
  await expect(panel).toContainText('Subtotal: £32.00');
  await expect(cartButton(page, 1)).toBeVisible();

  // The API call fails (network down): the browser follows the remove link, which works without it.
  await page.route('**/api/cart/items/*', (route) => route.abort());
  await panel.getByRole('link', { name: 'Remove Market Tote XL from cart' }).click();
  await expect(page).toHaveURL(/\/cart\?done=removed$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('“Market Tote XL” removed. Undo?');
  await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
});

test('two tabs of one browser stay in step within a second', async ({ context }) => {
  const [a, b] = [await context.newPage(), await context.newPage()];
  for (const p of [a, b]) {
    await p.goto('/shop?s=tote');
    await waitForHydration(p);
  }
  await card(a, 'Canvas Tote Bag').getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
  await expect(cartButton(a, 1)).toBeVisible();
  await expect(cartButton(b, 1)).toBeVisible({ timeout: 1_000 });

  await cartButton(b, 1).click();
  await b.getByRole('region', { name: 'Shopping cart' }).getByRole('link', { name: 'Remove Canvas Tote Bag from cart' }).click();
  await expect(cartButton(b, 0)).toBeVisible();
  await expect(cartButton(a, 0)).toBeVisible({ timeout: 1_000 });
});

test('the cart page updates quantities and applies a coupon in place, without a reload', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to shop' })).toHaveAttribute('href', '/shop');
  await expectNoSeriousA11yViolations(page, 'the empty cart');

  await addFromShop(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/cart');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const main = page.getByRole('main');
  const quantity = main.getByLabel('Quantity of Canvas Tote Bag');
  await expect(main.getByRole('button', { name: 'One fewer Canvas Tote Bag' })).toBeDisabled();
  await main.getByRole('button', { name: 'One more Canvas Tote Bag' }).click();
  await main.getByRole('button', { name: 'One more Canvas Tote Bag' }).click();
  await expect(quantity).toHaveValue('3');
  await main.getByRole('button', { name: 'Update cart' }).click();
  await expect(main.getByRole('status')).toHaveText('Cart updated.');
  await expect(main.getByRole('row', { name: /Canvas Tote Bag/ })).toContainText('£54.00');
  await expect(cartLink(page, 3)).toBeVisible();

  await main.getByLabel('Coupon code').fill('NOPE');
  await main.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(main.getByRole('alert')).toHaveText('Coupon “NOPE” does not exist.');
  await main.getByLabel('Coupon code').fill(COUPON);
  await main.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(main.getByRole('status')).toHaveText('Coupon code applied successfully.');
  const totals = main.getByRole('region', { name: 'Cart totals' });
  await expect(totals.getByRole('row', { name: /Coupon: cart15/ })).toContainText('−£8.10');
  await expect(totals.getByRole('row', { name: /Subtotal/ })).toContainText('£54.00');
  await expectNoSeriousA11yViolations(page, 'the cart with a line and a coupon');

  await totals.getByRole('link', { name: 'Remove coupon cart15' }).click();
  await expect(main.getByRole('status')).toHaveText('Coupon has been removed.');
  await expect(totals.getByRole('row', { name: /Coupon/ })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('the cart page: “… removed. Undo?” puts the line back without a reload, and a quantity typed in another line stays as typed', async ({ page }) => {
  await addFromShop(page, 'tote', 'Canvas Tote Bag');
  await card(page, 'Market Tote XL').getByRole('button', { name: 'Add to cart: Market Tote XL' }).click();
  await expect(cartButton(page, 2)).toBeVisible();
  await page.goto('/cart');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const main = page.getByRole('main');
  // The shopper types 3 totes but does not press "Update cart" yet.
  await main.getByLabel('Quantity of Canvas Tote Bag').fill('3');

  await main.getByRole('link', { name: 'Remove Market Tote XL from cart' }).click();
  await expect(main.getByRole('status')).toHaveText('“Market Tote XL” removed. Undo?');
  await expect(main.getByLabel('Quantity of Market Tote XL')).toHaveCount(0);
  await expect(cartLink(page, 1)).toBeVisible();
  await expect(main.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('3');

  await main.getByRole('status').getByRole('link', { name: 'Undo?' }).click();
  await expect(main.getByRole('status')).toHaveText('Item put back in your cart.');
  await expect(main.getByLabel('Quantity of Market Tote XL')).toHaveValue('1');
  await expect(main.getByRole('row', { name: /Market Tote XL/ })).toContainText('£32.00');
  await expect(cartLink(page, 2)).toBeVisible();
  await expect(main.getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('3');

  // The typed quantity is still the one "Update cart" sends.
  await main.getByRole('button', { name: 'Update cart' }).click();
  await expect(main.getByRole('status')).toHaveText('Cart updated.');
  await expect(main.getByRole('row', { name: /Canvas Tote Bag/ })).toContainText('£54.00');
  await expect(cartLink(page, 4)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await screenshot(page, 'cart-undo');
});

test('cross-sells of the cart\'s products are offered under it and go into the cart in place', async ({ page }) => {
  await addFromShop(page, 'graphic sun', 'Graphic Sun Tee');
  await page.goto('/cart');
  await waitForHydration(page);
  const offers = page.getByRole('region', { name: 'You may be interested in…' });
  await offers.getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
  await expect(page.getByRole('main').getByRole('row', { name: /Canvas Tote Bag/ })).toBeVisible();
  await expect(cartLink(page, 2)).toBeVisible();
  // Already on the cart page: no "View cart" link beside the button.
  await expect(offers.getByRole('link', { name: 'View cart' })).toHaveCount(0);
});

async function openCalculator(page: Page) {
  const country = page.getByLabel('Country / region');
  if (!(await country.isVisible())) await page.getByText('Calculate shipping').click();
  await expect(country).toBeVisible();
}

test('the shipping calculator: a state select for the US, no state field for Germany, rates to choose', async ({ page }) => {
  await addFromShop(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/cart');
  await waitForHydration(page);
  const totals = page.getByRole('region', { name: 'Cart totals' });
  const total = totals.getByRole('row', { name: /^Total/ });

  await openCalculator(page);
  await page.getByLabel('Country / region').selectOption('US');
  // A text field stands in until the state list has arrived; then it becomes a select.
  await expect(page.getByRole('combobox', { name: 'State / County' })).toBeVisible();
  await page.getByLabel('State / County').selectOption({ label: 'California' });
  await page.getByLabel('Postcode / ZIP').fill('94103');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(totals).toContainText('Shipping to California, 94103, United States.');
  await expect(totals.getByLabel('Standard delivery: £5.00')).toBeChecked();
  await expect(total).toContainText('£23.00');
  await totals.getByLabel('Express delivery: £9.00').check();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Shipping method updated.');
  await expect(total).toContainText('£27.00');

  await openCalculator(page);
  await page.getByLabel('Country / region').selectOption('DE');
  await expect(page.getByLabel('State / County')).toHaveCount(0);
  await page.getByLabel('Postcode / ZIP').fill('10115');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(totals).toContainText('Shipping to 10115, Germany.');
  await expect(totals.getByLabel('Germany delivery: £12.00')).toBeChecked();
  await expect(total).toContainText('£30.00');
});

test('phone screenshots of the cart page and the open header cart', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await addFromShop(page, 'tote', 'Canvas Tote Bag');
  await card(page, 'Market Tote XL').getByRole('button', { name: 'Add to cart: Market Tote XL' }).click();
  await expect(cartButton(page, 2)).toBeVisible();
  await cartButton(page, 2).click();
  const panel = page.getByRole('region', { name: 'Shopping cart' });
  await panel.hover();
  await snapshot(page, 'test-results/screens/cart-mini-mobile.png');
  await expectNoSeriousA11yViolations(page, 'the open header cart on a phone');

  await panel.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await screenshot(page, 'cart-mobile');
  await expectNoSeriousA11yViolations(page, 'the cart on a phone');
});

test('on a phone, a line\'s remove × sits beside its name and attributes, not over them', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/product/classic-cotton-tee');
  await waitForHydration(page);
  const form = page.locator('form.variations-form');
  await expect(page.locator('.variations[data-ready="true"]')).toBeVisible();
  await form.getByRole('group', { name: /^Color/ }).getByRole('radio', { name: 'Red', exact: true }).check();
  await form.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: 'XL', exact: true }).check();
  await form.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(cartButton(page, 1)).toBeVisible();
  await page.goto('/cart');
  const row = page.getByRole('row').filter({ hasText: 'Classic Cotton Tee' });
  const remove = await row.getByRole('link', { name: 'Remove Classic Cotton Tee from cart' }).boundingBox();
  const name = await row.locator('td.cart-table__name').boundingBox();
  await expect(row.getByText('XL')).toBeVisible();
  expect(remove && name).toBeTruthy();
  // The two boxes do not intersect: the × is entirely beside the name cell (or above or below it).
  const apart = remove!.x >= name!.x + name!.width || name!.x >= remove!.x + remove!.width || remove!.y >= name!.y + name!.height || name!.y >= remove!.y + remove!.height;
  expect(apart, `remove ${JSON.stringify(remove)} overlaps name ${JSON.stringify(name)}`).toBe(true);
});

test('store settings: the header cart as an off-canvas panel, and going to the cart after adding', async ({ page, browser, shop }) => {
  const admin = await browser.newContext({ baseURL: shop.server.baseURL });
  const adminPage = await admin.newPage();
  await logIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/my-account$/);
  const save = async (widget: 'dropdown' | 'offcanvas', redirect: boolean) => {
    await adminPage.goto('/admin/settings');
    await waitForHydration(adminPage);
    await adminPage.getByLabel('Header cart').selectOption(widget);
    await adminPage.getByLabel('Go to the cart page after adding a product').setChecked(redirect);
    await adminPage.getByRole('button', { name: 'Save settings' }).click();
    await expect(adminPage.getByRole('status')).toHaveText('Settings saved.');
  };
  await save('offcanvas', false);
  try {
    await addFromShop(page, 'tote', 'Canvas Tote Bag');
    await cartButton(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toContainText('Canvas Tote Bag');
    await expectNoSeriousA11yViolations(page, 'the off-canvas cart');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cartButton(page, 1)).toBeFocused();
    await cartButton(page, 1).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await save('offcanvas', true);
    await page.goto('/shop?s=tote');
    await waitForHydration(page);
    await card(page, 'Market Tote XL').getByRole('button', { name: 'Add to cart: Market Tote XL' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('main').getByRole('row', { name: /Market Tote XL/ })).toBeVisible();
  } finally {
    await save('dropdown', false);
    await admin.close();
  }
});
