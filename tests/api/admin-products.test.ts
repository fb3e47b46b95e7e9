// Longer than 400 lines on purpose: one back office over one shop per database; each case is a product action through
// its page and what the storefront shows after it, sharing the form helpers above.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { publishScheduled } from '../../app/features/catalog/product-update.server.ts';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The back office's products: the list's actions (bulk, quick edit, trash, duplicate), the
 * editor's form (create, edit, validation, the version check, variations) and picture
 * uploads, each through its page action as a browser without scripts sends it, and what the
 * storefront shows right after.
 */

const PASSWORD = 'a long enough password';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string | string[]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  return q.toString();
};

/** A form's fields for a simple product (as the editor posts them), with overrides. */
const simple = (over: Record<string, string | string[]> = {}) => ({
  intent: 'save',
  type: 'simple',
  name: 'Linen apron',
  slug: '',
  status: 'publish',
  catalog_visibility: 'visible',
  regular_price: '24.00',
  sale_price: '',
  sku: '',
  stock_status: 'instock',
  backorders: 'no',
  tax_status: 'taxable',
  description: '<p>Washed linen.</p><script>alert(1)</script>',
  short_description: 'An apron.',
  tags: 'kitchen, linen',
  reviews_allowed: 'on',
  ...over,
});

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----backoffice-test';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

