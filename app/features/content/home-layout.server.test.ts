import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { createProduct } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { homeBlocks, homeLayout, saveHomeLayout } from './home-layout.server.ts';
import { DEFAULT_HOME_LAYOUT, HOME_LAYOUT_KEY, type HomeLayoutInput } from './home-layout.schema.ts';

for (const dialect of await dialects()) {
  describe(`home layout (${dialect})`, () => {
    let t: TestDatabase;

    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await createProduct(t.db, { name: 'Old Tee', regular_price: 2000, categories: [['Clothing', 'Tees']], featured: true, created_at: '2026-01-01T00:00:00.000Z' });
      await createProduct(t.db, { name: 'New Mug', regular_price: 1500, sale_price: 1200, categories: [['Home & Living', 'Mugs']], created_at: '2026-02-01T00:00:00.000Z' });
      await createProduct(t.db, { name: 'Newest Mug', regular_price: 1800, categories: [['Home & Living', 'Mugs']], created_at: '2026-03-01T00:00:00.000Z' });
    });
    afterAll(() => t.cleanup());

    it('shows the default layout until one is stored, leaving out sections with nothing to show', async () => {
      expect(await homeLayout(t.db)).toEqual(DEFAULT_HOME_LAYOUT);
      const blocks = await homeBlocks(t.db);
      expect(blocks.map((b) => b.type)).toEqual(['hero', 'benefits', 'categories', 'products', 'promo', 'products']);
      const newest = blocks.find((b) => b.type === 'products' && b.source === 'newest');
      expect(newest?.type === 'products' && newest.products.map((p) => p.name)).toEqual(['Newest Mug', 'New Mug', 'Old Tee']);
      // Without chosen paths: the categories without subcategories, the most products first.
      const tiles = blocks.find((b) => b.type === 'categories');
      expect(tiles?.type === 'categories' && tiles.categories.map((c) => c.path)).toEqual(['home-living/mugs', 'clothing/tees']);
    });

    it('renders a stored layout in its order, with its own categories, sale and hero picture', async () => {
      const layout: HomeLayoutInput = [
        { type: 'promo', title: 'Sale', text: '', cta: { label: 'Shop the sale', href: '/product-tag/sale' } },
        { type: 'products', title: 'On sale', source: 'on_sale', limit: 4 },
        { type: 'categories', title: 'Mugs and tees', paths: ['home-living/mugs', 'clothing'], limit: 6 },
        { type: 'hero', title: 'Hello', text: '', cta: { label: 'Shop', href: '/shop' }, imageCategory: 'clothing' },
      ];
      await saveHomeLayout(t.db, layout);
      const blocks = await homeBlocks(t.db);
      expect(blocks.map((b) => b.type)).toEqual(['promo', 'products', 'categories', 'hero']);
      expect(blocks[1].type === 'products' && blocks[1].products.map((p) => p.name)).toEqual(['New Mug']);
      expect(blocks[2].type === 'categories' && blocks[2].categories.map((c) => c.name)).toEqual(['Mugs', 'Clothing']);
      // The category has no picture here: the hero goes without one.
      expect(blocks[3]).toMatchObject({ type: 'hero', image: null });
    });

    it('refuses a bad layout with the field named and keeps the stored one; an unreadable stored one falls back to the default', async () => {
      const before = await homeLayout(t.db);
      const bad = [{ type: 'hero', title: '', cta: { label: 'Go', href: 'javascript:alert(1)' } }];
      const err = await saveHomeLayout(t.db, bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
      expect(Object.keys((err as HttpError).fields ?? {})).toEqual(expect.arrayContaining(['0.title', '0.cta.href']));
      expect(await homeLayout(t.db)).toEqual(before);
      await t.db.updateTable('settings').set({ value: '[{"type":"nonsense"}]' }).where('key', '=', HOME_LAYOUT_KEY).execute();
      expect(await homeLayout(t.db)).toEqual(DEFAULT_HOME_LAYOUT);
    });
  });
}
