import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, newAccount, register, screenshot, snapshot, waitForHydration } from './helpers.ts';
import { adminSession, addToCart, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * Downloadable products in the browser: the owner adds a file to a product in the editor's
 * "Downloadable files" panel, a customer buys it, the owner marks the order paid on its page
 * (where the access is listed), and the customer downloads the file from My account →
 * Downloads (the same bytes), keyboard-reachable, axe-clean, looked at at 1280 and 390 px.
 */

// Its own shop: it adds files to a demo product.
test.use({ shopInstance: 'downloads' });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

const BYTES = Buffer.from(`A downloadable booklet ${'x'.repeat(2000)}`);

test('a file added in the editor is downloaded from My account → Downloads once the order is paid', async ({ page, browser, shop }) => {
  const admin = await browser.newPage({ baseURL: shop.server.baseURL });
  await adminSession(admin);
  const found = await (await admin.request.get('/api/products?s=Canvas%20Tote%20Bag')).json();
  const productId = found.products.find((p: { name: string }) => p.name === 'Canvas Tote Bag').id as number;
  await admin.setViewportSize(DESKTOP);
  await admin.goto(`/admin/products/${productId}`);
  await waitForHydration(admin);
  const panel = admin.getByRole('region', { name: 'Downloadable files' });
  await panel.getByLabel('File name shown to shoppers').fill('Care booklet');
  await panel.getByLabel('File', { exact: true }).setInputFiles({ name: 'care-booklet.pdf', mimeType: 'application/pdf', buffer: BYTES });
  await panel.getByRole('button', { name: 'Upload file' }).click();
  await expect(admin.getByRole('region', { name: 'Downloadable files' }).getByRole('status')).toHaveText('File added.');
  await expect(admin.getByRole('region', { name: 'Downloadable files' }).getByRole('rowheader', { name: 'Care booklet' })).toBeVisible();
  await admin.getByLabel('Download limit').fill('3');
  await admin.getByRole('button', { name: 'Save limit and expiry' }).click();
  await expect(admin.getByRole('region', { name: 'Downloadable files' }).getByRole('status')).toHaveText('Download limit and expiry saved.');
  await expectNoSeriousA11yViolations(admin, 'product editor downloadable files', { include: '#downloads' });
  await snapshot(admin.getByRole('region', { name: 'Downloadable files' }), 'test-results/screens/downloads-editor-panel-1280.png');

  const account = newAccount('downloader');
  await register(page, account);
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await page.getByLabel('First name').first().fill('Dora');
  await page.getByLabel('Last name').first().fill('Download');
  await page.getByLabel('Street address').first().fill('3 Byte Lane');
  await page.getByLabel('Town / City').first().fill('London');
  await page.getByLabel(/^Postcode/).first().fill('SW1Y 4JH');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Check payments' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const id = orderIdOf(page.url());

  // Not paid yet: nothing to download.
  await page.goto('/my-account/downloads');
  await expect(page.getByText('No downloads available yet.')).toBeVisible();

  await admin.goto(`/admin/orders/${id}`);
  await waitForHydration(admin);
  await admin.getByLabel('Change status to').selectOption('processing');
  await admin.getByRole('button', { name: 'Update status' }).click();
  const access = admin.getByRole('region', { name: 'Downloads' });
  await expect(access.getByRole('row', { name: /Care booklet/ })).toContainText('Active');
  await expect(access.getByRole('row', { name: /Care booklet/ })).toContainText('3');
  await expectNoSeriousA11yViolations(admin, 'admin order downloads');
  await screenshot(admin, 'downloads-order-1280');

  await page.goto('/my-account');
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Downloads' }).click();
  await expect(page).toHaveURL(/\/my-account\/downloads$/);
  const row = page.getByRole('row', { name: /Canvas Tote Bag/ });
  await expect(row).toContainText('3');
  await expect(row).toContainText('Never');
  await expectNoSeriousA11yViolations(page, 'my account downloads');
  await page.setViewportSize(DESKTOP);
  await screenshot(page, 'downloads-account-1280');
  // By keyboard: the link is focusable and starts the download.
  const link = row.getByRole('link', { name: 'Care booklet' });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('care-booklet.pdf');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect(Buffer.compare(await readFile(path!), BYTES)).toBe(0);
  await page.reload();
  await expect(page.getByRole('row', { name: /Canvas Tote Bag/ })).toContainText('2');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'downloads-account-390');
  await admin.setViewportSize(MOBILE);
  await admin.goto(`/admin/products/${productId}`);
  await snapshot(admin.getByRole('region', { name: 'Downloadable files' }), 'test-results/screens/downloads-editor-panel-390.png');
  // A refused link: the page says why.
  await page.goto(`/download/1?expires=1&sig=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This download is not available' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'download refused');
  await screenshot(page, 'downloads-refused-390');
  await admin.close();
});
