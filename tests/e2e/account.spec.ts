import { test, expect } from './fixtures.ts';
import {
  DESKTOP,
  MOBILE,
  expectNoSeriousA11yViolations,
  logIn,
  logOut,
  newAccount,
  register,
  screenshot,
  waitForHydration,
} from './helpers.ts';

test('register, log out, log in again with the same credentials', async ({ page }) => {
  const account = newAccount('journey');
  await register(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

  await logOut(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/login\?redirect=/);

  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText(`Hello ${account.name}`)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
});

test('after registering, My account welcomes the new customer once', async ({ page }) => {
  const account = newAccount('welcome');
  await register(page, account);
  await expect(page.getByRole('status').filter({ hasText: `Welcome, ${account.name}! Your account has been created.` })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Your account has been created.')).toHaveCount(0);
  await logOut(page);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText('Your account has been created.')).toHaveCount(0);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  test('registering shows the welcome notice on My account', async ({ page }) => {
    const account = newAccount('welcome-nojs');
    await register(page, account, { scripts: false });
    await expect(page.getByRole('status').filter({ hasText: `Welcome, ${account.name}! Your account has been created.` })).toBeVisible();
  });
});

test('a wrong password shows an error and signs nobody in', async ({ page }) => {
  const account = newAccount('wrongpw');
  await register(page, account);
  await logOut(page);

  await logIn(page, account.email, 'not-the-password');
  await expect(page).toHaveURL(/\/account\/login/);
  await expect(page.getByRole('alert')).toContainText('The e-mail address or password is incorrect.');
  await expect(page.getByLabel('E-mail address')).toHaveValue(account.email);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/login\?redirect=/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('the show/hide toggle switches the password input between hidden and plain text', async ({ page }) => {
  await page.goto('/account/login');
  await waitForHydration(page);
  const input = page.getByLabel('Password', { exact: true });
  await input.fill('peek-a-boo');
  await expect(input).toHaveAttribute('type', 'password');

  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(input).toHaveAttribute('type', 'text');
  await expect(input).toHaveValue('peek-a-boo');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(input).toHaveAttribute('type', 'password');
});

for (const path of ['/account/login', '/account/register', '/account/lost-password']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, path);
  });
}

test('/account (signed in) has no serious accessibility violations', async ({ page }) => {
  await register(page, newAccount('axe'));
  await expectNoSeriousA11yViolations(page, '/account');
});

test('the login page on desktop and mobile (screenshots)', async ({ page }) => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await screenshot(page, `login-${name}`);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('register, log out and log in work as plain form posts', async ({ page }) => {
    const account = newAccount('nojs');
    await register(page, account, { scripts: false });
    await logOut(page);

    // Proof that no script runs here: the script-only password toggle is absent.
    await page.goto('/account/login');
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);

    await logIn(page, account.email, account.password, { scripts: false });
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByText(`Hello ${account.name}`)).toBeVisible();
  });
});
