import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { applyPriceChange, scaleByPercent } from '../../app/features/catalog-admin/price-change.ts';

/*
 * The product list's quick edit (/admin/products/:id/quick) and bulk edit
 * (/admin/products/bulk-edit), posted as a browser without scripts sends their forms (and as
 * the list's dialog does, with `inline`): every quick-edit field saved, errors at their
 * field, a stale version refused; bulk prices to the minor unit, stock logged per product,
 * one bad product leaving every product as it was, and the roles the access table allows.
 */

const PASSWORD = 'a long enough password';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string | string[]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  return q.toString();
};

for (const dialect of await dialects()) {
  describe(`back office: quick and bulk edit (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let manager: Client;
    let editor: Client;
    let customer: Client;
    const db = () => t.services.db;
    const post = (c: Client, url: string, fields: Record<string, string | string[]>) => c.request('POST', url, form(fields), FORM);
    const row = (id: number) => db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const login = async (role: 'admin' | 'editor' | 'shop_manager' | 'customer') => {
      const c = await Client.start(t.app);
      await createUser(t.services, { email: `${role}@shop.example`, password: PASSWORD, name: role, role });
      expect((await c.request('POST', '/api/account/login', { email: `${role}@shop.example`, password: PASSWORD })).statusCode).toBe(200);
      return c;
    };
    const userId = async (role: string) => (await db().selectFrom('users').select('id').where('email', '=', `${role}@shop.example`).executeTakeFirstOrThrow()).id;
    const categoryId = async (name: string) => (await db().selectFrom('categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const tagsOf = async (id: number) => (await db().selectFrom('product_tags as pt').innerJoin('tags as t', 't.id', 'pt.tag_id').select('t.name').where('pt.product_id', '=', id).execute()).map((r) => r.name).sort((a, b) => a.localeCompare(b));
    const categoriesOf = async (id: number) => (await db().selectFrom('product_categories as pc').innerJoin('categories as c', 'c.id', 'pc.category_id').select('c.name').where('pc.product_id', '=', id).orderBy('c.name').execute()).map((r) => r.name);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      [admin, manager, editor, customer] = [await login('admin'), await login('shop_manager'), await login('editor'), await login('customer')];
      await createProduct(db(), { name: 'Category seed', categories: [['Kitchen'], ['Garden']], regular_price: 100 });
      await db().insertInto('shipping_classes').values({ name: 'Bulky', slug: 'bulky' }).execute();
    }, 120_000);
    afterAll(() => t?.close());

    describe('quick edit', () => {
      const fields = async (id: number, over: Record<string, string | string[]> = {}) => ({
        version: (await row(id)).updated_at,
        name: 'Enamel mug',
        slug: 'enamel-mug',
        sku: 'MUG-E',
        regular_price: '12.50',
        sale_price: '9.99',
        manage_stock: ['0', '1'],
        stock_quantity: '4',
        stock_status: 'instock',
        categories: ['', String(await categoryId('Garden'))],
        tags: 'camping, Enamel',
        status: 'private',
        catalog_visibility: 'search',
        shipping_class: 'bulky',
        back: '/admin/products?q=mug',
        ...over,
      });

      it('saves every field from its page without scripts, logs the stock change, and goes back to the list it came from', async () => {
        const { id } = await createProduct(db(), { name: 'Tin mug', regular_price: 1000, sku: 'MUG-T', categories: [['Kitchen']], tags: ['tin'] });
        const page = await manager.request('GET', `/admin/products/${id}/quick?back=${encodeURIComponent('/admin/products?q=mug')}`);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Quick edit: Tin mug');
        expect(page.body).toContain(`value="${(await row(id)).updated_at}"`);

        const res = await post(manager, `/admin/products/${id}/quick`, await fields(id));
        expect(res.statusCode, res.body.slice(0, 400)).toBe(302);
        expect(res.headers.location).toBe('/admin/products?q=mug&saved=1');
        expect(await row(id)).toMatchObject({
          name: 'Enamel mug',
          slug: 'enamel-mug',
          sku: 'MUG-E',
          regular_price: 1250,
          sale_price: 999,
          min_price: 999,
          manage_stock: 1,
          stock_quantity: 4,
          stock_status: 'instock',
          status: 'private',
          catalog_visibility: 'search',
          shipping_class: 'bulky',
        });
        expect(await categoriesOf(id)).toEqual(['Garden']);
        expect(await tagsOf(id)).toEqual(['camping', 'Enamel']);
        const log = await db().selectFrom('stock_log').selectAll().where('product_id', '=', id).execute();
        expect(log).toMatchObject([{ quantity_before: null, quantity_after: 4, source: 'quick_edit', user_id: await userId('shop_manager') }]);

        // Stock untracked again, out of stock by hand, back to a draft.
        const again = await post(manager, `/admin/products/${id}/quick`, await fields(id, { manage_stock: '0', stock_quantity: '', stock_status: 'outofstock', status: 'draft' }));
        expect(again.statusCode).toBe(302);
        expect(await row(id)).toMatchObject({ manage_stock: 0, stock_status: 'outofstock', status: 'draft' });
      });

      it('answers the list’s dialog with the notice; names the field of each mistake, slug and SKU already used among them; refuses a stale version', async () => {
        await createProduct(db(), { name: 'Taken', slug: 'taken-slug', sku: 'TAKEN-1', regular_price: 500 });
        const { id } = await createProduct(db(), { name: 'Steel mug', regular_price: 1000, sku: 'MUG-S' });
        const inline = await post(admin, `/admin/products/${id}/quick`, await fields(id, { inline: '1', name: 'Steel cup', slug: 'steel-cup', sku: 'CUP-S' }));
        expect(inline.statusCode).toBe(200);
        expect(inline.body).toContain('“Steel cup” saved.');
        expect(await row(id)).toMatchObject({ name: 'Steel cup', slug: 'steel-cup' });

        const before = await row(id);
        const cases: [Record<string, string>, number, string, string][] = [
          [{ slug: 'taken-slug' }, 409, 'slug', 'Already used by another product'],
          [{ sku: 'TAKEN-1' }, 409, 'sku', 'is already used'],
          [{ regular_price: 'ten' }, 400, 'regular_price', 'Not an amount'],
          [{ sale_price: '20' }, 400, 'sale_price', 'Must be below the regular price'],
          [{ stock_quantity: '2.5' }, 400, 'stock_quantity', 'Whole number'],
          [{ name: ' ' }, 400, 'name', 'Give the product a name'],
          [{ status: 'trash' }, 400, 'status', 'Choose one of the statuses'],
          [{ catalog_visibility: 'everywhere' }, 400, 'catalog_visibility', 'Choose one of the visibilities'],
          [{ shipping_class: 'no-such-class' }, 400, 'shipping_class', 'Choose one of the shipping classes'],
        ];
        for (const [over, status, field, message] of cases) {
          const res = await post(admin, `/admin/products/${id}/quick`, await fields(id, { ...over, slug: over.slug ?? 'steel-cup', sku: over.sku ?? 'CUP-S' }));
          expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBe(status);
          // The page shows the message at its field (the input points at it) and keeps what was typed.
          expect(res.body, field).toMatch(new RegExp(`id="quick-${field}-error"[^>]*>[^<]*${message.slice(0, 12).replace(/[.*+?^${}()|[\]\\"]/g, '.')}`, 'i'));
          expect(res.body).toContain(`aria-describedby="quick-${field}`);
        }
        expect(await row(id)).toEqual(before);

        const version = before.updated_at;
        expect((await post(admin, `/admin/products/${id}/quick`, await fields(id, { slug: 'steel-cup', sku: 'CUP-S', name: 'First' }))).statusCode).toBe(302);
        const stale = await post(admin, `/admin/products/${id}/quick`, { ...(await fields(id, { slug: 'steel-cup', sku: 'CUP-S', name: 'Second' })), version });
        expect(stale.statusCode).toBe(409);
        expect(stale.body).toContain('changed since you opened it');
        expect((await row(id)).name).toBe('First');
      });

      it('a variable product keeps its variations’ prices; the trash and unknown products have no quick edit', async () => {
        const { id } = await createProduct(db(), {
          name: 'Tee',
          type: 'variable',
          attributes: [{ name: 'Size', options: ['S', 'M'], variation: 1 }],
          variations: [
            { attributes: { size: 'S' }, regular_price: 2000, sku: 'TEE-S' },
            { attributes: { size: 'M' }, regular_price: 2200, sku: 'TEE-M' },
          ],
        });
        const page = await admin.request('GET', `/admin/products/${id}/quick`);
        expect(page.body).toContain('Prices are set on the variations');
        expect(page.body).not.toContain('name="regular_price"');
        const res = await post(admin, `/admin/products/${id}/quick`, await fields(id, { name: 'Tee shirt', slug: '', sku: '', regular_price: '1', sale_price: '' }));
        expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
        expect(await row(id)).toMatchObject({ name: 'Tee shirt', min_price: 2000, max_price: 2200 });
        const vars = await db().selectFrom('product_variations').select(['sku', 'regular_price']).where('product_id', '=', id).orderBy('id').execute();
        expect(vars).toEqual([
          { sku: 'TEE-S', regular_price: 2000 },
          { sku: 'TEE-M', regular_price: 2200 },
        ]);
        await db().updateTable('products').set({ status: 'trash' }).where('id', '=', id).execute();
        expect((await admin.request('GET', `/admin/products/${id}/quick`)).statusCode).toBe(404);
        expect((await admin.request('GET', '/admin/products/99999999/quick')).statusCode).toBe(404);
      });

      it('the list offers it per row, and the access table’s roles hold: an editor and a customer are refused', async () => {
        const { id } = await createProduct(db(), { name: 'Role mug', regular_price: 1000 });
        const list = await admin.request('GET', '/admin/products?q=role');
        expect(list.body).toContain(`href="/admin/products/${id}/quick?back=%2Fadmin%2Fproducts%3Fq%3Drole"`);
        for (const c of [editor, customer]) {
          expect((await c.request('GET', `/admin/products/${id}/quick`)).statusCode).toBe(403);
          const res = await post(c, `/admin/products/${id}/quick`, await fields(id, { name: 'Hacked', slug: '', sku: '' }));
          expect(res.statusCode).toBe(403);
        }
        expect((await row(id)).name).toBe('Role mug');
      });
    });
    describe('bulk edit', () => {
      // The page's form posts to its own address, the chosen ids in it.
      const bulk = (c: Client, ids: number[], fields: Record<string, string | string[]>) => post(c, `/admin/products/bulk-edit?${form({ ids: ids.map(String) })}`, { ids: ids.map(String), ...fields });
      const notice = (html: string) => {
        const at = html.indexOf('class="notice" role="status"');
        if (at < 0) return '';
        const start = html.indexOf('>', at) + 1;
        return html.slice(start, html.indexOf('</p>', start)).replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
      };
      const alert = (html: string) => {
        const at = html.indexOf('role="alert"');
        return at < 0 ? '' : html.slice(html.indexOf('>', at) + 1, html.indexOf('</', at)).replace(/<!-- -->/g, '').replace(/&quot;/g, '"');
      };
      const prices = async (ids: number[]) => {
        const own = await db().selectFrom('products').select(['id', 'regular_price', 'sale_price', 'updated_at']).where('id', 'in', ids).orderBy('id').execute();
        const vars = await db().selectFrom('product_variations').select(['product_id', 'regular_price', 'sale_price']).where('product_id', 'in', ids).orderBy('id').execute();
        return { own, vars };
      };
      const variable = (name: string, a: number, b: number) =>
        createProduct(db(), {
          name,
          type: 'variable',
          attributes: [{ name: 'Size', options: ['S', 'M'], variation: 1 }],
          variations: [
            { attributes: { size: 'S' }, regular_price: a },
            { attributes: { size: 'M' }, regular_price: b },
          ],
        }).then((p) => p.id);

      it('the list’s “Edit” opens the page naming the chosen products; prices change by % and by amount to the exact minor unit, variations included', async () => {
        const a = (await createProduct(db(), { name: 'Pct A', regular_price: 1999 })).id;
        const b = (await createProduct(db(), { name: 'Pct B', regular_price: 1000, sale_price: 800 })).id;
        const v = await variable('Pct V', 2000, 2500);
        const list = await post(manager, '/admin/products?q=pct', { intent: 'bulk', action: 'edit', ids: [a, b, v].map(String) });
        expect(list.statusCode).toBe(302);
        const to = String(list.headers.location);
        expect(to).toMatch(/^\/admin\/products\/bulk-edit\?ids=\d+&ids=\d+&ids=\d+&back=%2Fadmin%2Fproducts%3Fq%3Dpct$/);
        const page = await manager.request('GET', to);
        expect(page.statusCode).toBe(200);
        for (const name of ['Pct A', 'Pct B', 'Pct V', 'Editing these 3 products', 'apply to each of their variations']) expect(page.body).toContain(name);

        let res = await bulk(manager, [a, b, v], { price_mode: 'increase_percent', price_value: '10' });
        expect(res.statusCode, alert(res.body)).toBe(200);
        expect(notice(res.body)).toBe('3 products updated: regular price raised by 10 %.');
        let p = await prices([a, b, v]);
        // 1999 × 1.1 = 2198.9 → 2199; the sale price stays.
        expect(p.own.map((r) => [r.regular_price, r.sale_price])).toEqual([[2199, null], [1100, 800], [null, null]]);
        expect(p.vars.map((r) => r.regular_price)).toEqual([2200, 2750]);

        res = await bulk(manager, [a, b, v], { sale_mode: 'regular_minus_percent', sale_value: '25' });
        expect(notice(res.body)).toBe('3 products updated: sale price set to the regular price less 25 %.');
        p = await prices([a, b, v]);
        // 2199 × 0.75 = 1649.25 → 1649; 2750 × 0.75 = 2062.5 → 2063 (half up).
        expect(p.own.map((r) => r.sale_price)).toEqual([1649, 825, null]);
        expect(p.vars.map((r) => r.sale_price)).toEqual([1650, 2063]);
        expect((await row(v)).min_price).toBe(1650);

        res = await bulk(manager, [a, b, v], { price_mode: 'decrease', price_value: '1.99', sale_mode: 'decrease', sale_value: '0.49' });
        expect(res.statusCode, alert(res.body)).toBe(200);
        expect(notice(res.body)).toBe('3 products updated: regular price lowered by £1.99; sale price lowered by £0.49.');
        p = await prices([a, b, v]);
        expect(p.own.map((r) => [r.regular_price, r.sale_price])).toEqual([[2000, 1600], [901, 776], [null, null]]);
        expect(p.vars.map((r) => [r.regular_price, r.sale_price])).toEqual([[2001, 1601], [2551, 2014]]);

        res = await bulk(manager, [a, b], { price_mode: 'set', price_value: '30', sale_mode: 'clear' });
        expect(notice(res.body)).toBe('2 products updated: regular price set to £30.00; sale removed.');
        expect((await prices([a, b])).own.map((r) => [r.regular_price, r.sale_price])).toEqual([[3000, null], [3000, null]]);
      });

      it('a percentage is rounded half up on minor units, never through a float (property)', () => {
        // The exact value as a fraction: minor × (10000 ± bp) / 10000, halves up.
        const exact = (minor: bigint, bp: bigint) => {
          const n = minor * (10000n + bp);
          const q = n / 10000n;
          return Number(n % 10000n >= 5000n ? q + 1n : q);
        };
        fc.assert(
          fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 1, max: 10000 }), (minor, bp) => {
            expect(scaleByPercent(minor, bp)).toBe(exact(BigInt(minor), BigInt(bp)));
            expect(scaleByPercent(minor, -bp)).toBe(exact(BigInt(minor), BigInt(-bp)));
            expect(scaleByPercent(minor, -bp)).toBeGreaterThanOrEqual(0);
            expect(applyPriceChange(minor, { mode: 'regular_minus_percent', amount: bp }, minor)).toBeLessThanOrEqual(minor);
          }),
          { numRuns: 2000 },
        );
        expect(scaleByPercent(5, 1000)).toBe(6); // 5.5 → 6
        expect(scaleByPercent(15, -1000)).toBe(14); // 13.5 → 14
        expect(scaleByPercent(1, -5000)).toBe(1); // 0.5 → 1
      });

      it('through the page: a % change gives the reference amounts, and a decrease never leaves a price below zero (refused, naming the product, nothing changed) (property)', async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 20000 }), fc.integer({ min: 1, max: 60_000 }), async (regulars, bp, cut) => {
            const ids = [];
            for (const [i, r] of regulars.entries()) ids.push((await createProduct(db(), { name: `Prop ${i} ${r}`, regular_price: r })).id);
            const pct = (bp / 100).toFixed(2);
            let res = await bulk(admin, ids, { price_mode: 'increase_percent', price_value: pct });
            expect(res.statusCode, alert(res.body)).toBe(200);
            const raised = regulars.map((r) => scaleByPercent(r, bp));
            expect((await prices(ids)).own.map((r) => r.regular_price)).toEqual(raised);
            const before = await prices(ids);
            res = await bulk(admin, ids, { price_mode: 'decrease', price_value: (cut / 100).toFixed(2) });
            const under = raised.findIndex((r) => r - cut < 0);
            if (under >= 0) {
              expect(res.statusCode).toBe(400);
              expect(alert(res.body)).toBe(`“Prop ${under} ${regulars[under]}”: the price would be below zero`);
              expect(await prices(ids)).toEqual(before);
            } else {
              expect(res.statusCode).toBe(200);
              expect((await prices(ids)).own.map((r) => r.regular_price)).toEqual(raised.map((r) => r - cut));
            }
            expect((await prices(ids)).own.every((r) => r.regular_price! >= 0)).toBe(true);
          }),
          { numRuns: 8 },
        );
      });

      it('a failure midway leaves every product as it was, tags, categories and stock included', async () => {
        const garden = await categoryId('Garden');
        const ok1 = (await createProduct(db(), { name: 'Mid one', regular_price: 5000, manage_stock: 1, stock_quantity: 2 })).id;
        const ok2 = await variable('Mid two', 4000, 4500);
        const bad = await variable('Mid three', 3000, 1200);
        const snapshot = async () => ({
          rows: await db().selectFrom('products').selectAll().where('id', 'in', [ok1, ok2, bad]).orderBy('id').execute(),
          vars: await prices([ok1, ok2, bad]),
          tags: await db().selectFrom('product_tags').selectAll().where('product_id', 'in', [ok1, ok2, bad]).execute(),
          cats: await db().selectFrom('product_categories').selectAll().where('product_id', 'in', [ok1, ok2, bad]).orderBy('product_id').orderBy('category_id').execute(),
          log: await db().selectFrom('stock_log').select('id').where('product_id', 'in', [ok1, ok2, bad]).execute(),
        });
        const before = await snapshot();
        const res = await bulk(manager, [ok1, ok2, bad], { price_mode: 'decrease', price_value: '15', stock_quantity: '9', tags_add: 'midway', categories_add: String(garden), status: 'draft', weight: '2' });
        expect(res.statusCode).toBe(400);
        expect(alert(res.body)).toBe('“Mid three” (M): the price would be below zero');
        // The form keeps what was typed and shows the error at the price's field.
        expect(res.body).toContain('id="bulk-price_value-error"');
        expect(res.body).toMatch(/id="bulk-price_value"[^>]*value="15"|value="15"[^>]*id="bulk-price_value"/);
        expect(await snapshot()).toEqual(before);
        expect(await db().selectFrom('tags').select('id').where('name', '=', 'midway').executeTakeFirst()).toBeUndefined();

        // A sale that would not be below its regular price is refused the same way.
        const sale = await bulk(manager, [ok1], { sale_mode: 'set', sale_value: '60' });
        expect(sale.statusCode).toBe(400);
        expect(alert(sale.body)).toBe('“Mid one”: the sale price would not be below the regular price');
        expect(await snapshot()).toEqual(before);
        // Mistakes in the form itself, each at its field.
        const wrong = await bulk(manager, [ok1], { price_mode: 'increase_percent', price_value: '1.234', stock_quantity: '1.5', weight: '-1', tax_class: 'luxury', shipping_class: 'none-such', tags_remove: 'never-seen' });
        expect(wrong.statusCode).toBe(400);
        for (const k of ['price_value', 'stock_quantity', 'weight']) expect(wrong.body).toContain(`id="bulk-${k}-error"`);
        expect((await bulk(manager, [ok1], {})).statusCode).toBe(400);
        expect((await bulk(manager, [ok1], { tax_class: 'luxury' })).body).toContain('Choose one of the tax classes');
        expect((await bulk(manager, [ok1], { tags_remove: 'never-seen' })).body).toContain('No tag is named “never-seen”');
        expect((await bulk(manager, [ok1, 99_999_999], { weight: '1' })).statusCode).toBe(404);
        expect(await snapshot()).toEqual(before);
      });

      it('sets stock with one stock-log entry per product changed; weight, size, classes, tags, categories and status in one go, with the summary', async () => {
        const kitchen = await categoryId('Kitchen');
        const garden = await categoryId('Garden');
        const tracked = (await createProduct(db(), { name: 'Stock tracked', regular_price: 100, manage_stock: 1, stock_quantity: 5, categories: [['Kitchen']], tags: ['old', 'keep'] })).id;
        const loose = (await createProduct(db(), { name: 'Stock loose', regular_price: 100, categories: [['Kitchen']], tags: ['Old'] })).id;
        const same = (await createProduct(db(), { name: 'Stock same', regular_price: 100, manage_stock: 1, stock_quantity: 7, categories: [['Garden']] })).id;
        const grouped = (await createProduct(db(), { name: 'Stock set', type: 'grouped' })).id;
        const ids = [tracked, loose, same, grouped];
        const res = await bulk(manager, ids, {
          stock_quantity: '7',
          weight: '1.25',
          height: '10',
          shipping_class: 'bulky',
          tax_class: 'reduced-rate',
          tags_add: 'Summer, sale',
          tags_remove: 'OLD',
          categories_add: String(garden),
          categories_remove: String(kitchen),
          status: 'pending',
        });
        expect(res.statusCode, alert(res.body)).toBe(200);
        expect(notice(res.body)).toBe(
          '4 products updated: stock set to 7; weight, height set; shipping class: Bulky; tax class: reduced-rate; tags added: Summer, sale; tags removed: OLD; added to Garden; removed from Kitchen; status: Pending review.',
        );
        expect(res.body.replace(/<!-- -->/g, '')).toContain('Stock set: Has no stock of its own');
        expect(await row(tracked)).toMatchObject({ manage_stock: 1, stock_quantity: 7, stock_status: 'instock', weight: 1.25, height: 10, length: null, shipping_class: 'bulky', tax_class: 'reduced-rate', status: 'pending' });
        expect(await row(loose)).toMatchObject({ manage_stock: 1, stock_quantity: 7, weight: 1.25, status: 'pending' });
        expect(await row(grouped)).toMatchObject({ manage_stock: 0, weight: null, shipping_class: 'bulky', status: 'pending' });
        expect(await tagsOf(tracked)).toEqual(['keep', 'sale', 'Summer']);
        expect(await tagsOf(loose)).toEqual(['sale', 'Summer']);
        expect(await categoriesOf(tracked)).toEqual(['Garden']);
        expect(await categoriesOf(same)).toEqual(['Garden']);
        const log = await db().selectFrom('stock_log').select(['product_id', 'quantity_before', 'quantity_after', 'source', 'user_id']).where('product_id', 'in', ids).orderBy('product_id').execute();
        const manager_ = await userId('shop_manager');
        expect(log).toEqual([
          { product_id: tracked, quantity_before: 5, quantity_after: 7, source: 'bulk', user_id: manager_ },
          { product_id: loose, quantity_before: null, quantity_after: 7, source: 'bulk', user_id: manager_ },
        ]);
        // The category removed last leaves "Uncategorized", as the editor does.
        const again = await bulk(manager, [same], { categories_remove: String(garden) });
        expect(notice(again.body)).toBe('1 product updated: removed from Garden.');
        expect(await categoriesOf(same)).toEqual(['Uncategorized']);
      });

      it('bulk edits 200 products in one go', async () => {
        const ids: number[] = [];
        for (let i = 0; i < 200; i++) ids.push((await createProduct(db(), { name: `Many ${i}`, regular_price: 1000 + i, manage_stock: 1, stock_quantity: 1 })).id);
        const res = await bulk(admin, ids, { price_mode: 'increase_percent', price_value: '12.5', stock_quantity: '3', tags_add: 'many' });
        expect(res.statusCode, alert(res.body)).toBe(200);
        expect(notice(res.body)).toBe('200 products updated: regular price raised by 12.5 %; stock set to 3; tags added: many.');
        const rows = await db().selectFrom('products').select(['id', 'regular_price', 'stock_quantity']).where('id', 'in', ids).orderBy('id').execute();
        expect(rows.map((r) => r.regular_price)).toEqual(ids.map((_, i) => scaleByPercent(1000 + i, 1250)));
        expect(rows.every((r) => r.stock_quantity === 3)).toBe(true);
        expect(Number((await db().selectFrom('stock_log').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', 'in', ids).where('source', '=', 'bulk').executeTakeFirstOrThrow()).n)).toBe(200);
      }, 120_000);

      it('the access table’s roles hold: an editor and a customer can neither open nor post the bulk edit', async () => {
        const { id } = await createProduct(db(), { name: 'Bulk role', regular_price: 1000 });
        for (const c of [editor, customer]) {
          expect((await c.request('GET', `/admin/products/bulk-edit?ids=${id}`)).statusCode).toBe(403);
          expect((await bulk(c, [id], { price_mode: 'set', price_value: '1' })).statusCode).toBe(403);
          expect((await post(c, '/admin/products', { intent: 'bulk', action: 'edit', ids: String(id) })).statusCode).toBe(403);
        }
        expect((await row(id)).regular_price).toBe(1000);
        expect((await admin.request('GET', `/admin/products/bulk-edit?ids=${id}`)).statusCode).toBe(200);
      });
    });
  });
}
