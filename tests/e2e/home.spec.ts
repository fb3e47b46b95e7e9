import { DEMO_CATEGORIES, DEMO_FEATURED_NAMES } from '../../db/seed/demo-data.ts';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, screenshot } from './helpers.ts';

/** A formatted price as the default store settings show it, e.g. "£24.00" or "£1,200.00". */
const PRICE = /£\d{1,3}(,\d{3})*\.\d{2}/;

test('the home page shows the demo shop: name, category menu and featured products', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Vitrine', exact: true })).toBeVisible();

  // The main menu lists the demo's top-level categories.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const category of DEMO_CATEGORIES) {
    await expect(menu.getByRole('link', { name: category.name, exact: true })).toHaveAttribute('href', /^\/product-category\//);
  }

  // Featured products: six cards (the home page shows six), each a featured demo product with a price.
  const featured = page.getByRole('region', { name: 'Featured products' });
  await expect(featured.getByText('No products yet.')).toHaveCount(0);
  const cards = featured.getByRole('listitem');
  await expect(cards).toHaveCount(Math.min(6, DEMO_FEATURED_NAMES.length));
  for (const card of await cards.all()) {
    const title = card.getByRole('heading', { level: 3 });
    const name = (await title.textContent())?.trim() ?? '';
    expect(DEMO_FEATURED_NAMES, `"${name}" is a featured demo product`).toContain(name);
    await expect(title.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/product\//);
    await expect(card).toContainText(PRICE);
  }
});

test('an unknown path answers 404 with the shop-styled "Page not found" page', async ({ page }) => {
  const response = await page.goto('/no-such-page/really-not');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  // Still the shop around it: header with the store name, footer, a way back.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Vitrine', exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the document declares its language and text direction', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`home at ${viewport.width}px has no serious accessibility violations (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    // Screenshot first: it is wanted for review even when axe finds something.
    await screenshot(page, `home-${name}`);
    await expectNoSeriousA11yViolations(page, `home at ${viewport.width}px`);
  });
}
