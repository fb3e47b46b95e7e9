import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { seedSearchCatalog } from '../fixtures/search-catalog.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import type { Facets } from '../../app/features/catalog/facets.server.ts';

interface Answer {
  total: number;
  products: { name: string }[];
  facets?: Facets;
  popular?: { name: string }[];
  didYouMean?: string;
}

/**
 * Facets of a search (GET /api/products with s, the listing the results page shows) on the
 * shared fixture catalog: the same counts on SQLite and PostgreSQL, over every result.
 */
for (const dialect of await dialects()) {
  describe(`search facets and no-results (${dialect})`, () => {
    let t: TestApp;
    const api = async (qs: string) => {
      const res = await t.app.inject(`/api/products?${qs}`);
      expect(res.statusCode, qs).toBe(200);
      return res.json() as Answer;
    };
    const counts = (f: Facets | undefined) => ({
      categories: f?.categories.map((c) => `${c.path}:${c.count}`),
      attributes: f?.attributes.map((a) => `${a.slug}=${a.values.map((v) => `${v.value}:${v.count}${v.selected ? '*' : ''}`).join(',')}`),
    });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await seedSearchCatalog(t.services.db);
    });
    afterAll(() => t.close());

    it('counts categories (subcategories included) and attribute values over every result, not one page', async () => {
      const candle = await api('s=candle&per_page=1');
      expect(candle.total).toBe(5);
      expect(candle.products).toHaveLength(1);
      expect(counts(candle.facets)).toEqual({ categories: ['home:4', 'hardware:1'], attributes: [] });
      const clothing = await api('s=clothing&per_page=1');
      expect(counts(clothing.facets)).toEqual({ categories: ['clothing:4'], attributes: ['color=Navy:2,Crimson:1', 'material=Cotton:2,Wool:1'] });
      // Within a category: its subcategories.
      const inside = await api('s=clothing&category=clothing');
      expect(counts(inside.facets).categories).toEqual(['clothing/hoodies:1', 'clothing/t-shirts:1']);
      // Listings without a search have no facets.
      expect(await api('category=clothing')).not.toHaveProperty('facets');
    });

    it('narrows by attribute values: one attribute’s values are alternatives, attributes combine', async () => {
      const navy = await api('s=clothing&filter_color=Navy');
      expect(navy.products.map((p) => p.name).sort()).toEqual(['Blue Hoodie', 'Classic T-Shirt']);
      // The chosen attribute keeps its other values' counts; the others count within the choice.
      expect(counts(navy.facets)).toEqual({ categories: ['clothing:2'], attributes: ['color=Navy:2*,Crimson:1', 'material=Cotton:1'] });
      const either = await api('s=clothing&filter_color=Crimson,Navy&filter_material=Cotton');
      expect(either.products.map((p) => p.name)).toEqual(['Classic T-Shirt']);
      // Several values of one attribute as a comma list (a repeated name counts once, as every query parameter).
      expect((await api('s=clothing&filter_material=Wool,Cotton')).total).toBe(3);
      expect((await api('s=clothing&filter_material=Wool&filter_material=Cotton')).total).toBe(1);
      // With the price filter (major units) too.
      const cheap = await api('s=clothing&max_price=20');
      expect(counts(cheap.facets)).toEqual({ categories: ['clothing:3'], attributes: ['material=Cotton:2,Wool:1', 'color=Navy:1'] });
      // Unknown attributes or values match nothing; malformed names are ignored; never a 500.
      expect((await api('s=clothing&filter_color=Purple')).total).toBe(0);
      expect((await api('s=clothing&filter_Bad%20Name=x&filter_=y')).total).toBe(4);
      expect((await api(`s=clothing&filter_color=${encodeURIComponent("' or 1=1 --")}`)).total).toBe(0);
    });

    it('offers the best sellers in stock when a search finds nothing', async () => {
      const none = await api('s=zzzqqq');
      expect(none.total).toBe(0);
      // Door Handle 1000 sales, Cotton Socks 500 but out of stock, Classic T-Shirt 100…; search-only and hidden products never.
      expect(none.popular?.map((p) => p.name)).toEqual(['Door Handle', 'Classic T-Shirt', 'Candle Holder', 'Blue Hoodie', 'Crème Brûlée Candle', 'Wool Socks']);
      expect(await api('s=candle')).not.toHaveProperty('popular');
    });

    it('lists products out of stock last in every order, or not at all with the store setting', async () => {
      const names = async (qs: string) => (await api(qs)).products.map((p) => p.name);
      expect(await names('s=socks')).toEqual(['Wool Socks', 'Cotton Socks']);
      expect(await names('s=socks&orderby=price')).toEqual(['Wool Socks', 'Cotton Socks']);
      const suggest = async (q: string) => ((await t.app.inject(`/api/search/suggestions?q=${q}`)).json().suggestions as { value: string }[]).map((s) => s.value);
      expect(await suggest('socks')).toEqual(['Wool Socks', 'Cotton Socks']);
      await saveSettings(t.services.db, { searchHideOutOfStock: true });
      try {
        expect(await names('s=socks')).toEqual(['Wool Socks']);
        expect((await api('s=socks')).total).toBe(1);
        expect(counts((await api('s=socks')).facets).attributes).toEqual(['material=Wool:1']);
        expect(await suggest('socks')).toEqual(['Wool Socks']);
        // The shop listing without a search is not a search: it keeps them.
        expect((await api('category=clothing')).total).toBe(4);
      } finally {
        await saveSettings(t.services.db, { searchHideOutOfStock: false });
      }
    });
  });
}

