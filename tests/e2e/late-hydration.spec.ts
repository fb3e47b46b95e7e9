import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { waitForHydration } from './helpers.ts';
import { DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { slugify } from '../../app/features/catalog/catalog-write.server.ts';

/*
 * Block pages start React after the load (app/entry.client.tsx, ui/hydration-trigger.ts):
 * their first JavaScript holds no React DOM client. These tests hold that chunk back (or fail
 * it) to show what a visitor gets before React runs, and that nothing done meanwhile is lost.
 */

const HYDRATION_CHUNK = /\/assets\/hydration-[\w-]+\.js$/;

/** Holds the hydration chunk's request until `release()`; `asked` counts the requests. */
async function holdReact(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { asked: 0, release };
  await page.route(HYDRATION_CHUNK, async (route) => {
    state.asked += 1;
    await gate;
    await route.continue();
  });
  return state;
}

const isHydrated = (page: Page) => page.evaluate(() => Object.keys(document).some((k) => k.startsWith('__reactContainer$')));

test('the home page loads without React DOM, asks for it once idle after the load, and a product added meanwhile goes into the cart in place', async ({ page }) => {
  const react = await holdReact(page);
  // The load event comes while React's code is held: the page does not wait for it.
  const html = await (await page.goto('/'))!.text();
  await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'idle');
  // Not among the scripts the page names up front (the loader adds its preload when it asks).
  expect(html).not.toMatch(/<link rel="modulepreload" href="\/assets\/hydration-/);
  // Nobody touched the page: the browser's idle time after the load asks for it.
  await expect.poll(() => react.asked).toBe(1);
  expect(await isHydrated(page)).toBe(false);

  // The header's menus never needed React (the shell's own small chunk runs them).
  await page.waitForFunction(() => document.documentElement.classList.contains('js-header'));
  const toggle = page.locator('.main-nav .menu-item__toggle').first();
  // From the keyboard: a pointer resting on the way to a click would open it by hover intent first.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');

  // "Add to cart" before React: held, not posted.
  const grid = page.getByRole('region', { name: 'New arrivals' });
  const card = grid.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Add to cart: / }) }).first();
  await card.getByRole('button', { name: /^Add to cart: / }).click();
  await page.waitForTimeout(500);
  expect(await isHydrated(page)).toBe(false);
  await expect(card.getByRole('link', { name: 'View cart' })).toHaveCount(0);

  // React arrives: the held form is sent the scripted way, in place.
  const marker = await page.evaluate(() => ((window as unknown as { stayed: number }).stayed = Math.random()));
  react.release();
  await waitForHydration(page);
  await expect(card.getByRole('link', { name: 'View cart' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The same document: no page load happened.
  expect(await page.evaluate(() => (window as unknown as { stayed?: number }).stayed)).toBe(marker);
});

test('the first key press starts React before the browser is idle', async ({ page }) => {
  // Idle never comes (the page keeps the main thread busy after the load) until the visitor acts.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const react = await holdReact(page);
  await page.goto('/');
  await page.waitForTimeout(2500);
  expect(react.asked).toBe(0);
  await page.keyboard.press('Tab');
  await expect.poll(() => react.asked).toBe(1);
  react.release();
  await waitForHydration(page);
});

test('should React fail to load, a form sent meanwhile is the plain form post it would have been', async ({ page }) => {
  await page.route(HYDRATION_CHUNK, (route) => route.abort());
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'New arrivals' });
  const button = grid.getByRole('button', { name: /^Add to cart: / }).first();
  const name = (await button.getAttribute('aria-label'))!.replace(/^Add to cart: /, '');
  const post = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document');
  await button.click();
  await post;
  expect(await isHydrated(page)).toBe(false);
  await page.goto('/cart');
  await expect(page.getByRole('main').getByLabel(`Quantity of ${name}`)).toHaveValue('1');
});

test('a product page loads without React DOM; a variation picked and added meanwhile goes into the cart in place once it runs', async ({ page }) => {
  const react = await holdReact(page);
  const html = await (await page.goto(`/product/${slugify(DEMO_SPECIAL.swatches)}`))!.text();
  await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'idle');
  expect(html).not.toMatch(/<link rel="modulepreload" href="\/assets\/hydration-/);
  const form = page.locator('form.variations-form');
  const swatch = (name: 'Color' | 'Size', value: string) => form.getByRole('group', { name: new RegExp(`^${name}`) }).getByRole('radio', { name: value, exact: true });

  // Before React: the swatches change at once, as the shopper expects; "Add to cart" is held, not posted.
  await swatch('Color', 'Black').check();
  await swatch('Size', 'M').check();
  await expect(swatch('Color', 'Black')).toBeChecked();
  const marker = await page.evaluate(() => ((window as unknown as { stayed: number }).stayed = Math.random()));
  await form.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.waitForTimeout(500);
  expect(await isHydrated(page)).toBe(false);
  await expect(form.getByRole('link', { name: 'View cart' })).toHaveCount(0);

  // React arrives: the choice is React's too, and the held click adds that variation in place.
  react.release();
  await waitForHydration(page);
  await expect(form.getByRole('link', { name: 'View cart' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: number }).stayed)).toBe(marker);
  await page.goto('/cart');
  const row = page.getByRole('main').getByRole('table').first().getByRole('row').filter({ hasText: DEMO_SPECIAL.swatches });
  await expect(row).toContainText('Black');
  await expect(row).toContainText('M');
});

test('other pages preload React DOM and start it at load', async ({ page }) => {
  const react = await holdReact(page);
  react.release();
  const html = await (await page.goto('/shop'))!.text();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrate', /./);
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/hydration-[\w-]+\.js"\/>/);
  await waitForHydration(page);
  expect(react.asked).toBe(1);
});
