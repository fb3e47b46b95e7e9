import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { findProduct } from '../../app/features/catalog/product.server.ts';
import { productFormData } from '../../app/features/product/variation.server.ts';

for (const dialect of await dialects()) {
  describe(`POST /api/products/:id/variation (${dialect})`, () => {
    let t: TestApp;
    let client: Client;
    const ids: Record<string, number> = {};
    const ask = (id: number | string, body: unknown) => client.request('POST', `/api/products/${id}/variation`, body);
    const choose = (name: string, attributes: Record<string, string>) => ask(ids[name], { attributes });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await seedDemo(t.services);
      for (const p of await t.services.db.selectFrom('products').select(['id', 'name']).execute()) ids[p.name] = p.id;
      client = await Client.start(t.app);
    });
    afterAll(() => t.close());

    it('answers the variation object for a complete choice', async () => {
      const res = await choose(DEMO_SPECIAL.swatches, { attribute_color: 'Navy', attribute_size: 'M' });
      expect(res.statusCode).toBe(200);
      const v = res.json();
      expect(v).toMatchObject({
        attributes: { attribute_color: 'Navy', attribute_size: 'M' },
        sku: expect.stringMatching(/^HOOD-ZIP-\d+$/),
        display_price: 5900,
        display_regular_price: 5900,
        is_purchasable: true,
        is_in_stock: true,
        variation_is_visible: true,
        variation_is_active: true,
        is_sold_individually: 'no',
        min_qty: 1,
        max_qty: null,
        weight_html: '0.6 kg',
        dimensions_html: '40 × 30 × 6 cm',
      });
      expect(v.variation_id).toEqual(expect.any(Number));
      expect(v.image).toMatchObject({ src: expect.stringMatching(/^\/media\//), full_src: expect.any(String), thumb_src: expect.any(String), gallery_thumbnail_src: expect.any(String), srcset: expect.any(String), sizes: expect.any(String) });
      expect(v.image_id).toEqual(expect.any(Number));
    });

    it('reports out-of-stock and counted stock the way the form needs them', async () => {
      const navyS = (await choose(DEMO_SPECIAL.swatches, { color: 'Navy', size: 'S' })).json();
      expect(navyS).toMatchObject({ is_in_stock: false, variation_is_active: false, availability_text: 'Out of stock', stock_status: 'outofstock' });
      const blackM = (await choose(DEMO_SPECIAL.swatches, { color: 'Black', size: 'M' })).json();
      expect(blackM).toMatchObject({ is_in_stock: true, availability_text: '4 in stock', max_qty: 4 });
      const blackXL = (await choose(DEMO_SPECIAL.swatches, { color: 'Black', size: 'XL' })).json();
      expect(blackXL).toMatchObject({ is_in_stock: false, availability_text: 'Out of stock' });
    });

    it('an out-of-stock variation is refused naming the variation, not only its product', async () => {
      const navyS = (await choose(DEMO_SPECIAL.swatches, { color: 'Navy', size: 'S' })).json();
      const res = await client.request('POST', '/api/cart/items', { productId: ids[DEMO_SPECIAL.swatches], variationId: navyS.variation_id, quantity: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'out_of_stock', message: `Sorry, “${DEMO_SPECIAL.swatches} – Navy, S” is out of stock.` });
    });

    it('matches an "any size" variation for every size, whatever the case of the values', async () => {
      for (const size of ['S', 'M', 'L']) {
        const v = (await choose(DEMO_SPECIAL.anyVariation, { attribute_color: 'red', attribute_size: size })).json();
        expect(v, size).toMatchObject({ attributes: { attribute_color: 'Red', attribute_size: '' }, display_price: 3400 });
      }
      const black = (await choose(DEMO_SPECIAL.anyVariation, { color: 'BLACK', size: 's' })).json();
      expect(black).toMatchObject({ attributes: { attribute_color: 'Black', attribute_size: 'S' }, display_price: 3200 });
    });

    it('accepts top-level attribute_* fields (the >30-variation product the page does not embed)', async () => {
      const res = await ask(ids[DEMO_SPECIAL.manyVariations], { attribute_color: 'Blue', attribute_size: 'XXL', product_id: ids[DEMO_SPECIAL.manyVariations] });
      expect(res.json()).toMatchObject({ display_price: 2100, is_in_stock: true });
      const yellowXS = (await ask(ids[DEMO_SPECIAL.manyVariations], { attribute_color: 'Yellow', attribute_size: 'XS' })).json();
      expect(yellowXS.is_in_stock).toBe(false);
    });

    it('prices a sale by its dates: a sale starting next week is not on yet', async () => {
      const v = (await choose(DEMO_SPECIAL.scheduledSale, { color: 'Olive', size: 'S' })).json();
      expect(v).toMatchObject({ display_price: 5500, display_regular_price: 5500, on_sale: false });
    });

    it('answers null for an incomplete choice, an unknown attribute or an unknown value', async () => {
      const choices: Record<string, string>[] = [{}, { color: 'Navy' }, { color: 'Navy', size: 'M', fit: 'slim' }, { color: 'Purple', size: 'M' }, { attribute_color: 'Navy', attribute_size: '' }];
      for (const attributes of choices) {
        const res = await choose(DEMO_SPECIAL.swatches, attributes);
        expect(res.statusCode, JSON.stringify(attributes)).toBe(200);
        expect(res.json(), JSON.stringify(attributes)).toBeNull();
      }
    });

    it('answers 404 for a product that does not exist or is not variable', async () => {
      for (const id of [ids[DEMO_SPECIAL.onSaleDated], ids[DEMO_SPECIAL.grouped], ids[DEMO_SPECIAL.external], 999_999]) {
        const res = await ask(id, { attributes: { color: 'Navy', size: 'M' } });
        expect(res.statusCode, String(id)).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    });

    it('refuses bad input with a clear 4xx, never a 500', async () => {
      const hoodie = ids[DEMO_SPECIAL.swatches];
      const bad: [string | number, unknown][] = [
        ['abc', { attributes: {} }],
        ['-1', { attributes: {} }],
        ['99999999999', { attributes: {} }],
        [hoodie, [1, 2, 3]],
        [hoodie, 'color=Navy'],
        [hoodie, { attributes: 'Navy' }],
        [hoodie, { attributes: { color: 42 } }],
        [hoodie, { attributes: { color: 'x'.repeat(5000), size: 'M' } }],
        [hoodie, { attributes: Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`a${i}`, 'x'])) }],
        [hoodie, { attribute_color: ['Navy'] }],
      ];
      for (const [id, body] of bad) {
        const res = await ask(id, body);
        expect(res.statusCode, `${id} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${id} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
        expect(res.json().error.message).toEqual(expect.any(String));
      }
      const garbled = await client.request('POST', `/api/products/${hoodie}/variation`, '{"attributes":', { 'content-type': 'application/json' });
      expect(garbled.statusCode).toBe(400);
    });

    it('needs the CSRF token like every other POST', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/products/${ids[DEMO_SPECIAL.swatches]}/variation`, payload: { attributes: { color: 'Navy', size: 'M' } } });
      expect(res.statusCode).toBe(403);
    });

    describe('page data (productFormData)', () => {
      const formOf = async (name: string, search = '') => {
        const product = await findProduct(t.services.db, ids[name], { allowHidden: true });
        return productFormData(t.services.db, product!, {}, search);
      };

      it('embeds up to 30 variations and leaves more to the API, keeping every combination for disabling', async () => {
        const hoodie = await formOf(DEMO_SPECIAL.swatches);
        expect(hoodie.variations).toHaveLength(12);
        expect(hoodie.combos).toHaveLength(12);
        expect(hoodie.combos.find((c) => c.attributes.color === 'Navy' && c.attributes.size === 'S')?.active).toBe(false);
        expect(hoodie.attributes.map((a) => [a.slug, a.display])).toEqual([['color', 'color'], ['size', 'label']]);
        expect(hoodie.attributes[0].swatches.Navy).toMatch(/^#[0-9a-f]{6}$/i);
        const tee = await formOf(DEMO_SPECIAL.manyVariations);
        expect(tee.variations).toBeNull();
        expect(tee.combos).toHaveLength(36);
        expect((await productFormData(t.services.db, (await findProduct(t.services.db, ids[DEMO_SPECIAL.manyVariations]))!, { maxEmbeddedVariations: 40 })).variations).toHaveLength(36);
      });

      it('preselects the choice a URL carries, with its variation, on both paths', async () => {
        const hoodie = await formOf(DEMO_SPECIAL.swatches, '?attribute_color=navy&attribute_size=S');
        expect(hoodie.initialChoice).toEqual({ color: 'Navy', size: 'S' });
        expect(hoodie.initialVariation).toMatchObject({ is_in_stock: false });
        const tee = await formOf(DEMO_SPECIAL.manyVariations, 'attribute_color=Blue&attribute_size=XXL');
        expect(tee.initialVariation).toMatchObject({ display_price: 2100 });
        const junk = await formOf(DEMO_SPECIAL.swatches, '?attribute_color=<script>&attribute_size=M');
        expect(junk.initialChoice).toEqual({ color: '', size: 'M' });
        expect(junk.initialVariation).toBeNull();
      });

      it('resolves image swatches to pictures and lists grouped children', async () => {
        const map = await formOf(DEMO_SPECIAL.imageSwatches);
        expect(map.attributes[0].display).toBe('image');
        for (const src of Object.values(map.attributes[0].swatches)) expect(src).toMatch(/^\/media\/.+\.webp$/);
        const set = await formOf(DEMO_SPECIAL.grouped);
        expect(set.children.map((c) => c.name)).toEqual(['Espresso Cup Pair', 'Enamel Camp Mug', 'Speckled Latte Mug']);
        expect(set.children.every((c) => c.canAdd)).toBe(true);
        const pin = await formOf(DEMO_SPECIAL.soldIndividually);
        expect(pin).toMatchObject({ type: 'simple', soldIndividually: true, quantity: { min: 1, max: 1 } });
      });
    });
  });
}