for (const dialect of await dialects()) {
  describe(`search results page: facets, no results, header category select (${dialect})`, () => {
    let t: TestApp;
    const page = async (url: string) => {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"[^>]*class="facets__value[^"]*"/g)].map((m) => m[1].replaceAll('&amp;', '&'));

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await seedSearchCatalog(t.services.db);
    });
    afterAll(() => t.close());

    it('shows category and attribute facets with counts as links that keep the search, sort and price filter', async () => {
      const html = await page('/shop?s=clothing&orderby=price&max_price=100&page=1');
      expect(html).toContain('Refine the results');
      expect(html).toMatch(/<a href="\/product-category\/clothing\?s=clothing&amp;orderby=price&amp;max_price=100">Clothing(<!-- -->)? <span class="facets__count" aria-hidden="true">\((<!-- -->)?4(<!-- -->)?\)<\/span><span class="visually-hidden">, (<!-- -->)?4 results<\/span>/);
      const links = hrefs(html);
      expect(links).toContain('/shop?s=clothing&orderby=price&max_price=100&filter_color=Navy');
      expect(links).toContain('/shop?s=clothing&orderby=price&max_price=100&filter_material=Wool');
      // Following a value narrows the results; its link then removes it, another value of the attribute adds to it.
      const narrowed = await page('/shop?s=clothing&orderby=price&max_price=100&filter_color=Navy');
      expect(narrowed).toContain('Blue Hoodie');
      expect(narrowed).toContain('Classic T-Shirt');
      expect(narrowed).not.toContain('Wool Socks');
      expect(narrowed).toMatch(/class="facets__value facets__value--on"/);
      const again = hrefs(narrowed);
      expect(again).toContain('/shop?s=clothing&orderby=price&max_price=100');
      expect(again).toContain('/shop?s=clothing&orderby=price&max_price=100&filter_color=Crimson%2CNavy');
      // The sort form, the price filter and the pages keep the filter.
      expect(narrowed).toMatch(/<input type="hidden" name="filter_color" value="Navy"\/>/);
      // Inside a category: its subcategories, and a way back to every category.
      const inside = await page('/product-category/clothing?s=clothing');
      expect(inside).toMatch(/href="\/product-category\/clothing\/hoodies\?s=clothing">Hoodies/);
      expect(inside).toMatch(/href="\/shop\?s=clothing" class="facets__up"/);
      // Listings without a search have none.
      expect(await page('/product-category/clothing')).not.toContain('Refine the results');
    });

    it('shows best sellers below "did you mean" when nothing is found', async () => {
      const html = await page('/shop?s=wolf');
      expect(html.indexOf('class="did-you-mean"')).toBeGreaterThan(0);
      expect(html.indexOf('Popular products')).toBeGreaterThan(html.indexOf('class="did-you-mean"'));
      expect(html).toContain('Door Handle');
      expect(await page('/shop?s=wool')).not.toContain('Popular products');
    });

    it('offers a category select in the header box only with the store setting, submitting to /search', async () => {
      expect(await page('/shop')).not.toContain('name="category"');
      await saveSettings(t.services.db, { searchCategorySelect: true });
      try {
        const html = await page('/shop');
        expect(html).toMatch(/<form class="site-search site-search--categories" role="search" action="\/search" method="get"/);
        expect(html).toMatch(/<label for="site-search-category" class="visually-hidden">Search in category<\/label><select id="site-search-category" name="category"/);
        expect(html).toMatch(/<option value="clothing">Clothing<\/option>/);
        // What the form sends without scripts.
        const res = await t.app.inject('/search?category=clothing&s=socks');
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/product-category/clothing?s=socks');
        expect((await t.app.inject('/search?category=&s=socks')).headers.location).toBe('/shop?s=socks');
      } finally {
        await saveSettings(t.services.db, { searchCategorySelect: false });
      }
    });
  });
}
