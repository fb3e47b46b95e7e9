import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axeResults, waitForHydration } from './helpers.ts';
import { DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { slugify } from '../../app/features/catalog/catalog-write.server.ts';

/*
 * The variation form, quantity and add-to-cart form on the real product page (spec §4, §5,
 * §7) with the demo's variable products: the zip hoodie (colour and size swatches, some
 * combinations out of stock, embedded variations), the boxy tee (a red variation in any
 * size) and the classic tee (36 variations: each choice is asked of the API).
 */

const SELECT_FIRST = 'Please select some product options before adding this product to your cart.';
const UNAVAILABLE = 'Sorry, this product is unavailable. Please choose a different combination.';
const url = (name: string, query = '') => `/product/${slugify(name)}${query}`;

/** Opens a product page and waits until the variation form has initialised (100 ms after mount). */
async function open(page: Page, name: string, query = '') {
  await page.goto(url(name, query));
  await waitForHydration(page);
  await expect(page.locator('.variations[data-ready="true"]')).toBeVisible();
  return page.locator('form.variations-form');
}

const group = (form: Locator, name: 'Color' | 'Size') => form.getByRole('group', { name: new RegExp(`^${name}`) });
const swatch = (form: Locator, name: 'Color' | 'Size', value: string) => group(form, name).getByRole('radio', { name: value, exact: true });
const addButton = (form: Locator) => form.getByRole('button', { name: 'Add to cart', exact: true });
const details = (form: Locator) => form.locator('.single-variation');
const cartButton = (page: Page, count: number) => page.getByRole('banner').getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });

async function expectDisabled(form: Locator, name: 'Color' | 'Size', values: string[], all: string[]) {
  for (const v of all) {
    if (values.includes(v)) await expect(swatch(form, name, v), `${name} ${v}`).toBeDisabled();
    else await expect(swatch(form, name, v), `${name} ${v}`).toBeEnabled();
  }
}

/** Clicks the aria-disabled button and checks the alert dialog: its text, focus, Escape or OK, focus back. */
async function expectBlockedAlert(page: Page, form: Locator, text: string, close: 'Escape' | 'OK') {
  const button = addButton(form);
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled (not disabled): the button can still be clicked, which is what explains it.
  await button.click({ force: true });
  const dialog = page.getByRole('alertdialog', { name: text });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  if (close === 'Escape') await page.keyboard.press('Escape');
  else await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
}

const SIZES = ['S', 'M', 'L', 'XL'];
const COLORS = ['Grey', 'Navy', 'Black'];

test('choosing swatches one by one disables what is not offered, shows the variation and clears', async ({ page }) => {
  const form = await open(page, DEMO_SPECIAL.swatches);
  const clear = form.getByRole('link', { name: 'Clear' });
  await expect(clear).toBeHidden();
  await expectDisabled(form, 'Size', [], SIZES);
  await expectBlockedAlert(page, form, SELECT_FIRST, 'Escape');

  // Navy S is out of stock: with Navy chosen, S is disabled (and Navy stays enabled with S).
  await swatch(form, 'Color', 'Navy').check();
  await expect(group(form, 'Color')).toHaveAccessibleName(/Color: Navy/);
  await expect(clear).toBeVisible();
  await expectDisabled(form, 'Size', ['S'], SIZES);
  await expectDisabled(form, 'Color', [], COLORS);
  await expect(page).toHaveURL(/[?&]attribute_color=Navy(&|$)/);
  await expectBlockedAlert(page, form, SELECT_FIRST, 'OK');
  // The form's own markup (swatches, disabled values, labels) passes the WCAG 2.1 A/AA rules.
  const axe = await axeResults(page, 'form.variations-form');
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await swatch(form, 'Size', 'M').check();
  await expectDisabled(form, 'Color', [], COLORS);
  await expect(details(form)).toContainText('£59.00');
  await expect(details(form)).toContainText(/SKU:\s*HOOD-ZIP-\d+/);
  await expect(details(form)).toContainText('0.6 kg');
  await expect(details(form)).toContainText('40 × 30 × 6 cm');
  await expect(addButton(form)).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page).toHaveURL(/attribute_color=Navy&attribute_size=M/);

  // Black XL has no stock left: switching to Black disables XL and Navy-only S frees up.
  await swatch(form, 'Color', 'Black').check();
  await expectDisabled(form, 'Size', ['XL'], SIZES);
  await expect(details(form)).toContainText('4 in stock');

  // Reselect-clear: a click on the chosen swatch clears it, and the variation with it.
  await group(form, 'Color').locator('label').filter({ hasText: 'Black' }).click();
  await expect(swatch(form, 'Color', 'Black')).not.toBeChecked();
  await expect(details(form)).not.toContainText('£59.00');
  await expect(addButton(form)).toHaveAttribute('aria-disabled', 'true');
  await expect(swatch(form, 'Size', 'M')).toBeChecked();

  await clear.click();
  await expect(swatch(form, 'Size', 'M')).not.toBeChecked();
  await expect(clear).toBeHidden();
  await expect(page).not.toHaveURL(/attribute_/);
});

