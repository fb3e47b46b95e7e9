import { test, expect } from './fixtures.ts';
import { fillSetupCode, waitForHydration } from './helpers.ts';

// Its own shop, in the pseudo-language (served when VITRINE_PSEUDO_LANGUAGE is on).
test.use({ shopInstance: 'pseudo-language', shopEnv: { VITRINE_PSEUDO_LANGUAGE: '1' } });
test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'pseudo-admin@example.test', password: 'pseudo-language-password-1' };

test('a shop set to the pseudo-language hydrates its pages in it, fetching that language’s messages', async ({ page, browser, baseURL }) => {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill('Pseudo Admin');
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByLabel('Language', { exact: true }).fill('en-XA');
  await page.getByRole('button', { name: /^Save/ }).first().click();
  // The page was loaded in English, so it says so in English; the next page is in the new language.
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Šéţţîñĝš ~+\]$/);

  const visitor = await browser.newContext({ baseURL });
  const shopper = await visitor.newPage();
  const problems: string[] = [];
  shopper.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  shopper.on('pageerror', (e) => problems.push(e.message));
  const chunks: string[] = [];
  shopper.on('request', (r) => chunks.push(new URL(r.url()).pathname));
  await shopper.goto('/shop');
  await waitForHydration(shopper);
  await expect(shopper.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(shopper.getByRole('link', { name: /Šķîþ ţö çöñţéñţ/ })).toBeAttached();
  // The page took the pseudo-language's shop messages, and hydrated without a mismatch.
  expect(chunks.filter((p) => /^\/assets\/site-[\w-]{8}\.js$/.test(p))).toHaveLength(1);
  expect(problems).toEqual([]);
  await visitor.close();
});
