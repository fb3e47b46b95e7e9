import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, fillSetupCode, newAccount, register, screenshot, waitForHydration } from './helpers.ts';

// Its own shop: it creates the first administrator and changes the wishlist settings.
test.use({ shopInstance: 'wishlist-settings' });
test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'wl-settings-admin@example.test', password: 'wl-settings-password-1' };
const COOKIE_TEXT = 'Cookies are off: turn them on to keep a wishlist here.';

async function settings(page: Page, change: (page: Page) => Promise<void>) {
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await change(page);
  await page.getByRole('button', { name: /^Save/ }).first().click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
}

async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/account/login');
  await waitForHydration(page);
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/(my-account|admin)/);
  return { page, close: () => context.close() };
}

async function apiOf(page: Page) {
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const products = (await (await page.request.get('/api/products?per_page=8')).json()).products as { id: number; name: string; slug: string; type: string }[];
  const call = async (method: 'POST' | 'PATCH', url: string, data: unknown) => (await page.request.fetch(url, { method, headers: { 'x-csrf-token': csrf }, data })).json();
  return { products, call };
}

test('first administrator', async ({ page }) => {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill('Settings Admin');
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('images grid: a thumbnail toggles its detail panel; removing after add-to-cart is for the owner only', async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!);
  await settings(admin.page, async (p) => {
    await p.getByLabel('Wishlist page layout').selectOption('grid');
    await p.getByLabel('Remove an item from its wishlist once its owner adds it to the cart').check();
  });
  await admin.close();

  const owner = await browser.newContext({ baseURL });
  const page = await owner.newPage();
  await register(page, newAccount('wl-grid'));
  await page.goto('/shop');
  const { products, call } = await apiOf(page);
  const simple = products.filter((p) => p.type === 'simple').slice(0, 3);
  for (const p of simple) await call('POST', '/api/wishlist/items', { productId: p.id });
  const list = (await call('POST', '/api/wishlist/items', { productId: simple[0].id })).wishlist as { token: string; url: string };
  await call('PATCH', `/api/wishlists/${list.token}`, { visibility: 'shared' });

  await page.goto('/wishlist');
  await waitForHydration(page);
  const items = page.locator('.wl-grid__item');
  await expect(items).toHaveCount(3);
  // In the order added: the first thumbnail is the first product.
  const first = items.first();
  const detail = first.locator('.wl-grid__detail');
  await expect(detail).toBeHidden();
  await first.locator('summary').click();
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('link', { name: simple[0].name })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/wishlist (grid)');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'wishlist-grid-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
  await first.locator('summary').click();
  await expect(detail).toBeHidden();

  // A visitor of the shared list adds a row to their cart: the owner's list keeps it.
  const visitor = await browser.newContext({ baseURL });
  const v = await visitor.newPage();
  await v.goto(list.url);
  const vFirst = v.locator('.wl-grid__item').first();
  await vFirst.locator('summary').click();
  await vFirst.getByRole('button', { name: 'Add to cart' }).click();
  await expect(v.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(v.locator('.wl-grid__item')).toHaveCount(3);
  await visitor.close();

  // The owner adds one to the cart: it leaves the list.
  await first.locator('summary').click();
  await first.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(page.locator('.wl-grid__item')).toHaveCount(2);
  await expect(page.getByRole('link', { name: simple[0].name })).toHaveCount(0);
  await owner.close();
});

test('cookies refused: the heart shows the configured text and sends nothing', async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!);
  await settings(admin.page, async (p) => {
    await p.getByLabel('Message when the browser refuses cookies').fill(COOKIE_TEXT);
  });
  await admin.close();

  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false }));
  const page = await context.newPage();
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/wishlist')) posted++;
  });
  await page.goto('/shop');
  await waitForHydration(page);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(`${d.type()}: ${d.message()}`);
    void d.accept();
  });
  await page.getByRole('button', { name: /^Add “.+” to wishlist$/ }).first().click();
  await expect.poll(() => alerts).toEqual([`alert: ${COOKIE_TEXT}`]);
  await expect(page.getByRole('dialog', { name: 'Add to wishlist' })).toHaveCount(0);
  expect(posted).toBe(0);
  await context.close();
});

test('guest wishlists off: the heart asks a visitor to log in and comes back to the product', async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!);
  await settings(admin.page, async (p) => {
    await p.getByLabel('Visitors without an account may keep a wishlist').uncheck();
  });
  await admin.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = newAccount('wl-guest-off');
  await register(page, account);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const { products } = await apiOf(page);
  const product = products.find((p) => p.type === 'simple')!;
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await page.getByRole('main').getByRole('button', { name: `Add “${product.name}” to wishlist` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/account/login\\?redirect=${encodeURIComponent(`/product/${product.slug}`)}`));
  await waitForHydration(page);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await waitForHydration(page);
  await page.getByRole('main').getByRole('button', { name: `Add “${product.name}” to wishlist` }).first().click();
  // A first list: one click adds to the default list.
  await expect(page.getByRole('main').getByRole('button', { name: `“${product.name}” is in your wishlist` }).first()).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
