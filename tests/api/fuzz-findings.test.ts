import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { hashPassword } from '../../app/features/account/account.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/** What the API fuzzer (tests/api/fuzz.test.ts) found, each kept fixed by a test of its own. */
describe.each(await dialects())('fuzzer findings on %s', (dialect) => {
  let t: TestApp;
  let tee: number;
  const carts = async () => Number((await t.services.db.selectFrom('carts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tee = (await createProduct(t.services.db, { name: 'Plain Tee', regular_price: 1999, manage_stock: 1, stock_quantity: 3 })).id;
    await saveCoupon(t.services.db, null, { code: 'tenoff', discountType: 'percent', amount: '10' });
  });
  afterAll(async () => t?.close());

  it('a refused add to cart (more than in stock) leaves no empty cart behind, by cookie or Cart-Token', async () => {
    const before = await carts();
    const browser = await Client.start(t.app);
    const refused = await browser.request('POST', '/api/cart/items', { productId: tee, quantity: 681 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('too_many');
    const headless = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': 'made-up', 'content-type': 'application/json' }, payload: { productId: tee, quantity: 4 } });
    expect(headless.statusCode).toBe(409);
    expect(await carts()).toBe(before);
    // An add that fits still makes the cart.
    expect((await browser.request('POST', '/api/cart/items', { productId: tee, quantity: 3 })).statusCode).toBe(201);
    expect(await carts()).toBe(before + 1);
  });

  it('a coupon applied with no cart yet is refused as an empty cart, and makes none', async () => {
    const before = await carts();
    const browser = await Client.start(t.app);
    const res = await browser.request('POST', '/api/cart/coupons', { code: 'tenoff' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'cart_empty', message: 'Add products to your cart before applying a coupon.' });
    const headless = await t.app.inject({ method: 'POST', url: '/api/cart/coupons', headers: { 'cart-token': 'made-up', 'content-type': 'application/json' }, payload: { code: 'tenoff' } });
    expect(headless.statusCode).toBe(409);
    expect(await carts()).toBe(before);
  });

  it('an unknown reset token or a taken address is refused without hashing the password first', async () => {
    const client = await Client.start(t.app);
    expect((await client.request('POST', '/api/account/register', { email: 'taken@example.com', password: 'a-good-password' })).statusCode).toBe(201);
    const hashes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await hashPassword('a-good-password');
      hashes.push(performance.now() - t0);
    }
    const oneHash = hashes.sort((a, b) => a - b)[1]!;
    const other = await Client.start(t.app);
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) {
      const reset = await other.request('POST', '/api/account/password-reset/confirm', { token: `unknown-token-${i}`.padEnd(40, 'x'), password: 'another-good-password' });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error.code).toBe('invalid_token');
      const taken = await other.request('POST', '/api/account/register', { email: 'taken@example.com', password: 'a-good-password' });
      expect(taken.statusCode).toBe(409);
    }
    // Ten refusals together cost less than six password hashes (hashing first, each cost more than one).
    expect(performance.now() - t0).toBeLessThan(6 * oneHash);
  });
});
