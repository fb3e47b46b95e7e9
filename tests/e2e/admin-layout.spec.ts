import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, logIn, screenshot, uniqueEmail, waitForHydration } from './helpers.ts';
import { ADMIN, adminSession, addToCart, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

// The admin's own frame and its lists on a phone: shares the order journeys' server and administrator.
test.use({ shopInstance: 'checkout' });

const COUPON = 'LAYOUT-TEN';
/** The dashboard cards' labels, plural → singular. */
const SINGULAR: Record<string, string> = {
  'published products': 'published product',
  categories: 'category',
  customers: 'customer',
  'reviews awaiting approval': 'review awaiting approval',
};

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

/** A guest's order by bank transfer (on hold), placed in its own browser context. */
async function placeOrder(page: Page): Promise<number> {
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  const email = uniqueEmail('layout');
  await fillBilling(page, { first: 'Lena', last: 'Layout', street: '5 Kew Road', city: 'Richmond', country: 'GB', postcode: 'TW9 3AB', email });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/order-received/);
  return orderIdOf(page.url());
}

/** The page is no wider than the window: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${label} is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

test('an order’s status select starts at the order’s own status', async ({ page, browser, shop }) => {
  const guest = await browser.newContext({ baseURL: shop.server.baseURL });
  const id = await placeOrder(await guest.newPage());
  await guest.close();
  await adminSession(page);

  await page.goto(`/admin/orders/${id}`);
  await waitForHydration(page);
  const select = page.getByLabel('Change status to');
  await expect(select).toHaveValue('on-hold');
  await select.selectOption('processing');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('status')).toHaveText('Order status changed.');
  await expect(select).toHaveValue('processing');
  await expect(select.locator('option:checked')).toHaveText('Processing');

  // As the server renders it, before any script runs.
  const html = await (await page.request.get(`/admin/orders/${id}`)).text();
  expect(html).toMatch(/<option value="processing" selected="">Processing<\/option>/);
  expect(html).not.toMatch(/<option value="on-hold" selected/);

  // Sending the status it already has changes nothing, and the note written with it is kept.
  await page.getByLabel('Private note (optional)').fill('Checked the stock.');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('status')).toHaveText('The order already has this status; note added.');
  await expect(page.locator('.admin-notes')).toContainText('Checked the stock.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Processing');
});

test('the admin has its own frame: top bar with the store and the user, side navigation marking the current page, a menu button on phones', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/coupons');
  await waitForHydration(page);
  // Not the shop's header, search or footer (the coupon list's own search form is the only one).
  await expect(page.getByRole('search')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('search', { name: 'Search and filter Coupons' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: /View shop/ })).toHaveAttribute('href', '/');
  await expect(bar).toContainText(`Signed in as ${ADMIN.name}`);
  await expect(bar.getByRole('button', { name: 'Log out' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Shop admin' });
  await expect(nav.getByRole('link', { name: 'Coupons' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeHidden();

  await page.setViewportSize(MOBILE);
  const menu = page.getByRole('button', { name: 'Admin menu' });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: open with Enter, close with Escape (focus back on the button).
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await screenshot(page, 'admin-menu-open-mobile');
  // The button is last in the bar: the next Tab reaches the open menu.
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  // A page chosen from the menu closes it.
  await menu.click();
  await nav.getByRole('link', { name: 'Tax' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeVisible();
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Tax' })).toHaveAttribute('aria-current', 'page');

  // The dashboard's counts read in the singular for one.
  await page.goto('/admin');
  const cards = await page.locator('.admin-cards:not(.dash-figures) li').allInnerTexts();
  expect(cards).toHaveLength(4);
  for (const text of cards) {
    const [, figure, label] = /^(\d+) (.+)$/.exec(text.replace(/\s+/g, ' ').trim()) ?? [];
    const plural = Object.keys(SINGULAR).find((p) => p === label || SINGULAR[p] === label);
    expect(plural, `dashboard card “${text}”`).toBeDefined();
    expect(label, `dashboard card “${text}”`).toBe(figure === '1' ? SINGULAR[plural!] : plural);
  }

  // A page that does not exist says so inside the admin's frame.
  const missing = await page.goto('/admin/orders/999999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeVisible();
  await expect(page.getByRole('search')).toHaveCount(0);

  // Log out from the top bar.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/account\/login/);
});

test('without scripts the phone shows the admin navigation open, with no menu button that could not work', async ({ browser, shop }) => {
  const context = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: false, viewport: MOBILE });
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password, { scripts: false });
  await expect(page).toHaveURL(/\/my-account$/);
  await page.goto('/admin/shipping');
  await expect(page.getByRole('navigation', { name: 'Shop admin' }).getByRole('link', { name: 'Shipping', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Shop admin' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeHidden();
  await expectNoSidewaysScroll(page, '/admin/shipping without scripts');
  await context.close();
});

test('every admin page fits a 390 px phone without scrolling sideways and passes axe, at 1280 px too', async ({ page, browser, shop }) => {
  test.setTimeout(budget(240_000));
  const guest = await browser.newContext({ baseURL: shop.server.baseURL });
  const orderId = await placeOrder(await guest.newPage());
  await guest.close();
  await adminSession(page);

  // Some data in every list: a coupon, an order (above), the demo's zones, tax rates and reviews.
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
  const couponHref = await page.getByRole('link', { name: COUPON.toLowerCase(), exact: true }).getAttribute('href');
  await page.goto('/admin/shipping');
  const zoneHref = await page.getByRole('main').getByRole('rowheader').getByRole('link').first().getAttribute('href');
  await page.goto('/admin/tax');
  await expect(page.getByRole('main').getByRole('table', { name: 'Tax rates' })).toBeVisible();
  await page.goto('/admin/reviews?status=all');
  await expect(page.getByRole('main').getByRole('table', { name: 'Reviews' })).toBeVisible();

  const pages = [
    '/admin',
    '/admin/orders',
    `/admin/orders/${orderId}`,
    '/admin/settings',
    '/admin/import',
    '/admin/products',
    '/admin/products/new',
    '/admin/categories',
    '/admin/tags',
    '/admin/coupons',
    '/admin/coupons/new',
    couponHref!,
    '/admin/shipping',
    zoneHref!,
    '/admin/shipping/rest-of-world',
    '/admin/shipping/new',
    '/admin/tax',
    '/admin/payments',
    '/admin/mail',
    '/admin/privacy',
    '/admin/reviews?status=all',
    '/admin/wishlists',
    '/admin/setup',
  ];
  for (const [size, viewport] of [['mobile', MOBILE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    for (const path of pages) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSidewaysScroll(page, `${path} at ${viewport.width}px`);
      // The top bar's link to the shop is one line (cut short if need be, never broken mid-word).
      const storeLink = page.locator('.admin-bar__store');
      const storeLines = (await storeLink.count()) === 0 ? 1 : await storeLink.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el.firstChild ?? el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(storeLines, `${path} at ${viewport.width}px`).toBe(1);
      if (size === 'mobile') await expectNoSeriousA11yViolations(page, `${path} at ${viewport.width}px`);
      await screenshot(page, `${path.slice(1).replace(/[/?=]+/g, '-')}-${size}`);
    }
  }
});
