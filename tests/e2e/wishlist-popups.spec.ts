import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MOBILE, DESKTOP, expectNoSeriousA11yViolations, newAccount, register, screenshot, waitForHydration } from './helpers.ts';

/** The create-list and move-to-list popups, their no-script forms, and the demo shop's wishlist. */

async function api(page: Page) {
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const products = (await (await page.request.get('/api/products?per_page=6')).json()).products as { id: number; name: string }[];
  const post = async (url: string, data: unknown) => (await page.request.post(url, { headers: { 'x-csrf-token': csrf }, data })).json();
  return { products, post };
}

/** Tab a few times: focus never leaves the dialog. */
async function expectFocusInside(page: Page, dialogName: string) {
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate((name) => !!document.activeElement?.closest(`dialog[aria-labelledby]`) && document.activeElement?.closest('dialog')?.querySelector('h2')?.textContent === name, dialogName)).toBe(true);
  }
}

test('create and move popups: focus kept inside and given back, Escape closes, empty fields flagged with nothing sent, a list made on the way; axe and 390 px', async ({ page }) => {
  await register(page, newAccount('wl-popups'));
  await page.goto('/shop');
  const { products, post } = await api(page);
  await post('/api/wishlist/items', { productId: products[0].id });
  await post('/api/wishlist/items', { productId: products[1].id });
  await post('/api/wishlists', { name: 'Birthday', visibility: 'private' });

  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/wishlist')) posted++;
  });

  await page.goto('/wishlist');
  await waitForHydration(page);
  // Create a list: Escape closes and focus goes back to the button that opened it.
  const createButton = page.getByRole('navigation', { name: 'Manage lists' }).getByRole('button', { name: 'Create a list' });
  await createButton.click();
  const create = page.getByRole('dialog', { name: 'Create a list' });
  await expect(create).toBeVisible();
  await expectFocusInside(page, 'Create a list');
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(createButton).toBeFocused();

  await createButton.click();
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByText('Enter a name')).toBeVisible();
  expect(posted).toBe(0);
  await expectNoSeriousA11yViolations(page, 'create-list popup');
  await create.getByLabel('Name').fill('Kitchen');
  await create.getByLabel('Visibility').selectOption('shared');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByRole('status')).toContainText('The list “Kitchen” was created.');
  await expect(create.locator('form')).toHaveCount(0);
  await expect(create).toBeHidden({ timeout: 6000 });
  await expect(page.getByRole('navigation', { name: 'Manage lists' }).getByRole('link', { name: /^Kitchen/ })).toBeVisible();
  posted = 0;

  // Move: a destination is required; then a new list is made on the way.
  const row = page.getByRole('row').filter({ hasText: products[0].name });
  const moveButton = row.getByRole('button', { name: `Move “${products[0].name}” to another list` });
  await moveButton.click();
  const move = page.getByRole('dialog', { name: `Move “${products[0].name}”` });
  await expect(move.getByRole('radio')).toHaveCount(3); // Birthday, Kitchen, a new list
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(move.getByText('Choose the list to move it to')).toBeVisible();
  await expect(move.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
  await move.getByRole('radio', { name: 'A new list…' }).check();
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(move.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
  await expectFocusInside(page, `Move “${products[0].name}”`);
  await expectNoSeriousA11yViolations(page, 'move popup');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'wishlist-move-popup-mobile');
  const box = await move.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(DESKTOP);
  await move.getByLabel('Name').fill('Garden');
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(move.getByRole('status')).toContainText('Moved to “Garden”.');
  await expect(move).toBeHidden({ timeout: 6000 });
  await expect(page.getByRole('row').filter({ hasText: products[0].name })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: products[1].name })).toBeVisible();
  await page.getByRole('navigation', { name: 'Manage lists' }).getByRole('link', { name: /^Garden/ }).click();
  await expect(page.getByRole('row').filter({ hasText: products[0].name })).toBeVisible();

  // Move to an existing list, then the notice of a form post fades after 2 s.
  await waitForHydration(page);
  await page.getByRole('button', { name: `Move “${products[0].name}” to another list` }).click();
  const again = page.getByRole('dialog', { name: `Move “${products[0].name}”` });
  await again.getByRole('radio', { name: 'Birthday' }).check();
  await again.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(again).toBeHidden({ timeout: 6000 });
  await expect(page.getByText('This wishlist is empty.')).toBeVisible();

  // A form post's notice (here: turning price alerts on) fades after 2 s.
  await page.getByRole('button', { name: 'Turn alerts on' }).click();
  const notice = page.locator('.wl-notice', { hasText: 'Saved.' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveRole('status');
  await expect(page.getByText('Alerts are on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn alerts off' })).toBeVisible();
  await expect(notice).toHaveClass(/wl-notice--faded/, { timeout: 4000 });
  await expect(notice).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('create and move stay forms', async ({ page }) => {
    await register(page, newAccount('wl-popups-nojs'), { scripts: false });
    await page.goto('/shop');
    await page.getByRole('button', { name: /^Add “.+” to wishlist$/ }).first().click();
    await page.goto('/wishlist/manage');
    await page.getByLabel('Name').fill('Shed');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Shed' })).toBeVisible();
    await page.goto('/wishlist');
    const select = page.getByLabel(/^Move “.+” to$/);
    await select.selectOption({ label: 'Shed' });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText('This wishlist is empty.')).toBeVisible();
  });
});

test('the demo shop’s wishlist is linked from the home page and read-only for a visitor', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See the wishlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift ideas from the team' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Knitted Scarf' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select “/ })).toHaveCount(6);
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
});
