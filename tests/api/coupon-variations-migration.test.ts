import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type DB } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import { migrationProvider } from '../../db/migrations/index.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { getCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

/*
 * Migration 045 (decision 0007): coupons stored before it may hold a variation's id in their
 * product lists; once migrated, an id that names no product but a variation is in the
 * variation list, and one that names a product stays a product.
 */

const MIGRATION = '2026-12-04-045-coupon-variations';

async function migrateBefore(db: DB): Promise<void> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const previous = names[names.indexOf(MIGRATION) - 1]!;
  const schema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const { error } = await new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema }).migrateTo(previous);
  if (error) throw error;
}

for (const dialect of await dialects()) {
  describe(`coupon variation lists, migrated (${dialect})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
    });
    afterAll(() => t?.cleanup());

    it('moves variation ids out of the product lists; ids naming a product stay', async () => {
      const db = t.db;
      const mug = (await createProduct(db, { name: 'Mug', regular_price: 900 })).id;
      const tee = (
        await createProduct(db, {
          type: 'variable',
          name: 'Tee',
          attributes: [{ name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL'], variation: 1 }],
          variations: ['XS', 'S', 'M', 'L', 'XL'].map((size) => ({ attributes: { size }, regular_price: 1900 })),
        })
      ).id;
      const products = new Set((await db.selectFrom('products').select('id').execute()).map((r) => r.id));
      const variations = (await db.selectFrom('product_variations').select('id').where('product_id', '=', tee).orderBy('id').execute()).map((r) => r.id);
      const onlyVariations = variations.filter((id) => !products.has(id));
      expect(onlyVariations.length, 'variations numbered apart from every product').toBeGreaterThanOrEqual(2);
      const [m, l] = onlyVariations as [number, number];
      // The product list also names the mug by an id that is a variation's too: it stays the mug.
      expect(variations).toContain(mug);

      await migrateBefore(db);
      const now = new Date().toISOString();
      const { id } = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('coupons')
        .values({ code: 'old-list', amount: 1000, discount_type: 'percent', product_ids: JSON.stringify([mug, tee, m]), excluded_product_ids: JSON.stringify([l]), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow() as { id: number };
      await migrate(db);

      expect(await getCoupon(db, id)).toMatchObject({ productIds: [mug, tee], variationIds: [m], excludedProductIds: [], excludedVariationIds: [l] });
      // Stored as the columns of their own.
      const fresh = await db.selectFrom('coupons').select(['variation_ids', 'excluded_variation_ids']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(fresh).toEqual({ variation_ids: JSON.stringify([m]), excluded_variation_ids: JSON.stringify([l]) });
    });
  });
}
