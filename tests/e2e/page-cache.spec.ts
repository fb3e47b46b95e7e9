import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { newAccount, register, waitForHydration } from './helpers.ts';
import { createDb } from '../../db/client.ts';

// Its own server: it renames a product, which other specs' listings must not see.
test.use({ shopInstance: 'page-cache' });

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const csrfFields = (page: Page) => page.locator('input[name="_csrf"]').evaluateAll((inputs) => [...new Set(inputs.map((i) => (i as HTMLInputElement).value))]);

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as sent, answer as received: no cookie jar, no decompression (fetch would undo it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The cookies a first visit is given, as the visitor's browser would send them back. */
const cookiesOf = (res: Raw) => (res.headers['set-cookie'] ?? []).map((c) => c.split(';', 1)[0]!).join('; ');

test('every visitor gets the same bytes of a cached page and the same ETag, and 304 while it is unchanged', async ({ baseURL }) => {
  const url = `${baseURL}/shop?orderby=price`;
  await rawGet(url);
  // Two visitors, each with the cookies of their own first visit.
  const [a, b] = [cookiesOf(await rawGet(url)), cookiesOf(await rawGet(url))];
  expect(a).toMatch(/vt_csrf=.*vt_csrf_token=/);
  expect(a).not.toBe(b);
  const first = await rawGet(url, { cookie: a });
  const second = await rawGet(url, { cookie: b });
  for (const res of [first, second]) {
    expect(res.status).toBe(200);
    expect(res.headers['x-page-cache']).toBe('hit');
    expect(res.headers['cache-control']).toBe('private, no-cache');
  }
  expect(second.body.equals(first.body)).toBe(true);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  // Nothing of either visitor is in the page: no token, no nonce.
  const html = first.body.toString();
  for (const cookie of `${a}; ${b}`.split('; ')) expect(html).not.toContain(cookie.split('=')[1]);
  expect(html).not.toMatch(/nonce=/);

  const unchanged = await rawGet(url, { cookie: b, 'if-none-match': first.headers.etag! });
  expect(unchanged.status).toBe(304);
  expect(unchanged.body.length).toBe(0);
  expect(unchanged.headers.etag).toBe(first.headers.etag);
  expect((await rawGet(url, { cookie: b, 'if-none-match': '"something-else"' })).status).toBe(200);
});

test('a cached page is sent brotli- or gzip-compressed as stored, with its own ETag and Vary: Accept-Encoding', async ({ baseURL }) => {
  const url = `${baseURL}/product-category/clothing`;
  await rawGet(url);
  const plain = await rawGet(url);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toBe('accept-encoding');
  for (const [accept, encoding, decode] of [
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    // A client that prefers gzip by its weights gets gzip.
    ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
  ] as const) {
    const one = await rawGet(url, { 'accept-encoding': accept });
    const two = await rawGet(url, { 'accept-encoding': accept });
    expect(one.headers['x-page-cache'], encoding).toBe('hit');
    expect(one.headers['content-encoding'], encoding).toBe(encoding);
    expect(one.headers.vary, encoding).toBe('accept-encoding');
    expect(Number(one.headers['content-length']), encoding).toBe(one.body.length);
    expect(one.body.length, encoding).toBeLessThan(plain.body.length / 3);
    expect(decode(one.body).equals(plain.body), encoding).toBe(true);
    // The stored bytes, not a fresh compression.
    expect(two.body.equals(one.body), encoding).toBe(true);
    expect(one.headers.etag, encoding).not.toBe(plain.headers.etag);
    expect((await rawGet(url, { 'accept-encoding': accept, 'if-none-match': one.headers.etag! })).status, encoding).toBe(304);
  }
});

test("scripts and forms on a cached page use the visitor's own token, read from its cookie", async ({ browser, baseURL }) => {
  const tokens: string[] = [];
  for (const visitor of ['first', 'second']) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/shop?orderby=price');
    const response = await page.reload();
    expect(response?.headers()['x-page-cache'], visitor).toBe('hit');
    // Our inline scripts are allowed by their hashes: no per-response nonce.
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain('nonce');
    await waitForHydration(page);
    const session = await (await page.request.get('/api/session')).json();
    await expect.poll(() => csrfFields(page)).toEqual([session.csrfToken]);
    tokens.push(session.csrfToken);
    // With scripts, adding to the cart goes through the API with the token from the cookie.
    await card(page, 'Canvas Tote Bag').getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
    await expect(page.getByRole('link', { name: 'View cart' }).first()).toBeVisible();
    await context.close();
  }
  expect(tokens[0]).not.toBe(tokens[1]);
});

test('a shopper without JavaScript adds to the cart from a page served from the cache', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop?s=tote');
  expect((await page.reload())?.headers()['x-page-cache']).toBe('hit');
  // The form carries no token: the server takes it for the CSRF cookie and our own origin.
  expect(await csrfFields(page)).toEqual(['']);
  await card(page, 'Canvas Tote Bag').getByRole('button', { name: 'Add to cart: Canvas Tote Bag' }).click();
  await expect(page).toHaveURL(/\/shop\?s=tote$/);
  await page.goto('/cart');
  await expect(page.getByRole('main').getByLabel('Quantity of Canvas Tote Bag')).toHaveValue('1');
  await context.close();
});

test("another site's form cannot add to a shopper's cart", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop?s=tote');
  const productId = await card(page, 'Canvas Tote Bag').locator('form[action="/cart"] input[name="productId"]').inputValue();
  // A page on another site that posts the same form as the shop's own, token field and all.
  await context.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Win a prize</title><form method="post" action="${baseURL}/cart">
        <input type="hidden" name="_csrf" value=""><input type="hidden" name="intent" value="add">
        <input type="hidden" name="productId" value="${productId}"><input type="hidden" name="quantity" value="3">
        <input type="hidden" name="redirect" value="/shop"><button>Claim</button></form>`,
    }),
  );
  await page.goto('http://attacker.test/');
  const [answer] = await Promise.all([page.waitForResponse(`${baseURL}/cart`), page.getByRole('button', { name: 'Claim' }).click()]);
  expect(answer.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'This form has expired' })).toBeVisible();
  await page.goto(`${baseURL}/cart`);
  await expect(page.getByRole('main').getByLabel('Quantity of Canvas Tote Bag')).toHaveCount(0);
  await context.close();
});

test('a script slipped into a cached page is blocked by its Content-Security-Policy; our own scripts run', async ({ page, shop }) => {
  const slug = 'canvas-tote-bag';
  // Straight into the database, past the sanitiser that would otherwise remove it.
  const db = createDb(`sqlite:${path.join(shop.server.dataDir, 'e2e.sqlite')}`);
  try {
    const [result] = await db
      .updateTable('products')
      .set({ description: '<p>Roomy.</p><script>window.__injected = true; document.title = "pwned";</script><img src="x" onerror="window.__injected = true">' })
      .where('slug', '=', slug)
      .execute();
    expect(Number(result!.numUpdatedRows)).toBe(1);
  } finally {
    await db.destroy();
  }
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) refused.push(m.text());
  });
  await page.goto(`/product/${slug}`);
  const response = await page.reload();
  expect(response?.headers()['x-page-cache']).toBe('hit');
  expect(await response!.text()).toContain('window.__injected = true');
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect(page).not.toHaveTitle('pwned');
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(1);
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
