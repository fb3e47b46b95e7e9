import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { createMailer } from '../../app/lib/mail.server.ts';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { createRateLimiter } from '../../app/lib/rate-limit.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/helpers/databases.ts';
import type { DB } from '../client.ts';
import { seedBench } from './bench.ts';
import { BLOCK_TYPES } from '../../app/features/pages/blocks.schema.ts';
import { publishedPage } from '../../app/features/pages/pages.server.ts';
import { walkBlocks } from '../../app/features/pages/walk.ts';
import { DEMO_FEATURED_NAMES, DEMO_PRODUCT_NAMES, DEMO_SPECIAL } from './demo-data.ts';
import { seedDemo } from './demo.ts';
import { DEMO_SHOP_BLOCKS } from './demo-home-blocks.ts';
import { DEMO_SHIPPING_CLASSES } from './demo-commerce.ts';
import { DEMO_WISHLIST, DEMO_WISHLIST_URL } from './demo-wishlist.ts';

function servicesFor(d: TestDatabase): Services {
  return {
    db: d.db,
    config: loadConfig({ NODE_ENV: 'test' }, { databaseUrl: d.url, dataDir: d.dataDir, sessionSecret: 'x'.repeat(32), seedDemo: false }),
    mailer: createMailer({ from: 'a@b', dataDir: d.dataDir }),
    log: pino({ level: 'silent' }),
    loginLimiter: createRateLimiter(10, 1000),
  };
}

const product = (db: DB, name: string) => db.selectFrom('products').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const variationsOf = async (db: DB, id: number) =>
  (await db.selectFrom('product_variations').selectAll().where('product_id', '=', id).orderBy('id').execute()).map((v) => ({ ...v, attrs: JSON.parse(v.attributes) }));
const count = async (db: DB, table: 'products' | 'categories' | 'tags' | 'media' | 'reviews') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

