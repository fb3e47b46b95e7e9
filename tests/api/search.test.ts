import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { importWooCommerce } from '../../app/features/catalog/woo-import/importer.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { seedSearchCatalog } from '../fixtures/search-catalog.ts';
import { searchResultsPath } from '../../app/features/search/results-path.server.ts';
import type { Suggestion } from '../../app/features/search/suggestion.ts';
import { mediaStoreFor } from '../../app/lib/media-store.server.ts';

/**
 * Expected answers for the shared fixture catalog: the same list on SQLite and PostgreSQL,
 * so both engines are held to one ranking.
 */
const EXPECTED: [string, string[]][] = [
  // Exact name first, then names starting with the query, then other fields; sellers first.
  // Matches as typed before matches needing a typo ("handle" is one edit from "candle"), whatever the sales.
  ['candle', ['Candle', 'Candle Holder', 'Crème Brûlée Candle', 'Search-only Candle', 'Door Handle']],
  // Diacritics either way.
  ['creme', ['Crème Brûlée Candle']],
  ['CRÈME brulee', ['Crème Brûlée Candle']],
  // Prefixes of every word.
  ['cla t-sh', ['Classic T-Shirt']],
  // Category names and their ancestors, tags, short description, attribute values.
  ['hoodies', ['Blue Hoodie']],
  ['clothing', ['Classic T-Shirt', 'Blue Hoodie', 'Wool Socks', 'Cotton Socks']],
  ['vanilla', ['Crème Brûlée Candle']],
  ['organic', ['Classic T-Shirt']],
  ['crimson', ['Blue Hoodie']],
  // One typo in a word of five or more letters.
  // (matches needing a typo rank after exact ones, the correction then ranks as the word).
  ['cotten', ['Cotton Socks', 'Classic T-Shirt']],
  ['hodie', ['Blue Hoodie']],
  ['candel', ['Candle', 'Candle Holder', 'Crème Brûlée Candle', 'Search-only Candle']],
  // Not in shorter words.
  ['hodi', []],
  ['sokcs', ['Wool Socks', 'Cotton Socks']],
  // Out of stock after in stock, whatever the sales.
  ['socks', ['Wool Socks', 'Cotton Socks']],
  // SKU exact match first (a variation's SKU finds its product).
  ['HOLD-1', ['Candle Holder']],
  ['hood-crimson', ['Blue Hoodie']],
];

