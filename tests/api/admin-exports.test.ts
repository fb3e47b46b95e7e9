import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { importWooCommerce } from '../../app/features/catalog/woo-import/importer.server.ts';
import { exportProductsCsv, EXPORT_PAGE } from '../../app/features/catalog/woo-export/export.server.ts';
import { getOrderAdmin } from '../../app/features/orders/orders.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { plainPrice } from '../../app/lib/money.ts';
import { isCsvError, parseCsv } from '../../app/lib/csv.ts';
import { storeImage } from '../../app/lib/images.server.ts';
import { mediaStoreFor } from '../../app/lib/media-store.server.ts';
import type { FetchPolicy } from '../../app/lib/safe-fetch.server.ts';
import { FORM, staffLogin, urlencoded as form } from '../helpers/admin-forms.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { startImageServer, type ImageServer } from '../fixtures/image-server.ts';

/*
 * The back office's CSV exports through their download links, as a signed-in shop manager
 * fetches them: the catalogue in WooCommerce's product format, exported, imported into an
 * empty shop and exported again giving the same file and the same catalogue (variations and
 * pictures, this shop's own among them, fetched from the first shop's addresses); orders one
 * row per line with the amounts the order shows and the list's filters; customers with guest
 * buyers; formula cells neutralised; editors refused; each export's row count told before its
 * rows; and a large catalogue read in pages, each page only once the one before has gone out.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const UPLOADS = 'https://shop.example.com/wp-content/uploads/2024/05/';
const PICTURES = ['hoodie-blue.png', 'hoodie-back.png', 'tshirt.png', 'logo-collection.png'];

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** Records of a CSV download (header first), with the byte-order mark checked and dropped. */
async function records(text: string): Promise<string[][]> {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const items = await parseCsv(text);
  return items.flatMap((r) => (isCsvError(r) ? [] : [r.fields])).filter((f) => f.some((x) => x !== ''));
}

/** Rows as objects by header. */
async function table(text: string): Promise<Record<string, string>[]> {
  const [header, ...rows] = await records(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/**
 * A product as the shop's API answers it, with picture addresses (which name each shop's own
 * files) replaced by a mark. WooCommerce's format carries a picture's address only: its
 * alternative text becomes the product's name, and a picture uploaded here travels as its
 * largest variant (the upload itself is not kept), so those two are compared apart.
 */
function comparable(value: unknown, own = false): unknown {
  if (typeof value === 'string') return value.includes('/media/') ? 'PICTURE' : value;
  if (Array.isArray(value)) return value.map((v) => comparable(v, own));
  if (value && typeof value === 'object') {
    const picture = 'srcset' in value;
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (picture && own && ['alt', 'width', 'height'].includes(k) ? [] : [[k, comparable(v, own)]])));
  }
  return value;
}

