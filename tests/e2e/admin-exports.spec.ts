import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createDb } from '../../db/client.ts';
import { EXPORT_PAGE } from '../../app/features/catalog/woo-export/export.server.ts';
import { isCsvError, parseCsv } from '../../app/lib/csv.ts';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, screenshot, waitForHydration } from './helpers.ts';
import { ADMIN, adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The export links on the products, orders and customers lists, clicked as the owner would:
 * each starts a download of a CSV whose header is the export's own (WooCommerce's product
 * columns for the products). Axe and 1280 / 390 px screenshots of the three lists. A catalogue
 * of several export pages: the export's progress shown as the file arrives (on a slowed line),
 * going up to the row count the server announced, and the saved file holding every row; the
 * same link without scripts is a plain download.
 */

// Its own shop: the large catalogue added here stays out of the other specs' lists.
test.use({ shopInstance: 'exports' });

const LISTS = [
  { path: '/admin/products', link: 'Export products (CSV)', file: 'products.csv', header: /^\uFEFF?ID,Type,SKU,"GTIN, UPC, EAN, or ISBN",Name,Published,/ },
  { path: '/admin/orders', link: 'Export these orders (CSV)', file: 'orders.csv', header: /^\uFEFF?Order number,Order date,Status,/ },
  { path: '/admin/customers', link: 'Export customers and guests (CSV)', file: 'customers.csv', header: /^\uFEFF?Type,Customer ID,E-mail,/ },
];

test('each list’s export link downloads its CSV', async ({ page }) => {
  await adminSession(page);
  for (const list of LISTS) {
    await page.setViewportSize(DESKTOP);
    await page.goto(list.path);
    const link = page.getByRole('link', { name: list.link });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(list.file);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toMatch(list.header);
    await expectNoSeriousA11yViolations(page, list.path);
    const name = list.path.split('/').pop()!;
    await screenshot(page, `admin-exports-${name}-1280`);
    await page.setViewportSize(MOBILE);
    await expect(link).toBeVisible();
    await screenshot(page, `admin-exports-${name}-390`);
  }
});

/** Records after the header in a CSV file (a quoted cell may hold line breaks). */
async function rowCount(file: string): Promise<number> {
  const records = (await parseCsv(await readFile(file, 'utf8'))).filter((r) => !isCsvError(r));
  return records.length - 1;
}

test('a large catalogue’s export shows its progress as the file arrives, then saves the whole file; without scripts the link downloads it', async ({ page, shop, browser }) => {
  test.setTimeout(budget(240_000));
  // A catalogue of several export pages (EXPORT_PAGE products each).
  const db = createDb(`sqlite:${path.join(shop.server.dataDir, 'e2e.sqlite')}`);
  let expected = 0;
  try {
    const now = new Date().toISOString();
    const extra = 2 * EXPORT_PAGE + 150;
    for (let i = 0; i < extra; i += 250) {
      await db
        .insertInto('products')
        .values(Array.from({ length: Math.min(250, extra - i) }, (_, j) => ({ type: 'simple' as const, name: `Bulk export ${i + j}`, slug: `bulk-export-${i + j}`, sku: `bulk-export-${i + j}`, regular_price: 500 + j, created_at: now, updated_at: now })))
        .execute();
    }
    const products = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'trash').executeTakeFirstOrThrow();
    const variations = await db.selectFrom('product_variations as v').innerJoin('products as p', 'p.id', 'v.product_id').select((eb) => eb.fn.countAll<number>().as('n')).where('p.status', '!=', 'trash').executeTakeFirstOrThrow();
    expected = Number(products.n) + Number(variations.n);
    expect(Number(products.n)).toBeGreaterThan(2 * EXPORT_PAGE);
  } finally {
    await db.destroy();
  }

  await adminSession(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  for (const [size, viewport] of [['1280', DESKTOP], ['390', MOBILE]] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/products');
    await waitForHydration(page);
    // A slow line, so the file takes a few seconds to arrive.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 80 * 1024, uploadThroughput: -1 });
    const downloaded = page.waitForEvent('download', { timeout: budget(120_000) });
    await page.getByRole('link', { name: 'Export products (CSV)' }).click();
    const bar = page.getByRole('progressbar', { name: 'Exporting products.csv' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('max', String(expected));
    // Part of the way: more than none, fewer than all.
    await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: budget(60_000), intervals: [50] }).toBeGreaterThan(0);
    const part = Number(await bar.getAttribute('value'));
    expect(part).toBeLessThan(expected);
    await expect(page.getByText(new RegExp(`^\\d+ of ${expected} rows$`))).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Exporting: \d+ % of/ })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/export-progress-${size}.png` });
    // It goes up.
    await expect.poll(async () => Number((await bar.getAttribute('value')) ?? expected), { timeout: budget(60_000) }).toBeGreaterThan(part);
    const download = await downloaded;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(download.suggestedFilename()).toBe('products.csv');
    expect(await rowCount((await download.path())!)).toBe(expected);
    await expect(page.getByRole('status').filter({ hasText: `Export finished: ${expected} rows saved as products.csv.` })).toBeVisible();
    await expect(bar).toBeHidden();
    await expectNoSeriousA11yViolations(page, `/admin/products after an export (${size} px)`);
    await page.screenshot({ path: `test-results/screens/export-done-${size}.png` });
  }
  await page.setViewportSize(DESKTOP);

  // Without scripts the same link is a plain download of the same file.
  const context = await browser.newContext({ baseURL: shop.server.baseURL, javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto('/account/login');
  await plain.getByLabel('E-mail address').fill(ADMIN.email);
  await plain.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await plain.getByRole('button', { name: 'Log in' }).click();
  await plain.goto('/admin/products');
  const [download] = await Promise.all([plain.waitForEvent('download'), plain.getByRole('link', { name: 'Export products (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('products.csv');
  expect(await rowCount((await download.path())!)).toBe(expected);
  await context.close();
});
