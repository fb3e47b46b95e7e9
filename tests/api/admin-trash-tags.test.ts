import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { importWooCommerce } from '../../app/features/catalog/woo-import/importer.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { mediaStoreFor } from '../../app/lib/media-store.server.ts';
import { formatPrice } from '../../app/lib/money.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { changes, snapshot } from '../helpers/hostile.ts';
import { FORM, PASSWORD, staffLogin, urlencoded as form } from '../helpers/admin-forms.ts';

/*
 * The products' trash that empties (delete permanently, bulk, empty trash: only from the
 * trash, past orders keep their lines) and tags matched without case or accents (editor,
 * tags screen, WooCommerce import) and merged (the old address answers 301), through the
 * admin pages as a browser without scripts posts them.
 */

for (const dialect of await dialects()) {
  describe(`back office: trash and tags (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let manager: Client;
    let editor: Client;
    let shopper: Client;
    let price: (minor: number) => string;
    const ids: Record<string, number> = {};

    const db = () => t.services.db;
    const post = (c: Client, url: string, fields: Record<string, string | string[]>) => c.request('POST', url, form(fields), FORM);
    const exists = async (id: number) => !!(await db().selectFrom('products').select('id').where('id', '=', id).executeTakeFirst());
    const trash = async (id: number) => expect((await post(admin, '/admin/products', { intent: 'trash', id: String(id) })).statusCode).toBe(200);
    const tagsOf = async (id: number) =>
      (await db().selectFrom('product_tags as pt').innerJoin('tags', 'tags.id', 'pt.tag_id').select('tags.name').where('pt.product_id', '=', id).execute()).map((r) => r.name).sort();
    const tagCount = async () => Number((await db().selectFrom('tags').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      const settings = await getSettings(db());
      price = (minor) => formatPrice(minor, settings);
      const world = await addMethod(db(), null, { type: 'flat_rate' });
      await saveMethod(db(), null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      admin = await staffLogin(t, 'admin', 'trash.example');
      manager = await staffLogin(t, 'shop_manager', 'trash.example');
      editor = await staffLogin(t, 'editor', 'trash.example');
      await createUser(t.services, { email: 'ada@example.com', password: PASSWORD, name: 'Ada Lovelace' });
      shopper = await Client.start(t.app);
      expect((await shopper.request('POST', '/api/account/login', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(200);
      ids.lamp = (await createProduct(db(), { name: 'Brass reading lamp', sku: 'LAMP-7', regular_price: 4250, categories: [['Lighting']], tags: ['Winter'] })).id;
      ids.vase = (await createProduct(db(), { name: 'Glazed vase', sku: 'VASE-1', regular_price: 1800, categories: [['Lighting']] })).id;
      ids.spareA = (await createProduct(db(), { name: 'Spare shade', regular_price: 900 })).id;
      ids.spareB = (await createProduct(db(), { name: 'Spare bulb', regular_price: 300 })).id;
      ids.spareC = (await createProduct(db(), { name: 'Spare cord', regular_price: 200 })).id;
      ids.hoodie = (await createProduct(db(), { name: 'Wool hoodie', regular_price: 5000, tags: ['Winterwear', 'Été'] })).id;
      // Ada buys the lamp, then keeps it in her wishlist and her cart.
      expect((await shopper.request('POST', '/api/cart/items', { productId: ids.lamp, quantity: 2 })).statusCode).toBe(201);
      const address = { first_name: 'Ada', last_name: 'Lovelace', address_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA', country: 'GB', email: 'ada@example.com' };
      const order = await shopper.request('POST', '/api/checkout', { billing_address: address, payment_method: 'bacs' });
      expect(order.statusCode, order.body).toBe(200);
      ids.order = Number(order.json().order_id);
      expect((await shopper.request('POST', '/api/wishlist/items', { productId: ids.lamp })).statusCode).toBe(201);
      expect((await shopper.request('POST', '/api/cart/items', { productId: ids.lamp, quantity: 1 })).statusCode).toBe(201);
    }, 120_000);
    afterAll(() => t?.close());

    it('refuses to delete a product that is not in the trash: the page says so and nothing changes', async () => {
      const page = await admin.request('GET', `/admin/products/delete?ids=${ids.vase}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Only products in the trash can be deleted permanently');
      expect(page.body).not.toContain('name="intent" value="delete"');
      const res = await post(admin, '/admin/products/delete', { intent: 'delete', ids: [String(ids.vase)] });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Only products in the trash can be deleted permanently');
      // One trashed and one live product in the same request: refused as a whole.
      await trash(ids.spareC);
      const mixed = await snapshot(db());
      expect((await post(admin, '/admin/products/delete', { intent: 'delete', ids: [String(ids.spareC), String(ids.vase)] })).statusCode).toBe(400);
      expect(changes(mixed, await snapshot(db()))).toEqual([]);
      const bads: Record<string, string | string[]>[] = [{ intent: 'delete', ids: ['abc'] }, { intent: 'delete' }, { intent: 'nope', scope: 'all' }, { intent: 'delete', ids: ['999999'] }];
      for (const bad of bads) {
        const r = await post(admin, '/admin/products/delete', bad);
        expect(r.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, JSON.stringify(bad)).toBeLessThan(500);
      }
      expect(changes(mixed, await snapshot(db()))).toEqual([]);
      expect(await exists(ids.vase)).toBe(true);
    });

    it('lets shop managers and administrators delete for good; editors and customers are refused', async () => {
      await trash(ids.lamp);
      for (const c of [editor, shopper]) {
        expect((await c.request('GET', `/admin/products/delete?ids=${ids.lamp}`)).statusCode).toBe(403);
        expect((await post(c, '/admin/products/delete', { intent: 'delete', ids: [String(ids.lamp)] })).statusCode).toBe(403);
        expect((await post(c, '/admin/products/delete', { intent: 'delete', scope: 'all' })).statusCode).toBe(403);
      }
      const guest = await Client.start(t.app);
      expect((await guest.request('GET', '/admin/products/delete?scope=all')).statusCode).toBe(302);
      expect(await exists(ids.lamp)).toBe(true);
    });

    it('deletes a trashed product after its confirmation: gone from the shop, search, carts and wishlists; the order keeps its line', async () => {
      const list = await admin.request('GET', '/admin/products?status=trash');
      expect(list.body).toContain(`href="/admin/products/delete?ids=${ids.lamp}"`);
      expect(list.body).toContain('Delete Brass reading lamp permanently');
      const confirm = await manager.request('GET', `/admin/products/delete?ids=${ids.lamp}`);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.body).toContain('Delete this product permanently?');
      expect(confirm.body).toContain('Brass reading lamp');
      const res = await post(manager, '/admin/products/delete', { intent: 'delete', ids: [String(ids.lamp)] });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      expect(res.headers.location).toBe('/admin/products?status=trash&deleted=1');
      expect((await manager.request('GET', String(res.headers.location))).body).toContain('1 product deleted permanently.');

      expect(await exists(ids.lamp)).toBe(false);
      for (const table of ['cart_items', 'wishlist_items', 'search_documents', 'product_tags', 'product_categories'] as const) {
        const left = await db().selectFrom(table).select('product_id').where('product_id', '=', ids.lamp).execute();
        expect(left, table).toEqual([]);
      }
      expect((await shopper.request('GET', '/product/brass-reading-lamp')).statusCode).toBe(404);
      expect((await shopper.request('GET', '/api/products/brass-reading-lamp')).statusCode).toBe(404);
      expect((await shopper.request('GET', '/api/search/suggestions?q=brass')).body).not.toContain('Brass reading lamp');
      expect((await shopper.request('GET', '/shop')).body).not.toContain('Brass reading lamp');
      expect((await shopper.request('GET', '/api/products?per_page=100')).body).not.toContain('Brass reading lamp');
      const cart = await shopper.request('GET', '/api/cart');
      expect(cart.statusCode).toBe(200);
      expect(cart.body).not.toContain('Brass reading lamp');

      // The order still names the line, its SKU and its price, for the shop and for Ada.
      const line = await db().selectFrom('order_items').selectAll().where('order_id', '=', ids.order).executeTakeFirstOrThrow();
      expect(line).toMatchObject({ name: 'Brass reading lamp', sku: 'LAMP-7', quantity: 2, unit_price: 4250 });
      const orderPage = await admin.request('GET', `/admin/orders/${ids.order}`);
      expect(orderPage.statusCode).toBe(200);
      for (const text of ['Brass reading lamp', 'LAMP-7', price(8500)]) expect(orderPage.body, text).toContain(text);
      const mine = await shopper.request('GET', `/my-account/view-order/${ids.order}`);
      expect(mine.statusCode).toBe(200);
      for (const text of ['Brass reading lamp', price(8500)]) expect(mine.body, text).toContain(text);
    });

    it('deletes selected trashed products through the bulk action and empties the trash', async () => {
      await trash(ids.spareA);
      await trash(ids.spareB);
      const bulk = await post(admin, '/admin/products?status=trash', { intent: 'bulk', action: 'delete', ids: [String(ids.spareA)] });
      expect(bulk.statusCode).toBe(302);
      expect(bulk.headers.location).toBe(`/admin/products/delete?ids=${ids.spareA}`);
      expect((await post(admin, '/admin/products/delete', { intent: 'delete', ids: [String(ids.spareA)] })).statusCode).toBe(302);
      expect(await exists(ids.spareA)).toBe(false);

      const list = await admin.request('GET', '/admin/products?status=trash');
      expect(list.body).toContain('href="/admin/products/delete?scope=all"');
      const confirm = await admin.request('GET', '/admin/products/delete?scope=all');
      expect(confirm.body).toContain('Delete all 2 products in the trash permanently?');
      expect(confirm.body).toContain('Spare bulb');
      expect(confirm.body).toContain('Spare cord');
      const res = await post(admin, '/admin/products/delete', { intent: 'delete', scope: 'all' });
      expect(res.headers.location).toBe('/admin/products?status=trash&deleted=2');
      expect(await exists(ids.spareB)).toBe(false);
      expect(await exists(ids.spareC)).toBe(false);
      expect(await exists(ids.vase)).toBe(true);
      expect((await admin.request('GET', '/admin/products/delete?scope=all')).body).toContain('The trash is empty: nothing to delete.');
      expect((await admin.request('GET', '/admin/products?status=trash')).body).not.toContain('href="/admin/products/delete?scope=all"');
    });

    it('reuses "Winter" for "winter" and "Été" for "ete" in the editor, on the tags screen and in the WooCommerce import', async () => {
      const before = await tagCount();
      const made = await post(admin, '/admin/products/new', {
        intent: 'save',
        type: 'simple',
        name: 'Knitted scarf',
        slug: '',
        status: 'publish',
        catalog_visibility: 'visible',
        regular_price: '20.00',
        sale_price: '',
        sku: '',
        stock_status: 'instock',
        backorders: 'no',
        tax_status: 'taxable',
        description: '',
        short_description: '',
        tags: 'winter, ete, WINTER',
      });
      expect(made.statusCode, made.body.slice(0, 300)).toBe(302);
      const scarf = Number(/\/admin\/products\/(\d+)/.exec(String(made.headers.location))![1]);
      expect(await tagsOf(scarf)).toEqual(['Winter', 'Été']);
      expect(await tagCount()).toBe(before);

      const added = await post(admin, '/admin/tags', { intent: 'add', name: 'wínter' });
      expect(added.statusCode).toBe(409);
      expect(added.body).toContain('This tag already exists.');
      expect(await tagCount()).toBe(before);

      const summary = await importWooCommerce({ db: db(), media: mediaStoreFor(t.services.config) }, [Buffer.from('ID,Type,SKU,Name,"Regular price",Tags\n901,simple,imp-mitts,"Imported mitts",12,"WINTER, Ete, Wool"\n')], { downloadImages: false });
      expect(summary.created).toBe(1);
      const mitts = (await db().selectFrom('products').select('id').where('sku', '=', 'imp-mitts').executeTakeFirstOrThrow()).id;
      expect(await tagsOf(mitts)).toEqual(['Winter', 'Wool', 'Été']);
      expect(await tagCount()).toBe(before + 1);
    });

    it('merges a tag into another: its products move, it is gone and its address answers 301 to the other tag', async () => {
      const tag = async (name: string) => db().selectFrom('tags').select(['id', 'slug']).where('name', '=', name).executeTakeFirst();
      const from = (await tag('Winterwear'))!;
      expect((await shopper.request('GET', `/product-tag/${from.slug}`)).statusCode).toBe(200);
      for (const c of [editor, shopper]) expect((await post(c, '/admin/tags', { intent: 'merge', id: String(from.id), into: 'Winter' })).statusCode).toBe(403);
      const before = await snapshot(db());
      for (const into of ['', 'No such tag', 'winterwear']) {
        const r = await post(admin, '/admin/tags', { intent: 'merge', id: String(from.id), into });
        expect(r.statusCode, into).toBe(400);
      }
      expect(changes(before, await snapshot(db()))).toEqual([]);

      const res = await post(manager, '/admin/tags', { intent: 'merge', id: String(from.id), into: 'WINTER' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Tag “Winterwear” merged into “Winter” (1 product moved)');
      expect(await tag('Winterwear')).toBeUndefined();
      expect(await tagsOf(ids.hoodie)).toEqual(['Winter', 'Été']);
      const old = await shopper.request('GET', `/product-tag/${from.slug}?orderby=price`);
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/product-tag/winter?orderby=price');
      const listing = await shopper.request('GET', '/product-tag/winter');
      expect(listing.statusCode).toBe(200);
      expect(listing.body).toContain('Wool hoodie');

      // Merged again, the first address follows to the latest tag.
      const winter = (await tag('Winter'))!;
      expect((await post(admin, '/admin/tags', { intent: 'merge', id: String(winter.id), into: 'Wool' })).statusCode).toBe(200);
      expect((await shopper.request('GET', `/product-tag/${from.slug}`)).headers.location).toBe('/product-tag/wool');
      expect((await shopper.request('GET', '/product-tag/winter')).headers.location).toBe('/product-tag/wool');
      expect((await shopper.request('GET', '/product-tag/never-was')).statusCode).toBe(404);
    });
  });
}
