import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type DB } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import { migrationProvider } from '../../db/migrations/index.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { createPage } from '../../app/features/pages/pages-admin.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The home page is a block page. A new shop shows the default home blocks; a shop that had
 * customised the former home layout (settings key `content.home_layout`) gets it as its
 * published page "home" from migration 034, the same sections in the same order, each with
 * its settings, and the shop's front page shows them.
 */

const MIGRATION = '2026-12-02-034-home-page';
const KEY = 'content.home_layout';

/** Puts the database back to just before migration 034 (its down keeps the data). */
async function beforeHomeMigration(db: DB): Promise<void> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const previous = names[names.indexOf(MIGRATION) - 1]!;
  const schema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const { error } = await new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema }).migrateTo(previous);
  if (error) throw error;
}

/** A layout as the former home layout editor stored it (every default written out). */
const CUSTOM_LAYOUT = [
  { type: 'promo', eyebrow: 'Winter sale', title: 'Half price on mugs', text: 'While stocks last.', cta: { label: 'Shop the sale', href: '/product-tag/sale' } },
  { type: 'products', title: 'Bargains', source: 'on_sale', limit: 4, columns: 4, more: { label: 'All offers', href: '/product-tag/sale' } },
  { type: 'categories', title: 'Mugs and tees', paths: ['home-living/mugs', 'clothing/tees'], limit: 2 },
  { type: 'hero', title: 'Hello winter', text: 'Warm things.', cta: { label: 'Shop', href: '/shop' }, secondary: { label: 'New in', href: '/shop?orderby=date' }, imageCategory: 'clothing' },
  { type: 'benefits', items: [{ icon: 'chat', title: 'Real people', text: 'We answer within a day.' }] },
  { type: 'products', title: 'Loved by many', source: 'best_sellers', limit: 2, columns: 3 },
];

