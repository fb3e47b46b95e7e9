import type { Page } from '@playwright/test';
import { slugify } from '../../app/features/catalog/catalog-write.server.ts';
import { DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, waitForHydration } from './helpers.ts';

const HOODIE = DEMO_SPECIAL.swatches;
const heart = (page: Page) => page.locator('#product-purchase').getByRole('button', { name: `Add “${HOODIE}” to wishlist` });

interface ListItem { productId: number; variationId: number | null; attributes: Record<string, string> }

/** The items of all the visitor's lists, read back through the API. */
async function listItems(page: Page): Promise<ListItem[]> {
  const lists = (await (await page.request.get('/api/wishlists')).json()).userWishlists as { token: string }[];
  const items: ListItem[] = [];
  for (const l of lists) items.push(...((await (await page.request.get(`/api/wishlists/${l.token}`)).json()).items as ListItem[]));
  return items;
}

const chosenLabel = (items: ListItem[]) => items.map((i) => `${i.variationId ? 'variation' : 'product'} ${Object.entries(i.attributes).map(([k, v]) => `${k}=${v}`).sort().join(',')}`);

test('the product page heart adds the chosen variation to the list', async ({ page }) => {
  await page.goto(`/product/${slugify(HOODIE)}`);
  await waitForHydration(page);
  await expect(heart(page)).toBeVisible();
  await page.getByRole('radio', { name: 'Grey' }).check();
  await page.getByRole('radio', { name: 'L', exact: true }).check();
  await heart(page).click();
  // A new visitor has no list yet: one click adds to the default list, no popup.
  await expect(page.locator('#product-purchase').getByRole('button', { name: `“${HOODIE}” is in your wishlist` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog', { name: 'Add to wishlist' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'product page heart, added');
  const items = await listItems(page);
  expect(items).toHaveLength(1);
  expect(items[0].variationId).not.toBeNull();
  expect(chosenLabel(items)[0]).toMatch(/grey/i);
  expect(chosenLabel(items)[0]).toMatch(/=L\b/);
  await expect(heart(page)).toHaveCount(0);
  await expect(page.locator('#product-purchase').getByRole('button', { name: `“${HOODIE}” is in your wishlist` })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart posts the purchase form’s choice to the default list and comes back', async ({ page }) => {
    await page.goto(`/product/${slugify(HOODIE)}`);
    await page.getByRole('radio', { name: 'Grey' }).check();
    await page.getByRole('radio', { name: 'L', exact: true }).check();
    await heart(page).click();
    await expect(page).toHaveURL(new RegExp(`/product/${slugify(HOODIE)}.*done=added`));
    const items = await listItems(page);
    expect(items).toHaveLength(1);
    expect(items[0].variationId).not.toBeNull();
    expect(chosenLabel(items)[0]).toMatch(/grey/i);
  });
});