for (const dialect of await dialects()) {
  describe(`search suggestions (${dialect})`, () => {
    let t: TestApp;
    let ids: Map<string, number>;
    const suggest = async (q: string, category?: string, ip = '10.0.0.1') => {
      const params = new URLSearchParams({ q, ...(category !== undefined ? { category } : {}) });
      const res = await t.app.inject({ method: 'GET', url: `/api/search/suggestions?${params}`, remoteAddress: ip });
      expect(res.statusCode, q).toBe(200);
      return res.json().suggestions as Suggestion[];
    };
    const names = async (q: string, category?: string) => (await suggest(q, category)).filter((s) => s.type === 'product' && s.id !== -1).map((s) => s.value);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      ids = await seedSearchCatalog(t.services.db);
    });
    afterAll(() => t.close());

    it.each(EXPECTED)('"%s" finds the expected products in order', async (q, expected) => {
      expect(await names(q)).toEqual(expected);
    });

    it('answers the spec fields: name, id, product URL, price, type; categories after products', async () => {
      const list = await suggest('candles');
      const holder = (await suggest('holder'))[0];
      expect(holder).toEqual({ value: 'Candle Holder', id: ids.get('Candle Holder'), url: expect.stringMatching(/^\/product\/candle-holder$/), price: expect.stringContaining('9'), type: 'product' });
      expect(list.at(-1)).toMatchObject({ value: 'Candles', type: 'category', url: '/product-category/home/candles' });
      const hoodie = (await suggest('hoodie')).find((s) => s.value === 'Blue Hoodie')!;
      expect(hoodie.price).toMatch(/45.*47/);
    });

    it('never returns draft, private, hidden or catalog-only products, not even by SKU', async () => {
      const all = [...(await suggest('candle')), ...(await suggest('c-draft')), ...(await suggest('c-private')), ...(await suggest('c-hidden')), ...(await suggest('c-catalog'))];
      for (const hidden of ['Draft Candle', 'Private Candle', 'Hidden Candle', 'Catalog-only Candle']) expect(all.map((s) => s.value)).not.toContain(hidden);
      expect(await names('draft candle')).toEqual([]);
      expect(await names('c-search')).toEqual(['Search-only Candle']);
    });

    it('narrows to a category and its subcategories; an unknown category answers an empty list', async () => {
      expect(await names('candle', 'decor')).toEqual(['Candle Holder']);
      expect(await names('candle', 'home')).toHaveLength(4);
      expect(await names('socks', 'clothing')).toEqual(['Wool Socks', 'Cotton Socks']);
      expect(await names('socks', 'home')).toEqual([]);
      expect(await suggest('candle', 'no-such-category')).toEqual([]);
    });

    it('answers nothing under three characters and a "No products found" row without hits', async () => {
      expect(await suggest('ca')).toEqual([]);
      expect(await suggest('  c ')).toEqual([]);
      expect(await suggest('')).toEqual([]);
      expect(await suggest('zzzzqqq')).toEqual([{ value: 'No products found', id: -1, url: '', type: 'product' }]);
    });

    it('treats operators, quotes, wildcards and SQL as plain text', async () => {
      const hostile = [
        '"candle', 'candle"', '"""', 'candle*', '***', 'NEAR(candle holder)', 'candle NEAR holder', 'candle AND', 'OR candle', 'NOT candle', '-candle',
        '100%', '%%%', '___', 'can_le', 'c\\andle', '\\\\\\', "'; drop table products; --", "' or 1=1 --", 'body:candle', '^candle', 'candle:*', '(candle', 'candle)',
        '{candle}', 'cand\u0000le', '😀😀😀', 'ab\nc', 'x'.repeat(5000), 'candle '.repeat(100),
      ];
      for (const q of hostile) {
        const list = await suggest(q);
        expect(Array.isArray(list), q).toBe(true);
      }
      expect(await names('candle*')).toContain('Candle');
      expect(await names('"candle holder"')).toEqual(['Candle Holder']);
      expect(await names('100%')).toEqual([]);
      // The products are all still there.
      expect(await names('candle')).toHaveLength(5);
    });

    it('cuts queries over 200 characters instead of refusing them', async () => {
      expect(await names(`candle${' '.repeat(194)}zzzz`)).toEqual(['Candle', 'Candle Holder', 'Crème Brûlée Candle', 'Search-only Candle', 'Door Handle']);
      expect(await names(`candle${' '.repeat(193)}zzzz`)).toEqual([]);
    });

    it('finds a product under its new name after an edit, and not after a delete (same request)', async () => {
      const { db } = t.services;
      const id = ids.get('Wool Socks')!;
      // An import updating the product by SKU is the shop's edit path.
      const csv = 'ID,Type,SKU,Name,"Regular price",Published,"Visibility in catalog",Categories\n,simple,WOOL,"Merino Stockings",8,1,visible,Clothing\n';
      const summary = await importWooCommerce({ db, media: mediaStoreFor(t.services.config) }, [Buffer.from(csv)], { downloadImages: false });
      expect(summary.updated).toBe(1);
      expect(await names('merino')).toEqual(['Merino Stockings']);
      expect(await names('socks')).toEqual(['Cotton Socks']);
      expect((await suggest('merino'))[0].id).toBe(id);
      await db.deleteFrom('products').where('id', '=', id).execute();
      expect(await names('merino')).toEqual([]);
      expect(await suggest('stockings')).toEqual([{ value: 'No products found', id: -1, url: '', type: 'product' }]);
    });

    it('indexes imported products and drops those an import hides or unpublishes', async () => {
      const { db } = t.services;
      const run = (csv: string) => importWooCommerce({ db, media: mediaStoreFor(t.services.config) }, [Buffer.from(csv)], { downloadImages: false });
      const head = 'ID,Type,SKU,Name,"Regular price",Published,"Visibility in catalog",Categories,Tags\n';
      await run(`${head},simple,IMP-1,"Ångström Lamp",30,1,visible,"Home > Lighting",reading\n`);
      expect(await names('angstrom')).toEqual(['Ångström Lamp']);
      expect(await names('lighting')).toEqual(['Ångström Lamp']);
      expect(await names('reading')).toEqual(['Ångström Lamp']);
      await run(`${head},simple,IMP-1,"Ångström Lamp",30,1,hidden,"Home > Lighting",reading\n`);
      expect(await names('angstrom')).toEqual([]);
      await run(`${head},simple,IMP-1,"Ångström Lamp",30,1,visible,"Home > Lighting",reading\n`);
      expect(await names('angstrom')).toEqual(['Ångström Lamp']);
      await run(`${head},simple,IMP-1,"Ångström Lamp",30,0,visible,"Home > Lighting",reading\n`);
      expect(await names('angstrom')).toEqual([]);
    });

    it('follows stock changes in the ranking', async () => {
      const { db } = t.services;
      await db.updateTable('products').set({ stock_status: 'instock' }).where('sku', '=', 'SOCK').execute();
      // All match "clothing" by category: the best seller first while it is in stock, last when not.
      expect(await names('clothing')).toEqual(['Cotton Socks', 'Classic T-Shirt', 'Blue Hoodie']);
      await db.updateTable('products').set({ stock_status: 'outofstock' }).where('sku', '=', 'SOCK').execute();
      expect(await names('clothing')).toEqual(['Classic T-Shirt', 'Blue Hoodie', 'Cotton Socks']);
    });

    it('limits suggestion calls per address (429 with Retry-After)', async () => {
      let last = 0;
      let retry: string | undefined;
      for (let i = 0; i < 200 && last !== 429; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/search/suggestions?q=candle', remoteAddress: '10.9.9.9' });
        last = res.statusCode;
        retry = res.headers['retry-after'] as string | undefined;
        if (last === 429) expect(res.json().error.code).toBe('rate_limited');
      }
      expect(last).toBe(429);
      expect(Number(retry)).toBeGreaterThan(0);
      // Another address is not held back.
      expect((await suggest('candle', undefined, '10.9.9.10')).length).toBeGreaterThan(0);
    });

    it('drives the shop listing search (s on /api/products) with the same index', async () => {
      const listed = async (q: string) => ((await t.app.inject(`/api/products?per_page=100&s=${encodeURIComponent(q)}`)).json().products as { name: string }[]).map((p) => p.name).sort();
      expect(await listed('creme')).toEqual(['Crème Brûlée Candle']);
      expect(await listed('hodie')).toEqual(['Blue Hoodie']);
      expect(await listed('HOOD-NAVY')).toEqual(['Blue Hoodie']);
      expect(await listed('cla t-sh')).toEqual(['Classic T-Shirt']);
      // The listing keeps its visibility rule: search-only products too, hidden ones never.
      expect(await listed('candle')).toEqual(['Candle', 'Candle Holder', 'Crème Brûlée Candle', 'Door Handle', 'Search-only Candle']);
      for (const q of ['100%', '"', 'NEAR(', "' or 1=1 --", '\\']) {
        const res = await t.app.inject(`/api/products?s=${encodeURIComponent(q)}`);
        expect(res.statusCode, q).toBe(200);
      }
    });

    it('sends /search?q=&category= to the shop or category listing with s', async () => {
      const path = (qs: string) => searchResultsPath(t.services.db, new URLSearchParams(qs));
      expect(await path('q=creme')).toBe('/shop?s=creme');
      expect(await path('q=candle&category=decor&orderby=price')).toBe('/product-category/home/decor?s=candle&orderby=price');
      expect(await path('q=candle&category=home/candles')).toBe('/product-category/home/candles?s=candle');
      expect(await path('q=candle&category=nope')).toBe('/shop?s=candle');
      expect(await path('')).toBe('/shop');
      expect(await path(`q=${'x'.repeat(500)}`)).toBe(`/shop?s=${'x'.repeat(200)}`);
      expect(await path('q=%3Cscript%3E')).toBe('/shop?s=%3Cscript%3E');
    });

    it('keeps the index in the same transaction as the write', async () => {
      const { db } = t.services;
      await db.transaction().execute(async (trx) => {
        await sql`update products set name = 'Lantern' where sku = 'CANDLE-PLAIN'`.execute(trx);
        const { recomputeProducts } = await import('../../app/features/catalog/catalog-write.server.ts');
        await recomputeProducts(trx, [ids.get('Candle')!]);
        const row = await trx.selectFrom('search_documents').select('name_norm').where('product_id', '=', ids.get('Candle')!).executeTakeFirstOrThrow();
        expect(row.name_norm).toBe(' lantern ');
      });
      expect(await names('lantern')).toEqual(['Lantern']);
    });
  });
}