test('a hover label names each swatch', async ({ page }) => {
  const form = await open(page, DEMO_SPECIAL.swatches);
  const navy = group(form, 'Color').locator('label').filter({ has: page.getByRole('radio', { name: 'Navy' }) });
  await navy.hover();
  await expect(navy.locator('.swatch__tip')).toBeVisible();
  await expect(navy.locator('.swatch__tip')).toHaveText('Navy');
});

test('a URL with an out-of-stock combination opens preselected and the button explains it is unavailable', async ({ page }) => {
  const form = await open(page, DEMO_SPECIAL.swatches, '?attribute_color=navy&attribute_size=S');
  await expect(swatch(form, 'Color', 'Navy')).toBeChecked();
  await expect(swatch(form, 'Size', 'S')).toBeChecked();
  await expect(details(form)).toContainText('Out of stock');
  await expectBlockedAlert(page, form, UNAVAILABLE, 'OK');
  // Switching to an in-stock size makes it available.
  await swatch(form, 'Size', 'L').check();
  await expect(addButton(form)).not.toHaveAttribute('aria-disabled', 'true');
});

test('the choice survives a reload through the URL', async ({ page }) => {
  let form = await open(page, DEMO_SPECIAL.swatches);
  await swatch(form, 'Color', 'Grey').check();
  await swatch(form, 'Size', 'XL').check();
  await expect(page).toHaveURL(/\?attribute_color=Grey&attribute_size=XL$/);
  await page.reload();
  form = page.locator('form.variations-form');
  // The page loader reads the choice from the URL, so the server's HTML is already preselected.
  await expect(swatch(form, 'Color', 'Grey')).toBeChecked();
  await expect(swatch(form, 'Size', 'XL')).toBeChecked();
  await expect(details(form)).toContainText('£59.00');
});

test('with more than 30 variations each complete choice is asked of the API', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/products\/\d+\/variation$/.test(r.url())) calls.push(r.postData() ?? '');
  });
  const form = await open(page, DEMO_SPECIAL.manyVariations);
  // Yellow XS is out of stock: the form knows every combination even without the full objects.
  await swatch(form, 'Color', 'Yellow').check();
  await expectDisabled(form, 'Size', ['XS'], ['XS', 'S', 'M', 'L', 'XL', 'XXL']);
  expect(calls).toEqual([]);

  await swatch(form, 'Color', 'Blue').check();
  const answer = page.waitForResponse((r) => /\/api\/products\/\d+\/variation$/.test(r.url()));
  await swatch(form, 'Size', 'XXL').check();
  expect((await answer).status()).toBe(200);
  await expect(details(form)).toContainText('£21.00');
  await expect(addButton(form)).not.toHaveAttribute('aria-disabled', 'true');
  expect(JSON.parse(calls[0])).toEqual({ attributes: { attribute_color: 'Blue', attribute_size: 'XXL' } });
});

