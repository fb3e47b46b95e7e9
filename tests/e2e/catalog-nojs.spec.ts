import { DEMO_PRODUCTS } from '../../db/seed/demo-data.ts';
import { test, expect } from './fixtures.ts';
import { PER_PAGE, demoNamesInRange, demoPriceRange, demoProducts, readCards, resultCount } from './catalog-data.ts';

// Shoppers and crawlers without scripts: every listing control is a plain link or GET form.
test.use({ javaScriptEnabled: false });

const count = (page: import('@playwright/test').Page) => page.getByRole('status').filter({ hasText: 'Showing' });

test('sort with the "Sort" button and filter by price with plain form GETs', async ({ page }) => {
  const clothing = demoProducts('Clothing');
  await page.goto('/product-category/clothing');
  await expect(count(page)).toHaveText(resultCount(clothing.length));

  // Choosing an ordering does nothing by itself without scripts; the button submits it.
  const order = page.getByLabel('Shop order');
  await order.selectOption({ label: 'Sort by price: low to high' });
  await expect(page).toHaveURL(/\/product-category\/clothing$/);
  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing\?orderby=price$/);
  await expect(order).toHaveValue('price');
  const cheapest = [...clothing].sort((a, b) => demoPriceRange(a)[0] - demoPriceRange(b)[0])[0];
  const sorted = await readCards(page);
  expect(sorted[0].name).toBe(cheapest.name);
  expect(sorted.every((c, i) => i === 0 || sorted[i - 1].lo <= c.lo), 'prices ascending').toBe(true);

  // The price filter's number inputs submit as min_price/max_price; the ordering is kept.
  const filter = page.getByRole('region', { name: 'Filter by price' });
  await filter.getByRole('spinbutton', { name: 'Minimum price' }).fill('30');
  await filter.getByRole('spinbutton', { name: 'Maximum price' }).fill('40');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing\?orderby=price&min_price=30&max_price=40$/);
  const expected = demoNamesInRange(clothing, 30, 40);
  await expect(count(page)).toHaveText(resultCount(expected.length));
  const filtered = await readCards(page);
  expect(filtered.map((c) => c.name).sort()).toEqual(expected);
  expect(filtered.every((c, i) => i === 0 || filtered[i - 1].lo <= c.lo)).toBe(true);
  await expect(filter.getByText('Price: £30 — £40')).toBeVisible();

  // Re-sorting a filtered listing keeps the filter.
  await order.selectOption({ label: 'Sort by price: high to low' });
  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await expect(page).toHaveURL(/\?(?=.*orderby=price-desc)(?=.*min_price=30)(?=.*max_price=40)/);
  const resorted = await readCards(page);
  expect(resorted.map((c) => c.name).sort()).toEqual(expected);
  expect(resorted.every((c, i) => i === 0 || resorted[i - 1].hi >= c.hi), 'prices descending').toBe(true);

  // Reset is a link back to the unfiltered listing, ordering kept.
  await filter.getByRole('link', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing\?orderby=price-desc$/);
  await expect(count(page)).toHaveText(resultCount(clothing.length));
});

test('pagination links lead to page 2 and back; there is no "Load more" button', async ({ page }) => {
  await page.goto('/shop');
  const first = (await readCards(page)).map((c) => c.name);
  expect(first).toHaveLength(PER_PAGE);
  await expect(page.getByRole('button', { name: 'Load more products' })).toHaveCount(0);

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
  await pagination.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(count(page)).toHaveText(resultCount(DEMO_PRODUCTS.length, 2));
  const second = (await readCards(page)).map((c) => c.name);
  expect(second).toHaveLength(PER_PAGE);
  expect(second.filter((n) => first.includes(n)), 'page 2 shows other products').toEqual([]);

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  expect((await readCards(page)).map((c) => c.name)).toEqual(first);
});

test('quick-view buttons are harmless and product links open the product page', async ({ page }) => {
  await page.goto('/shop');
  const cards = await readCards(page);
  const { name } = cards[0];

  // A quick-view button, if shown at all, neither navigates nor opens anything without scripts.
  const quick = page.getByRole('button', { name: `Quick view: ${name}` });
  if ((await quick.count()) > 0) {
    await quick.click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await page.locator('.product-grid > li').first().getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(name)).toHaveAttribute('aria-current', 'page');
});
