import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { ensureCategory } from '../../app/features/catalog/catalog-taxonomy.server.ts';
import { saveCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { findCoupon } from '../../app/features/coupons/coupons.server.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The coupon editor's pickers: products and variations by search (the product editor's
 * picker, its "Find" step without scripts) and categories from the tree, through the real
 * admin page as a browser without scripts posts it; a coupon for one variation in the cart.
 */

const base = (over: Record<string, string | string[]> = {}) => ({ discountType: 'percent', amount: '10', freeShipping: '0', individualUse: '0', excludeSaleItems: '0', ...over });

/** The ticked boxes of one field on the editor page, as `id` → checked. */
function boxes(html: string, field: string): Map<number, boolean> {
  const out = new Map<number, boolean>();
  for (const m of html.matchAll(/<input[^>]*>/g)) {
    const tag = m[0];
    if (!tag.includes(`name="${field}"`) || !tag.includes('type="checkbox"')) continue;
    out.set(Number(/value="(\d+)"/.exec(tag)![1]), / checked=""/.test(tag));
  }
  return out;
}
const label = (html: string, field: string, id: number) => new RegExp(`<label for="${field}-${id}">([^<]*)</label>`).exec(html)?.[1];

for (const dialect of await dialects()) {
  describe(`back office: coupon pickers (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    const id: Record<string, number> = {};
    const post = async (url: string, fields: Record<string, string | string[]>) => {
      const res = await admin.request('POST', url, urlencoded(fields), FORM);
      // React marks where text pieces meet ("Products<!-- -->: "); the page reads without them.
      return { statusCode: res.statusCode, body: res.body.replaceAll('<!-- -->', '') };
    };
    const page = async (couponId: number | 'new') => {
      const res = await admin.request('GET', `/admin/coupons/${couponId}`);
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const couponCount = async () => Number((await t.services.db.selectFrom('coupons').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'shop_manager', 'coupon-pickers.example');
      const db = t.services.db;
      id.kitchen = await ensureCategory(db, ['Kitchen']);
      id.pans = await ensureCategory(db, ['Kitchen', 'Pans']);
      id.garden = await ensureCategory(db, ['Garden']);
      id.pan = (await createProduct(db, { name: 'Cast iron pan', sku: 'PAN-1', regular_price: 3000, categories: [['Kitchen', 'Pans']] })).id;
      id.kettle = (await createProduct(db, { name: 'Copper kettle', sku: 'KET-1', regular_price: 5500, categories: [['Kitchen']] })).id;
      id.spade = (await createProduct(db, { name: 'Spade', regular_price: 2500, categories: [['Garden']] })).id;
    }, 120_000);
    afterAll(() => t?.close());

    it('the editor shows the chosen products by name and SKU and the category tree by name, the chosen ones ticked', async () => {
      const c = await saveCoupon(t.services.db, null, { code: 'shown', amount: '5', productIds: `${id.pan}`, excludedProductIds: `${id.spade}`, categoryIds: `${id.pans}`, excludedCategoryIds: `${id.garden}` });
      const html = await page(c.id);
      expect(boxes(html, 'productIds')).toEqual(new Map([[id.pan, true]]));
      expect(label(html, 'productIds', id.pan!)).toBe('Cast iron pan (PAN-1)');
      expect(label(html, 'excludedProductIds', id.spade!)).toBe('Spade');
      expect(boxes(html, 'categoryIds')).toEqual(new Map([[id.kitchen, false], [id.pans, true], [id.garden, false]]));
      expect(label(html, 'categoryIds', id.pans!)).toBe('Pans');
      expect(boxes(html, 'excludedCategoryIds').get(id.garden!)).toBe(true);
      // No raw id fields any more: the search box of each product picker, the "Find" step beside it.
      expect(html).toContain('name="find.productIds"');
      expect(html).toContain('value="find:excludedProductIds"');
      expect(html).not.toMatch(/name="productIds"[^>]*type="text"/);
    });

    it('saves what the pickers post (one box per id), and unticking everything clears a list', async () => {
      const res = await post('/admin/coupons/new', base({ code: 'picked', productIds: [String(id.pan), String(id.kettle)], excludedProductIds: String(id.spade), categoryIds: [String(id.kitchen)], excludedCategoryIds: [String(id.garden)] }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const c = (await findCoupon(t.services.db, 'picked'))!;
      expect(c).toMatchObject({ productIds: [id.pan, id.kettle], excludedProductIds: [id.spade], categoryIds: [id.kitchen], excludedCategoryIds: [id.garden] });
      const again = await post(`/admin/coupons/${c.id}`, base({ code: 'picked', productIds: String(id.kettle) }));
      expect(again.statusCode).toBe(302);
      expect(await findCoupon(t.services.db, 'picked')).toMatchObject({ productIds: [id.kettle], excludedProductIds: [], categoryIds: [], excludedCategoryIds: [] });
    });

    it('without scripts, "Find" lists matches unticked beside the chosen ones and saves nothing', async () => {
      const before = await couponCount();
      const res = await post('/admin/coupons/new', base({ code: 'finding', intent: 'find:productIds', 'find.productIds': 'copper', productIds: String(id.pan) }));
      expect(res.statusCode).toBe(200);
      expect(boxes(res.body, 'productIds')).toEqual(new Map([[id.pan, true], [id.kettle, false]]));
      expect(label(res.body, 'productIds', id.kettle!)).toBe('Copper kettle (KET-1)');
      expect(res.body).toContain('Tick the products to add, then save.');
      // What was typed elsewhere stays.
      expect(res.body).toContain('value="finding"');
      expect(await couponCount()).toBe(before);
    });

    it('refuses an unknown product or category id with the field named and saves nothing', async () => {
      const before = await couponCount();
      const res = await post('/admin/coupons/new', base({ code: 'unknown-ids', productIds: [String(id.pan), '999999'], excludedCategoryIds: '888888' }));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Products: No product with id 999999');
      expect(res.body).toContain('Exclude categories: No category with id 888888');
      // The refused form keeps the picks, by name where they exist.
      expect(label(res.body, 'productIds', id.pan!)).toBe('Cast iron pan (PAN-1)');
      expect(label(res.body, 'productIds', 999999)).toBe('(deleted product #999999)');
      expect(await couponCount()).toBe(before);
      expect(await findCoupon(t.services.db, 'unknown-ids')).toBeNull();
      const typed = await post('/admin/coupons/new', base({ code: 'typed-ids', productIds: 'twelve' }));
      expect(typed.statusCode).toBe(400);
      expect(typed.body).toContain('Products: Enter ids separated by commas');
    });

    it('a deleted product or category kept in a coupon shows as such and can be removed', async () => {
      const db = t.services.db;
      const gone = (await createProduct(db, { name: 'Old whisk', regular_price: 300 })).id;
      const goneCategory = await ensureCategory(db, ['Retired']);
      const c = await saveCoupon(db, null, { code: 'stale', amount: '5', productIds: `${gone}, ${id.kettle}`, categoryIds: `${goneCategory}` });
      await db.deleteFrom('product_categories').where('category_id', '=', goneCategory).execute();
      await db.deleteFrom('categories').where('id', '=', goneCategory).execute();
      await db.deleteFrom('products').where('id', '=', gone).execute();
      const html = await page(c.id);
      expect(label(html, 'productIds', gone)).toBe(`(deleted product #${gone})`);
      expect(boxes(html, 'productIds')).toEqual(new Map([[gone, true], [id.kettle, true]]));
      expect(label(html, 'categoryIds', goneCategory)).toBe(`(deleted category #${goneCategory})`);
      expect(boxes(html, 'categoryIds').get(goneCategory)).toBe(true);
      // Unticked (not posted), they go on save; the rest stays.
      const res = await post(`/admin/coupons/${c.id}`, base({ code: 'stale', amount: '5', productIds: String(id.kettle) }));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      expect(await findCoupon(db, 'stale')).toMatchObject({ productIds: [id.kettle], categoryIds: [] });
    });

    describe('variations', () => {
      const v: Record<string, number> = {};
      beforeAll(async () => {
        const db = t.services.db;
        id.jumper = (
          await createProduct(db, {
            type: 'variable',
            name: 'Wool jumper',
            sku: 'JUMP',
            attributes: [{ name: 'Size', options: ['S', 'M', 'L'], variation: 1 }],
            variations: ['S', 'M', 'L'].map((size) => ({ attributes: { size }, regular_price: 4000, sku: `JUMP-${size}` })),
          })
        ).id;
        for (const r of await db.selectFrom('product_variations').select(['id', 'sku']).where('product_id', '=', id.jumper).execute()) v[r.sku!] = r.id;
        // A product numbered like variation M (made if need be), so an id that means both is in the cart.
        const namesake = () => db.selectFrom('products').select(['id', 'regular_price']).where('id', '=', v['JUMP-M']!).executeTakeFirst();
        while (!(await namesake()) && (await createProduct(db, { name: 'Namesake scarf', regular_price: 2000 })).id < v['JUMP-M']!);
        const found = await namesake();
        expect(found, 'a product numbered like variation M').toBeDefined();
        v.namesakePrice = found!.regular_price!;
      });

      it('the search offers each variation by its size, after its product', async () => {
        const res = await admin.request('GET', '/admin/products/lookup?q=jumper&variations=1');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          products: [{ id: id.jumper, name: 'Wool jumper', sku: 'JUMP' }],
          variations: ['S', 'M', 'L'].map((size) => ({ id: v[`JUMP-${size}`], productId: id.jumper, name: `Wool jumper — Size ${size}`, sku: `JUMP-${size}` })),
        });
        // A variation's own SKU finds it; the product pickers that take no variations are answered as before.
        expect((await admin.request('GET', '/admin/products/lookup?q=jump-l&variations=1')).json().variations.map((x: { id: number }) => x.id)).toEqual([v['JUMP-L']]);
        expect(Object.keys((await admin.request('GET', '/admin/products/lookup?q=jumper')).json())).toEqual(['products']);
      });

      it('without scripts, "Find" lists the variations too, and a ticked one is saved in the variation list', async () => {
        const found = await post('/admin/coupons/new', base({ code: 'jumper-m', intent: 'find:productIds', 'find.productIds': 'jumper' }));
        expect(found.statusCode).toBe(200);
        expect(boxes(found.body, 'productIds')).toEqual(new Map([[id.jumper, false]]));
        expect(boxes(found.body, 'variationIds')).toEqual(new Map(['S', 'M', 'L'].map((size) => [v[`JUMP-${size}`]!, false])));
        expect(label(found.body, 'variationIds', v['JUMP-M']!)).toBe('Wool jumper — Size M (JUMP-M)');
        const saved = await post('/admin/coupons/new', base({ code: 'jumper-m', variationIds: String(v['JUMP-M']), excludedVariationIds: String(v['JUMP-L']) }));
        expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
        const c = (await findCoupon(t.services.db, 'jumper-m'))!;
        expect(c).toMatchObject({ productIds: [], variationIds: [v['JUMP-M']], excludedProductIds: [], excludedVariationIds: [v['JUMP-L']] });
        const html = await page(c.id);
        expect(boxes(html, 'variationIds')).toEqual(new Map([[v['JUMP-M']!, true]]));
        expect(boxes(html, 'productIds')).toEqual(new Map());
        expect(label(html, 'excludedVariationIds', v['JUMP-L']!)).toBe('Wool jumper — Size L (JUMP-L)');
      });

      it('in the cart, a coupon for size M discounts size M only: not size S, nor the product with the same id', async () => {
        const shopper = await Client.start(t.app);
        for (const [productId, variationId] of [[id.jumper, v['JUMP-M']], [id.jumper, v['JUMP-S']], [v['JUMP-M'], undefined]] as const) {
          const res = await shopper.request('POST', '/api/cart/items', { productId, variationId, quantity: 1 });
          expect(res.statusCode, res.body).toBe(201);
        }
        const res = await shopper.request('POST', '/api/cart/coupons', { code: 'jumper-m' });
        expect(res.statusCode, res.body).toBe(200);
        const cart = res.json() as { items: { productId: number; variationId: number | null; lineSubtotal: number; lineTotal: number }[]; totals: { discount: number } };
        const total = (productId: number, variationId: number | null) => cart.items.find((i) => i.productId === productId && i.variationId === variationId)?.lineTotal;
        // 10 % of £40.00 on size M; size S and the product numbered like size M at full price.
        expect(total(id.jumper!, v['JUMP-M']!)).toBe(3600);
        expect(total(id.jumper!, v['JUMP-S']!)).toBe(4000);
        expect(total(v['JUMP-M']!, null)).toBe(v.namesakePrice);
        expect(cart.totals.discount).toBe(400);
      });

      it('refuses an unknown variation id with the field named and saves nothing', async () => {
        const res = await post('/admin/coupons/new', base({ code: 'ghost-size', variationIds: '999999' }));
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('Products (variations): No variation with id 999999');
        expect(label(res.body, 'variationIds', 999999)).toBe('(deleted variation #999999)');
        expect(await findCoupon(t.services.db, 'ghost-size')).toBeNull();
      });
    });
  });
}
