import path from 'node:path';
import { createDb } from '../../db/client.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, MOBILE, sidewaysOverflow, snapshot, waitForHydration } from './helpers.ts';

// The category select is a store setting: this spec changes it, so it has its own shop.
test.use({ shopInstance: 'search-results' });

const resultCount = (page: import('@playwright/test').Page) => page.locator('.result-count');
const total = async (page: import('@playwright/test').Page) => Number(/(\d+) results|single result/.exec((await resultCount(page).textContent()) ?? '')?.[1] ?? 1);

test('results page: facets with counts narrow the results and survive the sort; axe clean', async ({ page }) => {
  await page.goto('/search?q=hoodie');
  await expect(page).toHaveURL(/\/shop\?s=hoodie$/);
  await waitForHydration(page);
  const facets = page.getByRole('region', { name: 'Refine the results' });
  await expect(facets).toBeVisible();
  // The category facet counts every result (top-level categories on the shop listing).
  const before = await total(page);
  await expect(facets.getByRole('link', { name: new RegExp(`^Clothing\\s*, ${before} results?$`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search results with facets');

  // A colour narrows to the hoodies that come in it.
  const colour = facets.getByRole('list', { name: 'Color' });
  const navy = colour.getByRole('link', { name: /^Navy/ });
  const navyCount = Number(/, (\d+) results?/.exec((await navy.textContent()) ?? '')?.[1]);
  expect(navyCount).toBeGreaterThan(0);
  expect(navyCount).toBeLessThan(before);
  await navy.click();
  await expect(page).toHaveURL(/\/shop\?s=hoodie&filter_color=Navy$/);
  await expect(resultCount(page)).toContainText(String(navyCount === 1 ? 'single' : navyCount));
  await expect(colour.getByRole('link', { name: /^Navy.*selected/ })).toBeVisible();

  // Sorting keeps the filter, and the facet links then keep the sort.
  await page.getByLabel('Shop order').selectOption('price');
  await expect(page).toHaveURL(/orderby=price/);
  expect(new URL(page.url()).searchParams.get('filter_color')).toBe('Navy');
  expect(new URL(page.url()).searchParams.get('s')).toBe('hoodie');
  await expect(resultCount(page)).toContainText(String(navyCount === 1 ? 'single' : navyCount));
  const href = await page.getByRole('list', { name: 'Color' }).getByRole('link', { name: /^Navy/ }).getAttribute('href');
  expect(href).toContain('orderby=price');

  // Choosing the value again removes it; "Clear filters" too.
  await page.getByRole('list', { name: 'Color' }).getByRole('link', { name: /^Navy/ }).click();
  await expect(page).toHaveURL(/\/shop\?s=hoodie&orderby=price$/);
  expect(await total(page)).toBe(before);

  // Into a category: its subcategories, the search kept.
  await page.getByRole('region', { name: 'Refine the results' }).getByRole('link', { name: /^Clothing/ }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing\?s=hoodie&orderby=price$/);
  await expect(page.getByRole('region', { name: 'Refine the results' }).getByRole('link', { name: /^Hoodies/ })).toBeVisible();
});

test('results page without scripts: the facet links and the sort button work as plain links and forms', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/shop?s=tee');
  const colour = page.getByRole('list', { name: 'Color' });
  await colour.getByRole('link', { name: /^Red/ }).click();
  await expect(page).toHaveURL(/filter_color=Red/);
  await page.getByLabel('Shop order').selectOption('price-desc');
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/orderby=price-desc/);
  expect(new URL(page.url()).searchParams.get('filter_color')).toBe('Red');
  await context.close();
});

test('no results: "did you mean" with best sellers below it', async ({ page }) => {
  await page.goto('/shop?s=hoodiez%20zzqx');
  await expect(page.getByText('No products were found matching your selection.')).toBeVisible();
  const popular = page.getByRole('region', { name: 'Popular products' });
  await expect(popular).toBeVisible();
  expect(await popular.locator('.product-grid > li').count()).toBeGreaterThan(2);
  await expectNoSeriousA11yViolations(page, 'search without results');
});

test('results with facets at 390 px: no sideways scrolling, facets reachable', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: MOBILE, hasTouch: true, isMobile: true, baseURL });
  const page = await context.newPage();
  await page.goto('/shop?s=tee');
  await waitForHydration(page);
  const facets = page.getByRole('region', { name: 'Refine the results' });
  await expect(facets).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await snapshot(page, test.info().outputPath('search-results-390.png'), { fullPage: true });
  await facets.getByRole('list', { name: 'Color' }).getByRole('link', { name: /^Red/ }).tap();
  await expect(page).toHaveURL(/filter_color=Red/);
  await context.close();
});