test('adds the chosen variation to the cart without a reload, within its quantity limits', async ({ page }) => {
  const form = await open(page, DEMO_SPECIAL.swatches);
  await expect(cartButton(page, 0)).toBeVisible();
  const quantity = form.getByRole('spinbutton', { name: `${DEMO_SPECIAL.swatches} quantity` });
  await quantity.fill('9');
  // Black M has 4 in stock: choosing it clamps the quantity, and plus stops there.
  await swatch(form, 'Color', 'Black').check();
  await swatch(form, 'Size', 'M').check();
  await expect(quantity).toHaveValue('4');
  const plus = form.getByRole('button', { name: `Increase quantity of ${DEMO_SPECIAL.swatches}` });
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  await plus.click({ force: true });
  await expect(quantity).toHaveValue('4');
  await form.getByRole('button', { name: `Decrease quantity of ${DEMO_SPECIAL.swatches}` }).click();
  await expect(quantity).toHaveValue('3');

  // A mark on the window survives only if the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  await addButton(form).click();
  await expect(form.getByRole('link', { name: 'View cart' })).toBeVisible();
  await expect(cartButton(page, 3)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // A red tee in any size: the chosen size travels with it.
  const tee = await open(page, DEMO_SPECIAL.anyVariation);
  await swatch(tee, 'Color', 'Red').check();
  await swatch(tee, 'Size', 'M').check();
  await expect(details(tee)).toContainText('£34.00');
  await addButton(tee).click();
  await expect(cartButton(page, 4)).toBeVisible();

  await tee.getByRole('link', { name: 'View cart' }).click();
  const rows = page.getByRole('main').getByRole('table').first().getByRole('row');
  await expect(rows.filter({ hasText: DEMO_SPECIAL.swatches })).toContainText('Black');
  await expect(rows.filter({ hasText: DEMO_SPECIAL.anyVariation })).toContainText('Red');
  await expect(rows.filter({ hasText: DEMO_SPECIAL.anyVariation })).toContainText('M');
});

test('a sold-individually product has no quantity field', async ({ page }) => {
  await page.goto(url(DEMO_SPECIAL.soldIndividually));
  await waitForHydration(page);
  const form = page.locator('form.cart-form--simple');
  await expect(addButton(form)).toBeVisible();
  await expect(form.getByRole('spinbutton')).toHaveCount(0);
});

test('a grouped product adds a quantity per child; an external one links to its shop', async ({ page }) => {
  await page.goto(url(DEMO_SPECIAL.grouped));
  await waitForHydration(page);
  const form = page.locator('form.cart-form--grouped');
  await addButton(form).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose the quantity of items you wish to add to your cart…');
  await form.getByRole('button', { name: 'Increase quantity of Espresso Cup Pair' }).click();
  await form.getByRole('button', { name: 'Increase quantity of Espresso Cup Pair' }).click();
  await form.getByRole('spinbutton', { name: 'Speckled Latte Mug quantity' }).fill('1');
  await addButton(form).click();
  await expect(cartButton(page, 3)).toBeVisible();
  await expect(form.getByRole('link', { name: 'View cart' })).toBeVisible();

  await page.goto(url(DEMO_SPECIAL.external));
  await expect(page.locator('.cart-form--external').getByRole('link', { name: 'Book a seat' })).toHaveAttribute('href', 'https://example.com/workshops/screen-printing');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the chosen options are a plain form post to the cart', async ({ page }) => {
    await page.goto(url(DEMO_SPECIAL.swatches));
    const form = page.locator('form.variations-form');
    await expect(addButton(form)).not.toHaveAttribute('aria-disabled', 'true');
    await swatch(form, 'Color', 'Grey').check();
    await swatch(form, 'Size', 'L').check();
    await form.getByRole('spinbutton', { name: `${DEMO_SPECIAL.swatches} quantity` }).fill('2');
    await addButton(form).click();
    await expect(page).toHaveURL(new RegExp(`${url(DEMO_SPECIAL.swatches)}$`));
    await page.goto('/cart');
    const row = page.getByRole('main').getByRole('table').first().getByRole('row').filter({ hasText: DEMO_SPECIAL.swatches });
    await expect(row).toContainText('Grey');
    await expect(row.getByRole('spinbutton')).toHaveValue('2');
  });
});
