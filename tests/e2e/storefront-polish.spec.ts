import type { Locator, Page } from '@playwright/test';
import { DEMO_PRODUCTS, DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { slugify } from '../../app/features/catalog/catalog-write.server.ts';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, screenshot, snapshot, waitForHydration } from './helpers.ts';
import { PER_PAGE, loadAll, scrollToPage2 } from './catalog-data.ts';

/*
 * How the storefront looks before and without its scripts, and the layout details a shopper
 * notices: the purchase form's row, swatch labels on touch screens, pagination, quick view of
 * a variable product, the mobile menu's shade.
 */

const HOODIE = DEMO_PRODUCTS.find((p) => p.name === DEMO_SPECIAL.swatches)!;
const productUrl = (name: string) => `/product/${slugify(name)}`;
const box = async (l: Locator) => (await l.boundingBox())!;
const middle = (b: { y: number; height: number }) => b.y + b.height / 2;

/** Quantity box and "Add to cart" side by side: same middle line, the button just after the box. */
async function expectOneRow(form: Locator) {
  const qty = await box(form.locator('.product-quantity'));
  const button = await box(form.getByRole('button', { name: 'Add to cart', exact: true }));
  expect(Math.abs(middle(qty) - middle(button)), 'quantity and button on one row').toBeLessThan(4);
  expect(button.x - (qty.x + qty.width), 'the button follows the quantity box').toBeGreaterThanOrEqual(0);
  expect(button.x - (qty.x + qty.width)).toBeLessThan(32);
  // The quantity box is a box, not a full-width field.
  expect(qty.width).toBeLessThan(200);
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the product form and the reviews are styled: swatches, colours, quantity row, star breakdown', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(productUrl(HOODIE.name));
    const form = page.locator('form.variations-form');
    // The radio is there for keyboards and posts; what shows is its face.
    const navy = form.locator('.swatch', { has: page.getByRole('radio', { name: 'Navy', exact: true }) });
    const input = navy.locator('.swatch__input');
    expect(await input.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    const face = await navy.locator('.swatch__face').evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, radius: s.borderRadius, width: el.getBoundingClientRect().width };
    });
    expect(face.background, 'the colour swatch shows its colour').not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(255, 255, 255\)$/);
    expect(face.radius).toBe('50%');
    expect(face.width).toBeGreaterThanOrEqual(44);
    // The value's name is a hover label, not a second visible label.
    expect(await navy.locator('.swatch__tip').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    const size = form.locator('.swatch', { has: page.getByRole('radio', { name: 'M', exact: true }) }).locator('.swatch__face');
    expect(await size.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('solid');
    await expectOneRow(form);

    // Reviews: the breakdown is a row of label, bar and count ("5 stars", a bar, "2"), not "5 stars2".
    const row = page.locator('.reviews__breakdown li').first();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    expect((await box(row.locator('.reviews__bar'))).width).toBeGreaterThan(50);
    // (Without scripts the shared screenshot helper cannot scroll the page.)
    await snapshot(page, 'test-results/screens/product-nojs-desktop.png', { fullPage: true });
    await page.setViewportSize(MOBILE);
    await snapshot(page, 'test-results/screens/product-nojs-mobile.png', { fullPage: true });
  });

  test('the open mobile menu dims the page, and a tap on the shade closes it', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await page.getByRole('banner').locator('summary').click();
    const menu = page.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true });
    await expect(menu.getByRole('link', { name: 'Shop', exact: true })).toBeVisible();
    const shade = await page.locator('.mobile-nav > summary').evaluate((el) => getComputedStyle(el, '::after').backgroundColor);
    expect(shade).toBe('rgba(0, 0, 0, 0.45)');
    await page.mouse.click(200, 800);
    await expect(menu).toBeHidden();
  });
});

test('quantity and "Add to cart" share a row on desktop; nothing moves when the form\'s script arrives', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // Where the button and the tabs are in the server's HTML, before any island has hydrated.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const at = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().top + window.scrollY;
      (window as unknown as { before: number[] }).before = [at('.single-add-to-cart'), at('.product-tabs')];
    });
  });
  await page.goto(productUrl(HOODIE.name));
  await waitForHydration(page);
  const form = page.locator('form.variations-form');
  await expect(page.locator('.variations[data-ready="true"]')).toBeVisible();
  await expect(form.getByRole('button', { name: /^Increase/ })).toBeVisible();
  await expectOneRow(form);
  const [before, after] = await page.evaluate(() => {
    const at = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().top + window.scrollY;
    return [(window as unknown as { before: number[] }).before, [at('.single-add-to-cart'), at('.product-tabs')]];
  });
  expect(Math.abs(after[0] - before[0]), 'the button stays put').toBeLessThan(3);
  expect(Math.abs(after[1] - before[1]), 'what follows the form stays put').toBeLessThan(3);
});

