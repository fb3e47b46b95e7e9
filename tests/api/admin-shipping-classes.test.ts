import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { createTestApp, type Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * Shipping classes in the back office (/admin/shipping-classes), as a browser without scripts
 * posts: add, rename (a new slug carried to products, variations and flat rates), delete
 * (said before it is confirmed; products and variations left without a class, flat rates
 * without its amount, in one transaction), and the product editor's select of them.
 */

for (const dialect of await dialects()) {
  describe(`back office: shipping classes (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let flatRate: number;
    const post = (url: string, fields: Record<string, string>) => admin.request('POST', url, urlencoded(fields), FORM);
    const db = () => t.services.db;
    const classes = async () => (await db().selectFrom('shipping_classes').select(['name', 'slug']).orderBy('slug').execute()).map((c) => `${c.name}:${c.slug}`);
    const classOf = async (productId: number) => (await db().selectFrom('products').select('shipping_class').where('id', '=', productId).executeTakeFirstOrThrow()).shipping_class;
    const variationClasses = async (productId: number) => (await db().selectFrom('product_variations').select('shipping_class').where('product_id', '=', productId).orderBy('id').execute()).map((v) => v.shipping_class);
    const classCosts = async () => (JSON.parse((await db().selectFrom('shipping_methods').select('settings').where('id', '=', flatRate).executeTakeFirstOrThrow()).settings) as { classCosts: Record<string, number> }).classCosts;
    let sofa: number;
    let chair: number;

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'shop_manager', 'classes.example');
    }, 120_000);
    afterAll(() => t?.close());

    it('adds classes (a taken slug refused) and lists how many products use each', async () => {
      let res = await post('/admin/shipping-classes', { intent: 'add', name: 'Bulky items', slug: '' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Shipping class “Bulky items” added.');
      res = await post('/admin/shipping-classes', { intent: 'add', name: 'Letterbox', slug: 'small' });
      expect(res.statusCode).toBe(200);
      res = await post('/admin/shipping-classes', { intent: 'add', name: 'Other bulky', slug: 'bulky-items' });
      expect(res.statusCode).toBe(409);
      res = await post('/admin/shipping-classes', { intent: 'add', name: '', slug: '' });
      expect(res.statusCode).toBe(400);
      res = await post('/admin/shipping-classes', { intent: 'add', name: 'Odd', slug: 'Not/A Slug' });
      expect(res.statusCode).toBe(400);
      expect(await classes()).toEqual(['Bulky items:bulky-items', 'Letterbox:small']);

      sofa = (await createProduct(db(), { name: 'Corner sofa', regular_price: 90000, shipping_class: 'bulky-items' })).id;
      chair = (await createProduct(db(), {
        name: 'Folding chair',
        type: 'variable',
        attributes: [{ name: 'Colour', options: ['Oak', 'Ash'], variation: 1 }],
        variations: [
          { attributes: { colour: 'Oak' }, regular_price: 8000, shipping_class: 'bulky-items' },
          { attributes: { colour: 'Ash' }, regular_price: 8000 },
        ],
      })).id;
      const zone = (await db().insertInto('shipping_zones').values({ name: 'Home', position: 0 }).returning('id').executeTakeFirstOrThrow()).id;
      flatRate = await addMethod(db(), zone, { type: 'flat_rate' });
      await saveMethod(db(), zone, flatRate, { title: 'Courier', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_class', noClassCost: '', 'classCost.bulky-items': '40', 'classCost.small': '1' }, 'GBP');
      const page = (await admin.request('GET', '/admin/shipping-classes')).body;
      expect(page).toMatch(/Bulky items[\s\S]*?<code>bulky-items<\/code>[\s\S]*?>2</);
    });

    it('renames with a new slug: products, variations and flat rates follow', async () => {
      const bulky = (await db().selectFrom('shipping_classes').select('id').where('slug', '=', 'bulky-items').executeTakeFirstOrThrow()).id;
      let res = await post('/admin/shipping-classes', { intent: 'rename', id: String(bulky), name: 'Bulky', slug: 'small' });
      expect(res.statusCode).toBe(409);
      expect(await classOf(sofa)).toBe('bulky-items');
      res = await post('/admin/shipping-classes', { intent: 'rename', id: String(bulky), name: 'Bulky', slug: 'bulky' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Shipping class “Bulky” saved.');
      expect(await classOf(sofa)).toBe('bulky');
      expect(await variationClasses(chair)).toEqual(['bulky', '']);
      expect(await classCosts()).toEqual({ bulky: 4000, small: 100 });
      expect((await post('/admin/shipping-classes', { intent: 'rename', id: '99999999', name: 'X', slug: 'x' })).statusCode).toBe(404);
    });

    it('the product editor offers the classes in a select and refuses one that is not a class', async () => {
      const page = (await admin.request('GET', `/admin/products/${sofa}`)).body;
      const select = /<select[^>]*name="shipping_class"[^>]*>([\s\S]*?)<\/select>/.exec(page)![1]!;
      expect(select).toContain('<option value="bulky" selected="">Bulky</option>');
      expect(select).toContain('<option value="small">Letterbox</option>');
      const form = (over: Record<string, string>) => urlencoded({ intent: 'save', type: 'simple', name: 'Corner sofa', status: 'publish', catalog_visibility: 'visible', regular_price: '900', stock_status: 'instock', backorders: 'no', tax_status: 'taxable', ...over });
      let res = await admin.request('POST', `/admin/products/${sofa}`, form({ shipping_class: 'made-up' }), FORM);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Choose one of the shipping classes');
      expect(await classOf(sofa)).toBe('bulky');
      res = await admin.request('POST', `/admin/products/${sofa}`, form({ shipping_class: 'small' }), FORM);
      expect(res.statusCode).toBe(302);
      expect(await classOf(sofa)).toBe('small');
    });

    it('deletes after saying what it clears; products and flat rates lose it in one go', async () => {
      const bulky = (await db().selectFrom('shipping_classes').select('id').where('slug', '=', 'bulky').executeTakeFirstOrThrow()).id;
      await db().updateTable('products').set({ shipping_class: 'bulky' }).where('id', '=', sofa).execute();
      const confirm = (await admin.request('GET', `/admin/shipping-classes?delete=${bulky}`)).body;
      expect(confirm).toContain('Delete the shipping class “Bulky”?');
      expect(confirm).toContain('2 products and variations use it and will have no shipping class.');
      expect(confirm).toContain('1 flat rate has an amount for it, which goes too.');
      let res = await post('/admin/shipping-classes', { intent: 'delete', id: String(bulky) });
      expect(res.statusCode).toBe(400);
      expect(await classOf(sofa)).toBe('bulky');
      res = await post('/admin/shipping-classes', { intent: 'delete', id: String(bulky), confirm: '1' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Shipping class “Bulky” deleted; 2 products and variations no longer have it.');
      expect(await classOf(sofa)).toBe('');
      expect(await variationClasses(chair)).toEqual(['', '']);
      expect(await classCosts()).toEqual({ small: 100 });
      expect(await classes()).toEqual(['Letterbox:small']);
      expect((await post('/admin/shipping-classes', { intent: 'delete', id: String(bulky), confirm: '1' })).statusCode).toBe(404);
      // Gone from the shipping page's flat rate form too.
      expect((await admin.request('GET', '/admin/shipping-classes')).body).not.toContain('>Bulky<');
    });
  });
}
