import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { seedSearchCatalog } from '../fixtures/search-catalog.ts';
import { listingSearchOf, searchStats } from '../../app/features/search/search-stats.server.ts';

/*
 * The search admin (/admin/search) as a shop manager uses it: synonym groups the engine
 * then honours in the suggestions and the listing search, input refused with the field named
 * and nothing saved, and the statistics of submitted searches. Pages run through Vite's dev
 * server.
 */

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PASSWORD = 'a long enough password';

for (const dialect of await dialects()) {
  describe(`search admin (${dialect})`, () => {
    let t: TestApp;
    let manager: Client;
    const suggested = async (q: string) =>
      ((await t.app.inject({ url: `/api/search/suggestions?q=${encodeURIComponent(q)}`, remoteAddress: '10.9.0.1' })).json().suggestions as { value: string; id: number; type: string }[])
        .filter((s) => s.type === 'product' && s.id !== -1)
        .map((s) => s.value);
    const listed = async (q: string, page = 1) => {
      const res = await t.app.inject(`/api/products?per_page=100&page=${page}&s=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return (res.json().products as { name: string }[]).map((p) => p.name).sort();
    };
    const post = (fields: Record<string, string>) => manager.request('POST', '/admin/search', new URLSearchParams({ _csrf: manager.csrf, ...fields }).toString(), FORM);
    const groups = async () => (await t.services.db.selectFrom('search_synonyms').select(['id', 'terms']).orderBy('id').execute()).map((g) => ({ id: g.id, terms: JSON.parse(g.terms) as string[] }));

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await seedSearchCatalog(t.services.db);
      await createUser(t.services, { email: 'manager@shop.example', password: PASSWORD, name: 'Manager', role: 'shop_manager' });
      manager = await Client.start(t.app);
      expect((await manager.request('POST', '/api/account/login', { email: 'manager@shop.example', password: PASSWORD })).statusCode).toBe(200);
    }, 120_000);
    afterAll(() => t?.close());

    it('a synonym group makes each of its words find the others, in suggestions and the listing, until changed or deleted', async () => {
      expect(await suggested('tee')).toEqual([]);
      expect(await listed('tee')).toEqual([]);

      const added = await post({ intent: 'add', terms: 'Tee = T-Shirt' });
      expect(added.statusCode).toBe(200);
      expect(added.body).toContain('Synonym group added.');
      expect(await groups()).toEqual([{ id: expect.any(Number), terms: ['Tee', 'T-Shirt'] }]);
      // The cached answer for "tee" from before is not served again.
      expect(await suggested('tee')).toEqual(['Classic T-Shirt']);
      expect(await listed('tee')).toEqual(['Classic T-Shirt']);
      // A synonym match is no typo: it ranks with the matches as typed, and the rest still works.
      expect(await suggested('tee organic')).toEqual(['Classic T-Shirt']);
      expect(await suggested('t-shirt')).toEqual(['Classic T-Shirt']);

      // Phrases and several words per group; the page lists the group.
      expect((await post({ intent: 'add', terms: 'sweatshirt, warm top, hoodie' })).statusCode).toBe(200);
      expect(await suggested('sweatshirt')).toEqual(['Blue Hoodie']);
      expect(await suggested('warm top')).toEqual(['Blue Hoodie']);
      expect(await listed('sweatshirt')).toEqual(['Blue Hoodie']);
      const page = await manager.request('GET', '/admin/search');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Tee = T-Shirt');
      expect(page.body).toContain('sweatshirt = warm top = hoodie');

      const [tee] = await groups();
      expect((await post({ intent: 'update', id: String(tee.id), terms: 'tee, hoodie' })).statusCode).toBe(200);
      expect(await suggested('tee')).toEqual(['Blue Hoodie']);
      expect(await listed('tee')).toEqual(['Blue Hoodie']);
      expect((await post({ intent: 'delete', id: String(tee.id) })).statusCode).toBe(200);
      expect(await suggested('tee')).toEqual([]);
      expect(await listed('tee')).toEqual([]);
      expect((await groups()).map((g) => g.terms)).toEqual([['sweatshirt', 'warm top', 'hoodie']]);
    });

    it('refuses a bad group with a 400 naming the field, and saves nothing', async () => {
      const before = await groups();
      const cases: [string, RegExp][] = [
        ['tee', /at least two/],
        ['', /at least two/],
        ['tee, tee', /at least two/],
        [Array.from({ length: 21 }, (_, i) => `word${i}`).join(','), /At most 20/],
        [`tee, ${'x'.repeat(51)}`, /at most 50 characters/],
        ['tee, ---', /letter or a digit/],
      ];
      for (const [terms, message] of cases) {
        const res = await post({ intent: 'add', terms });
        expect(res.statusCode, terms).toBe(400);
        expect(res.body, terms).toMatch(message);
        expect(res.body, terms).toContain('aria-invalid="true"');
      }
      const json = await manager.request('POST', '/admin/search.data', new URLSearchParams({ _csrf: manager.csrf, intent: 'add', terms: 'tee' }).toString(), FORM);
      expect(json.statusCode).toBe(400);
      expect(json.body).toContain('terms');
      expect((await post({ intent: 'update', id: '999999', terms: 'a, b' })).statusCode).toBe(404);
      expect((await post({ intent: 'delete', id: 'x' })).statusCode).toBe(400);
      expect(await groups()).toEqual(before);
    });

    it('counts submitted searches per normalised query and shows the top ones and those without results', async () => {
      // The searches of the tests above are counted too: start from none.
      await t.services.db.deleteFrom('search_stats').execute();
      const candles = (await listed('Candle')).length;
      expect(candles).toBeGreaterThan(3);
      await listed('candle ');
      await listed('CANDLE', 2); // a further page is not another search
      await listed('Crème');
      await listed('zzzqqq');
      // Suggestions while typing are not searches.
      await suggested('zzzqqq');
      await suggested('candle');
      const rows = await t.services.db.selectFrom('search_stats').select(['query', 'searches', 'hits']).orderBy('query').execute();
      expect(rows.map((r) => ({ ...r, searches: Number(r.searches), hits: Number(r.hits) }))).toEqual([
        { query: 'candle', searches: 2, hits: candles },
        { query: 'creme', searches: 1, hits: 1 },
        { query: 'zzzqqq', searches: 1, hits: 0 },
      ]);
      // An old day falls out of the 30 days.
      await t.services.db.insertInto('search_stats').values({ day: '2020-01-01', query: 'ancient', searches: 99, hits: 0 }).execute();

      const page = await manager.request('GET', '/admin/search');
      expect(page.statusCode).toBe(200);
      const top = page.body.slice(page.body.indexOf('Top searches'), page.body.indexOf('Searches with no results'));
      const rest = page.body.slice(page.body.indexOf('Searches with no results'));
      const none = rest.slice(0, rest.indexOf('</table>'));
      expect(top.indexOf('candle')).toBeGreaterThan(-1);
      expect(top.indexOf('candle')).toBeLessThan(top.indexOf('creme'));
      expect(top).toContain('zzzqqq');
      expect(none).toContain('zzzqqq');
      expect(none).not.toContain('candle');
      expect(page.body).not.toContain('ancient');
    });
  });
}

for (const dialect of await dialects()) {
  describe(`search statistics behind the page cache (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await seedSearchCatalog(t.services.db);
    }, 120_000);
    afterAll(() => t?.close());

    it('counts a search served from the page cache as another search, with the same result count', async () => {
      const first = await t.app.inject('/shop?s=Hoodie');
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-page-cache']).toBe('miss');
      const again = await t.app.inject('/shop?s=Hoodie');
      expect(again.headers['x-page-cache']).toBe('hit');
      const nothing = await t.app.inject('/product-category/home?s=zzzqqq');
      expect((await t.app.inject('/product-category/home?s=zzzqqq')).headers['x-page-cache']).toBe('hit');
      expect(nothing.statusCode).toBe(200);
      // As the admin's statistics show them (cached searches are written a second later, or when read).
      expect(await searchStats(t.services.db)).toEqual({
        top: [
          { query: 'hoodie', searches: 2, hits: 1 },
          { query: 'zzzqqq', searches: 2, hits: 0 },
        ],
        noResults: [{ query: 'zzzqqq', searches: 2, hits: 0 }],
      });
      // Many cached searches cost one write a second; none is lost.
      for (let i = 0; i < 20; i++) expect((await t.app.inject('/shop?s=Hoodie')).headers['x-page-cache']).toBe('hit');
      await new Promise((r) => setTimeout(r, 1_300));
      const row = await t.services.db.selectFrom('search_stats').select('searches').where('query', '=', 'hoodie').executeTakeFirstOrThrow();
      expect(Number(row.searches)).toBe(22);
    });

    it('takes only first pages of shop, category and tag listings as searches', () => {
      expect(listingSearchOf('/shop?s=tee')).toBe('tee');
      expect(listingSearchOf('/shop?s=tee&page=1')).toBe('tee');
      expect(listingSearchOf('/product-category/home/candles?s=tee')).toBe('tee');
      expect(listingSearchOf('/shop?s=tee&page=2')).toBeNull();
      expect(listingSearchOf('/shop?orderby=price')).toBeNull();
      expect(listingSearchOf('/product/tee?s=tee')).toBeNull();
    });
  });
}
