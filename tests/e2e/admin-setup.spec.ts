import { test, expect } from './fixtures.ts';
import { fillSetupCode, logIn, newAccount, register, waitForHydration, type Account } from './helpers.ts';
import { setupCodeOf } from './shop-server.ts';

// This journey needs an empty database and changes shop-wide settings: its own worker,
// server and database. The steps build on each other, so they run in order. No PUBLIC_URL:
// the store address the owner confirms at setup is the shop's only trusted origin.
test.use({ shopInstance: 'admin-setup', shopEnv: { PUBLIC_URL: '' } });
test.describe.configure({ mode: 'serial' });

const admin: Account = { ...newAccount('admin'), name: 'Ada Admin' };
const NOTICE = 'Free delivery on every order this week.';

test('on a fresh database the server prints one plain line: where the shop is, where to create the first administrator and with which setup code', async ({ shop }) => {
  const url = shop.server.baseURL;
  const line = `Vitrine is ready at ${url}/ — create the first administrator at ${url}/admin/setup with the setup code ${setupCodeOf(url)} (\`npx vitrine setup-code\` shows it again)`;
  await expect.poll(() => shop.server.output()).toContain(`${line}\n`);
  // A line of its own, not inside a JSON log entry.
  expect(shop.server.output().split('\n')).toContain(line);
});

test('/admin/setup refuses a wrong setup code and creates nobody', async ({ page }) => {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your shop' })).toBeVisible();
  await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC');
  await page.getByLabel('Name', { exact: true }).fill('Mallory');
  await page.getByLabel('E-mail address').fill('mallory@example.test');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByRole('alert')).toContainText('The setup code is not right');
  await expect(page).toHaveURL(/\/admin\/setup$/);
  await logIn(page, 'mallory@example.test', 'a long enough password');
  await expect(page.getByRole('alert')).toContainText('incorrect');
});

test('on a fresh database /admin/setup, with the code from the server, creates the first administrator and keeps the store address', async ({ page, baseURL }) => {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  // Prefilled with the address this browser uses, for the owner to confirm.
  await expect(page.getByLabel('Store address')).toHaveValue(baseURL!);
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill(admin.name);
  await page.getByLabel('E-mail address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Hello ${admin.name}`)).toBeVisible();
  await expect(page.getByText('the shop has no trusted address')).toHaveCount(0);
  await page.goto('/admin/settings');
  await expect(page.getByLabel('Store address')).toHaveValue(baseURL!);
});

test('/admin/setup is refused once the shop has an administrator', async ({ page }) => {
  await page.goto('/admin/setup');
  await expect(page.getByRole('status')).toContainText('This shop already has an administrator.');
  await expect(page.getByRole('button', { name: 'Create administrator' })).toHaveCount(0);
});

test('the login form goes back only to a path on this shop', async ({ page }) => {
  for (const hostile of ['//evil.example/', '/%09/evil.example', '/%5Cevil.example', 'https://evil.example/']) {
    await page.goto(`/account/login?redirect=${encodeURIComponent(hostile)}`);
    await waitForHydration(page);
    await page.getByLabel('E-mail address').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page, hostile).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/my-account$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
  }
  await page.goto(`/account/login?redirect=${encodeURIComponent('/admin/settings?tab=1')}`);
  await waitForHydration(page);
  await page.getByLabel('E-mail address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=1$/);
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
  await page.getByLabel('Store name', { exact: true }).fill('Test Shop');
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

test('without a store address the dashboard says what to set, and a reset e-mail is not sent', async ({ page, mailbox, baseURL }) => {
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByLabel('Store address').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toContainText('Set the store address in Settings, or PUBLIC_URL');

  // A reset asked for meanwhile would carry the request's own address: it is not sent.
  const shopper = newAccount('no-origin');
  await page.context().clearCookies();
  await register(page, shopper);
  await page.context().clearCookies();
  await page.goto('/account/lost-password');
  await page.getByLabel('E-mail address').fill(shopper.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a reset link is on its way');
  await expect(mailbox.waitForMail(shopper.email, /reset your password/i, { timeout: 2_000 })).rejects.toThrow(/No mail/);

  // Set again, the next reset mail links to it.
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByLabel('Store address').fill(baseURL!);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('the shop has no trusted address')).toHaveCount(0);

  // A forged Host and X-Forwarded-Host on the running server change nothing in the link.
  const session = await page.request.get('/api/session');
  const csrf = (await session.json()).csrfToken as string;
  const forged = await page.request.post('/api/account/password-reset', {
    data: { email: shopper.email },
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-csrf-token': csrf },
  });
  expect(forged.status()).toBe(202);
  const mail = await mailbox.waitForMail(shopper.email, /reset your password/i);
  const links = [...`${mail.text} ${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin, link).toBe(baseURL);
});