for (const dialect of await dialects()) {
  describe(`demo seed (${dialect})`, () => {
    let d: TestDatabase;
    let seeded: { products: number } | null;
    beforeAll(async () => {
      d = await createTestDatabase(dialect);
      seeded = await seedDemo(servicesFor(d));
    });
    afterAll(() => d.cleanup());

    it('creates the forty named demo products, and nothing on a second call', async () => {
      expect(seeded).toEqual({ products: 40 });
      const names = (await d.db.selectFrom('products').select('name').execute()).map((r) => r.name);
      expect(names.sort()).toEqual([...DEMO_PRODUCT_NAMES].sort());
      expect(await seedDemo(servicesFor(d))).toBeNull();
      expect(await count(d.db, 'products')).toBe(40);
    });

    it('ships a public demo wishlist of six products, linked from the home page', async () => {
      const list = await d.db.selectFrom('wishlists').selectAll().where('token', '=', DEMO_WISHLIST.token).executeTakeFirstOrThrow();
      expect(list).toMatchObject({ name: DEMO_WISHLIST.name, visibility: 'public', user_id: null });
      const items = await d.db
        .selectFrom('wishlist_items')
        .innerJoin('products', 'products.id', 'wishlist_items.product_id')
        .select(['products.name', 'wishlist_items.position', 'wishlist_items.price_added', 'products.min_price'])
        .where('wishlist_id', '=', list.id)
        .orderBy('position')
        .execute();
      expect(items.map((i) => i.name)).toEqual([...DEMO_WISHLIST.products]);
      expect(items.every((i) => i.price_added !== null && i.price_added >= i.min_price!)).toBe(true);
      expect(JSON.stringify(DEMO_SHOP_BLOCKS)).toContain(DEMO_WISHLIST_URL);
    });

    it('has variable products with colour and size swatches, a 36-variation product and an "any size" variation', async () => {
      const tee = await product(d.db, DEMO_SPECIAL.manyVariations);
      const vars = await variationsOf(d.db, tee.id);
      expect(vars.length).toBeGreaterThan(30);
      expect(vars.some((v) => v.stock_status === 'outofstock')).toBe(true);
      expect(vars.every((v) => v.image_id !== null)).toBe(true);
      expect([tee.min_price, tee.max_price]).toEqual([1900, 2100]);
      const attrs = await d.db.selectFrom('product_attributes').selectAll().where('product_id', '=', tee.id).orderBy('position').execute();
      expect(attrs.map((a) => [a.slug, a.display])).toEqual([['color', 'color'], ['size', 'label']]);
      expect(JSON.parse(attrs[0].swatches).Red).toMatch(/^#[0-9a-f]{6}$/);

      const boxy = await product(d.db, DEMO_SPECIAL.anyVariation);
      expect((await variationsOf(d.db, boxy.id)).map((v) => v.attrs)).toContainEqual({ color: 'Red', size: '' });
    });

    it('has a grouped product priced from its children and an external product with its button', async () => {
      const set = await product(d.db, DEMO_SPECIAL.grouped);
      const kids = await d.db
        .selectFrom('product_links')
        .innerJoin('products', 'products.id', 'product_links.linked_id')
        .select(['products.min_price', 'products.max_price'])
        .where('product_links.product_id', '=', set.id)
        .where('kind', '=', 'grouped')
        .execute();
      expect(kids).toHaveLength(3);
      expect(set.min_price).toBe(Math.min(...kids.map((k) => k.min_price!)));
      expect(set.max_price).toBe(Math.max(...kids.map((k) => k.max_price!)));
      const ext = await product(d.db, DEMO_SPECIAL.external);
      expect(ext).toMatchObject({ type: 'external', button_text: 'Book a seat', external_url: expect.stringMatching(/^https:/) });
    });

    it('prices sales by their dates, and has featured, sold-individually and low-stock products', async () => {
      expect(await product(d.db, DEMO_SPECIAL.onSaleDated)).toMatchObject({ regular_price: 3500, sale_price: 2800, min_price: 2800 });
      expect(await product(d.db, DEMO_SPECIAL.onSale)).toMatchObject({ min_price: 3600, sale_from: null });
      expect(await product(d.db, DEMO_SPECIAL.scheduledSale)).toMatchObject({ min_price: 5500, max_price: 5500 });
      const featured = await d.db.selectFrom('products').select('name').where('featured', '=', 1).execute();
      expect(featured.map((f) => f.name).sort()).toEqual([...DEMO_FEATURED_NAMES].sort());
      expect(featured.length).toBeGreaterThanOrEqual(6);
      expect(await product(d.db, DEMO_SPECIAL.soldIndividually)).toMatchObject({ sold_individually: 1 });
      const low = await product(d.db, DEMO_SPECIAL.lowStock);
      expect(low.manage_stock).toBe(1);
      expect(low.stock_quantity!).toBeLessThanOrEqual(low.low_stock_amount!);
      expect(await product(d.db, DEMO_SPECIAL.onBackorder)).toMatchObject({ stock_status: 'onbackorder' });
      expect(await product(d.db, DEMO_SPECIAL.outOfStock)).toMatchObject({ stock_status: 'outofstock' });
    });

    it('averages approved reviews only', async () => {
      const reviews = await d.db.selectFrom('reviews').select(['product_id', 'rating', 'status']).execute();
      expect(new Set(reviews.map((r) => r.status))).toEqual(new Set(['approved', 'pending']));
      for (const p of await d.db.selectFrom('products').select(['id', 'average_rating', 'review_count']).execute()) {
        const approved = reviews.filter((r) => r.product_id === p.id && r.status === 'approved').map((r) => r.rating);
        expect(p.review_count).toBe(approved.length);
        const avg = approved.length ? approved.reduce((a, b) => a + b, 0) / approved.length : 0;
        expect(p.average_rating).toBeCloseTo(avg, 2);
      }
      expect((await product(d.db, DEMO_SPECIAL.manyVariations)).average_rating).toBeGreaterThan(4);
    });

    it('varies the reviews: no name or text twice on a product, and few repeats across the shop', async () => {
      const reviews = await d.db.selectFrom('reviews').select(['product_id', 'author', 'content']).execute();
      const byProduct = new Map<number, typeof reviews>();
      for (const r of reviews) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
      for (const list of byProduct.values()) {
        expect(new Set(list.map((r) => r.author)).size).toBe(list.length);
        expect(new Set(list.map((r) => r.content)).size).toBe(list.length);
      }
      // No reviewer and no text on more than a few pages of the shop.
      const uses = (values: string[]) => {
        const n = new Map<string, number>();
        for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
        return Math.max(...n.values());
      };
      expect(reviews.length).toBeGreaterThan(40);
      expect(uses(reviews.map((r) => r.author))).toBeLessThanOrEqual(3);
      expect(uses(reviews.map((r) => r.content))).toBeLessThanOrEqual(3);
    });

    it('builds a two-level category tree whose counts include subcategories', async () => {
      const cats = await d.db.selectFrom('categories').selectAll().orderBy('id').execute();
      expect(cats.map((c) => c.path)).toEqual([
        'clothing', 'clothing/t-shirts', 'clothing/hoodies', 'clothing/accessories', 'home-living', 'home-living/mugs', 'home-living/posters', 'home-living/plants',
      ]);
      const byPath = Object.fromEntries(cats.map((c) => [c.path, c]));
      expect(byPath['clothing/hoodies'].parent_id).toBe(byPath.clothing.id);
      expect(byPath.clothing.product_count).toBe(byPath['clothing/t-shirts'].product_count + byPath['clothing/hoodies'].product_count + byPath['clothing/accessories'].product_count);
      expect(byPath.clothing.product_count + byPath['home-living'].product_count).toBe(40);
      expect(cats.every((c) => c.image_id !== null)).toBe(true);
    });

    it('ships shipping classes on the products they fit', async () => {
      const classes = (await d.db.selectFrom('shipping_classes').select('slug').orderBy('slug').execute()).map((c) => c.slug);
      expect(classes).toEqual(Object.keys(DEMO_SHIPPING_CLASSES).sort());
      for (const [slug, names] of Object.entries(DEMO_SHIPPING_CLASSES)) {
        const rows = await d.db.selectFrom('products').select('name').where('shipping_class', '=', slug).orderBy('name').execute();
        expect(rows.map((r) => r.name)).toEqual([...names].sort());
      }
    });

    it('stores media whose variant files exist, with upsells and cross-sells linked', async () => {
      const media = await d.db.selectFrom('media').selectAll().execute();
      expect(media.length).toBeGreaterThan(40);
      for (const m of media) {
        expect(JSON.parse(m.widths)).toEqual([150, 300, 600, 1200]);
        for (const w of [150, 1200]) expect(existsSync(path.join(mediaRoot(d.dataDir), `${m.path}-${w}.webp`))).toBe(true);
      }
      const links = await d.db.selectFrom('product_links').select('kind').execute();
      expect(new Set(links.map((l) => l.kind))).toEqual(new Set(['grouped', 'upsell', 'crosssell']));
    });
  });

  describe(`bench seed and product validation (${dialect})`, () => {
    let d: TestDatabase;
    beforeAll(async () => {
      d = await createTestDatabase(dialect);
      await seedBench(servicesFor(d), 500);
    });
    afterAll(() => d.cleanup());

    it('adds n products in 49 categories with correct prices and counts', async () => {
      expect(await count(d.db, 'products')).toBe(500);
      expect(await count(d.db, 'categories')).toBe(49);
      expect(await count(d.db, 'media')).toBe(10);
      const products = await d.db.selectFrom('products').selectAll().execute();
      const variable = products.filter((p) => p.type === 'variable');
      expect(variable.length).toBeGreaterThan(50);
      const vars = await d.db.selectFrom('product_variations').selectAll().execute();
      const now = new Date().toISOString();
      const eff = (p: { regular_price: number | null; sale_price: number | null; sale_from: string | null; sale_to: string | null }) =>
        p.sale_price !== null && (!p.sale_from || p.sale_from <= now) && (!p.sale_to || p.sale_to >= now) ? p.sale_price : p.regular_price;
      for (const p of products) {
        const prices = p.type === 'variable' ? vars.filter((v) => v.product_id === p.id).map(eff) : [eff(p)];
        expect([p.min_price, p.max_price]).toEqual([Math.min(...(prices as number[])), Math.max(...(prices as number[]))]);
      }
      const cats = await d.db.selectFrom('categories').selectAll().execute();
      const leaves = cats.filter((c) => c.parent_id !== null);
      expect(leaves.reduce((s, c) => s + c.product_count, 0)).toBe(500);
      expect(cats.filter((c) => c.parent_id === null).reduce((s, c) => s + c.product_count, 0)).toBe(500);
    });

    it('adds more on a second run, reusing the placeholder images', async () => {
      await seedBench(servicesFor(d), 30);
      expect(await count(d.db, 'products')).toBe(530);
      expect(await count(d.db, 'media')).toBe(10);
    });

    it('publishes the demo home page once, with one block of every type', async () => {
      const home = await publishedPage(d.db, 'home');
      const types = new Set<string>();
      walkBlocks(home!.blocks, (b) => types.add(b.type));
      expect([...types].sort()).toEqual([...BLOCK_TYPES].sort());
      const pages = await d.db.selectFrom('pages').select('slug').execute();
      expect(pages.map((p) => p.slug)).toEqual(['home']);
    });

    it('rejects bad product input with a 400 naming the field, writing nothing', async () => {
      const before = await count(d.db, 'products');
      const cases: [unknown, string][] = [
        [{ name: 'Bad price', regular_price: -100 }, 'regular_price'],
        [{ name: 'Odd type', type: 'bundle', regular_price: 100 }, 'type'],
        [{ name: 'Sale above price', regular_price: 100, sale_price: 200 }, 'sale_price'],
        [{ name: 'No url', type: 'external', regular_price: 100 }, 'external_url'],
        [{ name: 'Bad option', type: 'variable', attributes: [{ name: 'Size', options: ['S'], variation: true }], variations: [{ attributes: { size: 'XXL' } }] }, 'variations.0.attributes.size'],
        [{ name: '' }, 'name'],
      ];
      for (const [input, field] of cases) {
        const err = await createProduct(d.db, input).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(HttpError);
        expect((err as HttpError).status).toBe(400);
        expect(Object.keys((err as HttpError).fields ?? {})).toContain(field);
      }
      // Fails inside the transaction, after the product row and a new category were written.
      const late = await createProduct(d.db, { name: 'Linked to nothing', regular_price: 100, categories: [['Rollback', 'Test']], links: { upsell: [999999] } }).catch((e: unknown) => e);
      expect((late as HttpError).status).toBe(400);
      expect(await count(d.db, 'products')).toBe(before);
      expect(await d.db.selectFrom('categories').select('id').where('name', '=', 'Rollback').execute()).toEqual([]);
    });

    it('gives repeated names unique slugs and refuses a taken SKU', async () => {
      const a = await createProduct(d.db, { name: 'Twin Mug', regular_price: 900, sku: 'TWIN-1', tags: ['Twins'] });
      const b = await createProduct(d.db, { name: 'Twin Mug', regular_price: 900 });
      expect([a.slug, b.slug]).toEqual(['twin-mug', 'twin-mug-2']);
      const err = await createProduct(d.db, { name: 'Twin Mug', sku: 'TWIN-1' }).catch((e: unknown) => e);
      expect((err as HttpError).status).toBe(409);
      const uncategorized = await d.db.selectFrom('categories').selectAll().where('path', '=', 'uncategorized').executeTakeFirstOrThrow();
      expect(uncategorized.product_count).toBe(2);
    });
  });
}