for (const dialect of await dialects()) {
  describe(`the home page as a block page (${dialect})`, () => {
    let t: TestApp;
    const db = () => t.services.db;
    const home = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    /** The page's main content has each text, in this order (each found after the one before). */
    const expectInOrder = (body: string, texts: string[]) => {
      let at = body.indexOf('<main');
      for (const x of texts) {
        const next = body.indexOf(x, at);
        expect(next, `"${x}" after the texts before it`).toBeGreaterThan(at);
        at = next;
      }
    };
    const homeRow = () => db().selectFrom('pages').selectAll().where('slug', '=', 'home').executeTakeFirst();
    const storedLayout = async (value: string) => {
      await beforeHomeMigration(db());
      await db().insertInto('settings').values({ key: KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
      await migrate(db());
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await createProduct(db(), { name: 'Old Tee', regular_price: 2000, categories: [['Clothing', 'Tees']], featured: true, total_sales: 5, created_at: '2026-01-01T00:00:00.000Z' });
      await createProduct(db(), { name: 'Cheap Mug', regular_price: 1500, sale_price: 1200, categories: [['Home & Living', 'Mugs']], total_sales: 1, created_at: '2026-02-01T00:00:00.000Z' });
      await createProduct(db(), { name: 'Newest Mug', regular_price: 1800, categories: [['Home & Living', 'Mugs']], total_sales: 9, created_at: '2026-03-01T00:00:00.000Z' });
    }, 120_000);
    afterAll(() => t?.close());

    it('a new shop shows the default home blocks: hero, promises, categories, new arrivals, sale strip, featured', async () => {
      expect(await homeRow()).toBeUndefined();
      const body = await home();
      expectInOrder(body, ['New season, new favourites', 'Fast delivery', 'Shop by category', 'New arrivals', 'Newest Mug', 'Cheap Mug', 'Old Tee', 'Prices down while stocks last', 'Featured products']);
      expect(body).toMatch(/<h1[^>]*>New season, new favourites<\/h1>/);
      expect(body).toContain('href="/product-category/home-living/mugs"');
    });

    it('a layout that no longer parsed (the default showed) writes no page; the key goes', async () => {
      await storedLayout('[{"type":"carousel"}]');
      expect(await homeRow()).toBeUndefined();
      expect(await db().selectFrom('settings').select('key').where('key', '=', KEY).executeTakeFirst()).toBeUndefined();
      expect(await home()).toContain('New season, new favourites');
    });

    it('turns a customised layout into the published page "home": same sections, same order, same settings', async () => {
      await storedLayout(JSON.stringify(CUSTOM_LAYOUT));
      expect(await db().selectFrom('settings').select('key').where('key', '=', KEY).executeTakeFirst()).toBeUndefined();
      const row = (await homeRow())!;
      expect(row).toMatchObject({ status: 'published', title: 'Home' });
      expect(row.published_blocks).toBe(row.blocks);
      const blocks = JSON.parse(row.published_blocks!) as { id: string; type: string; props: Record<string, unknown> }[];
      expect(blocks.map((b) => b.type)).toEqual(['promo', 'product-grid', 'category-tiles', 'hero', 'benefits', 'product-grid']);
      expect(new Set(blocks.map((b) => b.id)).size).toBe(blocks.length);
      expect(blocks.map((b) => b.props)).toEqual([
        { eyebrow: 'Winter sale', title: 'Half price on mugs', text: 'While stocks last.', cta: { label: 'Shop the sale', href: '/product-tag/sale' } },
        { title: 'Bargains', source: 'on_sale', limit: 4, columns: { large: 4, medium: 3, small: 2 }, more: { label: 'All offers', href: '/product-tag/sale' } },
        { title: 'Mugs and tees', paths: ['home-living/mugs', 'clothing/tees'], limit: 2 },
        { eyebrow: '', title: 'Hello winter', text: 'Warm things.', cta: { label: 'Shop', href: '/shop' }, secondary: { label: 'New in', href: '/shop?orderby=date' }, imageCategory: 'clothing' },
        { items: [{ icon: 'chat', title: 'Real people', text: 'We answer within a day.' }] },
        { title: 'Loved by many', source: 'best_sellers', limit: 2, columns: { large: 3, medium: 3, small: 2 } },
      ]);
      // It can be restored from its history like any published page.
      expect(await db().selectFrom('page_revisions').select(['kind', 'version']).where('page_id', '=', row.id).execute()).toEqual([{ kind: 'published', version: 1 }]);

      // The front page shows them: the sale strip first, only products on sale under it, the chosen categories in their order.
      const body = await home();
      expectInOrder(body, ['Half price on mugs', 'Bargains', 'Cheap Mug', 'Mugs and tees', 'href="/product-category/home-living/mugs"', 'href="/product-category/clothing/tees"', 'Hello winter', 'Real people', 'Loved by many', 'Newest Mug', 'Old Tee']);
      expect(body).not.toContain('New season, new favourites');
      const bargains = body.slice(body.indexOf('Bargains'), body.indexOf('Mugs and tees'));
      expect(bargains).not.toContain('Newest Mug');
      expect(bargains).toContain('href="/product-tag/sale"');
    });

    it('a page "home" already published stays as it was; a draft one keeps its draft and shows the layout', async () => {
      const before = (await homeRow())!;
      await storedLayout(JSON.stringify([CUSTOM_LAYOUT[4]]));
      expect(await homeRow()).toEqual(before);

      await db().deleteFrom('pages').execute();
      const draft = await createPage(db(), { slug: 'home', title: 'Start', blocks: [{ id: 'hi', type: 'heading', props: { text: 'Coming soon', level: 2 } }] }, null);
      await storedLayout(JSON.stringify([CUSTOM_LAYOUT[3]]));
      const row = (await homeRow())!;
      expect(row).toMatchObject({ id: draft.id, status: 'published', title: 'Start', version: draft.version + 1 });
      expect(JSON.parse(row.blocks)).toEqual([expect.objectContaining({ type: 'heading' })]);
      expect(JSON.parse(row.published_blocks!).map((b: { type: string }) => b.type)).toEqual(['hero']);
      const body = await home();
      expect(body).toContain('Hello winter');
      expect(body).not.toContain('Coming soon');
    });
  });
}