for (const dialect of await dialects()) {
  describe(`back office: products (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let editor: Client;
    let manager: Client;
    let categoryId: number;

    const post = (c: Client, url: string, fields: Record<string, string | string[]>) => c.request('POST', url, form(fields), FORM);
    const row = (id: number) => t.services.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const idFrom = (location: unknown) => Number(/\/admin\/products\/(\d+)/.exec(String(location))![1]);
    const login = async (role: 'admin' | 'editor' | 'shop_manager') => {
      const c = await Client.start(t.app);
      await createUser(t.services, { email: `${role}@shop.example`, password: PASSWORD, name: role, role });
      expect((await c.request('POST', '/api/account/login', { email: `${role}@shop.example`, password: PASSWORD })).statusCode).toBe(200);
      return c;
    };
    const upload = (c: Client, parts: Parameters<typeof multipart>[0]) => {
      const m = multipart([{ name: '_csrf', value: c.csrf }, ...parts]);
      return t.app.inject({ method: 'POST', url: '/admin/products/images', headers: { cookie: c.cookieHeader(), 'x-csrf-token': c.csrf, 'content-type': m.type }, payload: m.body });
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await login('admin');
      editor = await login('editor');
      manager = await login('shop_manager');
      const made = await createProduct(t.services.db, { name: 'Seed mug', categories: [['Kitchen']], regular_price: 1000, sku: 'MUG-1' });
      categoryId = (await t.services.db.selectFrom('product_categories').select('category_id').where('product_id', '=', made.id).executeTakeFirstOrThrow()).category_id;
    }, 120_000);
    afterAll(() => t?.close());

    it('creates a simple product from the editor form; the shop, its search and its category show it at once', async () => {
      const res = await post(admin, '/admin/products/new', simple({ categories: String(categoryId), sku: 'APRON-1', manage_stock: 'on', stock_quantity: '7' }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const id = idFrom(res.headers.location);
      const p = await row(id);
      expect(p).toMatchObject({ name: 'Linen apron', slug: 'linen-apron', status: 'publish', regular_price: 2400, min_price: 2400, stock_quantity: 7, sku: 'APRON-1' });
      // Sanitised on the server whatever sent it.
      expect(p.description).toBe('<p>Washed linen.</p>');
      const api = await admin.request('GET', '/api/products/linen-apron');
      expect(api.statusCode).toBe(200);
      const listing = (await admin.request('GET', '/api/products?category=kitchen')).json();
      expect(listing.products.map((x: { name: string }) => x.name)).toContain('Linen apron');
      const found = (await admin.request('GET', '/api/search/suggestions?q=apron')).json();
      expect(JSON.stringify(found)).toContain('Linen apron');
      const cat = await t.services.db.selectFrom('categories').select('product_count').where('id', '=', categoryId).executeTakeFirstOrThrow();
      expect(cat.product_count).toBe(2);
      const tags = await t.services.db.selectFrom('product_tags').where('product_id', '=', id).select('tag_id').execute();
      expect(tags).toHaveLength(2);
    });

    it('edits the price and name: the product page, the listing and search follow in the same request', async () => {
      const id = (await t.services.db.selectFrom('products').select('id').where('slug', '=', 'linen-apron').executeTakeFirstOrThrow()).id;
      const page = await admin.request('GET', `/admin/products/${id}`);
      expect(page.statusCode).toBe(200);
      const version = (await row(id)).updated_at;
      expect(page.body).toContain(`value="${version}"`);
      const res = await post(admin, `/admin/products/${id}`, simple({ version, name: 'Stonewashed apron', slug: 'linen-apron', regular_price: '30.00', sale_price: '19.99', categories: String(categoryId) }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      expect(await row(id)).toMatchObject({ name: 'Stonewashed apron', regular_price: 3000, sale_price: 1999, min_price: 1999 });
      const html = (await admin.request('GET', '/product/linen-apron')).body;
      expect(html).toContain('Stonewashed apron');
      expect(html).toContain('19.99');
      const listing = (await admin.request('GET', '/api/products?category=kitchen')).json();
      expect(listing.products.find((x: { name: string }) => x.name === 'Stonewashed apron')).toBeTruthy();
      expect(JSON.stringify((await admin.request('GET', '/api/search/suggestions?q=stonewashed')).json())).toContain('Stonewashed apron');
    });

    it('refuses a second save of a product opened before someone else saved it, keeping the typed values', async () => {
      const id = (await t.services.db.selectFrom('products').select('id').where('slug', '=', 'linen-apron').executeTakeFirstOrThrow()).id;
      const opened = (await row(id)).updated_at;
      const first = await post(admin, `/admin/products/${id}`, simple({ version: opened, name: 'First save', slug: 'linen-apron', categories: String(categoryId) }));
      expect(first.statusCode).toBe(302);
      const second = await post(admin, `/admin/products/${id}`, simple({ version: opened, name: 'Second save', slug: 'linen-apron', categories: String(categoryId) }));
      expect(second.statusCode).toBe(409);
      expect(second.body).toContain('changed since you opened it');
      // What the second person typed is still in the form.
      expect(second.body).toContain('value="Second save"');
      expect((await row(id)).name).toBe('First save');
    });

    it('validates at the field: negative price, sale not below regular, sale end before start, taken slug and SKU, bad amounts', async () => {
      const cases: [Record<string, string>, number, string][] = [
        [{ regular_price: '-5' }, 400, 'Must not be negative'],
        [{ regular_price: 'ten' }, 400, 'Not an amount'],
        [{ regular_price: '10', sale_price: '12' }, 400, 'Must be below the regular price'],
        [{ regular_price: '10', sale_price: '5', sale_from: '2026-12-10', sale_to: '2026-12-01' }, 400, 'Must not be before sale_from'],
        [{ slug: 'seed-mug' }, 409, 'Already used by another product'],
        [{ sku: 'MUG-1' }, 409, 'is already used'],
        [{ name: '' }, 400, 'field-name-error'],
        [{ status: 'future' }, 400, 'Give the date to publish on'],
      ];
      const before = await t.services.db.selectFrom('products').select('id').execute();
      for (const [over, status, text] of cases) {
        const res = await post(admin, '/admin/products/new', simple({ name: 'Invalid one', ...over }));
        expect(res.statusCode, JSON.stringify(over)).toBe(status);
        expect(res.body, JSON.stringify(over)).toContain(text);
      }
      expect(await t.services.db.selectFrom('products').select('id').execute()).toHaveLength(before.length);
    });

    it('builds a variable product: generate variations (no save), save with prices, publish only with a priced variation, keep variation ids on edit', async () => {
      const base = simple({
        type: 'variable',
        name: 'Canvas tote',
        status: 'publish',
        regular_price: '',
        'attr.0.name': 'Colour',
        'attr.0.options': 'Red | Blue',
        'attr.0.variation': 'on',
        'attr.0.visible': 'on',
        'attr.1.name': 'Size',
        'attr.1.options': 'S | L',
        'attr.1.variation': 'on',
        'attr.1.visible': 'on',
        categories: String(categoryId),
      });
      const generated = await post(admin, '/admin/products/new', { ...base, intent: 'generate' });
      expect(generated.statusCode).toBe(200);
      expect(generated.body).toContain('4 variations added');
      expect(generated.body.match(/name="var\.\d+\.present"/g)).toHaveLength(4);
      expect(await t.services.db.selectFrom('products').select('id').where('name', '=', 'Canvas tote').execute()).toHaveLength(0);

      const combos = [
        ['Red', 'S'],
        ['Red', 'L'],
        ['Blue', 'S'],
        ['Blue', 'L'],
      ];
      const vars = (prices: string[]) =>
        Object.fromEntries(
          combos.flatMap(([c, s], i) => [
            [`var.${i}.present`, '1'],
            [`var.${i}.attr.colour`, c],
            [`var.${i}.attr.size`, s],
            [`var.${i}.regular_price`, prices[i]],
            [`var.${i}.enabled`, 'on'],
            [`var.${i}.sku`, `TOTE-${c}-${s}`],
          ]),
        );
      // No priced variation: not publishable.
      const refused = await post(admin, '/admin/products/new', { ...base, ...vars(['', '', '', '']) });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Add a variation with a price before publishing');
      const saved = await post(admin, '/admin/products/new', { ...base, ...vars(['20', '20', '22', '22.50']) });
      expect(saved.statusCode, saved.body.slice(0, 500)).toBe(302);
      const id = idFrom(saved.headers.location);
      expect(await row(id)).toMatchObject({ type: 'variable', status: 'publish', min_price: 2000, max_price: 2250 });
      const stored = await t.services.db.selectFrom('product_variations').select(['id', 'sku', 'attributes']).where('product_id', '=', id).orderBy('id').execute();
      expect(stored).toHaveLength(4);

      // Edit: the ids are kept, one is removed, the bulk edit sets every price.
      const page = (await admin.request('GET', `/admin/products/${id}`)).body;
      for (const v of stored) expect(page).toContain(`value="${v.id}"`);
      const version = (await row(id)).updated_at;
      const edit = { ...base, ...vars(['20', '20', '22', '22.50']), version, slug: 'canvas-tote', ...Object.fromEntries(stored.map((v, i) => [`var.${i}.id`, String(v.id)])), 'var.3.remove': 'on' };
      const bulk = await post(admin, `/admin/products/${id}`, { ...edit, intent: 'bulk_variations', bulk_field: 'regular_price', bulk_value: '25' });
      expect(bulk.statusCode).toBe(200);
      expect(bulk.body.match(/name="var\.\d+\.regular_price" value="25"/g)?.length ?? bulk.body.match(/value="25"/g)?.length).toBeGreaterThanOrEqual(3);
      const res = await post(admin, `/admin/products/${id}`, { ...edit, 'var.0.regular_price': '25', 'var.1.regular_price': '25', 'var.2.regular_price': '25' });
      expect(res.statusCode, res.body.slice(0, 500)).toBe(302);
      const after = await t.services.db.selectFrom('product_variations').select(['id', 'regular_price']).where('product_id', '=', id).orderBy('id').execute();
      expect(after.map((v) => v.id)).toEqual(stored.slice(0, 3).map((v) => v.id));
      expect(after.every((v) => v.regular_price === 2500)).toBe(true);
      expect(await row(id)).toMatchObject({ min_price: 2500, max_price: 2500 });
      // A variation id of another product is refused.
      const other = await createProduct(t.services.db, { name: 'Other variable', type: 'variable', status: 'draft', attributes: [{ name: 'Colour', options: ['Red'], variation: 1 }], variations: [{ attributes: { colour: 'Red' }, regular_price: 100 }] });
      const otherVar = await t.services.db.selectFrom('product_variations').select('id').where('product_id', '=', other.id).executeTakeFirstOrThrow();
      const stolen = await post(admin, `/admin/products/${id}`, { ...edit, version: (await row(id)).updated_at, 'var.0.id': String(otherVar.id) });
      expect(stolen.statusCode).toBe(400);
    });

    it('runs bulk actions in one transaction: sale percent, stock status, draft, trash and restore; publish skips an unpriced variable product', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await createProduct(t.services.db, { name: `Bulk ${i}`, regular_price: 1000 * (i + 1), categories: [categoryId] })).id);
      const unpriced = (await createProduct(t.services.db, { name: 'Bulk variable', type: 'variable', status: 'draft', attributes: [{ name: 'Size', options: ['S'], variation: 1 }], variations: [{ attributes: { size: 'S' } }] })).id;
      const bulk = (action: string, list: number[], extra: Record<string, string> = {}) => post(admin, '/admin/products', { intent: 'bulk', action, ids: list.map(String), ...extra });

      let res = await bulk('sale', ids, { percent: '20' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Sale set: 3 of 3 products');
      for (const [i, id] of ids.entries()) expect(await row(id)).toMatchObject({ sale_price: 800 * (i + 1), min_price: 800 * (i + 1) });
      expect((await admin.request('GET', `/api/products/${ids[0]}`)).body).toContain('800');

      res = await bulk('sale', ids, { percent: '150' });
      expect(res.statusCode).toBe(400);
      res = await bulk('stock', ids, { stock_status: 'outofstock' });
      expect(res.statusCode).toBe(200);
      for (const id of ids) expect((await row(id)).stock_status).toBe('outofstock');

      res = await bulk('publish', [...ids, unpriced]);
      expect(res.body).toContain('Published: 3 of 4 products');
      expect(res.body).toContain('A variable product needs a variation with a price');
      expect((await row(unpriced)).status).toBe('draft');

      const countBefore = (await t.services.db.selectFrom('categories').select('product_count').where('id', '=', categoryId).executeTakeFirstOrThrow()).product_count;
      res = await bulk('trash', ids);
      expect(res.statusCode).toBe(200);
      for (const id of ids) expect((await row(id)).status).toBe('trash');
      expect((await admin.request('GET', `/api/products/${ids[0]}`)).statusCode).toBe(404);
      const countTrashed = (await t.services.db.selectFrom('categories').select('product_count').where('id', '=', categoryId).executeTakeFirstOrThrow()).product_count;
      expect(countTrashed).toBe(countBefore - 3);
      const trash = (await admin.request('GET', '/admin/products?status=trash')).body;
      expect(trash).toContain('Bulk 0');
      expect((await admin.request('GET', '/admin/products')).body).not.toContain('Bulk 0');
      res = await bulk('restore', ids);
      for (const id of ids) expect((await row(id)).status).toBe('draft');

      // Add to a category: the shop's category listing and counts follow.
      const { id: decor } = await createProduct(t.services.db, { name: 'Decor', categories: [['Decor']] });
      const decorCat = (await t.services.db.selectFrom('product_categories').select('category_id').where('product_id', '=', decor).executeTakeFirstOrThrow()).category_id;
      res = await bulk('publish', ids);
      res = await bulk('category', ids, { category: String(decorCat) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Added to the category: 3 of 3 products');
      expect((await t.services.db.selectFrom('categories').select('product_count').where('id', '=', decorCat).executeTakeFirstOrThrow()).product_count).toBe(4);
      expect((await admin.request('GET', '/api/products?category=decor')).json().products.map((x: { name: string }) => x.name)).toContain('Bulk 0');
      res = await bulk('category', ids, { category: '99999999' });
      expect(res.statusCode).toBe(400);
      res = await bulk('draft', ids);

      // An unknown id refuses the whole action: nothing changes.
      res = await bulk('publish', [ids[0]!, 99_999_999]);
      expect(res.statusCode).toBe(404);
      expect((await row(ids[0]!)).status).toBe('draft');
      res = await bulk('nonsense', ids);
      expect(res.statusCode).toBe(400);
      res = await bulk('draft', []);
      expect(res.statusCode).toBe(400);
    });

    it('quick-edits price and stock from the list, refusing a stale row; trashes, restores and duplicates one product', async () => {
      const { id } = await createProduct(t.services.db, { name: 'Quick tea towel', regular_price: 500, manage_stock: 1, stock_quantity: 3, sku: 'TOWEL-1', categories: [categoryId] });
      const version = (await row(id)).updated_at;
      let res = await post(admin, '/admin/products', { intent: 'quick', id: String(id), version, regular_price: '6.50', sale_price: '', stock_quantity: '0' });
      expect(res.statusCode).toBe(200);
      expect(await row(id)).toMatchObject({ regular_price: 650, min_price: 650, stock_quantity: 0, stock_status: 'outofstock' });
      res = await post(admin, '/admin/products', { intent: 'quick', id: String(id), version, regular_price: '7', sale_price: '', stock_quantity: '1' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('changed since you opened it');
      res = await post(admin, '/admin/products', { intent: 'quick', id: String(id), version: (await row(id)).updated_at, regular_price: '7', sale_price: '9' });
      expect(res.statusCode).toBe(400);

      res = await post(admin, '/admin/products', { intent: 'duplicate', id: String(id) });
      expect(res.statusCode).toBe(302);
      const copy = await row(idFrom(res.headers.location));
      expect(copy).toMatchObject({ name: 'Quick tea towel (copy)', status: 'draft', sku: null, regular_price: 650 });
      res = await post(admin, '/admin/products', { intent: 'trash', id: String(id) });
      expect((await row(id)).status).toBe('trash');
      res = await post(admin, '/admin/products', { intent: 'restore', id: String(id) });
      expect((await row(id)).status).toBe('draft');
      res = await post(admin, '/admin/products', { intent: 'trash', id: '99999999' });
      expect(res.statusCode).toBe(404);
    });

    it('lists with search (name, SKU), filters, sort and pages', async () => {
      const get = async (q: string) => (await admin.request('GET', `/admin/products${q}`)).body;
      expect(await get('?q=towel-1')).toContain('Quick tea towel');
      expect(await get('?q=stonewashed')).not.toContain('Quick tea towel');
      const variable = await get('?type=variable');
      expect(variable).toContain('Canvas tote');
      expect(variable).not.toContain('Seed mug');
      expect(await get('?stock=outofstock')).toContain('Quick tea towel');
      expect(await get(`?category=${categoryId}`)).toContain('Seed mug');
      // A category takes in its descendants' products; a child only its own; an unknown one none.
      const nested = await createProduct(t.services.db, { name: 'Nested cup', categories: [['Tableware', 'Cups']], regular_price: 500 });
      const links = await t.services.db.selectFrom('product_categories').select('category_id').where('product_id', '=', nested.id).execute();
      expect(links).toHaveLength(1);
      const childId = links[0].category_id;
      const parentId = (await t.services.db.selectFrom('categories').select('id').where('path', '=', 'tableware').executeTakeFirstOrThrow()).id;
      expect(childId).not.toBe(parentId);
      expect(await get(`?category=${parentId}&q=cup`)).toContain('Nested cup');
      expect(await get(`?category=${categoryId}`)).not.toContain('Nested cup');
      const child = await get(`?category=${childId}`);
      expect(child).toContain('Nested cup');
      expect(child).not.toContain('Seed mug');
      const unknown = await get('?category=99999999');
      expect(unknown).not.toContain('Nested cup');
      expect(unknown).not.toContain('Seed mug');
      const sorted = await get('?sort=name&dir=asc&status=all');
      expect(sorted.indexOf('Bulk 0')).toBeLessThan(sorted.indexOf('Seed mug'));
      for (let i = 0; i < 21; i++) await createProduct(t.services.db, { name: `Paged ${String(i).padStart(2, '0')}`, regular_price: 100 });
      const second = await get('?q=paged&sort=name&dir=asc&page=2');
      expect(second).toContain('Paged 20');
      expect(second).not.toContain('Paged 00');
      // Nonsense in the query is ignored, not an error.
      expect((await admin.request('GET', '/admin/products?page=-3&sort=evil&type=x&category=abc')).statusCode).toBe(200);
    });

    it('searches any part of a name or SKU in every status, %, _ and quotes as typed; renames, deletions and the tab counts follow at once', async () => {
      const { db } = t.services;
      const page = async (q: string) => (await admin.request('GET', `/admin/products?${q}`)).body;
      const drafts = async () => Number(/Draft \((\d+)\)/.exec(await page(''))![1]);
      const before = await drafts();
      // Through the editor, as staff add them.
      const add = async (fields: Record<string, string>) => {
        const res = await post(admin, '/admin/products/new', simple({ tags: '', ...fields }));
        expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
        return { id: idFrom(res.headers.location) };
      };
      const alder = await add({ name: 'Alder hook 50% off', sku: 'HK_01', status: 'draft' });
      await add({ name: 'Birch hook 500 off', sku: 'HKX01', status: 'private' });
      const cedar = await add({ name: 'Cedar "hook" rail', sku: 'RAIL-7' });
      expect(await drafts()).toBe(before + 1);
      const found = async (q: string) => {
        const html = await page(`q=${encodeURIComponent(q)}`);
        return ['Alder', 'Birch', 'Cedar'].filter((w) => html.includes(w));
      };
      expect(await found('HOOK')).toEqual(['Alder', 'Birch', 'Cedar']);
      expect(await found('der ho')).toEqual(['Alder']);
      expect(await found('50%')).toEqual(['Alder']);
      expect(await found('0% o')).toEqual(['Alder']);
      expect(await found('hk_0')).toEqual(['Alder']);
      expect(await found('k_')).toEqual(['Alder']);
      expect(await found('%')).toEqual(['Alder']);
      expect(await found('"hook"')).toEqual(['Cedar']);
      expect(await found('ail-7')).toEqual(['Cedar']);
      expect(await found('hkx')).toEqual(['Birch']);
      // Whatever writes the row, the search follows.
      await db.updateTable('products').set({ name: 'Alder peg 50% off', sku: 'PEG-2' }).where('id', '=', alder.id).execute();
      expect(await found('hook')).toEqual(['Birch', 'Cedar']);
      expect(await found('peg 50')).toEqual(['Alder']);
      expect(await found('hk_0')).toEqual([]);
      await db.deleteFrom('products').where('id', '=', cedar.id).execute();
      expect(await found('rail')).toEqual([]);
      // A product taking the deleted one's id is found by its own name only.
      await createProduct(db, { name: 'Cedar shelf', regular_price: 100 });
      expect(await found('rail')).toEqual([]);
      expect(await found('cedar sh')).toEqual(['Cedar']);
    });

    it('uploads pictures by content: stores WebP variants without EXIF, refuses SVG, non-images and oversized files', async () => {
      const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Someone' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeTruthy();
      const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#36c' } }).png().toBuffer();
      let res = await upload(admin, [
        { name: 'return', value: '/admin/products/new' },
        { name: 'alt', value: 'Red square' },
        { name: 'files', value: jpeg, filename: 'photo.jpg', type: 'image/jpeg' },
        { name: 'files', value: png, filename: 'blue.png', type: 'image/png' },
      ]);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const added = /add=([\d,]+)/.exec(String(res.headers.location))![1]!.split(',').map(Number);
      expect(added).toHaveLength(2);
      const media = await t.services.db.selectFrom('media').selectAll().where('id', 'in', added).orderBy('id').execute();
      expect(media.map((m) => JSON.parse(m.widths))).toEqual([[150, 300, 600], [150, 300]]);
      const dir = path.join(mediaRoot(t.services.config.dataDir), path.dirname(media[0]!.path));
      const file = readdirSync(dir).find((f) => f.startsWith(path.basename(media[0]!.path)) && f.endsWith('-600.webp'))!;
      const variant = readFileSync(path.join(dir, file));
      const meta = await sharp(variant).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(variant.includes(Buffer.from('Secret Owner'))).toBe(false);
      // The editor shows them in the gallery, and saving keeps them in that order.
      const page = (await admin.request('GET', `/admin/products/new?add=${added.join(',')}`)).body;
      expect(page).toContain(`name="image.${added[0]}.alt"`);
      const saved = await post(admin, '/admin/products/new', simple({ name: 'Pictured apron', image_ids: added.map(String), featured_image: String(added[1]), [`image.${added[0]}.alt`]: 'Front' }));
      expect(saved.statusCode).toBe(302);
      const pid = idFrom(saved.headers.location);
      expect((await row(pid)).image_id).toBe(added[1]);
      const gallery = await t.services.db.selectFrom('product_images').select('media_id').where('product_id', '=', pid).orderBy('position').execute();
      expect(gallery.map((g) => g.media_id)).toEqual([added[1], added[0]]);
      expect((await t.services.db.selectFrom('media').select('alt').where('id', '=', added[0]!).executeTakeFirstOrThrow()).alt).toBe('Front');

      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
      const mediaCount = async () => (await t.services.db.selectFrom('media').select('id').execute()).length;
      const count = await mediaCount();
      res = await upload(admin, [{ name: 'files', value: svg, filename: 'x.svg', type: 'image/svg+xml' }]);
      expect(res.statusCode).toBe(415);
      res = await upload(admin, [{ name: 'files', value: Buffer.from('GIF89a not really'), filename: 'x.gif', type: 'image/gif' }]);
      expect(res.statusCode).toBe(415);
      res = await upload(admin, [{ name: 'files', value: Buffer.alloc(10 * 1024 * 1024 + 1, 1), filename: 'big.jpg', type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(413);
      res = await upload(admin, []);
      expect(res.statusCode).toBe(400);
      expect(await mediaCount()).toBe(count);
      // Staff without the catalog role are refused before the body is read.
      res = await upload(editor, [{ name: 'files', value: png, filename: 'blue.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(403);
    });

    it('schedules a product: hidden until its date, then published by the minute job (listing counts follow)', async () => {
      const res = await post(admin, '/admin/products/new', simple({ name: 'Scheduled scarf', status: 'future', publish_at: '2030-01-01T09:00', categories: String(categoryId) }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const id = idFrom(res.headers.location);
      expect(await row(id)).toMatchObject({ status: 'future', created_at: '2030-01-01T09:00:00.000Z' });
      expect((await admin.request('GET', '/api/products/scheduled-scarf')).statusCode).toBe(404);
      expect(await publishScheduled(t.services.db, new Date('2029-12-31T00:00:00Z'))).toEqual([]);
      const count = async () => (await t.services.db.selectFrom('categories').select('product_count').where('id', '=', categoryId).executeTakeFirstOrThrow()).product_count;
      const before = await count();
      expect(await publishScheduled(t.services.db, new Date('2030-01-01T09:00:01Z'))).toEqual([id]);
      expect((await row(id)).status).toBe('publish');
      expect(await count()).toBe(before + 1);
      expect((await admin.request('GET', '/api/products/scheduled-scarf')).statusCode).toBe(200);
    });

    it('reviews moderation uses the same list: a bulk approve of several reviews in one transaction updates the product', async () => {
      const { id } = await createProduct(t.services.db, {
        name: 'Reviewed jug',
        regular_price: 1500,
        reviews: [
          { author: 'Ann', email: 'ann@example.test', rating: 5, content: 'Lovely.' },
          { author: 'Bob', email: 'bob@example.test', rating: 3, content: 'Fine.' },
        ],
      });
      const ids = (await t.services.db.selectFrom('reviews').select('id').where('product_id', '=', id).execute()).map((r) => String(r.id));
      const page = (await admin.request('GET', '/admin/reviews?status=pending')).body;
      expect(page).toContain('Select the review by Ann');
      let res = await post(admin, '/admin/reviews?status=pending', { intent: 'bulk', action: 'approve', ids });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('2 reviews approved.');
      expect(await row(id)).toMatchObject({ review_count: 2, average_rating: 4 });
      res = await post(admin, '/admin/reviews', { intent: 'bulk', action: 'spam', ids: [...ids, '99999999'] });
      expect(res.statusCode).toBe(404);
      expect((await row(id)).review_count).toBe(2);
      // Reviews carry shoppers' e-mail addresses: not for editors (the access table), for shop managers.
      res = await post(editor, '/admin/reviews', { intent: 'bulk', action: 'delete', ids });
      expect(res.statusCode).toBe(403);
      expect((await row(id)).review_count).toBe(2);
      res = await post(manager, '/admin/reviews', { intent: 'bulk', action: 'delete', ids });
      expect(res.statusCode).toBe(200);
      expect(await row(id)).toMatchObject({ review_count: 0 });
    });

    it('categories: add under a parent (a taken address refused), rename, move up and down; the shop’s tree follows', async () => {
      const kitchen = String(categoryId);
      let res = await post(admin, '/admin/categories', { intent: 'add', name: 'Aprons', parent: kitchen, description: 'Cook in style.' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Category “kitchen/aprons” added.');
      res = await post(admin, '/admin/categories', { intent: 'add', name: 'Jugs', parent: kitchen });
      res = await post(admin, '/admin/categories', { intent: 'add', name: 'Aprons', parent: kitchen });
      expect(res.statusCode).toBe(409);
      res = await post(admin, '/admin/categories', { intent: 'add', name: '', parent: kitchen });
      expect(res.statusCode).toBe(400);
      res = await post(admin, '/admin/categories', { intent: 'add', name: 'Orphan', parent: '99999999' });
      expect(res.statusCode).toBe(400);
      const tree = async () => {
        const all = (await admin.request('GET', '/api/categories')).json().categories as { name: string; path: string; children?: { name: string }[] }[];
        const flat = (list: typeof all): typeof all => list.flatMap((c) => [c, ...flat((c.children ?? []) as typeof all)]);
        return flat(all).find((c) => c.path === 'kitchen')!.children!.map((c) => c.name);
      };
      expect(await tree()).toEqual(['Aprons', 'Jugs']);
      const jugs = await t.services.db.selectFrom('categories').select('id').where('path', '=', 'kitchen/jugs').executeTakeFirstOrThrow();
      res = await post(admin, '/admin/categories', { intent: 'up', id: String(jugs.id) });
      expect(res.statusCode).toBe(200);
      expect(await tree()).toEqual(['Jugs', 'Aprons']);
      res = await post(admin, '/admin/categories', { intent: 'down', id: String(jugs.id) });
      expect(await tree()).toEqual(['Aprons', 'Jugs']);
      res = await post(admin, '/admin/categories', { intent: 'rename', id: String(jugs.id), name: 'Jugs and pitchers', description: '' });
      expect(res.statusCode).toBe(200);
      expect(await tree()).toEqual(['Aprons', 'Jugs and pitchers']);
      // The address is kept, so links keep working.
      expect((await t.services.db.selectFrom('categories').select('path').where('id', '=', jugs.id).executeTakeFirstOrThrow()).path).toBe('kitchen/jugs');
      res = await post(admin, '/admin/categories', { intent: 'rename', id: '99999999', name: 'Nothing' });
      expect(res.statusCode).toBe(404);
      const page = (await admin.request('GET', '/admin/categories')).body;
      expect(page).toContain('Move Aprons up');
      expect((await editor.request('GET', '/admin/categories')).statusCode).toBe(403);
      const before = (await t.services.db.selectFrom('categories').select('id').execute()).length;
      expect((await post(editor, '/admin/categories', { intent: 'add', name: 'Editor category' })).statusCode).toBe(403);
      expect((await t.services.db.selectFrom('categories').select('id').execute()).length).toBe(before);
    });

    it('tags: add (a duplicate refused), search, rename and bulk delete; the shop search follows the tag names', async () => {
      const { id } = await createProduct(t.services.db, { name: 'Plain vessel', regular_price: 900, tags: ['Stoneware'] });
      const suggest = async (q: string) => JSON.stringify((await admin.request('GET', `/api/search/suggestions?q=${q}`)).json());
      expect(await suggest('stoneware')).toContain('Plain vessel');
      let res = await post(admin, '/admin/tags', { intent: 'add', name: 'Gift ideas' });
      expect(res.statusCode).toBe(200);
      res = await post(admin, '/admin/tags', { intent: 'add', name: 'gift ideas ' });
      expect(res.statusCode).toBe(409);
      const list = (await admin.request('GET', '/admin/tags?q=stone')).body;
      expect(list).toContain('Select Stoneware');
      expect(list).not.toContain('Gift ideas');
      const tag = await t.services.db.selectFrom('tags').select(['id', 'slug']).where('name', '=', 'Stoneware').executeTakeFirstOrThrow();
      res = await post(admin, '/admin/tags', { intent: 'rename', id: String(tag.id), name: 'Earthenware' });
      expect(res.statusCode).toBe(200);
      expect(await suggest('earthenware')).toContain('Plain vessel');
      expect(await suggest('stoneware')).not.toContain('Plain vessel');
      expect((await t.services.db.selectFrom('tags').select('slug').where('id', '=', tag.id).executeTakeFirstOrThrow()).slug).toBe(tag.slug);
      res = await post(admin, '/admin/tags', { intent: 'rename', id: String(tag.id), name: 'Gift ideas' });
      expect(res.statusCode).toBe(409);
      const gift = await t.services.db.selectFrom('tags').select('id').where('name', '=', 'Gift ideas').executeTakeFirstOrThrow();
      res = await post(admin, '/admin/tags', { intent: 'bulk', action: 'delete', ids: [String(tag.id), '99999999'] });
      expect(res.statusCode).toBe(404);
      res = await post(admin, '/admin/tags', { intent: 'bulk', action: 'delete', ids: [String(tag.id), String(gift.id)] });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('2 tags deleted.');
      expect(await t.services.db.selectFrom('product_tags').select('tag_id').where('product_id', '=', id).execute()).toHaveLength(0);
      expect(await suggest('earthenware')).not.toContain('Plain vessel');
      expect((await post(editor, '/admin/tags', { intent: 'add', name: 'Editor tag' })).statusCode).toBe(403);
    });

    it('lets only shop managers and administrators in', async () => {
      expect((await editor.request('GET', '/admin/products')).statusCode).toBe(403);
      expect((await editor.request('GET', '/admin/products/new')).statusCode).toBe(403);
      const res = await post(editor, '/admin/products/new', simple({ name: 'Editor product' }));
      expect(res.statusCode).toBe(403);
      expect(await t.services.db.selectFrom('products').select('id').where('name', '=', 'Editor product').execute()).toHaveLength(0);
      expect((await manager.request('GET', '/admin/products')).statusCode).toBe(200);
      expect((await admin.request('GET', '/admin/products/99999999')).statusCode).toBe(404);
      expect((await admin.request('GET', '/admin/products/abc')).statusCode).toBe(404);
    });
  });
}
