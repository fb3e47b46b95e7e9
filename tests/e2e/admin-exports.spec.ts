import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, screenshot } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';

/*
 * The export links on the products, orders and customers lists, clicked as the owner would:
 * each starts a download of a CSV whose header is the export's own (WooCommerce's product
 * columns for the products). Axe and 1280 / 390 px screenshots of the three lists.
 */

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
