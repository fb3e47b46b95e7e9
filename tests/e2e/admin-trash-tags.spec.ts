import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, screenshotBothWidths, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';

/*
 * The products' trash and tag merging in the browser: a product trashed, then deleted for good
 * from the trash through the confirmation page by keyboard (its shop page is then gone), the
 * bulk "Delete permanently" and "Empty trash"; a tag merged into another, its old address
 * leading to the new one; axe and 1280 / 390 px screenshots of each screen.
 */

// Its own shop: it deletes products and merges tags.
test.use({ shopInstance: 'trash-tags' });
// Journeys with screenshots at two widths.
test.describe.configure({ timeout: 180_000 });

const TRASH = '/admin/products?status=trash';

/** Moves a product to the trash from its row in the products list. */
async function trash(page: Page, name: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: `Move ${name} to the trash`, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved to the trash.' })).toBeVisible();
}

/** Tabs from the top of the page until `name` has the focus (at most 80 presses). */
async function tabTo(page: Page, name: string) {
  const target = page.getByRole('button', { name, exact: true });
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached “${name}”`);
}

test('a trashed product is deleted permanently by keyboard through the confirmation; its page is gone', async ({ page }) => {
  await adminSession(page);
  const product = await page.goto('/product/espresso-cup-pair');
  expect(product?.status()).toBe(200);
  await trash(page, 'Espresso Cup Pair');

  await page.goto(TRASH);
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Empty trash' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/products?status=trash');
  await screenshotBothWidths(page, 'admin-products-trash');

  // The row's "Delete permanently", by keyboard, to the confirmation page.
  await page.getByRole('link', { name: 'Delete Espresso Cup Pair permanently' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/products\/delete\?ids=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delete products permanently' })).toBeVisible();
  await expect(page.getByText('Delete this product permanently?')).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Espresso Cup Pair' })).toBeVisible();
  await expect(page.getByText('This cannot be undone.', { exact: false })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/products/delete?ids');
  await screenshotBothWidths(page, 'admin-products-delete');

  // Tab through the page to the button, Enter: back in the trash with the notice.
  await page.locator('body').focus();
  await tabTo(page, 'Delete permanently');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/products\?status=trash&deleted=1$/);
  await expect(page.getByRole('status').filter({ hasText: '1 product deleted permanently.' })).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Empty trash' })).toHaveCount(0);

  const gone = await page.goto('/product/espresso-cup-pair');
  expect(gone?.status()).toBe(404);
});

test('the bulk action deletes the chosen trashed products; "Empty trash" deletes the rest', async ({ page }) => {
  await adminSession(page);
  for (const name of ['Travel Tumbler', 'Speckled Latte Mug', 'Enamel Camp Mug']) await trash(page, name);

  // The bulk action: the chosen one only, after the confirmation.
  await page.goto(TRASH);
  await waitForHydration(page);
  await page.getByRole('checkbox', { name: 'Select Travel Tumbler', exact: true }).check();
  await page.getByLabel('With the selected').selectOption({ label: 'Delete permanently' });
  await page.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/delete\?ids=\d+$/);
  await expect(page.getByText('Delete this product permanently?')).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(['Travel Tumbler']);
  await page.getByRole('button', { name: 'Delete permanently', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 product deleted permanently.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select Travel Tumbler', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select Speckled Latte Mug', exact: true })).toBeVisible();

  // "Back to the trash" leaves everything as it was.
  await page.getByRole('link', { name: 'Empty trash' }).click();
  await expect(page.getByText('Delete all 2 products in the trash permanently?')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the trash' }).click();
  await expect(page.getByRole('checkbox', { name: 'Select Enamel Camp Mug', exact: true })).toBeVisible();

  // "Empty trash": all of it.
  await page.getByRole('link', { name: 'Empty trash' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/delete\?scope=all$/);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, '/admin/products/delete?scope=all');
  await screenshotBothWidths(page, 'admin-products-empty-trash');
  await page.getByRole('button', { name: 'Delete permanently', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 products deleted permanently.' })).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  // Once empty, the confirmation has nothing to ask.
  await page.goto('/admin/products/delete?scope=all');
  await expect(page.getByText('The trash is empty: nothing to delete.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete permanently' })).toHaveCount(0);
  for (const slug of ['travel-tumbler', 'speckled-latte-mug', 'enamel-camp-mug']) expect((await page.goto(`/product/${slug}`))?.status(), slug).toBe(404);
});

test('a tag merged into another: its products move and its old address leads to the other (301)', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/tags');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/tags');
  const winter = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Winter', exact: true }) });
  await winter.locator('summary', { hasText: 'Merge' }).click();
  const into = winter.getByLabel('Merge into (tag name)');
  await expect(into).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/tags (merge open)');
  await screenshotBothWidths(page, 'admin-tags-merge');

  // Into itself: refused, nothing changes.
  await into.fill('winter');
  await winter.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('A tag cannot be merged into itself');
  await expect(page.getByRole('rowheader', { name: 'Winter', exact: true })).toBeVisible();

  // Named without its capital: matched all the same.
  const again = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Winter', exact: true }) });
  if (!(await again.getByLabel('Merge into (tag name)').isVisible())) await again.locator('summary', { hasText: 'Merge' }).click();
  await again.getByLabel('Merge into (tag name)').fill('wool');
  await again.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Tag “Winter” merged into “Wool” \(\d+ products? moved\); its address now leads to “Wool”\./ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Winter', exact: true })).toHaveCount(0);

  const old = await page.request.get('/product-tag/winter', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers().location!, 'http://shop').pathname).toBe('/product-tag/wool');
  await page.goto('/product-tag/winter');
  await expect(page).toHaveURL(/\/product-tag\/wool$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Wool');
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
});