for (const dialect of await dialects()) {
  describe(`back office: CSV exports (${dialect})`, () => {
    let shop: TestApp;
    let empty: TestApp;
    let images: ImageServer;
    let manager: Client;
    let editor: Client;
    let origin: string;
    let policy: Partial<FetchPolicy>;
    const ids: Record<string, number> = {};
    const download = async (c: Client, url: string) => {
      const res = await c.request('GET', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[a-z]+\.csv"$/);
      return res.body;
    };

    beforeAll(async () => {
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      shop = await createTestApp(dialect, { pages: 'build', config: { publicUrl: origin } });
      await shop.app.listen({ port, host: '127.0.0.1' });
      images = await startImageServer(PICTURES);
      policy = { ports: [Number(new URL(images.origin).port), port], allowPrivateHosts: ['127.0.0.1'] };
      const db = shop.services.db;
      const media = mediaStoreFor(shop.services.config);
      // The first shop's catalogue: WooCommerce's own export, pictures and all, then a product with a picture uploaded here.
      const csv = readFileSync(path.join(fixtures, 'woocommerce-products.csv'), 'utf8').replaceAll(UPLOADS, `${images.origin}/wp-content/uploads/2024/05/`);
      const summary = await importWooCommerce({ db, media, fetch: policy }, [Buffer.from(csv)]);
      expect(summary).toMatchObject({ failed: 0 });
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 60, b: 60 } } }).png().toBuffer();
      const picture = await storeImage(db, media, { buffer: png, path: 'uploads/red-mug', alt: 'Red mug' });
      ids.mug = (await createProduct(db, { name: '=HYPERLINK("http://evil.example","Red mug")', sku: '+mug', regular_price: 1250, images: [picture], tags: ['@kitchen'], categories: [['Kitchen']] })).id;
      ids.tee = (await createProduct(db, { name: 'Plain Tee', sku: 'tee', regular_price: 2000, categories: [['Clothing']] })).id;

      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      manager = await staffLogin(shop, 'shop_manager', 'exports.example');
      editor = await staffLogin(shop, 'editor', 'exports.example');
      empty = await createTestApp(dialect, { pages: 'build' });
    }, 120_000);
    afterAll(async () => {
      await images?.close();
      await empty?.close();
      await shop?.close();
    });

    it('exports the catalogue in WooCommerce’s columns: variations under their parent, attributes, pictures as absolute addresses, formulas neutralised', async () => {
      const rows = await table(await download(manager, '/admin/products.csv'));
      const hoodie = rows.find((r) => r.SKU === 'woo-hoodie')!;
      expect(hoodie).toMatchObject({ Type: 'variable', Name: 'Hoodie', Published: '1', 'Is featured?': '1', Categories: 'Clothing > Hoodies', Tags: 'warm, winter', 'Weight (kg)': '1.5', 'Length (cm)': '30' });
      expect(hoodie).toMatchObject({ 'Attribute 1 name': 'Color', 'Attribute 1 value(s)': 'Blue, Red, Green', 'Attribute 1 visible': '1', 'Attribute 1 global': '1', 'Attribute 1 default': 'Blue' });
      expect(hoodie).toMatchObject({ 'Attribute 2 name': 'Logo', 'Attribute 2 value(s)': 'Yes, No', 'Attribute 2 global': '0', Upsells: 'woo-beanie' });
      expect(hoodie.Images.split(', ')).toEqual([`${images.origin}/wp-content/uploads/2024/05/hoodie-blue.png`, `${images.origin}/wp-content/uploads/2024/05/hoodie-back.png`]);
      // Its variations follow it, in their order, naming it as their parent.
      const at = rows.indexOf(hoodie);
      expect(rows.slice(at + 1, at + 4).map((r) => [r.Type, r.SKU, r.Parent, r['Attribute 1 value(s)'], r['Attribute 2 value(s)'], r['Regular price'], r['Sale price'], r.Stock, r['In stock?']])).toEqual([
        ['variation', 'woo-hoodie-blue', 'woo-hoodie', 'Blue', '', '45.00', '42.00', '', '1'],
        ['variation', 'woo-hoodie-red', 'woo-hoodie', 'Red', 'No', '45.00', '', '5', '1'],
        ['variation', 'woo-hoodie-green', 'woo-hoodie', 'Green', 'Yes', '47.50', '', '0', 'backorder'],
      ]);
      expect(rows[at + 1]!['Date sale price starts']).toBe('2020-01-01');
      expect(rows.find((r) => r.SKU === 'woo-album')).toMatchObject({ Type: 'simple, downloadable, virtual', 'Tax status': 'none', Categories: 'Media > Books\\, Music & Film', 'Download 1 name': 'Single 1', 'Download limit': '5' });
      expect(rows.find((r) => r.SKU === 'woo-logo-collection')).toMatchObject({ Type: 'grouped', 'Grouped products': 'woo-tshirt, woo-beanie' });
      expect(rows.find((r) => r.SKU === 'woo-secret-mug')).toMatchObject({ Published: "'-1" });
      // This shop's own picture at its absolute address; the name and SKU that a spreadsheet would run are text.
      const mug = rows.find((r) => r.ID === String(ids.mug))!;
      expect(mug).toMatchObject({ Name: `'=HYPERLINK("http://evil.example","Red mug")`, SKU: "'+mug", Tags: "'@kitchen" });
      expect(mug.Images).toMatch(new RegExp(`^${origin}/media/uploads/red-mug-\\d+\\.webp$`));
    });

    it('round trip: the export imported into an empty shop gives the same catalogue, and exporting that gives the same file', async () => {
      const first = await download(manager, '/admin/products.csv');
      const summary = await importWooCommerce({ db: empty.services.db, media: mediaStoreFor(empty.services.config), fetch: policy }, [Buffer.from(first)]);
      expect(summary.skipped).toEqual([]);
      // The one picture WooCommerce's shop had lost is missing in both, and said so.
      expect(summary.warnings.map((w) => w.message)).toEqual([expect.stringContaining('hoodie-red-missing.png not imported')]);
      const other = await staffLogin(empty, 'shop_manager', 'empty.example');
      const second = await download(other, '/admin/products.csv');
      expect(second).toBe(first);
      // The same catalogue: every product, its variations and its pictures (stored again in the new shop).
      const slugs = (await shop.services.db.selectFrom('products').select('slug').orderBy('id').execute()).map((r) => r.slug);
      expect(slugs.length).toBe(11);
      for (const slug of slugs) {
        const [a, b] = await Promise.all([shop.app.inject(`/api/products/${slug}`), empty.app.inject(`/api/products/${slug}`)]);
        if (a.statusCode !== 200) {
          expect([slug, b.statusCode]).toEqual([slug, a.statusCode]);
          continue;
        }
        const own = a.json().id === ids.mug;
        expect(comparable(b.json(), own), slug).toEqual(comparable(a.json(), own));
      }
      const pictures = async (t: TestApp) => Number((await t.services.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(await pictures(empty)).toBe(await pictures(shop));
      const hoodie = (await empty.app.inject('/api/products/hoodie')).json();
      expect(hoodie.images).toHaveLength(2);
      expect(hoodie.variations.map((v: { sku: string; image: unknown }) => [v.sku, !!v.image])).toEqual([['woo-hoodie-blue', true], ['woo-hoodie-red', false], ['woo-hoodie-green', false]]);
    }, 60_000);

    it('orders: one row per line with the order’s columns repeated, amounts as the order shows them, the list’s filters applied', async () => {
      const db = shop.services.db;
      const buy = async (lines: [number, number][], email: string, first = 'Ada') => {
        const c = await Client.start(shop.app);
        for (const [productId, quantity] of lines) expect((await c.request('POST', '/api/cart/items', { productId, quantity })).statusCode).toBe(201);
        const billing_address = { first_name: first, last_name: 'Lovelace', address_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA', country: 'GB', email };
        const res = await c.request('POST', '/api/checkout', { billing_address, payment_method: 'bacs' });
        expect(res.statusCode, res.body).toBe(200);
        return Number(res.json().order_id);
      };
      ids.two = await buy([[ids.tee, 1], [ids.mug, 2]], 'walk-in@example.com', '=1+2');
      ids.one = await buy([[ids.tee, 1]], 'walk-in@example.com');
      expect((await manager.request('POST', `/admin/orders/${ids.one}`, form({ intent: 'status', status: 'completed' }), FORM)).statusCode).toBe(200);

      const rows = await table(await download(manager, '/admin/orders.csv'));
      expect(rows.map((r) => [r['Order number'], r.Line, r['Item name'], r.Quantity])).toEqual([
        [String(ids.one), '1', 'Plain Tee', '1'],
        [String(ids.two), '1', 'Plain Tee', '1'],
        [String(ids.two), '2', "'=HYPERLINK(\"http://evil.example\",\"Red mug\")", '2'],
      ]);
      for (const id of [ids.one, ids.two]) {
        const order = (await getOrderAdmin(db, id))!;
        const money = (minor: number) => plainPrice(minor, { currency: 'USD', pricePrecision: 2 });
        const mine = rows.filter((r) => r['Order number'] === String(id));
        for (const r of mine) {
          expect(r).toMatchObject({ 'Customer e-mail': 'walk-in@example.com', Currency: 'GBP', 'Order subtotal': money(order.display.subtotal), Shipping: money(order.display.shipping[0]!.amount), 'Order total': money(order.display.total), 'Shipping method': 'Standard' });
        }
        expect(mine.map((r) => r['Line amount'])).toEqual(order.display.lines.map((l) => money(l.amount)));
      }
      expect(rows.find((r) => r['Order number'] === String(ids.two))).toMatchObject({ 'Order total': '50.00', 'Billing first name': "'=1+2", 'Unit price': '20.00', SKU: 'tee' });
      // The list's filters: a status, a search, a date range; a date that is none is refused.
      expect((await table(await download(manager, '/admin/orders.csv?status=completed'))).map((r) => r['Order number'])).toEqual([String(ids.one)]);
      expect((await table(await download(manager, `/admin/orders.csv?q=%23${ids.two}`))).map((r) => r['Order number'])).toEqual([String(ids.two), String(ids.two)]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await table(await download(manager, `/admin/orders.csv?from=${today}&to=${today}`))).toHaveLength(3);
      expect(await table(await download(manager, '/admin/orders.csv?to=2001-01-01'))).toEqual([]);
      const bad = await manager.request('GET', '/admin/orders.csv?from=2026-02-30');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('YYYY-MM-DD');
      // The list links to the export of what it shows.
      expect((await manager.request('GET', '/admin/orders?status=completed')).statusCode).toBe(200);
    });

    it('customers: every account and every guest buyer by e-mail, with orders, total spent, average and last order', async () => {
      const rows = await table(await download(manager, '/admin/customers.csv'));
      expect(rows.filter((r) => r.Type === 'account').map((r) => [r['E-mail'], r.Role, r.Orders, r['Total spent']])).toEqual([
        ['shop_manager@exports.example', 'shop_manager', '0', '0.00'],
        ['editor@exports.example', 'editor', '0', '0.00'],
      ]);
      const guests = rows.filter((r) => r.Type === 'guest');
      const last = (await shop.services.db.selectFrom('orders').select('created_at').where('id', '=', ids.one).executeTakeFirstOrThrow()).created_at;
      // Two orders; only the completed one (20.00 + 5.00 shipping) is spent, as on the customers list.
      expect(guests).toEqual([
        expect.objectContaining({ 'E-mail': 'walk-in@example.com', Name: 'Ada Lovelace', Orders: '2', 'Total spent': '25.00', 'Average order': '25.00', 'Last order': last, Country: 'GB', City: 'London' }),
      ]);
      // The list's role filter: accounts of that role only, no guests.
      expect((await table(await download(manager, '/admin/customers.csv?role=editor'))).map((r) => r['E-mail'])).toEqual(['editor@exports.example']);
    });

    it('says how many rows each export has before sending them (X-Total-Rows), the count of the rows that arrive', async () => {
      const urls = ['/admin/products.csv', '/admin/orders.csv', '/admin/orders.csv?status=completed', '/admin/orders.csv?to=2001-01-01', '/admin/customers.csv', '/admin/customers.csv?role=editor', '/admin/customers.csv?q=walk-in'];
      const counts: number[] = [];
      for (const url of urls) {
        const res = await manager.request('GET', url);
        expect(res.statusCode, url).toBe(200);
        const rows = (await records(res.body)).length - 1;
        expect(res.headers['x-total-rows'], url).toBe(String(rows));
        counts.push(rows);
      }
      // Variations count as rows; an order has a row per line; a filter counts what it keeps.
      expect(counts).toEqual([counts[0], 3, 1, 0, 3, 1, 1]);
      expect(counts[0]).toBeGreaterThan(10);
    });

    it('refuses the exports to roles that may not see them, and to visitors', async () => {
      for (const url of ['/admin/products.csv', '/admin/orders.csv', '/admin/customers.csv']) {
        expect((await editor.request('GET', url)).statusCode, url).toBe(403);
        const anon = await (await Client.start(shop.app)).request('GET', url);
        expect([302, 401, 403], url).toContain(anon.statusCode);
        expect(anon.body).not.toContain('walk-in@example.com');
      }
    });

    it('reads a large catalogue a page of products at a time, the whole file arriving', async () => {
      const db = empty.services.db;
      const now = new Date().toISOString();
      const total = 2_300;
      for (let i = 0; i < total; i += 500) {
        const values = Array.from({ length: Math.min(500, total - i) }, (_, j) => ({ type: 'simple' as const, name: `Bulk ${i + j}`, slug: `bulk-${i + j}`, sku: `bulk-${i + j}`, regular_price: 100 + j, created_at: now, updated_at: now }));
        await db.insertInto('products').values(values).execute();
      }
      const existing = 11;
      const chunks: number[] = [];
      for await (const chunk of exportProductsCsv(db, { origin: null })) chunks.push(chunk.split('\r\n').length - 1);
      // The header, then pages of at most EXPORT_PAGE products (each with its variations).
      expect(chunks[0]).toBe(1);
      const pages = chunks.slice(1);
      expect(pages.length).toBe(Math.ceil((total + existing) / EXPORT_PAGE));
      expect(pages.reduce((a, b) => a + b, 0)).toBe(total + existing + 3);
      const other = await staffLogin(empty, 'admin', 'bulk.example');
      // Through the route the file is sent as it is read: in pieces, not as one buffered body.
      const streamed = await empty.app.inject({ method: 'GET', url: '/admin/products.csv', headers: { cookie: other.cookieHeader() }, payloadAsStream: true });
      expect(streamed.statusCode).toBe(200);
      let pieces = 0;
      for await (const _piece of streamed.stream()) pieces++;
      expect(pieces).toBeGreaterThan(1);
      const rows = await table(await download(other, '/admin/products.csv'));
      expect(rows).toHaveLength(total + existing + 3);
      expect((await other.request('GET', '/admin/products.csv')).headers['x-total-rows']).toBe(String(total + existing + 3));
      expect(rows.at(-1)).toMatchObject({ SKU: `bulk-${total - 1}`, 'Regular price': plainPrice(100 + ((total - 1) % 500), { currency: 'USD', pricePrecision: 2 }) });
    }, 60_000);

    it('never holds the catalogue: each page is read only when the one before has gone out', async () => {
      const db = empty.services.db;
      const before = await db.selectFrom('products').select(['id', 'sku']).where('status', '!=', 'trash').orderBy('id').execute();
      expect(before.length).toBeGreaterThan(2 * EXPORT_PAGE);
      const lines = exportProductsCsv(db, { origin: null });
      const header = await lines.next();
      const first = await lines.next();
      expect(header.done || first.done).toBe(false);
      // Changed after the first page was written: a product on the last page renamed, one added at the end.
      const last = before.at(-1)!;
      await db.updateTable('products').set({ name: 'Renamed while exporting' }).where('id', '=', last.id).execute();
      const now = new Date().toISOString();
      await db.insertInto('products').values({ type: 'simple', name: 'Added while exporting', slug: 'added-while-exporting', sku: 'late-1', regular_price: 100, created_at: now, updated_at: now }).execute();
      let rest = '';
      for await (const chunk of lines) rest += chunk;
      // Read before the change, the first page did not see it; the later pages, read after it, did.
      expect(first.value).not.toContain('Renamed while exporting');
      expect(rest).toContain('Renamed while exporting');
      expect(rest).toContain('late-1');
    }, 60_000);
  });
}
