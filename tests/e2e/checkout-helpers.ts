import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { fillSetupCode, logIn, waitForHydration } from './helpers.ts';

/*
 * Shared steps of the checkout, My account and admin order journeys. They run on their own
 * shop instance ('checkout'): they change store settings (terms page, bank account).
 */

export const ADMIN = { name: 'Order Admin', email: 'order-admin@example.test', password: 'order-admin-password-1' };
export const TERMS_TEXT = 'Orders are accepted when we dispatch them.\n\nYou may return unused goods within 30 days.';
export const BANK = { accountName: 'Vitrine Ltd', accountNumber: '12345678', bankName: 'Example Bank', sortCode: '12-34-56', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' };

/** The first administrator on a fresh shop, or a log-in when an earlier journey made it. */
export async function adminSession(page: Page): Promise<void> {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  if ((await page.getByRole('button', { name: 'Create administrator' }).count()) === 0) {
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/my-account$/);
    return;
  }
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill(ADMIN.name);
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Terms page and text, and a bank account for transfers, set through the admin screen. */
export async function prepareCheckoutShop(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await adminSession(page);
  await page.goto('/admin/payments');
  await waitForHydration(page);
  await page.getByLabel('Terms and conditions page').fill('/terms');
  await page.getByLabel(/Terms and conditions text/).fill(TERMS_TEXT);
  const bank = page.getByRole('group', { name: /Bank account 1|Add a bank account/ }).first();
  await bank.getByLabel('Account name').fill(BANK.accountName);
  await bank.getByLabel('Account number').fill(BANK.accountNumber);
  await bank.getByLabel('Bank name').fill(BANK.bankName);
  await bank.getByLabel('Sort code').fill(BANK.sortCode);
  await bank.getByLabel('IBAN').fill(BANK.iban);
  await bank.getByLabel('BIC / Swift').fill(BANK.bic);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await context.close();
}

/** Adds a product from the shop's search results (scripted or plain form post). */
export async function addToCart(page: Page, search: string, name: string, { scripts = true } = {}): Promise<void> {
  await page.goto(`/shop?s=${encodeURIComponent(search)}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const button = card.getByRole('button', { name: `Add to cart: ${name}` });
  if (!scripts) {
    await button.click();
    await expect(page).toHaveURL(/\/shop\?s=/);
    return;
  }
  await waitForHydration(page);
  const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/items') && r.request().method() === 'POST');
  await button.click();
  expect((await added).ok()).toBe(true);
}

export interface Buyer {
  first: string;
  last: string;
  email: string;
  street: string;
  city: string;
  country: string;
  state?: string;
  postcode: string;
  phone?: string;
}

export const billingRegion = (page: Page): Locator => page.getByRole('region', { name: 'Billing details' });

/** Fills the billing address; the country first, since it rebuilds the fields after it. */
export async function fillBilling(page: Page, b: Buyer): Promise<void> {
  const form = billingRegion(page);
  await form.getByLabel('Country / Region').selectOption(b.country);
  await form.getByLabel('First name').fill(b.first);
  await form.getByLabel('Last name').fill(b.last);
  await form.getByLabel('Street address').fill(b.street);
  await form.getByLabel('Town / City').fill(b.city);
  if (b.state) await form.getByLabel(/^(State|County|Province)/).selectOption(b.state);
  await form.getByLabel(/^(ZIP Code|Postcode|Postal code)/).fill(b.postcode);
  if (b.phone) await form.getByLabel('Phone').fill(b.phone);
  await form.getByLabel('Email address').fill(b.email);
}

/** The order number in the received page's URL. */
export function orderIdOf(url: string): number {
  const m = /\/checkout\/order-received\/(\d+)\?key=/.exec(url);
  expect(m, `order-received URL: ${url}`).toBeTruthy();
  return Number(m![1]);
}
