import { readFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, logIn, logOut, newAccount, register, snapshot, waitForHydration, type Account } from './helpers.ts';
import { addToCart, billingRegion, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

test.use({ shopInstance: 'checkout' });

const SHOTS = 'test-results/screens';

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

/** A signed-in purchase of one tote: the billing e-mail is the account's, prefilled. */
async function buyAsCustomer(page: Page, account: Account, { save = true } = {}): Promise<number> {
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  const billing = billingRegion(page);
  await expect(billing.getByLabel('Email address')).toHaveValue(account.email);
  if (save) {
    await billing.getByLabel('First name').fill('Ada');
    await billing.getByLabel('Last name').fill('Lovelace');
    await billing.getByLabel('Street address').fill('12 St James Square');
    await billing.getByLabel('Town / City').fill('London');
    await billing.getByLabel(/^Postcode/).fill('SW1Y 4JH');
  }
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Check payments' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  return orderIdOf(page.url());
}

test('a purchase while signed in appears in My account; its page shows the lines; order again fills the cart', async ({ page }) => {
  const account = newAccount('buyer');
  await register(page, account);
  const id = await buyAsCustomer(page, account);

  // The order's addresses are saved to the account for the next checkout.
  await page.goto('/my-account/edit-address');
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('12 St James Square');
  // A British address: the town and the postcode a line each.
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText(/London\s*SW1Y 4JH\s*United Kingdom/);

  await page.goto('/my-account');
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/my-account\/orders$/);
  const row = page.getByRole('row', { name: new RegExp(`#${id}`) });
  await expect(row).toContainText('On hold');
  await expect(row).toContainText('£21.95 for 1 item');
  await row.getByRole('link', { name: `View order #${id}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Canvas Tote Bag × 1/ })).toBeVisible();
  await expect(page.getByText('12 St James Square').first()).toBeVisible();

  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cart\?done=added$/);
  await expect(page.getByRole('main').getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('1');

  // Someone else's order number is not found.
  const other = newAccount('other');
  await page.goto('/my-account');
  await logOut(page);
  await register(page, other);
  const res = await page.goto(`/my-account/view-order/${id}`);
  expect(res?.status()).toBe(404);
});

test('the orders table scrolls sideways inside its own box at 390 px, by touch or keyboard', async ({ page }) => {
  const account = newAccount('mobile');
  await register(page, account);
  await buyAsCustomer(page, account);
  await page.setViewportSize(MOBILE);
  await page.goto('/my-account/orders');
  await waitForHydration(page);
  const region = page.getByRole('region', { name: /Your orders/ });
  const widths = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).overflowX }));
  expect(widths.overflow).toBe('auto');
  expect(widths.scroll).toBeGreaterThan(widths.client);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Keyboard users can focus the region and scroll it with the arrow keys.
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // A touch swipe scrolls it too.
  await region.evaluate((el) => el.scrollTo({ left: 0 }));
  await region.evaluate((el) => el.scrollBy({ left: 120 }));
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  await mkdir(SHOTS, { recursive: true });
  await snapshot(page, `${SHOTS}/my-account-orders-mobile.png`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
  await snapshot(page, `${SHOTS}/my-account-orders-desktop.png`, { fullPage: true });
});

test('addresses: the billing address is edited with the country-aware fields and prefills the checkout', async ({ page }) => {
  const account = newAccount('addr');
  await register(page, account);
  await page.goto('/my-account/edit-address');
  await expect(page.getByText('You have not set up this type of address yet.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Add billing address' }).click();
  await waitForHydration(page);
  await page.getByLabel('Country / Region').selectOption('US');
  await expect(page.getByRole('combobox', { name: /^State/ })).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Street address').fill('1 Navy Way');
  await page.getByLabel('Town / City').fill('Arlington');
  await page.getByRole('combobox', { name: /^State/ }).selectOption('VA');
  await page.getByLabel(/^ZIP Code/).fill('2220');
  await page.getByRole('button', { name: 'Save address' }).click();
  // A ZIP Code of the wrong format is refused, listed at the top with a link to the field.
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('link', { name: /ZIP Code/ })).toBeVisible();
  await page.getByLabel(/^ZIP Code/).fill('22202');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/my-account\/edit-address\?saved=1$/);
  await expect(page.getByRole('status')).toHaveText('Address changed successfully.');
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Arlington, VA 22202');

  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  const billing = billingRegion(page);
  await expect(billing.getByLabel('First name')).toHaveValue('Grace');
  await expect(billing.getByLabel('Country / Region')).toHaveValue('US');
  await expect(billing.getByRole('combobox', { name: /^State/ })).toHaveValue('VA');
});

test('account details: name and password change with the current password; the toggle shows the password', async ({ page }) => {
  const account = newAccount('details');
  await register(page, account);
  await page.goto('/my-account/edit-account');
  await waitForHydration(page);

  const current = page.getByLabel('Current password', { exact: true });
  await current.fill('secret-shown');
  await expect(current).toHaveAttribute('type', 'password');
  const toggles = page.getByRole('button', { name: 'Show password' });
  await expect(toggles).toHaveCount(2);
  await toggles.first().click();
  await expect(current).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Hide password' }).press('Enter');
  await expect(current).toHaveAttribute('type', 'password');

  // A wrong current password changes nothing.
  await current.fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toContainText('Your current password is incorrect.');
  await expect(page.getByRole('alert')).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill('Renamed Shopper');
  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Account details changed successfully.');
  await page.goto('/my-account');
  await expect(page.getByText('Hello Renamed Shopper')).toBeVisible();

  await logOut(page);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toContainText('The e-mail address or password is incorrect.');
  await logIn(page, account.email, 'a-brand-new-password');
  await expect(page).toHaveURL(/\/my-account$/);
});

test('the checkout’s account password has the toggle too, and creates the account with the order', async ({ page, mailbox }) => {
  const account = newAccount('newbie');
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await expect(page.getByLabel('Create account password')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Create an account?' }).check();
  const password = page.getByLabel('Create account password');
  await password.fill(account.password);
  const toggle = page.getByRole('region', { name: 'Billing details' }).getByRole('button', { name: 'Show password' });
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('region', { name: 'Billing details' }).getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  const billing = billingRegion(page);
  await billing.getByLabel('First name').fill('New');
  await billing.getByLabel('Last name').fill('Customer');
  await billing.getByLabel('Street address').fill('3 Market St');
  await billing.getByLabel('Town / City').fill('Leeds');
  await billing.getByLabel(/^Postcode/).fill('LS1 6AA');
  await billing.getByLabel('Email address').fill(account.email);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/order-received/);
  const id = orderIdOf(page.url());
  await mailbox.waitForMail(account.email, /account has been created/);
  await page.goto('/my-account/orders');
  await expect(page.getByRole('row', { name: new RegExp(`#${id}`) })).toContainText('Processing');
});

test('privacy: download my data as JSON and request erasure', async ({ page }) => {
  const account = newAccount('privacy');
  await register(page, account);
  const id = await buyAsCustomer(page, account);
  await page.goto('/my-account/privacy');
  await waitForHydration(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const json = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(json.account.email).toBe(account.email);
  expect(json.orders.map((o: { id: number }) => o.id)).toEqual([id]);
  expect(json.orders[0].items[0].name).toBe('Canvas Tote Bag');
  expect(Array.isArray(json.reviews)).toBe(true);

  await page.getByRole('button', { name: 'Request erasure' }).click();
  await expect(page.getByRole('status')).toHaveText('Your erasure request has been received. The shop will process it shortly.');
  await expect(page.getByRole('button', { name: 'Request erasure' })).toHaveCount(0);
  await expect(page.getByText(/You asked for erasure on/)).toBeVisible();
});

test('signed out, My account pages send to the login form and back', async ({ page }) => {
  await page.goto('/my-account/orders');
  await expect(page).toHaveURL(/\/account\/login\?redirect=%2Fmy-account%2Forders$/);
  const account = newAccount('back');
  await register(page, account);
  await logOut(page);
  await page.goto('/my-account/edit-account');
  await expect(page).toHaveURL(/\/account\/login\?redirect=/);
  await waitForHydration(page);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/my-account\/edit-account$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(account.email);
});

test('My account pages have no serious accessibility violations', async ({ page }) => {
  const account = newAccount('axe-acct');
  await register(page, account);
  const id = await buyAsCustomer(page, account);
  for (const path of ['/my-account', '/my-account/orders', `/my-account/view-order/${id}`, '/my-account/edit-address', '/my-account/edit-address/shipping', '/my-account/edit-account', '/my-account/privacy', '/order-tracking']) {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, path);
  }
});
