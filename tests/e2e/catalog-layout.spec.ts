import type { Page } from '@playwright/test';
import { DEMO_PRODUCTS, DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, screenshot, waitForHydration } from './helpers.ts';
import { demoProducts, loadAll } from './catalog-data.ts';

// How the listing pages look and read: accessibility, screenshots for review, layout checks.

test('listing pages and the open quick view have no serious accessibility violations', async ({ page }) => {
  await page.goto('/shop');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/shop');

  await page.goto('/product-category/clothing/t-shirts');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/product-category/clothing/t-shirts');

  const name = DEMO_SPECIAL.manyVariations;
  await page.getByRole('button', { name: `Quick view: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  // Past the slider's start-up delay, so its controls are checked too.
  await expect(dialog.getByRole('button', { name: 'Next image' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'quick view');
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`/shop and a category page at ${viewport.width}px (screenshots)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/shop');
    await waitForHydration(page);
    await loadAll(page, DEMO_PRODUCTS.length);
    await screenshot(page, `shop-${label}`);
    await page.goto('/product-category/clothing');
    await waitForHydration(page);
    await loadAll(page, demoProducts('Clothing').length);
    await screenshot(page, `category-${label}`);
    // Nothing sticks out sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

/** The element a tap at the middle of `box` would reach. */
const hitAt = (page: Page, box: { x: number; y: number; width: number; height: number }) =>
  page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button, a, img')?.outerHTML.slice(0, 80) ?? 'nothing', {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });

test('on a phone the quick-view Close button is on top and closes it', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/product-category/clothing/t-shirts');
  await waitForHydration(page);
  const name = DEMO_SPECIAL.manyVariations;
  await page.getByRole('button', { name: `Quick view: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('button', { name: 'Next image' })).toBeVisible();
  const close = dialog.getByRole('button', { name: 'Close' });
  const box = (await close.boundingBox())!;
  expect(await hitAt(page, box), 'a tap on the Close button reaches it').toMatch(/^<button[^>]*quick-view__close/);
  await close.click();
  await expect(dialog).toBeHidden();
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`sale and out-of-stock labels sit on the product picture, clear of the buttons (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/product-category/clothing/t-shirts');
    for (const [name, badge] of [
      [DEMO_SPECIAL.onSaleDated, 'Sale!'],
      [DEMO_SPECIAL.outOfStock, 'Out of stock'],
    ]) {
      const card = page.locator('.product-grid > li').filter({ has: page.getByRole('heading', { name, exact: true }) });
      let where = '';
      // Measured once the page has settled (islands hydrating above the grid move both boxes).
      await expect
        .poll(async () => {
          const tag = (await card.getByText(badge, { exact: true }).boundingBox())!;
          const picture = (await card.locator('img').first().boundingBox())!;
          where = `label at ${JSON.stringify(tag)}, picture at ${JSON.stringify(picture)}`;
          return tag.x >= picture.x && tag.y >= picture.y && tag.x + tag.width <= picture.x + picture.width && tag.y + tag.height <= picture.y + picture.height;
        }, { message: `"${badge}" on ${name} sits on its picture` })
        .toBe(true)
        .catch((err: Error) => {
          throw new Error(`${err.message}: ${where}`);
        });
    }
  });
}

test('a sold-out product box offers "Read more" to its page instead of "Add to cart"', async ({ page }) => {
  await page.goto('/product-category/clothing/t-shirts');
  const card = page.locator('.product-grid > li').filter({ has: page.getByRole('heading', { name: DEMO_SPECIAL.outOfStock, exact: true }) });
  await expect(card.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
  await card.getByRole('link', { name: `Read more: ${DEMO_SPECIAL.outOfStock}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_SPECIAL.outOfStock })).toBeVisible();
});
