import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, logIn, screenshotBothWidths, waitForHydration } from './helpers.ts';
import { ADMIN, adminSession } from './checkout-helpers.ts';

/*
 * The product list's quick edit and bulk edit in the browser: with scripts the row's "Quick
 * edit" opens a dialog whose save updates the row in place (keyboard: Escape closes it);
 * without scripts the same link opens the quick-edit page, whose form saves and comes back to
 * the list; the bulk edit page changes the chosen products' prices with its summary. axe and
 * 1280 / 390 px screenshots of each screen.
 */

// Its own shop: it renames products and changes prices.
test.use({ shopInstance: 'quick-edit' });
test.describe.configure({ timeout: 180_000 });

test('with scripts, quick edit opens over the row and saves in place', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/products?q=Enamel');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Quick edit Enamel Camp Mug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick edit: Enamel Camp Mug' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Enamel Camp Mug');
  await expectNoSeriousA11yViolations(page, 'quick edit dialog');
  await screenshotBothWidths(page, 'admin-quick-edit-dialog');

  // A mistake is shown at its field, inside the dialog.
  await dialog.getByLabel('Sale price (GBP)').fill('99');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must be below the regular price', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Some fields need a change: see the messages at them.');

  await dialog.getByLabel('Sale price (GBP)').fill('10.50');
  await dialog.getByLabel('Name', { exact: true }).fill('Enamel Trail Mug');
  await dialog.getByLabel('Tags (separated by commas)').fill('Outdoor, Sale, Trail');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '“Enamel Trail Mug” saved.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enamel Trail Mug', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Enamel Trail Mug' })).toContainText('£10.50');

  // Escape closes it without saving.
  await page.getByRole('link', { name: 'Quick edit Enamel Trail Mug' }).click();
  await expect(dialog.or(page.getByRole('dialog', { name: 'Quick edit: Enamel Trail Mug' }))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('without scripts, quick edit is a page whose form saves and goes back to the list', async ({ page: scripted, browser, baseURL }) => {
  // The administrator exists (created on this shop's first visit).
  await adminSession(scripted);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password, { scripts: false });
  await page.goto('/admin/products?q=Espresso');
  await page.getByRole('link', { name: 'Quick edit Espresso Cup Pair' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\/quick\?back=/);
  await expect(page.getByRole('heading', { name: 'Quick edit: Espresso Cup Pair' })).toBeVisible();
  // axe and the screenshots run scripts of their own: the same page, opened in the scripted tab.
  await scripted.goto(page.url());
  await waitForHydration(scripted);
  await expectNoSeriousA11yViolations(scripted, 'quick edit page');
  await screenshotBothWidths(scripted, 'admin-quick-edit-page');

  await page.getByLabel('SKU').fill('');
  await page.getByLabel('Regular price (GBP)').fill('-3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Regular price (GBP)')).toHaveValue('-3');

  await page.getByLabel('Regular price (GBP)').fill('19.00');
  await page.getByLabel('Status', { exact: true }).selectOption('draft');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/products\?q=Espresso&saved=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Espresso Cup Pair' })).toContainText('Draft');
  await context.close();
});

test('bulk edit raises the chosen products’ prices and says what changed', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/products?q=Poster');
  await waitForHydration(page);
  for (const name of ['Abstract Shapes Poster', 'City Map Poster']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByLabel('With the selected').selectOption('edit');
  await page.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk edit products' })).toBeVisible();
  await expect(page.getByText('Editing these 2 products:')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bulk edit page');
  await screenshotBothWidths(page, 'admin-bulk-edit');

  await page.getByLabel('Regular price', { exact: true }).selectOption('increase_percent');
  await page.getByLabel('Regular price: amount or percentage').fill('10');
  await page.getByRole('button', { name: 'Update products' }).click();
  await expect(page.getByRole('status')).toContainText('2 products updated: regular price raised by 10 %.');
  await screenshotBothWidths(page, 'admin-bulk-edit-done');
});
