import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { newAccount, register, waitForHydration } from './helpers.ts';
import { createDb } from '../../db/client.ts';

// Its own server: it renames a product, which other specs' listings must not see.
test.use({ shopInstance: 'page-cache' });

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const csrfFields = (page: Page) => page.locator('input[name="_csrf"]').evaluateAll((inputs) => [...new Set(inputs.map((i) => (i as HTMLInputElement).value))]);

test('visitors share one rendering of a catalog page, each with their own form token and script nonce', async ({ browser, baseURL }) => {
  const tokens: string[] = [];
  for (const visitor of ['first', 'second']) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/shop?orderby=price');
    const response = await page.reload();
    expect(response?.headers()['x-page-cache'], visitor).toBe('hit');
    // Every form on the page carries this visitor's own token, the one their session answers.
    const session = await (await page.request.get('/api/session')).json();
    expect(await csrfFields(page)).toEqual([session.csrfToken]);
    tokens.push(session.csrfToken);
    // Every script runs under this response's nonce (the CSP would block any other).
    const nonce = /'nonce-([^']+)'/.exec(response!.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    // Every script that runs (JSON-LD data blocks do not run and need none).
    const nonces = await page.evaluate(() => [...new Set([...document.scripts].filter((s) => s.type !== 'application/ld+json').map((s) => s.nonce))]);
    expect(nonces).toEqual([nonce]);
    await waitForHydration(page);
    await context.close();
  }
  expect(tokens[0]).not.toBe(tokens[1]);
});

test('a shopper without JavaScript adds to the cart from a page served from the cache', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop?s=tote');
  expect((await page.reload())?.headers()['x-page-cache']).toBe('hit');
  await card(page, 'Canvas Tote Bag').getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
  await expect(page).toHaveURL(/\/shop\?s=tote$/);
  await page.goto('/cart');
  await expect(page.getByRole('main').getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('1');
  await context.close();
});

test('a change saved by another process shows on the very next view', async ({ page, shop }) => {
  await page.goto('/shop?s=tote');
  expect((await page.reload())?.headers()['x-page-cache']).toBe('hit');
  const before = 'Market Tote XL';
  await expect(card(page, before)).toBeVisible();
  const db = createDb(`sqlite:${path.join(shop.server.dataDir, 'e2e.sqlite')}`);
  try {
    const [result] = await db.updateTable('products').set({ name: `${before} Deluxe` }).where('name', '=', before).execute();
    expect(Number(result!.numUpdatedRows), before).toBe(1);
  } finally {
    await db.destroy();
  }
  const response = await page.reload();
  expect(response?.headers()['x-page-cache']).toBe('miss');
  await expect(card(page, `${before} Deluxe`)).toBeVisible();
});

test('signed-in shoppers get a page rendered for them, never the shared copy', async ({ page }) => {
  await register(page, newAccount('page-cache'));
  const response = await page.goto('/shop');
  expect(response?.headers()['x-page-cache']).toBeUndefined();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});
