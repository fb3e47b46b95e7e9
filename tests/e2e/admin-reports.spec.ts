import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createDb } from '../../db/client.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { isCsvError, parseCsv } from '../../app/lib/csv.ts';
import { test, expect } from './fixtures.ts';
import { MOBILE, DESKTOP, expectNoSeriousA11yViolations, screenshot, snapshot, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The reports page in Chromium: orders placed through the shop's API (taxes on, a coupon used)
 * show in the figures; every report's chart (the dashboard's Chart.js chunk) is drawn with its
 * text alternative, its table a click away, and its CSV downloads with the table's figures; the
 * range is chosen with the GET form (with and without scripts) and lands in the address; axe;
 * 1280 and 390 px screenshots.
 */

test.use({ shopInstance: 'reports' });

const GB = { first_name: 'Rita', last_name: 'Report', company: '', address_1: '3 Market Row', address_2: '', city: 'York', state: '', postcode: 'YO1 7HH', country: 'GB', email: 'rita@example.test', phone: '' };

async function order(request: APIRequestContext, slug: string, quantity: number, coupon?: string): Promise<void> {
  const product = await request.get(`/api/products/${slug}`);
  expect(product.status()).toBe(200);
  const res = await request.post('/api/cart/items', { data: { productId: (await product.json()).id, quantity }, headers: { 'cart-token': `new-${Math.random()}` } });
  expect(res.status(), await res.text()).toBe(201);
  const token = res.headers()['cart-token'];
  if (coupon) {
    const applied = await request.post('/api/cart/coupons', { data: { code: coupon }, headers: { 'cart-token': token } });
    expect(applied.status(), await applied.text()).toBe(200);
  }
  const placed = await request.post('/api/checkout', { data: { billing_address: GB, payment_method: 'cod' }, headers: { 'cart-token': token } });
  expect(placed.status(), await placed.text()).toBe(200);
}

test.beforeAll(async ({ playwright, shop }) => {
  // The demo shop defines VAT but has taxes off, as a new shop: on here, so the tax report has rows.
  const db = createDb(`sqlite:${path.join(shop.server.dataDir, 'e2e.sqlite')}`);
  try {
    await saveSettings(db, { taxesEnabled: true, couponsEnabled: true });
  } finally {
    await db.destroy();
  }
  const request = await playwright.request.newContext({ baseURL: shop.server.baseURL });
  await order(request, 'knitted-scarf', 1, 'welcome10');
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
  const byProduct = page.getByRole('region', { name: 'By product and variation' });
  await expect(byProduct.getByRole('img')).toBeVisible();
  await byProduct.getByText('The figures as a table').click();
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

/** A table's body rows as the cells' text, amounts as the CSV writes them ("£1,234.50" → "1234.50"). */
async function tableRows(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (c) => (c.querySelector('.admin-table__value') ?? c).textContent!.trim())));
  return rows.map((cells) => cells.map((c) => c.replace(/^£/, '').replace(/(\d),(?=\d{3})/g, '$1')));
}

async function downloadCsv(page: Page, link: Locator): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return (await parseCsv(text)).flatMap((r) => (isCsvError(r) ? [] : [r.fields]));
}

const SECTIONS = [
  { heading: 'Revenue', chart: 'Total per day', summary: /Bar chart of totals .* from 2 orders in all\. Grey bars: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, £0\.00 in all\./ },
  { heading: 'By product and variation', chart: 'Items sold per product', summary: /^Bar chart of items sold, the first 2 of 2 rows: 3 in all; the most, Canvas Tote Bag, with 2\. Grey bars: .*, 0 in all\.$/ },
  { heading: 'By category', chart: 'Net sales per category', summary: /^Bar chart of net sales, the first \d+ of \d+ rows: £[\d.,]+ in all; the most, .+, with £[\d.,]+\. Grey bars: .*, £0\.00 in all\.$/ },
  { heading: 'Coupons used', chart: 'Discount per coupon', summary: /^Bar chart of discount, the first 1 of 1 rows: £[\d.]+ in all; the most, welcome10, with £[\d.]+\. Grey bars/ },
  { heading: 'Taxes by rate and country', chart: 'Tax per rate and country', summary: /^Bar chart of total tax, the first 1 of 1 rows: £[\d.]+ in all; the most, VAT · GB, with £[\d.]+\. Grey bars/ },
  { heading: 'Stock value', chart: 'Stock value per product', summary: /^Bar chart of value, the first \d+ of \d+ rows: £[\d.,]+ in all; the most, .+, with £[\d.,]+\.$/ },
];

