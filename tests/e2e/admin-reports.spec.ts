import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MOBILE, DESKTOP, expectNoSeriousA11yViolations, screenshot, snapshot, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The reports page in Chromium: orders placed through the shop's API show in the figures,
 * the chart (the dashboard's Chart.js chunk) is drawn with its text alternative, the range is
 * chosen with the GET form (with and without scripts) and lands in the address; CSV links;
 * axe; 1280 and 390 px screenshots.
 */

test.use({ shopInstance: 'reports' });

const GB = { first_name: 'Rita', last_name: 'Report', company: '', address_1: '3 Market Row', address_2: '', city: 'York', state: '', postcode: 'YO1 7HH', country: 'GB', email: 'rita@example.test', phone: '' };

async function order(request: APIRequestContext, slug: string, quantity: number): Promise<void> {
  const product = await request.get(`/api/products/${slug}`);
  expect(product.status()).toBe(200);
  const res = await request.post('/api/cart/items', { data: { productId: (await product.json()).id, quantity }, headers: { 'cart-token': `new-${Math.random()}` } });
  expect(res.status(), await res.text()).toBe(201);
  const placed = await request.post('/api/checkout', { data: { billing_address: GB, payment_method: 'cod' }, headers: { 'cart-token': res.headers()['cart-token'] } });
  expect(placed.status(), await placed.text()).toBe(200);
}

test.beforeAll(async ({ playwright, shop }) => {
  const request = await playwright.request.newContext({ baseURL: shop.server.baseURL });
  await order(request, 'knitted-scarf', 1);
  await order(request, 'canvas-tote-bag', 2);
  await request.dispose();
});

test('reports: figures, the chart drawn, the range in the address, tables with CSV links; axe; 1280 and 390 px', async ({ page }) => {
  test.setTimeout(budget(180_000));
  await adminSession(page);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.locator('[data-figure="orders"] strong')).toHaveText('2');
  const figure = page.getByRole('figure', { name: 'Total per day' });
  const chart = figure.getByRole('img', { name: /Total per day Bar chart of totals \(net of refunds\) per day: .* from 2 orders in all/ });
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0)).toBe(true);
  await expect(page.getByRole('table', { name: 'By product and variation' }).getByRole('row', { name: /Canvas Tote Bag/ })).toContainText('2');

  await page.getByLabel('Date range').selectOption('last7');
  await page.getByLabel('Compare with').selectOption('none');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/range=last7/);
  await expect(page).toHaveURL(/compare=none/);
  // The fields show the range read: the preset's first day.
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10));
  await expect(page.locator('[data-figure="orders"] strong')).toHaveText('2');
  await expect(page.getByRole('link', { name: 'Download Taxes by rate and country as CSV' })).toHaveAttribute('href', /\/admin\/reports\.csv\?range=last7&compare=none&table=taxes/);
  const csv = await page.request.get((await page.getByRole('link', { name: 'Download By product and variation as CSV' }).getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Canvas Tote Bag');

  await expectNoSeriousA11yViolations(page, '/admin/reports');
  await screenshot(page, 'admin-reports-1280');
  await page.screenshot({ path: 'test-results/screens/reports-1280.png', fullPage: true });
  await page.setViewportSize(MOBILE);
  await page.reload();
  await waitForHydration(page);
  await expect(figure.getByRole('img')).toBeVisible();
  await screenshot(page, 'admin-reports-390');
  await page.screenshot({ path: 'test-results/screens/reports-390.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
});

test('without scripts the range form still works and the figures are tables', async ({ browser, shop, page: scripted }) => {
  test.setTimeout(budget(120_000));
  await adminSession(scripted);
  const context = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/account/login');
  await page.getByLabel('E-mail address').fill('order-admin@example.test');
  await page.getByLabel('Password', { exact: true }).fill('order-admin-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.goto('/admin/reports');
  await page.getByLabel('Date range').selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/range=custom&from=2020-01-01&to=2020-01-31/);
  await expect(page.locator('[data-figure="total"] strong')).toHaveText('£0.00');
  await expect(page.getByRole('figure', { name: 'Total per day' }).getByRole('table')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2020-02-01');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByRole('alert')).toContainText('The range could not be read');
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await snapshot(page, 'test-results/screens/admin-reports-noscript-1280.png', { fullPage: true });
  await page.screenshot({ path: 'test-results/screens/reports-noscript-error-1280.png', fullPage: true });
  await context.close();
});
