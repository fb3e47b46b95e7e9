import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../cli/import.ts';
import { importWooCommerce, type ImportOptions } from '../../app/features/catalog/woo-import/importer.server.ts';
import { findProduct } from '../../app/features/catalog/product.server.ts';
import { action as importAction } from '../../app/routes/admin.import.tsx';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { startImageServer, type ImageServer } from '../fixtures/image-server.ts';
import { DEFAULT_FETCH_POLICY, FETCH_REFUSED_MESSAGE, type FetchPolicy } from '../../app/lib/safe-fetch.server.ts';
import { mediaStoreFor } from '../../app/lib/media-store.server.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const UPLOADS = 'https://shop.example.com/wp-content/uploads/2024/05/';
const PICTURES = ['hoodie-blue.png', 'hoodie-back.png', 'tshirt.png', 'logo-collection.png'];

for (const dialect of await dialects()) {
  describe(`WooCommerce import (${dialect})`, () => {
    let t: TestApp;
    let images: ImageServer;
    let csv: string;
    // The local picture server is on 127.0.0.1 and a random port: only this policy lets it through.
    let local: Partial<FetchPolicy>;
    const run = (text: string, options: ImportOptions = {}, fetch = local) =>
      importWooCommerce({ db: t.services.db, media: mediaStoreFor(t.services.config), fetch }, [Buffer.from(text)], options);
    const get = async (slug: string) => {
      const res = await t.app.inject(`/api/products/${slug}`);
      expect(res.statusCode, slug).toBe(200);
      return res.json();
    };
    const count = async (table: 'products' | 'product_variations' | 'categories' | 'tags' | 'media' | 'product_images') =>
      Number((await t.services.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      images = await startImageServer(PICTURES);
      local = { ports: [Number(new URL(images.origin).port)], allowPrivateHosts: ['127.0.0.1'] };
      // The fixture names the exporting shop's uploads; a local server stands in for it.
      csv = readFileSync(path.join(fixtures, 'woocommerce-products.csv'), 'utf8').replaceAll(UPLOADS, `${images.origin}/wp-content/uploads/2024/05/`);
    });
    afterAll(async () => {
      await images?.close();
      await t?.close();
    });

    it('imports every product type with prices, attributes, variations, categories and stock', async () => {
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const progress: string[] = [];
      const summary = await run(csv, { onProgress: (p) => progress.push(p.phase) });
      expect(summary).toMatchObject({ rows: 12, created: 12, updated: 0, failed: 0, skipped: [] });
      expect(summary.warnings).toEqual([{ row: 3, message: `image ${images.origin}/wp-content/uploads/2024/05/hoodie-red-missing.png not imported (${FETCH_REFUSED_MESSAGE}); the product shows a placeholder` }]);
      expect(progress).toContain('importing');
      expect(progress.at(-1)).toBe('done');

      const hoodie = await get('hoodie');
      expect(hoodie).toMatchObject({ type: 'variable', sku: 'woo-hoodie', featured: true, prices: { min: 4200, max: 4750 }, weight: 1.5, dimensions: { length: 30, width: 20, height: 5 } });
      expect(hoodie.shortDescription).toBe('<p>A hoodie, "cosy" and warm.</p>');
      expect(hoodie.description).toContain('<li>Cotton, 80%</li>');
      expect(hoodie.description).toContain('</p>\n');
      expect(hoodie.description).not.toContain('script');
      expect(hoodie.categories.map((c: { path: string }) => c.path)).toEqual(['clothing/hoodies']);
      expect(hoodie.tags.map((c: { name: string }) => c.name)).toEqual(['warm', 'winter']);
      expect(hoodie.images).toHaveLength(2);
      expect(hoodie.images[0].srcset).toMatch(/\/media\/imports\/hoodie-blue-[0-9a-f]+-150\.webp 150w/);
      expect(hoodie.attributes).toEqual([
        expect.objectContaining({ name: 'Color', slug: 'color', options: ['Blue', 'Red', 'Green'], visible: true, variation: true }),
        expect.objectContaining({ name: 'Logo', slug: 'logo', options: ['Yes', 'No'], variation: true }),
      ]);
      const variations = hoodie.variations.map((v: Record<string, unknown>) => ({ sku: v.sku, attributes: v.attributes, prices: v.prices, stockStatus: v.stockStatus, stockQuantity: v.stockQuantity, image: !!v.image }));
      expect(variations).toEqual([
        { sku: 'woo-hoodie-blue', attributes: { color: 'Blue', logo: '' }, prices: { regular: 4500, sale: 4200 }, stockStatus: 'instock', stockQuantity: null, image: true },
        { sku: 'woo-hoodie-red', attributes: { color: 'Red', logo: 'No' }, prices: { regular: 4500, sale: null }, stockStatus: 'instock', stockQuantity: 5, image: false },
        { sku: 'woo-hoodie-green', attributes: { color: 'Green', logo: 'Yes' }, prices: { regular: 4750, sale: null }, stockStatus: 'onbackorder', stockQuantity: 0, image: false },
      ]);

      const shirt = await get('t-shirt-vintage-edition');
      expect(shirt).toMatchObject({ name: 'T-Shirt, "Vintage" edition', type: 'simple', prices: { regular: 1800, sale: 1500, min: 1500 }, onSale: true });
      expect(shirt).toMatchObject({ stockQuantity: 25, manageStock: true, stockStatus: 'instock', soldIndividually: true, weight: 0.2 });
      expect(shirt.description).toBe('<p>First line.</p>\n<p>Second line, with a comma.</p>');
      expect(shirt.categories.map((c: { path: string }) => c.path)).toEqual(['clothing/tshirts', 'sale']);
      expect(shirt.attributes).toEqual([expect.objectContaining({ name: 'Material', options: ['Cotton', 'Polyester'], variation: false })]);
      const album = await get('album');
      expect(shirt.upsellIds).toEqual([hoodie.id]);
      expect(shirt.crossSellIds).toEqual([album.id]);

      const beanie = await get('beanie');
      expect(hoodie.upsellIds).toEqual([beanie.id]);
      expect(beanie.stockStatus).toBe('outofstock');
      expect(await get('logo-collection')).toMatchObject({ type: 'grouped', groupedIds: [shirt.id, beanie.id], prices: { min: 1500, max: 2000 }, stockStatus: 'instock' });
      expect(await get('wordpress-pennant')).toMatchObject({ type: 'external', externalUrl: 'https://mercantile.wordpress.org/product/wordpress-pennant/', buttonText: 'Buy on the WordPress swag store!', prices: { regular: 1105 } });

      const db = t.services.db;
      expect(album.categories).toEqual([expect.objectContaining({ name: 'Books, Music & Film', path: 'media/books-music-film' })]);
      expect(await db.selectFrom('products').select(['virtual', 'downloadable', 'download_limit', 'download_expiry', 'tax_status']).where('id', '=', album.id).executeTakeFirst())
        .toEqual({ virtual: 1, downloadable: 1, download_limit: 5, download_expiry: 30, tax_status: 'none' });
      expect(await db.selectFrom('product_downloads').select(['name', 'url']).where('product_id', '=', album.id).execute())
        .toEqual([{ name: 'Single 1', url: 'https://shop.example.com/wp-content/uploads/woocommerce_uploads/single.zip' }]);
      const red = await db.selectFrom('product_variations').select('meta').where('sku', '=', 'woo-hoodie-red').executeTakeFirstOrThrow();
      expect(JSON.parse(red.meta)).toMatchObject({ _woo_id: 11, _woo_image_urls: [`${images.origin}/wp-content/uploads/2024/05/hoodie-red-missing.png`] });
      const hoodieMeta = await db.selectFrom('products').select('meta').where('id', '=', hoodie.id).executeTakeFirstOrThrow();
      expect(JSON.parse(hoodieMeta.meta)).toMatchObject({ _woo_id: 12, _wpcom_is_markdown: '1', _default_attributes: { color: 'Blue' } });

      const listing = (await t.app.inject('/api/products?category=clothing&per_page=100')).json();
      expect(listing.products.map((p: { slug: string }) => p.slug).sort()).toEqual(['beanie', 'hoodie', 'logo-collection', 't-shirt-vintage-edition']);
    });

    it('imports drafts, private and hidden products without showing them in the shop', async () => {
      const db = t.services.db;
      const status = async (sku: string) => (await db.selectFrom('products').select(['status', 'catalog_visibility']).where('sku', '=', sku).executeTakeFirstOrThrow());
      expect(await status('woo-secret-mug')).toEqual({ status: 'draft', catalog_visibility: 'visible' });
      expect(await status('woo-private-poster')).toEqual({ status: 'private', catalog_visibility: 'visible' });
      expect(await status('woo-hidden-cap')).toEqual({ status: 'publish', catalog_visibility: 'hidden' });
      expect(await findProduct(db, 'secret-mug')).toBeNull();
      expect((await t.app.inject('/api/products/private-poster')).statusCode).toBe(404);
      expect(await findProduct(db, 'hidden-cap')).toBeNull();
      expect(await findProduct(db, 'hidden-cap', { allowHidden: true })).toMatchObject({ prices: { regular: 1499 } });
    });

    it('updates in place when the same file comes again, and takes a changed price', async () => {
      const before = { products: await count('products'), variations: await count('product_variations'), categories: await count('categories'), tags: await count('tags'), media: await count('media'), gallery: await count('product_images') };
      const downloads = images.requests.length;
      const again = await run(csv);
      expect(again).toMatchObject({ rows: 12, created: 0, updated: 12, failed: 0 });
      expect({ products: await count('products'), variations: await count('product_variations'), categories: await count('categories'), tags: await count('tags'), media: await count('media'), gallery: await count('product_images') }).toEqual(before);
      expect(before).toMatchObject({ products: 9, variations: 3 });
      // Pictures already stored are not fetched again; only the missing one is retried.
      expect(images.requests.slice(downloads)).toEqual(['/wp-content/uploads/2024/05/hoodie-red-missing.png']);

      // The T-shirt's regular price 18 → 19.99 and the green hoodie's 47.5 → 49.
      const changed = csv.replace('"Thanks for buying!",15,18,', '"Thanks for buying!",15,19.99,').replace(',47.5,', ',49,');
      expect(changed.length).toBe(csv.length + 1);
      const third = await run(changed);
      expect(third).toMatchObject({ created: 0, updated: 12, failed: 0 });
      expect((await get('t-shirt-vintage-edition')).prices).toMatchObject({ regular: 1999, sale: 1500 });
      expect((await get('hoodie')).prices).toMatchObject({ min: 4200, max: 4900 });
      expect(await count('products')).toBe(9);
    });

    it('updates only what a partial file carries: variations of a product already in the shop, products known by ID', async () => {
      const partial = 'Type,Name,SKU,Parent,"Regular price","Attribute 1 name","Attribute 1 value(s)"\nvariation,,woo-hoodie-green,woo-hoodie,51,Color,Green\n';
      expect(await run(partial)).toMatchObject({ rows: 1, created: 0, updated: 1, failed: 0 });
      const green = (await get('hoodie')).variations.find((v: { sku: string }) => v.sku === 'woo-hoodie-green');
      // The stock columns were not in the file, so the stock is as the first import left it.
      expect(green).toMatchObject({ prices: { regular: 5100 }, stockQuantity: 0, stockStatus: 'onbackorder' });
      expect((await get('hoodie')).prices.max).toBe(5100);

      const noSku = 'ID,Type,Name,"Regular price"\n900,simple,"Tea towel",4\n';
      expect(await run(noSku)).toMatchObject({ created: 1, updated: 0 });
      expect(await run(noSku.replace(',4\n', ',4.5\n'))).toMatchObject({ created: 0, updated: 1 });
      expect((await get('tea-towel')).prices.regular).toBe(450);
      expect(await t.services.db.selectFrom('products').select('id').where('name', '=', 'Tea towel').execute()).toHaveLength(1);

      // Another shop's export reuses ID 20 for a different SKU: a new product, not an overwrite.
      const other = await run('ID,Type,SKU,Name,"Regular price"\n20,simple,other-shirt,"Other shirt",5\n');
      expect(other).toMatchObject({ created: 1, updated: 0, warnings: [{ row: 2, message: expect.stringContaining('ID 20 was imported before with SKU "woo-tshirt"') }] });
      expect((await get('t-shirt-vintage-edition')).name).toBe('T-Shirt, "Vintage" edition');
    });

    it('skips bad rows with their row numbers and reasons, imports the others, and survives unreachable images', async () => {
      const text = readFileSync(path.join(fixtures, 'woocommerce-bad-rows.csv'), 'utf8').replaceAll('https://shop.example.com', 'http://127.0.0.1:1');
      const summary = await run(text);
      expect(summary).toMatchObject({ rows: 7, created: 2, updated: 0, failed: 5 });
      expect(summary.skipped).toEqual([
        { row: 3, reason: 'Name is empty' },
        { row: 4, reason: expect.stringContaining('Type: "bogus" is not a product type') },
        { row: 5, reason: expect.stringMatching(/quote.*\(line 5\)/) },
        { row: 7, reason: 'Its parent bad-bogus (row 4) was not imported' },
        { row: 8, reason: expect.stringContaining('Regular price: "abc" is not a price') },
      ]);
      expect(summary.warnings).toEqual([{ row: 2, message: expect.stringContaining('mug.png not imported') }]);
      const mug = await get('good-mug');
      expect(mug).toMatchObject({ prices: { regular: 1000 }, image: null, images: [] });
      expect((await get('good-plate')).prices.regular).toBe(1250);
      const skus = await t.services.db.selectFrom('products').select('sku').where('sku', 'like', 'bad-%').orderBy('sku').execute();
      expect(skus.map((r) => r.sku)).toEqual(['bad-ok-1', 'bad-ok-2']);
    });

    it('fetches pictures from public addresses only: every refusal gives one warning and stores nothing', async () => {
      const file = (urls: string[]) =>
        `Type,SKU,Name,"Regular price",Images\n${urls.map((u, i) => `simple,guard-${i},"Guard ${i}",5,"${u}"`).join('\n')}\n`;
      const warningsFor = (summary: { warnings: { row?: number; message: string }[] }) => summary.warnings.map((w) => w.message);
      const expectRefused = (summary: { warnings: { row?: number; message: string }[] }, urls: string[]) =>
        expect(warningsFor(summary)).toEqual(urls.map((u) => `image ${u} not imported (${FETCH_REFUSED_MESSAGE}); the product shows a placeholder`));
      const port = new URL(images.origin).port;
      const media = await count('media');
      const requests = images.requests.length;

      // The shop's own policy: the picture server exists and holds the file, but is loopback.
      const hidden = [
        `${images.origin}/fresh/tshirt.png`,
        'http://127.0.0.1/tshirt.png',
        'http://localhost/tshirt.png',
        'http://2130706433/tshirt.png',
        'http://[::1]/tshirt.png',
        `http://localhost:${port}/tshirt.png`,
        `http://2130706433:${port}/tshirt.png`,
        `http://0x7f.1:${port}/tshirt.png`,
        `http://[::1]:${port}/tshirt.png`,
        `http://[::ffff:127.0.0.1]:${port}/tshirt.png`,
        'http://10.1.2.3/tshirt.png',
        'http://192.168.1.1/tshirt.png',
        'http://169.254.169.254/latest/meta-data/',
        'http://[fe80::1]/tshirt.png',
        'http://[fd00::1]/tshirt.png',
        'https://example.com:8443/tshirt.png',
      ];
      const refused = await run(file(hidden), {}, { ports: DEFAULT_FETCH_POLICY.ports });
      expect(refused).toMatchObject({ created: hidden.length, failed: 0 });
      expectRefused(refused, hidden);
      expect(images.requests.length).toBe(requests);

      // With the test server allowed, the guard still refuses what it answers badly.
      const via = (to: string) => `${images.origin}/redirect?to=${encodeURIComponent(to)}`;
      const bad = [
        via(`http://localhost:${port}/tshirt.png`),
        via(`http://[::1]:${port}/tshirt.png`),
        `${images.origin}/files/page.png`,
        `${images.origin}/files/broken.png`,
        `${images.origin}/files/huge.png`,
        `http://127.0.0.1:1/tshirt.png`,
        `${images.origin}/files/missing.png`,
      ];
      const answered = await run(file(bad));
      expectRefused(answered, bad);
      // Loopback targets were never requested, and nothing from any of these became media.
      expect(images.requests.slice(requests).filter((r) => r.endsWith('/tshirt.png'))).toEqual([]);
      expect(await count('media')).toBe(media);
      const guarded = await t.services.db.selectFrom('products').select(['sku', 'meta']).where('sku', 'like', 'guard-%').execute();
      expect(guarded).toHaveLength(hidden.length);
      for (const p of guarded) expect(JSON.parse(p.meta)._woo_image_urls).toHaveLength(1);
      expect((await get('guard-0')).images).toEqual([]);
      // The same server and file, with its port on the list and its host allowed (tests only), imports.
      expect(warningsFor(await run(file([`${images.origin}/elsewhere/tshirt.png`])))).toEqual([]);
      expect(await count('media')).toBe(media + 1);
    });

    it('refuses a file without the required columns, naming row 1, and writes nothing', async () => {
      const before = await count('products');
      await expect(run('ID,SKU,"Regular price"\n1,x,3\n')).rejects.toMatchObject({ status: 400, code: 'invalid_csv', message: expect.stringMatching(/^Row 1 \(the header\) has no "Type" and "Name" column/) });
      await expect(run('')).rejects.toMatchObject({ code: 'invalid_csv', message: expect.stringContaining('empty') });
      expect(await count('products')).toBe(before);
    });

    it('runs from the command line with a summary and an exit code', async () => {
      const lines: string[] = [];
      const out = { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) };
      const good = path.join(t.database.dataDir, 'good.csv');
      writeFileSync(good, csv);
      expect(await runImport(['woocommerce', good, '--skip-images'], out, t.services)).toBe(0);
      expect(lines.join('\n')).toMatch(/Imported good\.csv in [\d.]+ s: 12 rows, 0 created, 12 updated, 0 failed/);
      lines.length = 0;
      const bad = path.join(t.database.dataDir, 'bad.csv');
      writeFileSync(bad, readFileSync(path.join(fixtures, 'woocommerce-bad-rows.csv')));
      expect(await runImport(['woocommerce', bad, '--skip-images'], out, t.services)).toBe(1);
      expect(lines.join('\n')).toMatch(/Rows not imported \(5\):\n {2}row 3: Name is empty/);
      expect(await runImport(['woocommerce'], out, t.services)).toBe(2);
      expect(await runImport(['shopify', good], out, t.services)).toBe(2);
      expect(await runImport(['woocommerce', path.join(t.database.dataDir, 'nope.csv')], out, t.services)).toBe(2);
    });

    it('runs from the admin page for shop staff only', async () => {
      const form = new FormData();
      form.set('file', new File([csv], 'export.csv', { type: 'text/csv' }));
      form.set('skipImages', 'on');
      const context = (role: string) => ({ services: t.services, user: { id: 1, email: 'staff@example.com', name: 'Staff', role } }) as never;
      const request = () => new Request('http://shop.test/admin/import', { method: 'POST', body: form });
      const result = (await importAction({ context: context('shop_manager'), request: request(), params: {} } as never)) as { summary: { created: number; updated: number } };
      expect(result.summary).toMatchObject({ created: 0, updated: 12 });
      await expect(importAction({ context: context('customer'), request: request(), params: {} } as never)).rejects.toMatchObject({ status: 403 });
    });
  });
}
