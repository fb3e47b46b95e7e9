import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { applyScheduledSales, SALES_CHECKED_KEY } from '../../app/features/catalog/scheduled-sales.server.ts';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

for (const dialect of await dialects()) {
  describe(`scheduled sales (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());

    const listedUnder = async (max: number) =>
      ((await t.app.inject(`/api/products?max_price=${max}&per_page=100`)).json().products as { name: string }[]).map((p) => p.name);

    it('a sale that starts or ends with the clock shows in listings at the next check', async () => {
      const db = t.services.db;
      const starting = await createProduct(db, { name: 'Lamp Starting', regular_price: 2000, sale_price: 1500, sale_from: new Date(Date.now() + 3_600_000).toISOString() });
      const ending = await createProduct(db, { name: 'Lamp Ending', regular_price: 2000, sale_price: 1500, sale_to: new Date(Date.now() + 3_600_000).toISOString() });
      expect(await listedUnder(16)).toEqual(['Lamp Ending']);
      // Time passes: the first sale has begun a minute ago, the second ended a minute ago
      // (moved here by hand, as the clock would; nothing recomputed them).
      await db.updateTable('products').set({ sale_from: ago(1) }).where('id', '=', starting.id).execute();
      await db.updateTable('products').set({ sale_to: ago(1) }).where('id', '=', ending.id).execute();
      await db.insertInto('settings').values({ key: SALES_CHECKED_KEY, value: ago(5) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: ago(5) })).execute();
      expect(await listedUnder(16)).toEqual(['Lamp Ending']);

      const changed = await applyScheduledSales(db);
      expect(changed.sort()).toEqual([starting.id, ending.id].sort());
      expect(await listedUnder(16)).toEqual(['Lamp Starting']);
      const shown = (await t.app.inject(`/api/products/${starting.id}`)).json();
      expect(shown).toMatchObject({ onSale: true });
      // Nothing crossed since: nothing to do.
      expect(await applyScheduledSales(db)).toEqual([]);
    });
  });
}
