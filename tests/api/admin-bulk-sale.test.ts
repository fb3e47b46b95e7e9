import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The product list's bulk "put on sale, N % off", posted as the list's form sends it: a
 * deeper sale already set (a product's, a variation's, or one scheduled to start) is kept
 * with its dates, a shallower or ended one is replaced, and the notice says how many were
 * set and how many kept.
 */

const PASSWORD = 'a long enough password';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY = 86_400_000;

for (const dialect of await dialects()) {
  describe(`back office: bulk sale keeps deeper sales (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    const db = () => t.services.db;
    const row = (id: number) => db().selectFrom('products').select(['sale_price', 'sale_from', 'sale_to', 'min_price', 'max_price', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const bulk = (ids: number[], percent: string) => {
      const q = new URLSearchParams({ intent: 'bulk', action: 'sale', percent });
      for (const id of ids) q.append('ids', String(id));
      return admin.request('POST', '/admin/products', q.toString(), FORM);
    };
    /** The notice as a shop manager reads it: its text, tags and entities aside. */
    const notice = (html: string) => {
      const at = html.indexOf('class="notice" role="status"');
      const tag = html.slice(html.lastIndexOf('<', at) + 1, at).trim().split(/\s/)[0];
      const inner = html.slice(html.indexOf('>', at) + 1, html.indexOf(`</${tag}>`, at));
      return inner.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await Client.start(t.app);
      await createUser(t.services, { email: 'manager@shop.example', password: PASSWORD, name: 'Manager', role: 'shop_manager' });
      expect((await admin.request('POST', '/api/account/login', { email: 'manager@shop.example', password: PASSWORD })).statusCode).toBe(200);
    }, 120_000);
    afterAll(() => t?.close());

    it('20 % off over a mix: deeper sales (running, a variation’s, scheduled) kept with their dates; shallower and ended ones replaced', async () => {
      const soon = new Date(Date.now() + 2 * DAY).toISOString();
      const later = new Date(Date.now() + 9 * DAY).toISOString();
      const past = new Date(Date.now() - 9 * DAY).toISOString();
      const gone = new Date(Date.now() - 2 * DAY).toISOString();
      const make = (name: string, extra: Record<string, unknown>) => createProduct(db(), { name, ...extra }).then((p) => p.id);
      const hoodie = await make('Hoodie with Pocket', { regular_price: 4500, sale_price: 3500 }); // 20 % would be 36.00: kept at 35.00
      const cap = await make('Cap', { regular_price: 1000 });
      const scarf = await make('Scarf', { regular_price: 2000, sale_price: 1900 }); // shallower: 16.00
      const tee = await make('Tee', {
        type: 'variable',
        attributes: [{ name: 'Size', options: ['S', 'M'], variation: 1 }],
        variations: [
          { attributes: { size: 'S' }, regular_price: 5000, sale_price: 3000 },
          { attributes: { size: 'M' }, regular_price: 5000 },
        ],
      });
      const belt = await make('Belt', { regular_price: 3000, sale_price: 2000, sale_from: soon, sale_to: later }); // deeper, scheduled: kept
      const sock = await make('Sock', { regular_price: 3000, sale_price: 2900, sale_from: soon, sale_to: later }); // shallower, scheduled: replaced
      const bag = await make('Bag', { regular_price: 3000, sale_price: 1000, sale_from: past, sale_to: gone }); // deeper but ended: replaced
      const set = await make('Gift set', { type: 'grouped' });
      const ids = [hoodie, cap, scarf, tee, belt, sock, bag, set];
      const before = await row(hoodie);

      const res = await bulk(ids, '20');
      expect(res.statusCode, res.body).toBe(200);
      const text = notice(res.body);
      expect(text).toContain('Sale set: 5 of 8 products. Kept 3 deeper sales already set.');
      expect(text).toContain('Hoodie with Pocket: Kept its deeper sale already set');
      expect(text).toContain('Tee: 1 variation kept its deeper sale already set');
      expect(text).toContain('Belt: Kept its deeper sale already set');
      expect(text).toContain('Gift set: A grouped product has no price of its own');
      for (const name of ['Cap:', 'Scarf:', 'Sock:', 'Bag:']) expect(text).not.toContain(name);

      // The hoodie is untouched, its version too (an editor open on it can still save).
      expect(await row(hoodie)).toEqual(before);
      expect(await row(cap)).toMatchObject({ sale_price: 800, min_price: 800 });
      expect(await row(scarf)).toMatchObject({ sale_price: 1600, min_price: 1600 });
      const variations = await db().selectFrom('product_variations').select(['regular_price', 'sale_price']).where('product_id', '=', tee).orderBy('id').execute();
      expect(variations).toEqual([
        { regular_price: 5000, sale_price: 3000 },
        { regular_price: 5000, sale_price: 4000 },
      ]);
      expect(await row(tee)).toMatchObject({ min_price: 3000, max_price: 4000 });
      // The scheduled deeper sale keeps its dates; until it starts the belt sells at its regular price.
      expect(await row(belt)).toMatchObject({ sale_price: 2000, sale_from: soon, sale_to: later, min_price: 3000 });
      // Replaced sales run from now, without the old dates.
      expect(await row(sock)).toMatchObject({ sale_price: 2400, sale_from: null, sale_to: null, min_price: 2400 });
      expect(await row(bag)).toMatchObject({ sale_price: 2400, sale_from: null, sale_to: null, min_price: 2400 });
      // The shop shows what the list now holds.
      const shown = (await admin.request('GET', `/api/products/${hoodie}`)).json() as { prices: unknown; onSale: boolean };
      expect(shown).toMatchObject({ prices: { regular: 4500, sale: 3500, min: 3500 }, onSale: true });

      // A deeper bulk sale replaces every one of them, the variation at 30.00 too (50 % is 25.00).
      const again = await bulk([hoodie, tee, belt], '50');
      expect(notice(again.body)).toBe('Sale set: 3 of 3 products.');
      expect(await row(hoodie)).toMatchObject({ sale_price: 2250, sale_from: null, sale_to: null });
      expect(await row(belt)).toMatchObject({ sale_price: 1500, sale_from: null, sale_to: null, min_price: 1500 });
      expect(await row(tee)).toMatchObject({ min_price: 2500, max_price: 2500 });
    });

    it('over random prices, sales, dates and percentages, each product ends as the rule says and the notice counts it (property)', async () => {
      const product = fc.integer({ min: 1, max: 200_000 }).chain((regular) =>
        fc.record({
          regular: fc.constant(regular),
          sale: regular > 1 ? fc.option(fc.integer({ min: 1, max: regular - 1 }), { nil: null }) : fc.constant(null),
          when: fc.constantFrom('always', 'running', 'scheduled', 'ended'),
        }),
      );
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(product, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 99 }), async (list, percent) => {
          const at = Date.now();
          const dates = { always: {}, running: { sale_from: new Date(at - 3 * DAY).toISOString(), sale_to: new Date(at + 3 * DAY).toISOString() }, scheduled: { sale_from: new Date(at + 3 * DAY).toISOString(), sale_to: null }, ended: { sale_from: null, sale_to: new Date(at - 3 * DAY).toISOString() } } as const;
          const ids: number[] = [];
          for (const p of list) ids.push((await createProduct(db(), { name: `Random ${n++}`, regular_price: p.regular, sale_price: p.sale, ...(p.sale === null ? {} : dates[p.when]) })).id);
          const res = await bulk(ids, String(percent));
          expect(res.statusCode, res.body).toBe(200);
          let kept = 0;
          for (const [i, p] of list.entries()) {
            const price = Math.round((p.regular * (100 - percent)) / 100);
            const keep = p.sale !== null && p.sale < price && p.when !== 'ended';
            if (keep) kept++;
            const after = await row(ids[i]!);
            if (keep) expect(after).toMatchObject({ sale_price: p.sale, ...dates[p.when] });
            else expect(after).toMatchObject({ sale_price: price, sale_from: null, sale_to: null });
          }
          const done = `Sale set: ${list.length - kept} of ${list.length} product${list.length === 1 ? '' : 's'}.`;
          const text = notice(res.body);
          if (kept) expect(text).toContain(`${done} Kept ${kept} deeper sale${kept === 1 ? '' : 's'} already set.`);
          else expect(text).toBe(done);
        }),
        { numRuns: 6, seed: 20261201 },
      );
    });

    it('nothing deeper to keep: the notice is the plain count; a refused percentage changes nothing', async () => {
      const a = (await createProduct(db(), { name: 'Plain A', regular_price: 999 })).id;
      const res = await bulk([a], '10');
      expect(notice(res.body)).toBe('Sale set: 1 of 1 product.');
      expect(await row(a)).toMatchObject({ sale_price: 899 });
      const refused = await bulk([a], '0');
      expect(refused.statusCode).toBe(400);
      expect(await row(a)).toMatchObject({ sale_price: 899 });
    });
  });
}