for (const dialect of await dialects()) {
  describe(`search pages (${dialect})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await seedSearchCatalog(t.services.db);
    });
    afterAll(() => t.close());

    it('/search?q= lands on the shop listing of the results, not indexed by robots', async () => {
      const res = await t.app.inject('/search?q=creme&category=home');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/product-category/home?s=creme');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      const page = await t.app.inject(res.headers.location as string);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Crème Brûlée Candle');
      expect(page.body).not.toContain('Candle Holder');
      expect(page.body).toMatch(/<meta name="robots" content="noindex/);
    });

    it('/?s= (links from elsewhere) lands on the same results, with product_cat as the category', async () => {
      const res = await t.app.inject('/?s=hoodie&product_cat=clothing');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/product-category/clothing?s=hoodie');
      expect((await t.app.inject('/')).statusCode).toBe(200);
    });

    it('offers "did you mean" with a near indexed word when a search finds nothing, on the API and the page', async () => {
      const api = async (q: string, extra = '') => (await t.app.inject(`/api/products?s=${encodeURIComponent(q)}${extra}`)).json() as { total: number; didYouMean?: string };
      // "wolf" is two edits from "wool" (beyond the search's own one-typo tolerance, and a 4-letter word has none).
      expect(await api('wolf')).toMatchObject({ total: 0, didYouMean: 'wool' });
      expect(await api('Wolf socks')).toMatchObject({ total: 0, didYouMean: 'wool socks' });
      // Only when the corrected query finds something, within the category too.
      expect((await api('wolf', '&category=home')).didYouMean).toBeUndefined();
      expect((await api('zzzqqq')).didYouMean).toBeUndefined();
      expect(await api('wool')).not.toHaveProperty('didYouMean');
      const page = await t.app.inject('/shop?s=wolf');
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/class="did-you-mean">Did you mean(<!-- -->)? <a href="\/shop\?s=wool">wool<\/a>\?/);
      const corrected = await t.app.inject('/shop?s=wool');
      expect(corrected.body).toContain('Wool Socks');
      expect(corrected.body).not.toContain('class="did-you-mean"');
    });

    it('reflects the query escaped and finds by typo on the shop page', async () => {
      const page = await t.app.inject(`/shop?s=${encodeURIComponent('<img src=x onerror=alert(1)> hodie')}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<img src=x onerror');
      const plain = await t.app.inject('/shop?s=hodie');
      expect(plain.body).toContain('Blue Hoodie');
    });
  });
}
