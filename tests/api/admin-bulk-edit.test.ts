import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

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
  });
}
