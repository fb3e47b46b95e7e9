import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { DEMO_PRODUCTS, DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { slugify } from '../../app/features/catalog/catalog-write.server.ts';

const visibleCount = DEMO_PRODUCTS.length;

for (const dialect of await dialects()) {
  describe(`catalog API (${dialect})`, () => {
    let t: TestApp;
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await seedDemo(t.services);
    });
    afterAll(() => t.close());

    it('lists published products with total, page count and price bounds', async () => {
      const res = await get('/api/products?per_page=12');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(visibleCount);
      expect(body.pages).toBe(Math.ceil(visibleCount / 12));
      expect(body.products).toHaveLength(12);
      expect(body.priceBounds.min).toBeLessThan(body.priceBounds.max);
      expect(body.products[0]).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^\/product\//) });
    });

    it('sends a listing compressed, as brotli with its length or as gzip, to a client that accepts it', async () => {
      const plain = await get('/api/products?per_page=12');
      for (const [accept, encoding, decode] of [['gzip, deflate, br', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
        const res = await t.app.inject({ method: 'GET', url: '/api/products?per_page=12', headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
      }
    });

    it('sorts by price both ways and by rating', async () => {
      const asc = (await get('/api/products?orderby=price&per_page=100')).json().products;
      const mins = asc.map((p: { prices: { min: number } }) => p.prices.min);
      expect(mins).toEqual([...mins].sort((a, b) => a - b));
      const desc = (await get('/api/products?orderby=price-desc&per_page=100')).json().products;
      const maxes = desc.map((p: { prices: { max: number } }) => p.prices.max);
      expect(maxes).toEqual([...maxes].sort((a, b) => b - a));
      const rated = (await get('/api/products?orderby=rating&per_page=100')).json().products;
      const ratings = rated.map((p: { rating: { average: number } }) => p.rating.average);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    });

    it('filters by price range (whole currency units) and by category including subcategories', async () => {
      const all = (await get('/api/products?per_page=100')).json().products as { prices: { min: number; max: number } }[];
      const filtered = (await get('/api/products?min_price=20&max_price=30&per_page=100')).json();
      const expected = all.filter((p) => p.prices.max >= 2000 && p.prices.min <= 3099);
      expect(filtered.total).toBe(expected.length);
      const clothing = (await get('/api/products?category=clothing&per_page=100')).json();
      const tees = (await get('/api/products?category=clothing/t-shirts&per_page=100')).json();
      expect(tees.total).toBeGreaterThan(0);
      expect(clothing.total).toBeGreaterThan(tees.total);
      const teeIds = new Set(clothing.products.map((p: { id: number }) => p.id));
      for (const p of tees.products) expect(teeIds.has(p.id)).toBe(true);
    });

    it('ignores or clamps bad query values instead of failing', async () => {
      for (const q of ['min_price=abc', 'page=-1', 'orderby=drop%20table', 'per_page=100000', 'max_price=-5', 'page=abc']) {
        const res = await get(`/api/products?${q}`);
        expect(res.statusCode, q).toBe(200);
      }
      const last = (await get('/api/products?page=999999')).json();
      expect(last.page).toBe(last.pages);
      expect((await get('/api/products?per_page=100000')).json().perPage).toBe(100);
    });

    it('answers 404 for an unknown category or tag', async () => {
      expect((await get('/api/products?category=nope')).statusCode).toBe(404);
      expect((await get('/api/products?tag=nope')).statusCode).toBe(404);
    });

    it('returns a full variable product with variations by slug and by id', async () => {
      const slug = slugify(DEMO_SPECIAL.swatches);
      const bySlug = await get(`/api/products/${slug}`);
      expect(bySlug.statusCode).toBe(200);
      const p = bySlug.json();
      expect(p.type).toBe('variable');
      expect(p.variations.length).toBeGreaterThan(1);
      expect(p.attributes.map((a: { slug: string }) => a.slug)).toEqual(expect.arrayContaining(['color', 'size']));
      const byId = (await get(`/api/products/${p.id}`)).json();
      expect(byId.slug).toBe(slug);
    });

    it('never leaks draft, private or hidden products (product, quick view, listing)', async () => {
      const { db } = t.services;
      const ids = (await db.selectFrom('products').select('id').orderBy('id').limit(3).execute()).map((r) => r.id);
      await db.updateTable('products').set({ status: 'draft' }).where('id', '=', ids[0]).execute();
      await db.updateTable('products').set({ status: 'private' }).where('id', '=', ids[1]).execute();
      await db.updateTable('products').set({ catalog_visibility: 'hidden' }).where('id', '=', ids[2]).execute();
      try {
        for (const id of ids) {
          expect((await get(`/api/products/${id}`)).statusCode).toBe(404);
          expect((await get(`/api/products/${id}/quick-view`)).statusCode).toBe(404);
        }
        const listed = (await get('/api/products?per_page=100')).json().products.map((p: { id: number }) => p.id);
        for (const id of ids) expect(listed).not.toContain(id);
      } finally {
        await db.updateTable('products').set({ status: 'publish', catalog_visibility: 'visible' }).where('id', 'in', ids).execute();
      }
    });

    it('serves the quick view of a published product and 400/404 for bad ids', async () => {
      const first = (await get('/api/products?per_page=1')).json().products[0];
      const res = await get(`/api/products/${first.id}/quick-view`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: first.id, name: first.name, images: expect.any(Array), shortDescription: expect.any(String) });
      expect((await get('/api/products/abc/quick-view')).statusCode).toBe(400);
      expect((await get('/api/products/99999999/quick-view')).statusCode).toBe(404);
    });

    it('gives a variable product\'s quick view its variation form: attributes with swatches, combinations, variations', async () => {
      const slug = slugify(DEMO_SPECIAL.swatches);
      const { id } = (await get(`/api/products/${slug}`)).json();
      const { form, type } = (await get(`/api/products/${id}/quick-view`)).json();
      expect(type).toBe('variable');
      expect(form).toMatchObject({ productId: id, type: 'variable', productUrl: `/product/${slug}` });
      expect(form.attributes.map((a: { slug: string; display: string }) => [a.slug, a.display])).toEqual([['color', 'color'], ['size', 'label']]);
      expect(form.attributes[0].swatches.Navy).toMatch(/^#[0-9a-f]{6}$/i);
      expect(form.combos.length).toBeGreaterThan(1);
      const navyL = form.variations.find((v: { attributes: Record<string, string> }) => v.attributes.attribute_color === 'Navy' && v.attributes.attribute_size === 'L');
      expect(navyL).toMatchObject({ is_in_stock: true, display_price: expect.any(Number), sku: expect.any(String) });
      // A simple product needs no form: the popup's own quantity field adds it.
      const simple = (await get(`/api/products/${slugify(DEMO_SPECIAL.lowStock)}`)).json();
      expect((await get(`/api/products/${simple.id}/quick-view`)).json().form).toBeNull();
    });

    it('returns the category tree with product counts', async () => {
      const { categories } = (await get('/api/categories')).json();
      const clothing = categories.find((c: { slug: string }) => c.slug === 'clothing');
      expect(clothing.children.map((c: { path: string }) => c.path)).toContain('clothing/t-shirts');
      expect(clothing.count).toBeGreaterThan(0);
    });
  });
}
