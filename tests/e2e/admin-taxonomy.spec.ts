import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { DESKTOP, expectNoSeriousA11yViolations, MOBILE, screenshot, sidewaysOverflow, snapshot, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';

/*
 * Taxonomies and the product editor's extras in the browser: the category tree reordered by
 * mouse and by keyboard (announced, kept after a reload, in the shop's order), a category's
 * picture and description on its shop page, the gallery reordered by drag, a draft saved by
 * itself after typing, shipping classes; axe and 1280 / 390 px screenshots of each screen.
 */

// Its own shop: it creates the first administrator and changes the catalog.
test.use({ shopInstance: 'taxonomy' });
// Long journeys with screenshots at two widths.
test.describe.configure({ timeout: 180_000 });

/** Two animation frames: a lifted item's list is measured in the next frames, before which an arrow key moves nothing. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Names of a category's children in the admin tree, top to bottom. */
const treeChildren = (page: Page, parent: string) =>
  page
    .locator('.category-tree__item')
    .filter({ has: page.getByRole('link', { name: `Edit ${parent}`, exact: true }) })
    .locator(':scope > .category-tree__list > .category-tree__item > .category-tree__row .category-tree__name > a:first-child')
    .allTextContents();

/** Names of the subcategory tiles on a shop category page. */
const shopTiles = async (page: Page, path: string) => {
  await page.goto(`/product-category/${path}`);
  return (await page.locator('.listing__subcats .category-tile a > span').evaluateAll((spans) => spans.map((s) => s.firstChild?.textContent ?? ''))).map((s) => s.trim());
};

/** Drags an element's handle with the mouse onto a target, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, target: Locator, where: 'top' | 'bottom') {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + (where === 'top' ? -8 : 8), { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + (where === 'top' ? to.height * 0.2 : to.height * 0.8), { steps: 12 });
  await page.mouse.up();
}

const saved = (page: Page) => page.waitForResponse((r) => r.url().includes('/admin/categories') && r.request().method() === 'POST');

test('the category tree is reordered by mouse and by keyboard; the order is kept and is the shop’s', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/categories');
  await waitForHydration(page);
  expect(await treeChildren(page, 'Clothing')).toEqual(['T-shirts', 'Hoodies', 'Accessories']);
  await expectNoSeriousA11yViolations(page, '/admin/categories');

  // Mouse: Accessories onto the top of T-shirts; only its siblings take it.
  const row = (name: string) => page.locator('.category-tree__row').filter({ has: page.getByRole('link', { name: `Edit ${name}`, exact: true }) });
  let response = saved(page);
  await drag(page, page.getByRole('button', { name: 'Move “Accessories”' }), row('T-shirts'), 'top');
  expect((await response).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Category order saved.' })).toBeVisible();
  expect(await treeChildren(page, 'Clothing')).toEqual(['Accessories', 'T-shirts', 'Hoodies']);
  await page.reload();
  await waitForHydration(page);
  expect(await treeChildren(page, 'Clothing')).toEqual(['Accessories', 'T-shirts', 'Hoodies']);

  // Keyboard: lift Plants, up twice, drop; each step is announced.
  expect(await treeChildren(page, 'Home & Living')).toEqual(['Mugs', 'Posters', 'Plants']);
  await page.getByRole('button', { name: 'Move “Plants”' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up “Plants”, position 3 of 3.')).toBeAttached();
  await settled(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('“Plants” is at position 2 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('“Plants” is at position 1 of 3.')).toBeAttached();
  response = saved(page);
  await page.keyboard.press('Space');
  expect((await response).status()).toBe(200);
  await expect(page.getByText('“Plants” was dropped at position 1 of 3.')).toBeAttached();
  await page.reload();
  await waitForHydration(page);
  expect(await treeChildren(page, 'Home & Living')).toEqual(['Plants', 'Mugs', 'Posters']);

  // Escape puts a lifted category back and saves nothing.
  await page.getByRole('button', { name: 'Move “Posters”' }).focus();
  await page.keyboard.press('Space');
  await settled(page);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Moving cancelled; “Posters” is back at position 3 of 3.')).toBeAttached();

  // The shop lists them in that order.
  expect(await shopTiles(page, 'clothing')).toEqual(['Accessories', 'T-shirts', 'Hoodies']);
  expect(await shopTiles(page, 'home-living')).toEqual(['Plants', 'Mugs', 'Posters']);

  await page.goto('/admin/categories');
  await waitForHydration(page);
  await screenshot(page, 'admin-categories-1280');
  await page.setViewportSize(MOBILE);
  await page.reload();
  await waitForHydration(page);
  await screenshot(page, 'admin-categories-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test('a category’s picture and description are edited on its page and shown by the shop', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/categories');
  await page.getByRole('link', { name: 'Edit Mugs', exact: true }).click();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit category “Mugs”' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/categories/:id');
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2f5d8a' } }).png().toBuffer();
  await page.getByLabel('Picture file').setInputFiles({ name: 'mugs.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Alt text', { exact: true }).fill('Blue mugs on a shelf');
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Picture saved.' })).toBeVisible();
  // A file that is not a picture is refused on the page.
  await page.getByLabel('Picture file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByRole('alert')).toContainText('is not a picture we can read');

  await page.getByRole('textbox', { name: 'Description' }).fill('Stoneware mugs, thrown by hand.');
  await page.getByLabel('Slug (the last part of its address)').fill('cups');
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Its address is now /product-category/home-living/cups' })).toBeVisible();
  await screenshot(page, 'admin-category-edit-1280');

  // The old address leads to the new one, which shows the picture and the description.
  await page.goto('/product-category/home-living/mugs');
  await expect(page).toHaveURL(/\/product-category\/home-living\/cups$/);
  await expect(page.getByRole('img', { name: 'Blue mugs on a shelf' })).toBeVisible();
  await expect(page.locator('.listing__description')).toHaveText('Stoneware mugs, thrown by hand.');
  await screenshot(page, 'shop-category-image-1280');
  // The parent's tiles show the description's first words.
  await page.goto('/product-category/home-living');
  await expect(page.locator('.category-tile').filter({ hasText: 'Mugs' })).toContainText('Stoneware mugs, thrown by hand.');
  await page.setViewportSize(MOBILE);
  await page.goto('/product-category/home-living/cups');
  await screenshot(page, 'shop-category-image-390');
  await page.goto('/admin/categories');
  await page.getByRole('link', { name: 'Edit Mugs', exact: true }).click();
  await waitForHydration(page);
  await screenshot(page, 'admin-category-edit-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test('gallery pictures are reordered by drag; a draft is saved by itself after typing', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/products?q=classic+cotton');
  await page.goto((await page.getByRole('link', { name: 'Classic Cotton Tee', exact: true }).getAttribute('href'))!);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit “Classic Cotton Tee”' })).toBeVisible();
  await waitForHydration(page);
  const pictures = page.locator('#field-images > li');
  const ids = () => pictures.evaluateAll((items) => items.map((li) => li.getAttribute('data-image')));
  const before = await ids();
  expect(before.length).toBeGreaterThanOrEqual(3);
  // The third picture onto the second (the first stays the main image).
  await drag(page, page.getByRole('button', { name: 'Move picture 3' }), pictures.nth(1), 'top');
  await expect(page.getByText('Picture 3 was dropped at position 2 of', { exact: false })).toBeAttached();
  expect(await ids()).toEqual([before[0], before[2], before[1], ...before.slice(3)]);
  await expect(pictures.nth(1).getByLabel('Position')).toHaveValue('2');
  await page.getByRole('button', { name: 'Save product' }).click();
  // A product with 36 variations: its save can take a while on a busy machine.
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible({ timeout: 30_000 });
  await waitForHydration(page);
  expect(await ids()).toEqual([before[0], before[2], before[1], ...before.slice(3)]);
  await expectNoSeriousA11yViolations(page, 'product editor with sortable gallery');
  await screenshot(page, 'admin-product-gallery-1280');

  // A draft: typing, then a pause, saves it in the background.
  await page.goto('/admin/products/new');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill('Autosaved apron');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?saved=1$/);
  await waitForHydration(page);
  await page.getByLabel('SKU', { exact: true }).fill('APRON-AUTO');
  await expect(page.getByRole('status').filter({ hasText: /Draft saved at/ })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await snapshot(page, 'test-results/screens/admin-product-autosave-1280.png');
  await page.reload();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('APRON-AUTO');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('draft');
  await page.setViewportSize(MOBILE);
  await page.reload();
  await waitForHydration(page);
  await screenshot(page, 'admin-product-editor-autosave-390');
});

test('shipping classes: added, renamed, deleted after saying what it clears; axe-clean at both widths', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/shipping-classes');
  await waitForHydration(page);
  await expect(page.getByRole('row').filter({ hasText: 'Bulky parcel' })).toContainText('3');
  await page.getByRole('form', { name: 'Add shipping class' }).getByLabel('Name').fill('Fragile');
  await page.getByRole('button', { name: 'Add shipping class' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shipping class “Fragile” added.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/shipping-classes');
  await screenshot(page, 'admin-shipping-classes-1280');
  const letterbox = page.getByRole('row').filter({ hasText: 'Letterbox' });
  await letterbox.getByText('Rename').click();
  await letterbox.getByLabel('Slug').fill('small-parcel');
  await letterbox.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shipping class “Letterbox” saved.' })).toBeVisible();
  await page.getByRole('link', { name: 'Delete Letterbox' }).click();
  await expect(page.getByRole('heading', { name: 'Delete the shipping class “Letterbox”?' })).toBeVisible();
  await expect(page.getByText('2 products and variations use it')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/shipping-classes?delete');
  await page.getByLabel('I understand: delete “Letterbox”').check();
  await page.getByRole('button', { name: 'Delete shipping class' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shipping class “Letterbox” deleted; 2 products and variations no longer have it.' })).toBeVisible();
  await page.setViewportSize(MOBILE);
  await page.reload();
  await screenshot(page, 'admin-shipping-classes-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
});
