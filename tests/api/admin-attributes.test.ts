import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * Shop-wide attributes (/admin/attributes and /admin/attributes/:id) through their page
 * actions as a browser without scripts posts them, their use in the product editor ("Add a
 * shop-wide attribute"), and products following a change of display, swatch or order at once.
 */


for (const dialect of await dialects()) {
  describe(`back office: shop-wide attributes (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let manager: Client;
    let editor: Client;
    let colour: number;

    const post = (c: Client, url: string, fields: Record<string, string | string[]>) => c.request('POST', url, urlencoded(fields), FORM);
    const terms = async () => (await t.services.db.selectFrom('attribute_terms').select(['id', 'name', 'swatch']).where('attribute_id', '=', colour).orderBy('position').execute());
    const login = (role: 'admin' | 'editor' | 'shop_manager') => staffLogin(t, role, 'attrs.example');

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await login('admin');
      manager = await login('shop_manager');
      editor = await login('editor');
    }, 120_000);
    afterAll(() => t?.close());

    it('adds an attribute and its terms with swatches; a taken name, a bad colour and an empty name are refused at the field', async () => {
      const added = await post(manager, '/admin/attributes', { intent: 'add', name: 'Colour', display: 'color' });
      expect(added.statusCode).toBe(200);
      expect(added.body).toContain('Attribute “Colour” added.');
      colour = (await t.services.db.selectFrom('attributes').select('id').where('slug', '=', 'colour').executeTakeFirstOrThrow()).id;
      expect((await post(manager, '/admin/attributes', { intent: 'add', name: 'colour', display: 'label' })).statusCode).toBe(409);
      expect((await post(manager, '/admin/attributes', { intent: 'add', name: ' ', display: 'label' })).statusCode).toBe(400);
      for (const [name, swatch] of [
        ['Red', '#c0392b'],
        ['Navy', 'navy'],
        ['Sand', ''],
      ]) {
        const res = await post(manager, `/admin/attributes/${colour}`, { intent: 'add_term', name: name!, swatch: swatch! });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      }
      const bad = await post(manager, `/admin/attributes/${colour}`, { intent: 'add_term', name: 'Evil', swatch: 'red;background:url(x)' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Not a CSS colour');
      expect((await post(manager, `/admin/attributes/${colour}`, { intent: 'add_term', name: 'red', swatch: '' })).statusCode).toBe(409);
      expect(await terms()).toMatchObject([
        { name: 'Red', swatch: '#c0392b' },
        { name: 'Navy', swatch: 'navy' },
        { name: 'Sand', swatch: '' },
      ]);
      const page = await manager.request('GET', `/admin/attributes/${colour}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Swatch of Red');
      const list = await manager.request('GET', '/admin/attributes');
      expect(list.body).toContain(`href="/admin/attributes/${colour}"`);
    });

    it('the editor adds it to a product with all its terms and swatches, marked shop-wide; saved, the shop shows the swatches', async () => {
      const step = await post(admin, '/admin/products/new', { intent: 'add_global', global_attribute: String(colour), type: 'variable', name: 'Field cap', status: 'draft' });
      expect(step.statusCode).toBe(200);
      expect(step.body).toContain('Attribute “Colour” added with all its terms');
      expect(step.body).toContain('value="Red | Navy | Sand"');
      expect(step.body).toContain('value="Red: #c0392b | Navy: navy"');
      expect(step.body).toMatch(/name="attr\.0\.is_global" value="1"/);
      const again = await post(admin, '/admin/products/new', { intent: 'add_global', global_attribute: String(colour), name: 'Field cap', 'attr.0.name': 'Colour', 'attr.0.options': 'Red' });
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('This product already has that attribute');

      const saved = await post(admin, '/admin/products/new', {
        intent: 'save',
        type: 'variable',
        name: 'Field cap',
        status: 'publish',
        catalog_visibility: 'visible',
        stock_status: 'instock',
        backorders: 'no',
        tax_status: 'taxable',
        'attr.0.name': 'Colour',
        'attr.0.options': 'Red | Navy',
        'attr.0.visible': 'on',
        'attr.0.variation': 'on',
        'attr.0.display': 'color',
        'attr.0.swatches': 'Red: #c0392b | Navy: navy',
        'attr.0.is_global': '1',
        'var.0.present': '1',
        'var.0.attr.colour': 'Red',
        'var.0.regular_price': '20',
        'var.0.enabled': 'on',
        'var.1.present': '1',
        'var.1.attr.colour': 'Navy',
        'var.1.regular_price': '22',
        'var.1.enabled': 'on',
      });
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
      const row = await t.services.db.selectFrom('product_attributes').selectAll().where('slug', '=', 'colour').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ is_global: 1, display: 'color' });
      expect((await admin.request('GET', '/product/field-cap')).body).toContain('#c0392b');
    });

    it('a swatch change, a new order and a display change reach the products using it at once; a product’s own attribute of the same name is left alone', async () => {
      await createProduct(t.services.db, { name: 'Own colours', attributes: [{ name: 'Colour', options: ['Red'], display: 'select', swatches: { Red: 'R' } }], categories: [['Misc']] });
      const [red, navy] = await terms();
      const res = await post(manager, `/admin/attributes/${colour}`, { intent: `swatch:${red!.id}`, [`swatch.${red!.id}`]: '#ff0000' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Swatch of “Red” saved.');
      expect((await admin.request('GET', '/product/field-cap')).body).toContain('#ff0000');
      await post(manager, `/admin/attributes/${colour}`, { intent: `up:${navy!.id}` });
      expect((await terms()).map((x) => x.name)).toEqual(['Navy', 'Red', 'Sand']);
      const copy = async (product: string) =>
        t.services.db.selectFrom('product_attributes as a').innerJoin('products as p', 'p.id', 'a.product_id').select(['a.options', 'a.swatches', 'a.display']).where('p.name', '=', product).executeTakeFirstOrThrow();
      expect(JSON.parse((await copy('Field cap')).options)).toEqual(['Navy', 'Red']);
      await post(manager, `/admin/attributes/${colour}`, { intent: 'settings', name: 'Colour', display: 'label' });
      expect((await copy('Field cap')).display).toBe('label');
      expect(await copy('Own colours')).toMatchObject({ display: 'select', swatches: JSON.stringify({ Red: 'R' }) });
      // Bulk delete of terms, then of the attribute: products keep their options, now their own.
      const del = await post(manager, `/admin/attributes/${colour}`, { intent: 'bulk', action: 'delete', ids: [String(red!.id)] });
      expect(del.body).toContain('1 term deleted.');
      expect(JSON.parse((await copy('Field cap')).options)).toEqual(['Navy', 'Red']);
      const gone = await post(manager, '/admin/attributes', { intent: 'bulk', action: 'delete', ids: [String(colour)] });
      expect(gone.body).toContain('1 attribute deleted');
      const after = await t.services.db.selectFrom('product_attributes').select('is_global').where('slug', '=', 'colour').execute();
      expect(after.every((a) => a.is_global === 0)).toBe(true);
      expect((await manager.request('GET', `/admin/attributes/${colour}`)).statusCode).toBe(404);
    });

    it('editors and anyone else are refused, and nothing changes', async () => {
      const before = await t.services.db.selectFrom('attributes').selectAll().execute();
      expect((await editor.request('GET', '/admin/attributes')).statusCode).toBe(403);
      expect((await post(editor, '/admin/attributes', { intent: 'add', name: 'Size', display: 'label' })).statusCode).toBe(403);
      const anonymous = await Client.start(t.app);
      expect((await anonymous.request('GET', '/admin/attributes')).statusCode).toBe(302);
      expect(await t.services.db.selectFrom('attributes').selectAll().execute()).toEqual(before);
    });
  });
}