test('every report has a chart that draws, named by its summary, its table a click away, and a CSV with the table’s figures', async ({ page }) => {
  test.setTimeout(budget(240_000));
  await adminSession(page);
  await page.goto('/admin/reports');
  await waitForHydration(page);
  for (const s of SECTIONS) {
    const section = page.getByRole('region', { name: s.heading });
    const figure = section.getByRole('figure', { name: s.chart });
    const chart = figure.getByRole('img');
    await expect(chart, s.heading).toHaveAccessibleName(new RegExp(`^${s.chart} `));
    await expect(figure.locator('.dash-chart__summary'), s.heading).toHaveText(s.summary);
    expect(await chart.getAttribute('aria-labelledby')).toContain('summary');
    // Drawn: bars of the brand's colour on the canvas.
    await expect
      .poll(
        () =>
          chart.evaluate((c: HTMLCanvasElement) => {
            const brand = getComputedStyle(c).getPropertyValue('--color-brand').trim().replace('#', '');
            const [r, g, b] = [0, 2, 4].map((i) => parseInt(brand.slice(i, i + 2), 16));
            const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
            let bars = 0;
            for (let i = 0; i < d.length; i += 4) if (d[i] === r && d[i + 1] === g && d[i + 2] === b && d[i + 3] === 255) bars++;
            return bars;
          }),
        { message: `${s.heading}: bars drawn` },
      )
      .toBeGreaterThan(50);
    // The figures: folded under the chart once it has drawn, opened with the keyboard.
    const table = figure.getByRole('table');
    await expect(table).toBeHidden();
    await figure.getByText('The figures as a table').focus();
    await page.keyboard.press('Enter');
    await expect(table).toBeVisible();
    const rows = await tableRows(table);
    expect(rows.length, s.heading).toBeGreaterThan(0);
    const headers = await table.locator('thead th').allTextContents();
    if (s.heading !== 'Stock value') expect(headers.at(-1), s.heading).toMatch(/\(compared period\)$/);

    const csv = await downloadCsv(page, section.getByRole('link', { name: `Download ${s.heading} as CSV` }));
    if (s.heading !== 'Stock value') expect(csv[0]!.at(-1)).toBe(headers.at(-1));
    // Each row of the table is a row of the CSV: its name and every figure it shows.
    for (const r of rows) {
      const figures = r.filter((c) => /^-?\d+(\.\d+)?$/.test(c));
      const named = (c: string) => c !== '' && (c === r[0] || r[0]!.startsWith(`${c} — `));
      const match = csv.slice(1).find((line) => line.some(named) && figures.every((f) => line.includes(f)));
      expect(match, `${s.heading}: ${r.join(' | ')} in\n${csv.map((l) => l.join(',')).join('\n')}`).toBeTruthy();
    }
  }
  await expectNoSeriousA11yViolations(page, '/admin/reports (tables open)');
  await page.screenshot({ path: 'test-results/screens/reports-all-charts-1280.png', fullPage: true });
  await page.setViewportSize(MOBILE);
  await page.reload();
  await waitForHydration(page);
  for (const s of SECTIONS) await expect(page.getByRole('region', { name: s.heading }).getByRole('img')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screens/reports-all-charts-390.png', fullPage: true });
  await page.setViewportSize(DESKTOP);
});
