import { test, expect } from './fixtures.ts';
import { logIn, newAccount, register, waitForHydration, type Account } from './helpers.ts';

// This journey needs an empty database and changes shop-wide settings: its own worker,
// server and database. The steps build on each other, so they run in order.
test.use({ shopInstance: 'admin-setup' });
test.describe.configure({ mode: 'serial' });

const admin: Account = { ...newAccount('admin'), name: 'Ada Admin' };
const NOTICE = 'Free delivery on every order this week.';

test('on a fresh database /admin/setup creates the first administrator', async ({ page }) => {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your shop' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(admin.name);
  await page.getByLabel('E-mail address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Hello ${admin.name}`)).toBeVisible();
});

test('/admin/setup is refused once the shop has an administrator', async ({ page }) => {
  await page.goto('/admin/setup');
  await expect(page.getByRole('status')).toContainText('This shop already has an administrator.');
  await expect(page.getByRole('button', { name: 'Create administrator' })).toHaveCount(0);
});

test('/admin sends visitors to log in and answers 403 to a customer', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/account\/login\?redirect=%2Fadmin$/);

  await register(page, newAccount('customer'));
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
});

test('saved settings show on the shop: new store name and a dismissible notice', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByLabel('Store name').fill('Test Shop');
  await page.getByLabel('Store notice (leave empty for none)').fill(NOTICE);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Test Shop', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Test Shop/);
  const notice = page.getByRole('region', { name: 'Store notice' });
  await expect(notice).toContainText(NOTICE);

  await waitForHydration(page);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Test Shop', exact: true })).toBeVisible();
  await expect(notice).toBeHidden();
});
