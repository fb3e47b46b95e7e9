import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The product editor's pickers: upsells, cross-sells and a grouped product's children,
 * through the editor's form action (as a browser without scripts posts it, including its
 * "Find" step) and the pickers' search route, and what the shop shows right after.
 */

const base = (over: Record<string, string | string[]> = {}) => ({
  intent: 'save',
  type: 'simple',
  name: 'Enamel pot',
  status: 'publish',
  catalog_visibility: 'visible',
  regular_price: '40.00',
  stock_status: 'instock',
  backorders: 'no',
  tax_status: 'taxable',
  ...over,
});

for (const dialect of await dialects()) {
  describe(`back office: linked products (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let editor: Client;
    const id: Record<string, number> = {};

    const post = (c: Client, url: string, fields: Record<string, string | string[]>) => c.request('POST', url, urlencoded(fields), FORM);
    const links = (productId: number) =>
      t.services.db.selectFrom('product_links').select(['kind', 'linked_id']).where('product_id', '=', productId).orderBy('kind').orderBy('position').execute();
    const login = (role: 'admin' | 'editor' | 'shop_manager') => staffLogin(t, role, 'links.example');

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await login('admin');
      editor = await login('editor');
      for (const [name, sku, price] of [
        ['Cast iron pan', 'PAN-1', 3000],
        ['Copper kettle', 'KET-1', 5500],
        ['Wooden spoon', 'SPOON-1', 400],
        ['Pan lid 100%_off', 'LID-1', 900],
      ] as const) {
        id[name] = (await createProduct(t.services.db, { name, sku, regular_price: price, categories: [['Kitchen']] })).id;
      }
      id['Old set'] = (await createProduct(t.services.db, { name: 'Old pan set', type: 'grouped', categories: [['Kitchen']], links: { grouped: [id['Wooden spoon']!] } })).id;
      id['Trashed pan'] = (await createProduct(t.services.db, { name: 'Trashed pan', categories: [['Kitchen']] })).id;
      await t.services.db.updateTable('products').set({ status: 'trash' as never }).where('id', '=', id['Trashed pan']!).execute();
    }, 120_000);
    afterAll(() => t?.close());

    it('the pickers’ search finds by name or exact SKU, leaves out the product itself, trashed ones and (for children) grouped ones; managers only', async () => {
      const names = async (q: string, extra = '') => {
        const res = await admin.request('GET', `/admin/products/lookup?q=${encodeURIComponent(q)}${extra}`);
        expect(res.statusCode).toBe(200);
        return (res.json() as { products: { name: string }[] }).products.map((p) => p.name);
      };
      expect(await names('pan')).toEqual(['Pan lid 100%_off', 'Cast iron pan', 'Old pan set']);
      expect(await names('ket-1')).toEqual(['Copper kettle']);
      expect(await names('pan', `&exclude=${id['Cast iron pan']}`)).not.toContain('Cast iron pan');
      expect(await names('pan', '&kind=grouped')).not.toContain('Old pan set');
      expect(await names('trashed')).toEqual([]);
      // LIKE wildcards in the query are plain characters.
      expect(await names('%_')).toEqual(['Pan lid 100%_off']);
      expect(await names('')).toEqual([]);
      expect((await editor.request('GET', '/admin/products/lookup?q=pan')).statusCode).toBe(403);
      const anonymous = await Client.start(t.app);
      expect((await anonymous.request('GET', '/admin/products/lookup?q=pan')).statusCode).toBe(302);
    });

    it('saves upsells and cross-sells in the order picked; the product page shows the upsells at once; the editor shows them ticked', async () => {
      const res = await post(admin, '/admin/products/new', base({ 'link.upsell': [String(id['Copper kettle']), String(id['Cast iron pan'])], 'link.crosssell': String(id['Wooden spoon']) }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const pot = Number(/\/admin\/products\/(\d+)/.exec(String(res.headers.location))![1]);
      id.pot = pot;
      expect(await links(pot)).toEqual([
        { kind: 'crosssell', linked_id: id['Wooden spoon'] },
        { kind: 'upsell', linked_id: id['Copper kettle'] },
        { kind: 'upsell', linked_id: id['Cast iron pan'] },
      ]);
      const page = (await admin.request('GET', '/product/enamel-pot')).body;
      expect(page).toContain('You may also like');
      expect(page.indexOf('Copper kettle')).toBeLessThan(page.indexOf('Cast iron pan'));
      const edit = (await admin.request('GET', `/admin/products/${pot}`)).body;
      expect(edit).toMatch(new RegExp(`name="link\\.upsell" checked="" value="${id['Copper kettle']}"/>`));
      expect(edit).toContain('Wooden spoon (SPOON-1)');
    });

    it('an unticked link is removed on save; the other kinds stay', async () => {
      const version = (await t.services.db.selectFrom('products').select('updated_at').where('id', '=', id.pot!).executeTakeFirstOrThrow()).updated_at;
      const res = await post(admin, `/admin/products/${id.pot}`, base({ version, slug: 'enamel-pot', 'link.upsell': String(id['Cast iron pan']), 'link.crosssell': String(id['Wooden spoon']) }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      expect(await links(id.pot!)).toEqual([
        { kind: 'crosssell', linked_id: id['Wooden spoon'] },
        { kind: 'upsell', linked_id: id['Cast iron pan'] },
      ]);
    });

    it('without scripts, “Find” lists matches as unticked boxes beside the chosen ones and saves nothing', async () => {
      const before = await t.services.db.selectFrom('products').select('id').execute();
      const res = await post(admin, '/admin/products/new', base({ name: 'Draft pot', intent: 'find:upsell', 'find.upsell': 'kettle', 'link.upsell': String(id['Cast iron pan']) }));
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(new RegExp(`name="link\\.upsell" checked="" value="${id['Cast iron pan']}"/>`));
      expect(res.body).toMatch(new RegExp(`name="link\\.upsell" value="${id['Copper kettle']}"/>`));
      expect(res.body).toContain('Tick the products to add, then save.');
      const none = await post(admin, '/admin/products/new', base({ intent: 'find:crosssell', 'find.crosssell': 'zzz' }));
      expect(none.body).toContain('No product matches “zzz”.');
      expect(await t.services.db.selectFrom('products').select('id').execute()).toHaveLength(before.length);
    });

    it('a grouped product gets its children from the editor; the shop lists them with their prices', async () => {
      const res = await post(admin, '/admin/products/new', base({ type: 'grouped', name: 'Cook set', regular_price: '', 'link.grouped': [String(id['Cast iron pan']), String(id['Wooden spoon'])] }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const set = Number(/\/admin\/products\/(\d+)/.exec(String(res.headers.location))![1]);
      expect((await links(set)).map((l) => l.linked_id)).toEqual([id['Cast iron pan'], id['Wooden spoon']]);
      const row = await t.services.db.selectFrom('products').select(['min_price', 'max_price']).where('id', '=', set).executeTakeFirstOrThrow();
      expect(row).toEqual({ min_price: 400, max_price: 3000 });
      const page = (await admin.request('GET', '/product/cook-set')).body;
      expect(page).toContain('Cast iron pan');
      expect(page).toContain('Wooden spoon');
      // Turned into a simple product, it loses its children (only a grouped product has them).
      const version = (await t.services.db.selectFrom('products').select('updated_at').where('id', '=', set).executeTakeFirstOrThrow()).updated_at;
      const simple = await post(admin, `/admin/products/${set}`, base({ version, name: 'Cook set', slug: 'cook-set', 'link.grouped': String(id['Cast iron pan']) }));
      expect(simple.statusCode, simple.body.slice(0, 300)).toBe(302);
      expect(await links(set)).toEqual([]);
    });

    it('refuses a link to itself, a grouped product inside a grouped one and unknown products, at the field, changing nothing', async () => {
      const version = (await t.services.db.selectFrom('products').select('updated_at').where('id', '=', id.pot!).executeTakeFirstOrThrow()).updated_at;
      const before = await links(id.pot!);
      const self = await post(admin, `/admin/products/${id.pot}`, base({ version, slug: 'enamel-pot', 'link.upsell': String(id.pot) }));
      expect(self.statusCode).toBe(400);
      expect(self.body).toContain('Links to itself');
      const unknown = await post(admin, `/admin/products/${id.pot}`, base({ version, slug: 'enamel-pot', 'link.crosssell': '99999999' }));
      expect(unknown.statusCode).toBe(400);
      expect(await links(id.pot!)).toEqual(before);
      const nested = await post(admin, '/admin/products/new', base({ type: 'grouped', name: 'Set of sets', regular_price: '', 'link.grouped': String(id['Old set']) }));
      expect(nested.statusCode).toBe(400);
      expect(nested.body).toContain('Grouped child');
      expect(await t.services.db.selectFrom('products').select('id').where('name', '=', 'Set of sets').execute()).toEqual([]);
      // An editor (no catalog rights) cannot link anything.
      const denied = await post(editor, `/admin/products/${id.pot}`, base({ version, slug: 'enamel-pot', 'link.upsell': String(id['Copper kettle']) }));
      expect(denied.statusCode).toBe(403);
      expect(await links(id.pot!)).toEqual(before);
    });
  });
}
