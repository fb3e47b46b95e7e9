import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { CANDIDATES } from '../../app/features/search/search.server.ts';
import { rankKey } from '../../db/search/rank-key.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/**
 * The engine ranks a bounded set of candidates read in popularity order (rank keys kept by
 * triggers): with more matches than CANDIDATES, exact names and matches without a typo
 * still come first, and stock and sales changes move products at once, on both databases.
 */
for (const dialect of await dialects()) {
  describe(`search beyond the candidate bound (${dialect})`, () => {
    let t: TestApp;
    const ids = new Map<string, number>();
    const names = async (q: string) =>
      ((await t.app.inject({ url: `/api/search/suggestions?q=${encodeURIComponent(q)}`, remoteAddress: '10.1.1.1' })).json().suggestions as { value: string; type: string }[])
        .filter((s) => s.type === 'product')
        .map((s) => s.value);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const db = t.services.db;
      for (let i = 1; i <= CANDIDATES + 10; i++) {
        ids.set(`Candle Shade ${i}`, (await createProduct(db, { name: `Candle Shade ${i}`, regular_price: 1000, total_sales: 1000 + i })).id);
      }
      for (const [name, sales] of [['Candle', 0], ['Door Handle', 0], ['Quiet Candle Stand', 1]] as const) ids.set(name, (await createProduct(db, { name, regular_price: 500, total_sales: sales })).id);
    }, 120_000);
    afterAll(() => t.close());

    it('puts an exact name and matches without a typo first, however many more popular matches there are', async () => {
      const candle = await names('candle');
      expect(candle[0]).toBe('Candle');
      expect(candle.slice(1, 4)).toEqual([`Candle Shade ${CANDIDATES + 10}`, `Candle Shade ${CANDIDATES + 9}`, `Candle Shade ${CANDIDATES + 8}`]);
      expect(candle).toHaveLength(10);
      // "handle" is one edit from "candle": the one exact match first, then corrections.
      const handle = await names('handle');
      expect(handle[0]).toBe('Door Handle');
      expect(handle.slice(1, 3)).toEqual(['Candle', `Candle Shade ${CANDIDATES + 10}`]);
    });

    it('moves a product at once when its stock or sales change (rank key kept by the database)', async () => {
      const db = t.services.db;
      // The least sold of the shades: beyond the candidates read for "candle".
      const shade = ids.get('Candle Shade 1')!;
      expect(await names('candle')).not.toContain('Candle Shade 1');
      await db.updateTable('products').set({ total_sales: 1_000_000 }).where('id', '=', shade).execute();
      expect((await names('candle')).slice(0, 2)).toEqual(['Candle', 'Candle Shade 1']);
      const row = await db.selectFrom('search_documents').select('rank_key').where('product_id', '=', shade).executeTakeFirstOrThrow();
      expect(Number(row.rank_key)).toBe(rankKey({ id: shade, stock_status: 'instock', total_sales: 1_000_000 }));
      await db.updateTable('products').set({ stock_status: 'outofstock' }).where('id', '=', shade).execute();
      expect(await names('candle')).not.toContain('Candle Shade 1');
      // Still found by itself.
      expect(await names('candle shade 1')).toContain('Candle Shade 1');
      // A delete takes a product out of the word index too.
      expect(await names('quiet candle')).toEqual(['Quiet Candle Stand']);
      await db.deleteFrom('products').where('id', '=', ids.get('Quiet Candle Stand')!).execute();
      expect(await names('quiet candle')).toEqual(['No products found']);
    });
  });
}
