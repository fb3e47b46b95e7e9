import { DEMO_PRODUCTS, DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { test, expect } from './fixtures.ts';
import { waitForHydration } from './helpers.ts';
import {
  CLOTHING,
  PER_PAGE,
  demoNamesInRange,
  demoPriceRange,
  demoProducts,
  readCards,
  resultCount,
  scrollToBottom,
  scrollToPage2,
} from './catalog-data.ts';

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

test('home → category → sort by price → price filter by typing and by keyboard → reset', async ({ page }) => {
  const clothing = demoProducts('Clothing');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clothing', exact: true }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing$/);
  await waitForHydration(page);

  // Breadcrumbs, description, one tile per sub-category with its product count, the total.
  await expect(page.getByRole('heading', { level: 1, name: 'Clothing' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByText('Clothing', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(CLOTHING.description)).toBeVisible();
  const tiles = page.getByRole('region', { name: 'Categories' });
  for (const sub of CLOTHING.children!) {
    const count = clothing.filter((p) => p.category[1] === sub.name).length;
    const slug = sub.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await expect(tiles.getByRole('link', { name: new RegExp(`^${sub.name}\\b.*\\b${count} products$`) })).toHaveAttribute(
      'href',
      `/product-category/clothing/${slug}`,
    );
  }
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(resultCount(clothing.length));
  expect(await readCards(page)).toHaveLength(PER_PAGE);
  // With scripts the dropdown submits itself: no "Sort" button.
  await expect(page.getByRole('button', { name: 'Sort', exact: true })).toHaveCount(0);

  // Sort by price, low to high: the cheapest clothing comes first, prices never go down.
  await page.getByLabel('Shop order').selectOption({ label: 'Sort by price: low to high' });
  await expect(page).toHaveURL(/\/product-category\/clothing\?orderby=price$/);
  const cheapest = [...clothing].sort((a, b) => demoPriceRange(a)[0] - demoPriceRange(b)[0])[0];
  await expect(page.locator('.product-grid > li').first().getByRole('heading')).toHaveText(cheapest.name);
  const sorted = await readCards(page);
  expect(sorted).toHaveLength(PER_PAGE);
  expect(ascending(sorted.map((c) => c.lo)), `prices ascending: ${sorted.map((c) => c.lo).join(', ')}`).toBe(true);

  // Price filter by typing amounts: only products whose price meets £30–£40, still sorted.
  const filter = page.getByRole('region', { name: 'Filter by price' });
  await filter.getByRole('spinbutton', { name: 'Minimum price' }).fill('30');
  await filter.getByRole('spinbutton', { name: 'Maximum price' }).fill('40');
  await expect(filter.getByText('Price: £30 — £40')).toBeVisible();
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\?(?=.*orderby=price)(?=.*min_price=30)(?=.*max_price=40)/);
  let expected = demoNamesInRange(clothing, 30, 40);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(resultCount(expected.length));
  let cards = await readCards(page);
  expect(cards.map((c) => c.name).sort()).toEqual(expected);
  for (const c of cards) expect(c.hi >= 30 && c.lo <= 40, `${c.name} £${c.lo}–£${c.hi} is within £30–£40`).toBe(true);
  expect(ascending(cards.map((c) => c.lo))).toBe(true);

  // The same with the slider: five steps right on the minimum handle move it from £30 to £35.
  const minSlider = filter.getByRole('slider', { name: 'Minimum price' });
  await minSlider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(filter.getByText('Price: £35 — £40')).toBeVisible();
  await expect(minSlider).toHaveAttribute('aria-valuetext', '£35');
  await expect(filter.getByRole('spinbutton', { name: 'Minimum price' })).toHaveValue('35');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/min_price=35/);
  expected = demoNamesInRange(clothing, 35, 40);
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(resultCount(expected.length));
  cards = await readCards(page);
  expect(cards.map((c) => c.name).sort()).toEqual(expected);

  // Reset drops the price filter and keeps the ordering.
  await filter.getByRole('link', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing\?orderby=price$/);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(resultCount(clothing.length));
});

test('scrolling to the end loads page 2; back from a product restores the list and position', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(resultCount(DEMO_PRODUCTS.length));
  const firstPage = await readCards(page);
  expect(firstPage).toHaveLength(PER_PAGE);

  const loaded = await scrollToPage2(page);
  expect(loaded.slice(0, PER_PAGE)).toEqual(firstPage);
  // The count follows the products shown, not the first page alone.
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 1–${loaded.length} of ${DEMO_PRODUCTS.length} results`);

  // Open the first product of page 2, then come back.
  const target = page.locator('.product-grid > li').nth(PER_PAGE);
  const name = loaded[PER_PAGE].name;
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 100));
  // Let the scroll settle (and be remembered) before leaving.
  await page.waitForTimeout(400);
  const scrolled = await page.evaluate(() => window.scrollY);
  await target.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goBack();
  await waitForHydration(page);
  // Give the restored list a moment; a list that was not restored would scroll on to page 3 here.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  expect((await readCards(page)).map((c) => c.name), 'pages 1 and 2, as before').toEqual(loaded.map((c) => c.name));
  const restored = await page.evaluate(() => window.scrollY);
  expect(Math.abs(restored - scrolled), `scrolled to ${restored}, was ${scrolled}`).toBeLessThan(150);
  await expect(target.getByRole('link', { name, exact: true })).toBeInViewport();
});

test('quick view of a product loaded with page 2: name, price, stock, picture; Escape closes it', async ({ page }) => {
  await page.goto('/shop');
  await waitForHydration(page);
  const loaded = await scrollToPage2(page);
  const product = DEMO_PRODUCTS.find((p) => p.name === DEMO_SPECIAL.lowStock)!;
  expect(loaded.slice(PER_PAGE).map((c) => c.name)).toContain(product.name);

  const opener = page.getByRole('button', { name: `Quick view: ${product.name}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: product.name });
  await expect(dialog.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(dialog.getByText(`£${(product.regular_price! / 100).toFixed(2)}`)).toBeVisible();
  await expect(dialog.getByText(`${product.stock_quantity} in stock`)).toBeVisible();
  const image = dialog.getByRole('img', { name: product.name, exact: true });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus moves into the dialog').toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('without IntersectionObserver a "Load more products" button loads the next pages', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  await page.goto('/shop');
  await waitForHydration(page);
  const more = page.getByRole('button', { name: 'Load more products' });
  const pages = Math.ceil(DEMO_PRODUCTS.length / PER_PAGE);
  for (let n = 2; n <= pages; n++) {
    await more.click();
    await expect(page.locator('.product-grid > li')).toHaveCount(Math.min(DEMO_PRODUCTS.length, n * PER_PAGE));
    await expect(page).toHaveURL(new RegExp(`/shop\\?page=${n}$`));
  }
  await expect(more).toHaveCount(0);
  const names = (await readCards(page)).map((c) => c.name);
  expect(names.sort()).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort());
});

test('a category opened afresh shows its own products, not a listing scrolled earlier', async ({ page }) => {
  // Scroll /shop to page 2 (a fresh document load), then load a category page the same way.
  await page.goto('/shop');
  await waitForHydration(page);
  await scrollToBottom(page);
  await expect(page.locator('.product-grid > li')).toHaveCount(2 * PER_PAGE);
  await page.goto('/product-category/home-living/mugs');
  await waitForHydration(page);
  const mugs = DEMO_PRODUCTS.filter((p) => p.category[1] === 'Mugs').map((p) => p.name).sort();
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(resultCount(mugs.length));
  // Give a wrongly restored list the chance to appear before reading.
  await page.waitForTimeout(300);
  expect((await readCards(page)).map((c) => c.name).sort()).toEqual(mugs);
});
