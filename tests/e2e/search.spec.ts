import { DEMO_PRODUCTS } from '../../db/seed/demo-data.ts';
import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, snapshot, waitForHydration } from './helpers.ts';

const hoodies = DEMO_PRODUCTS.filter((p) => /hoodie/i.test(p.name)).map((p) => p.name);

test('header search: suggestions from three letters, keyboard through the list, open a product', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: 'Search products' });
  const list = page.getByRole('listbox', { name: 'Search suggestions' });

  // Two letters: nothing is asked.
  await box.pressSequentially('ho');
  await page.waitForTimeout(500);
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.pressSequentially('o');
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  const names = (await options.allTextContents()).join('\n');
  expect(hoodies.length).toBeGreaterThan(1);
  for (const name of hoodies.slice(0, 3)) expect(names).toContain(name);
  // The typed letters are marked, each product row has a picture and a price.
  await expect(options.first().locator('mark').first()).toHaveText(/^hoo$/i);
  await expect(options.first().locator('img')).toHaveCount(1);
  await expect(options.first()).toContainText('£');
  // At most 300 px tall, scrolling inside.
  const height = await list.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(300);

  await expectNoSeriousA11yViolations(page, 'the open search box');

  // Arrows move the active option; Home and End jump; Escape closes.
  const count = await options.count();
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  const second = options.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  await box.press('End');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await box.press('Home');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(list).toBeHidden();
  await box.press('ArrowDown');
  await expect(list).toBeVisible();
  const first = await options.first().locator('.search-suggestions__name').textContent();
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!);
});

test('header search: the "No products found" row does nothing; Enter without a choice shows the results page', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.pressSequentially('zzqxw');
  const none = page.getByRole('option', { name: 'No products found' });
  await expect(none).toBeVisible();
  // Marked unavailable to assistive technology; a click or Enter on it changes nothing.
  await expect(none).toHaveAttribute('aria-disabled', 'true');
  await none.click({ force: true });
  await box.press('ArrowDown');
  await expect(none).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/);
  await box.fill('');
  await box.pressSequentially('hodie');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toContainText(/hoodie/i);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/shop\?s=hodie$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('.product-grid > li').first()).toContainText(/hoodie/i);
});

test('header search at 390 px: a suggestion opens its product by touch', async ({ browser }) => {
  const context = await browser.newContext({ viewport: MOBILE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.tap();
  await box.pressSequentially('mug');
  const option = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first();
  await expect(option).toBeVisible();
  const width = await page.getByRole('listbox', { name: 'Search suggestions' }).evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(390);
  await snapshot(page, test.info().outputPath('search-390.png'));
  await option.tap();
  await expect(page).toHaveURL(/\/product(-category)?\//);
  await context.close();
});