const setCategorySelect = async (dataDir: string, on: boolean) => {
  const db = createDb(`sqlite:${path.join(dataDir, 'e2e.sqlite')}`);
  try {
    await saveSettings(db, { searchCategorySelect: on });
  } finally {
    await db.destroy();
  }
};

test('the category select follows the store setting (on in the demo shop)', async ({ page, shop }) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Search in category' })).toBeVisible();
  await setCategorySelect(shop.server.dataDir, false);
  try {
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search in category' })).toHaveCount(0);
    await expect(page.locator('form.site-search')).toHaveAttribute('action', '/shop');
  } finally {
    await setCategorySelect(shop.server.dataDir, true);
  }
});

test.describe('header box with the category select', () => {

  test('the select narrows the suggestions and the results page; labelled; axe clean', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const select = page.getByRole('combobox', { name: 'Search in category' });
    await expect(select).toBeVisible();
    const box = page.getByRole('combobox', { name: 'Search products' });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await select.selectOption({ label: 'Clothing' });
    await box.pressSequentially('mug');
    await expect(list.getByRole('option', { name: 'No products found' })).toBeVisible();
    // Another category asks again at once.
    await select.selectOption({ label: 'Home & Living' });
    await expect(list.getByRole('option').first()).toContainText(/mug/i);
    await expect(list.getByRole('option', { name: 'No products found' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the search box with its category select, open');
    await snapshot(page, test.info().outputPath('search-category-1280.png'));
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product-category\/home-living\?s=mug$/);
    await expect(page.locator('.product-grid').first()).toContainText(/mug/i);
    // The results keep the search: named as a search in the category, the box and the select as sent.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “mug” in Home & Living');
    await expect(page).toHaveTitle(/Search results for “mug” in Home & Living/);
    await expect(box).toHaveValue('mug');
    await expect(select).toHaveValue('home-living');
  });

  for (const order of ['pick, then type', 'type, then pick'] as const) {
    test(`a category picked and words typed while the box’s code is still on its way are both used (${order})`, async ({ page }) => {
      // Hold the box's code back until the shopper has picked and typed: the island replays both.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/search-box\.lazy-[\w-]+\.js/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/');
      await waitForHydration(page);
      const select = page.getByRole('combobox', { name: 'Search in category' });
      const box = page.getByRole('combobox', { name: 'Search products' });
      if (order === 'pick, then type') {
        await select.selectOption({ label: 'Clothing' });
        await box.pressSequentially('mug');
      } else {
        await box.pressSequentially('mug');
        await select.selectOption({ label: 'Clothing' });
      }
      release();
      const list = page.getByRole('listbox', { name: 'Search suggestions' });
      await expect(list.getByRole('option', { name: 'No products found' })).toBeVisible();
      await expect(select).toHaveValue('clothing');
      await expect(box).toHaveValue('mug');
    });
  }

  test('without scripts the form sends the category', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search in category' }).selectOption({ label: 'Clothing' });
    await page.getByRole('combobox', { name: 'Search products' }).fill('hoodie');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/product-category\/clothing\?s=hoodie$/);
    await expect(page.locator('.product-grid > li').first()).toContainText(/hoodie/i);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “hoodie” in Clothing');
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('hoodie');
    await expect(page.getByRole('combobox', { name: 'Search in category' })).toHaveValue('clothing');
    await context.close();
  });

  test('at 390 px the select and the box fit the header', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: MOBILE, hasTouch: true, isMobile: true, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    const select = page.getByRole('combobox', { name: 'Search in category' });
    const box = page.getByRole('combobox', { name: 'Search products' });
    const a = (await select.boundingBox())!;
    const b = (await box.boundingBox())!;
    expect(a.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    expect(b.width).toBeGreaterThan(150);
    // "All categories" is shown whole: the select's content box holds its text and the arrow.
    const room = await select.evaluate((el: HTMLSelectElement) => {
      const cs = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = cs.font;
      const text = ctx.measureText(el.options[el.selectedIndex]!.text).width;
      return el.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth) - text;
    });
    expect(room).toBeGreaterThanOrEqual(16);
    await snapshot(page, test.info().outputPath('search-category-390.png'));
    await context.close();
  });
});
