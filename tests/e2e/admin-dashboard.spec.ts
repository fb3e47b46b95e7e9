import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, expectNoSeriousA11yViolations, MOBILE, screenshot, sidewaysOverflow, snapshot, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The dashboard and the stock history in Chromium: orders placed through the shop's API show
 * in the sales figures and charts (drawn by Chart.js on canvases named by their summaries, the
 * figures a table away), the stock they took shows in the history; the same page without
 * scripts is tables; axe; 1280 and 390 px screenshots. The chart code is the dashboard's own:
 * the shop's pages never load it.
 */

// Its own shop: it creates the first administrator and places orders.
test.use({ shopInstance: 'dashboard' });

const GB = { first_name: 'Dora', last_name: 'Dash', company: '', address_1: '3 Market Row', address_2: '', city: 'York', state: '', postcode: 'YO1 7HH', country: 'GB', email: 'dora@example.test', phone: '' };

async function productId(request: APIRequestContext, slug: string): Promise<number> {
  const res = await request.get(`/api/products/${slug}`);
  expect(res.status()).toBe(200);
  return (await res.json()).id as number;
}

/** A guest order through the cart and checkout API (cash on delivery: processing). */
async function order(request: APIRequestContext, lines: { productId: number; quantity: number }[]): Promise<number> {
  let token = `new-${Math.random()}`;
  for (const l of lines) {
    const res = await request.post('/api/cart/items', { data: l, headers: { 'cart-token': token } });
    expect(res.status(), await res.text()).toBe(201);
    token = res.headers()['cart-token'];
  }
  const res = await request.post('/api/checkout', { data: { billing_address: GB, payment_method: 'cod' }, headers: { 'cart-token': token } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).order_id as number;
}

test.beforeAll(async ({ playwright, shop }) => {
  const request = await playwright.request.newContext({ baseURL: shop.server.baseURL });
  const scarf = await productId(request, 'knitted-scarf');
  const tote = await productId(request, 'canvas-tote-bag');
  await order(request, [{ productId: scarf, quantity: 1 }, { productId: tote, quantity: 2 }]);
  await order(request, [{ productId: tote, quantity: 1 }]);
  await request.dispose();
});

test('the dashboard: sales figures, charts drawn with their text alternatives, stock and reviews; axe; 1280 and 390 px', async ({ page }) => {
  test.setTimeout(budget(180_000));
  await adminSession(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Sales' })).toBeVisible();
  const today = page.locator('[data-window="today"]');
  await expect(today).toContainText('2 orders');

  // Each chart is an image named by its title and summary, drawn (its canvas has a size), its table folded away.
  const perDay = page.getByRole('figure', { name: 'Sales per day, last 30 days' });
  const chart = perDay.getByRole('img', { name: /Sales per day, last 30 days Bar chart of net sales per day over the last 30 days: .* from 2 orders in all/ });
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0)).toBe(true);
  await expect(perDay.getByRole('table')).toBeHidden();
  await perDay.getByText('The figures as a table').click();
  await expect(perDay.getByRole('table', { name: 'Sales per day, last 30 days' })).toBeVisible();
  await expect(perDay.getByRole('row').nth(1)).toContainText('2');
  const byStatus = page.getByRole('figure', { name: 'Orders by status, last 30 days' });
  await expect(byStatus.getByRole('img', { name: /Processing 2/ })).toBeVisible();
  expect(scripts.some((u) => u.includes('dashboard-chart.lazy'))).toBe(true);

  await expect(page.getByRole('table', { name: 'Top sellers, last 30 days' }).getByRole('link', { name: 'Canvas Tote Bag' })).toBeVisible();
  // The scarf was low before the order, and lower now: its editor is a click away.
  const low = page.getByRole('table', { name: 'Low in stock' });
  await expect(low.getByRole('link', { name: 'Knitted Scarf' })).toHaveAttribute('href', /\/admin\/products\/\d+$/);
  await expect(page.getByRole('table', { name: 'Out of stock' }).getByRole('link').first()).toHaveAttribute('href', /\/admin\/products\/\d+$/);
  await expect(page.getByRole('table', { name: 'Reviews awaiting approval' })).toBeVisible();

  await expectNoSeriousA11yViolations(page, '/admin');
  await screenshot(page, 'admin-dashboard-1280');
  await page.setViewportSize(MOBILE);
  await page.reload();
  await waitForHydration(page);
  await expect(perDay.getByRole('img')).toBeVisible();
  await screenshot(page, 'admin-dashboard-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);

  // The shop's own pages never fetch the chart code.
  scripts.length = 0;
  for (const path of ['/', '/product/knitted-scarf']) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /dashboard|chart/i.test(u))).toEqual([]);
});

test('without scripts the dashboard is its figures as tables', async ({ browser, shop, page: scripted }) => {
  test.setTimeout(budget(120_000));
  // The first administrator exists (made here if this worker's shop is new).
  await adminSession(scripted);
  const context = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/account/login');
  await page.getByLabel('E-mail address').fill('order-admin@example.test');
  await page.getByLabel('Password', { exact: true }).fill('order-admin-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.goto('/admin');
  const perDay = page.getByRole('figure', { name: 'Sales per day, last 30 days' });
  await expect(perDay.getByRole('table')).toBeVisible();
  await expect(perDay.getByRole('img')).toHaveCount(0);
  await expect(perDay).toContainText('from 2 orders in all');
  await expect(page.getByRole('figure', { name: 'Orders by status, last 30 days' }).getByRole('table')).toBeVisible();
  // (The screenshot helper scrolls with a script: here the page is taken as it is.)
  await snapshot(page, 'test-results/screens/admin-dashboard-noscript-1280.png', { fullPage: true });
  await context.close();
});

test('the stock history: orders and a quick edit, filtered by reason, a product’s own page; axe; 1280 and 390 px', async ({ page }) => {
  test.setTimeout(budget(180_000));
  await adminSession(page);
  await page.goto('/admin/products?q=scarf');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Quick edit Knitted Scarf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick edit: Knitted Scarf' });
  await dialog.getByLabel('Track stock quantity').check();
  await dialog.getByRole('textbox', { name: 'Stock quantity' }).fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '“Knitted Scarf” saved.' })).toBeVisible();

  await page.goto('/admin/stock');
  await waitForHydration(page);
  const history = page.getByRole('table', { name: 'Stock history' });
  await expect(history.getByRole('row').filter({ hasText: 'Knitted Scarf' }).filter({ hasText: 'Manual change' })).toContainText('quick edit');
  await expect(history.getByRole('row').filter({ hasText: 'Knitted Scarf' }).filter({ hasText: /order #\d+/ }).first()).toContainText('Guest');
  await page.getByLabel('Reason').selectOption('manual');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/reason=manual/);
  await expect(history.getByRole('row').filter({ hasText: /order #\d+/ })).toHaveCount(0);
  await expect(history.getByRole('row').filter({ hasText: 'Knitted Scarf' })).toContainText('12');
  await expectNoSeriousA11yViolations(page, '/admin/stock');
  await screenshot(page, 'admin-stock-1280');

  await page.goto('/admin/products?q=scarf');
  await page.getByRole('link', { name: 'Knitted Scarf', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit “Knitted Scarf”' })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('main').getByRole('link', { name: 'Stock history' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock history of Knitted Scarf' })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/products/:id/stock');
  await page.setViewportSize(MOBILE);
  await page.reload();
  await screenshot(page, 'admin-product-stock-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.goto('/admin/stock');
  await screenshot(page, 'admin-stock-390');
});
