import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { createProduct, setProductLinks } from '../catalog/catalog-write.server.ts';
import { findProduct } from '../catalog/product.server.ts';
import { productRecommendations, relatedProducts, upsellProducts } from './related.server.ts';

for (const dialect of await dialects()) {
  describe(`related products and upsells (${dialect})`, () => {
    let t: TestDatabase;
    const id: Record<string, number> = {};
    const make = async (name: string, extra: Record<string, unknown> = {}) => {
      id[name] = (await createProduct(t.db, { name, regular_price: 1000, categories: [['Clothing', 'Tees']], ...extra })).id;
    };

    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await make('Tee');
      await make('Best Seller', { total_sales: 90 });
      await make('Middling', { total_sales: 40 });
      await make('Quiet', { total_sales: 1 });
      await make('Upsold', { total_sales: 99 });
      await make('Draft Tee', { status: 'draft', total_sales: 80 });
      await make('Hidden Tee', { catalog_visibility: 'hidden', total_sales: 80 });
      await make('Search Only Tee', { catalog_visibility: 'search', total_sales: 80 });
      await make('Mug', { categories: [['Home & Living', 'Mugs']], total_sales: 100 });
      await make('Hidden Upsell', { categories: [['Home & Living', 'Mugs']], catalog_visibility: 'hidden' });
      await setProductLinks(t.db, id.Tee, { upsell: [id.Upsold, id.Mug, id['Hidden Upsell']], crosssell: [id.Quiet] });
    });
    afterAll(() => t.cleanup());

    it('lists listed products of the same categories, best sellers first, without the product or its upsells', async () => {
      const tee = (await findProduct(t.db, id.Tee))!;
      const related = await relatedProducts(t.db, tee);
      // Cross-sells (Quiet) are the cart's business: a same-category product still counts here.
      expect(related.map((p) => p.name)).toEqual(['Best Seller', 'Middling', 'Quiet']);
      expect(related[0]).toMatchObject({ url: '/product/best-seller', type: 'simple', prices: { regular: 1000 } });
      expect((await relatedProducts(t.db, tee, 2)).map((p) => p.name)).toEqual(['Best Seller', 'Middling']);
    });

    it('finds nothing when the only other product of the category is hidden from the catalog', async () => {
      const mug = (await findProduct(t.db, id.Mug))!;
      expect(await relatedProducts(t.db, mug)).toEqual([]);
    });

    it('keeps the shop’s upsell order and drops the ones hidden from the catalog', async () => {
      const tee = (await findProduct(t.db, id.Tee))!;
      expect((await upsellProducts(t.db, tee)).map((p) => p.name)).toEqual(['Upsold', 'Mug']);
    });

    it('tops up fewer upsells than a row with the category’s best sellers, which then leave the related list; related in whole rows', async () => {
      const middling = (await findProduct(t.db, id.Middling))!;
      await setProductLinks(t.db, id.Middling, { upsell: [id.Quiet] });
      const lists = await productRecommendations(t.db, (await findProduct(t.db, id.Middling))!);
      expect(lists.upsells.map((p) => p.name)).toEqual(['Quiet', 'Upsold', 'Best Seller']);
      expect(lists.related.map((p) => p.name)).toEqual(['Tee']);
      // Without upsells nothing moves to them; the related list keeps whole rows of three (not 3 + 1).
      await setProductLinks(t.db, id.Middling, { upsell: [] });
      const plain = await productRecommendations(t.db, middling);
      expect(plain.upsells).toEqual([]);
      expect(await relatedProducts(t.db, middling)).toHaveLength(4);
      expect(plain.related.map((p) => p.name)).toEqual(['Upsold', 'Best Seller', 'Quiet']);
    });
  });
}
