import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * Shared caches keep what a public answer carries: a Set-Cookie on a media file would hand
 * one visitor's cookie to the next. Cookies go only with answers that need them.
 */
for (const dialect of await dialects()) {
  describe(`cookies only where they are needed (${dialect})`, () => {
    let t: TestApp;
    let productId: number;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const dir = path.join(mediaRoot(t.services.config.dataDir), 'demo');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'mug-150.webp'), Buffer.from('RIFF....WEBPVP8 '));
      productId = (await createProduct(t.services.db, { name: 'Cookie Mug', regular_price: 900 })).id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers media files with their public cache and no Set-Cookie, to a new visitor and a known one', async () => {
      for (const cookie of [undefined, 'vt_csrf=abc; vt_cart=def']) {
        const res = await t.app.inject({ url: '/media/demo/mug-150.webp', headers: cookie ? { cookie } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=2592000');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const missing = await t.app.inject('/media/demo/none-150.webp');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['set-cookie']).toBeUndefined();
    });

    it('sets no cookie on plain API reads, and the CSRF cookie with the token that needs it', async () => {
      for (const url of ['/api/products', `/api/products/cookie-mug`, '/api/health', '/api/nowhere']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
      // The first token handed out brings both CSRF cookies (the HttpOnly seed and the scripts' token).
      const session = await t.app.inject('/api/session');
      expect(session.cookies.map((c) => c.name).sort()).toEqual(['vt_csrf', 'vt_csrf_token']);
      // That cookie and token work together for a change; the browser's cart gets its cookies.
      const c = await Client.start(t.app);
      expect(c.cookies.has('vt_csrf')).toBe(true);
      const add = await c.request('POST', '/api/cart/items', { productId, quantity: 1 });
      expect(add.statusCode).toBe(201);
      expect(add.cookies.map((k) => k.name).sort()).toEqual(['vt_cart', 'vt_cart_hash', 'vt_cart_items']);
      // A change without the cookie is refused as before.
      const stranger = await t.app.inject({ method: 'POST', url: '/api/cart/items', payload: { productId, quantity: 1 }, headers: { 'x-csrf-token': c.csrf } });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.headers['set-cookie']).toBeUndefined();
    });
  });
}
