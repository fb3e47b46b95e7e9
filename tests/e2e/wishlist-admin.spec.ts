import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, fillSetupCode, waitForHydration } from './helpers.ts';
import { DEMO_WISHLIST } from '../../db/seed/demo-wishlist.ts';

// Its own shop: it creates the first administrator.
test.use({ shopInstance: 'wishlist-admin' });

test('staff see the most wished-for products, every list by shopper, and mark estimate requests replied', async ({ page, browser, baseURL }) => {
  // A guest keeps a product and asks for an estimate.
  const guest = await browser.newContext({ baseURL });
  const g = await guest.newPage();
  await g.goto('/shop');
  const csrf = (await (await g.request.get('/api/session')).json()).csrfToken as string;
  // One the demo shop's own wishlist does not hold, so it is in exactly one list.
  const product = ((await (await g.request.get('/api/products')).json()).products as { id: number; name: string }[]).find((p) => !(DEMO_WISHLIST.products as readonly string[]).includes(p.name))!;
  const added = await (await g.request.post('/api/wishlist/items', { headers: { 'x-csrf-token': csrf }, data: { productId: product.id } })).json();
  const asked = await g.request.post(`/api/wishlists/${added.wishlist.token}/estimate`, { headers: { 'x-csrf-token': csrf }, data: { name: 'Guest Buyer', email: 'buyer@example.test', message: 'Ten please.' } });
  expect(asked.status()).toBe(201);
  await guest.close();

  await page.goto('/admin/setup');
  await waitForHydration(page);
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill('Wish Admin');
  await page.getByLabel('E-mail address').fill('wish-admin@example.test');
  await page.getByLabel('Password', { exact: true }).fill('wish-admin-password-1');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Wishlists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlists' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `${product.name} — in 1 list` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'My wishlist' })).toContainText(product.name);
  const request = page.getByRole('row').filter({ hasText: 'buyer@example.test' });
  await expect(request).toContainText('Ten please.');
  await request.getByLabel('Status of the request from Guest Buyer').selectOption('replied');
  await request.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Request marked replied.');
  await expect(page.getByLabel('Status of the request from Guest Buyer')).toHaveValue('replied');
  await expectNoSeriousA11yViolations(page, '/admin/wishlists');
  // The wishlist settings are part of the store settings form.
  await page.goto('/admin/settings');
  await expect(page.getByRole('group', { name: 'Wishlists' }).getByLabel('Shoppers may keep several named wishlists')).toBeChecked();
});