test('on a touch screen a swatch\'s label does not stay up after a tap', async ({ browser }) => {
  const context = await browser.newContext({ viewport: MOBILE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'hover', value: 'none' }, { name: 'pointer', value: 'coarse' }] });
  await page.goto(productUrl(HOODIE.name));
  await waitForHydration(page);
  const navy = page.locator('form.variations-form .swatch', { has: page.getByRole('radio', { name: 'Navy', exact: true }) });
  await navy.tap();
  await expect(navy).toHaveClass(/is-selected/);
  // Past the label's 400 ms delay and 200 ms fade.
  await page.waitForTimeout(800);
  expect(await navy.locator('.swatch__tip').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
  await context.close();
});

test('a mouse still shows a swatch\'s label on hover, and the keyboard on focus', async ({ page }) => {
  await page.goto(productUrl(HOODIE.name));
  await waitForHydration(page);
  const navy = page.locator('form.variations-form .swatch', { has: page.getByRole('radio', { name: 'Navy', exact: true }) });
  const tip = navy.locator('.swatch__tip');
  await navy.hover();
  await expect.poll(() => tip.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
  await page.mouse.move(0, 0);
  await expect.poll(() => tip.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
  // Focus that did not come from a pointer (the keyboard) shows it too.
  await navy.locator('input').focus();
  await expect.poll(() => tip.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`pagination keeps the ellipsis and every page number on one centred row (${label})`, async ({ browser, baseURL }) => {
    // Without scripts the pagination stays as rendered (infinite scroll would replace it).
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/shop`);
    const items = page.getByRole('navigation', { name: 'Pagination' }).locator('li');
    const pages = Math.ceil(DEMO_PRODUCTS.length / PER_PAGE);
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: `Page ${pages}`, exact: true })).toBeVisible();
    await expect(items.filter({ hasText: '…' })).toHaveCount(1);
    const middles = await items.evaluateAll((els) => els.map((el) => {
      const inner = el.firstElementChild!.getBoundingClientRect();
      return inner.top + inner.height / 2;
    }));
    for (const m of middles) expect(Math.abs(m - middles[0]), 'every item on the first item\'s line').toBeLessThan(2);
    await context.close();
  });
}

test('after infinite scroll the pagination follows the last page loaded and goes once all are loaded', async ({ page }) => {
  await page.goto('/shop');
  await waitForHydration(page);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
  await scrollToPage2(page);
  await expect(pagination.getByText('2', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pagination.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/shop?page=3');
  await loadAll(page, DEMO_PRODUCTS.length);
  await expect(page.locator('.product-grid > li')).toHaveCount(DEMO_PRODUCTS.length);
  await expect(pagination).toHaveCount(0);
});

test('quick view of a variable product: choose options, see the variation\'s price and stock, add to cart', async ({ page }) => {
  const category = `/product-category/${slugify(HOODIE.category[0])}/${slugify(HOODIE.category[1])}`;
  await page.goto(category);
  await waitForHydration(page);
  await page.getByRole('button', { name: `Quick view: ${HOODIE.name}` }).click();
  const dialog = page.getByRole('dialog', { name: HOODIE.name });
  const add = dialog.getByRole('button', { name: 'Add to cart', exact: true });
  await expect(add).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Select options' })).toHaveCount(0);
  await dialog.getByRole('group', { name: /^Color/ }).getByRole('radio', { name: 'Navy', exact: true }).check({ force: true });
  await dialog.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: 'L', exact: true }).check({ force: true });
  const chosen = HOODIE.variations!.find((v) => v.attributes.color === 'Navy' && v.attributes.size === 'L')!;
  const price = `£${(((chosen.sale_price ?? chosen.regular_price ?? HOODIE.regular_price) as number) / 100).toFixed(2)}`;
  const details = dialog.locator('.single-variation');
  await expect(details).toContainText(price);
  await expect(details.locator('.variation-details__sku')).not.toBeEmpty();
  await screenshot(page, 'quick-view-variable');
  await dialog.getByRole('button', { name: /^Increase/ }).click();
  await add.click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View cart' })).toBeVisible();
  // The listing's address is not the popup's to change.
  await expect(page).toHaveURL(new RegExp(`${category}$`));
});

/** The card list of a product page's section by its heading. */
const sectionNames = (page: Page, name: string) => page.getByRole('region', { name }).getByRole('heading', { level: 3 }).allTextContents();

test('"You may also like" with one upsell is topped up to a full row from the category', async ({ page }) => {
  await page.goto(productUrl(HOODIE.name));
  const upsells = await sectionNames(page, 'You may also like…');
  expect(upsells).toHaveLength(3);
  expect(upsells[0]).toBe(HOODIE.upsells![0]);
  const sameCategory = DEMO_PRODUCTS.filter((p) => p.category[1] === HOODIE.category[1]).map((p) => p.name);
  for (const n of upsells.slice(1)) expect(sameCategory).toContain(n);
  const related = await page.getByRole('region', { name: 'Related products' }).count() ? await sectionNames(page, 'Related products') : [];
  for (const n of related) expect(upsells, `${n} shows once`).not.toContain(n);
});
