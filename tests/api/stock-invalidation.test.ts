import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { readStoreVersion } from '../../app/lib/store-version.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * Invalidation by what changed (migration 018): an order moves the stock versions of its
 * products, not the store version. Its product's page and the listing showing it are made
 * again (the stock shown changes); a category without it stays in the page cache; a settings
 * change still makes every page again. Needs the production build (`npm run build`).
 */
const BILLING = { first_name: 'Pat', last_name: 'Buyer', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };

for (const dialect of await dialects()) {
  describe(`an order invalidates only what shows its products (${dialect})`, () => {
    let t: TestApp;
    let lamp = { id: 0, slug: '' };
    let rug = { id: 0, slug: '' };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      const db = t.services.db;
      lamp = await createProduct(db, { name: 'Brass Lamp', regular_price: 2500, manage_stock: 1, stock_quantity: 40, categories: [['Lighting']] });
      rug = await createProduct(db, { name: 'Wool Rug', regular_price: 9000, manage_stock: 1, stock_quantity: 7, categories: [['Floors']] });
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    });
    afterAll(() => t?.close());

    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return { cache: res.headers['x-page-cache'], body: res.body };
    };
    const order = async (productId: number, quantity: number) => {
      const add = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': `buyer-${productId}-${quantity}` }, payload: { productId, quantity } });
      expect(add.statusCode).toBe(201);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { 'cart-token': add.headers['cart-token'] as string },
        payload: { billing_address: BILLING, payment_method: 'cod' },
      });
      expect(res.statusCode).toBe(200);
    };

    it('refreshes the product page and its category, keeps the other category cached, leaves the store version alone', async () => {
      const pages = [`/product/${lamp.slug}`, '/product-category/lighting', '/product-category/floors', `/product/${rug.slug}`];
      for (const url of pages) await page(url);
      for (const url of pages) expect((await page(url)).cache).toBe('hit');
      expect((await page(`/product/${lamp.slug}`)).body).toContain('40 in stock');
      const before = await readStoreVersion(t.services.db);

      await order(lamp.id, 3);

      expect(await readStoreVersion(t.services.db)).toBe(before);
      const product = await page(`/product/${lamp.slug}`);
      expect(product.cache).toBe('miss');
      expect(product.body).toContain('37 in stock');
      expect((await page('/product-category/lighting')).cache).toBe('miss');
      // Nothing there shows the lamp: still served from the cache.
      expect((await page('/product-category/floors')).cache).toBe('hit');
      expect((await page(`/product/${rug.slug}`)).cache).toBe('hit');
      // And the new pages are cached in their turn.
      expect((await page(`/product/${lamp.slug}`)).cache).toBe('hit');
    });

    it('the quick view and the cart follow the stock at once', async () => {
      const view = await t.app.inject({ method: 'GET', url: `/api/products/${rug.id}/quick-view` });
      expect(view.statusCode).toBe(200);
      expect(view.json().stockQuantity).toBe(7);
      await order(rug.id, 5);
      const again = await t.app.inject({ method: 'GET', url: `/api/products/${rug.id}/quick-view` });
      expect(again.json().stockQuantity).toBe(2);
      // Only 2 left: a cart may not take 3 (the cached limit was 7).
      const add = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': 'late-rug-buyer' }, payload: { productId: rug.id, quantity: 3 } });
      expect(add.statusCode).toBe(409);
    });

    it('a sold-out product and a settings change still refresh every page', async () => {
      await page('/product-category/floors');
      expect((await page('/product-category/lighting')).cache).toBe('hit');
      // The rug sells out: listings show and count stock status, so the whole store moves.
      const before = await readStoreVersion(t.services.db);
      await order(rug.id, 2);
      expect(await readStoreVersion(t.services.db)).not.toBe(before);
      expect((await page('/product-category/lighting')).cache).toBe('miss');
      expect((await page('/product-category/lighting')).cache).toBe('hit');
      await saveSettings(t.services.db, { storeNotice: 'Closed on Sunday' });
      expect((await page('/product-category/lighting')).cache).toBe('miss');
      expect((await page(`/product/${lamp.slug}`)).cache).toBe('miss');
    });
  });
}
