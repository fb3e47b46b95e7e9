import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { FORM, staffLogin } from '../helpers/admin-forms.ts';
import type { Client } from '../helpers/app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipart } from '../helpers/forms.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The product editor keeps everything a product holds: a product made by the import (swatches,
 * per-variation sale dates, sizes, quantities, descriptions, meta, purchase note) is opened in
 * the editor and saved back unchanged, exactly as the page's form posts it; and the fields
 * the editor adds for variations and attributes are written and validated at the field.
 */


const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1]!) : null;
};

/** The fields the editor's form posts as the page renders it (what a browser sends on Save). */
function editorForm(html: string): [string, string][] {
  const form = /<form[^>]*id="product-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)![1]!;
  const out: [string, string][] = [];
  const re = /<input\b[^>]*>|<select\b[^>]*>[\s\S]*?<\/select>|<textarea\b[^>]*>[\s\S]*?<\/textarea>/g;
  for (const m of form.matchAll(re)) {
    const tag = m[0];
    const name = attr(tag, 'name');
    if (!name) continue;
    if (tag.startsWith('<input')) {
      const type = attr(tag, 'type') ?? 'text';
      if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag)) continue;
      if (type === 'submit' || type === 'file') continue;
      out.push([name, attr(tag, 'value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')]);
    } else if (tag.startsWith('<select')) {
      const options = [...tag.matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
      const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options[0];
      out.push([name, chosen ? (attr(chosen, 'value') ?? '') : '']);
    } else out.push([name, decode(/<textarea\b[^>]*>([\s\S]*?)<\/textarea>/.exec(tag)![1]!)]);
  }
  return out;
}

for (const dialect of await dialects()) {
  describe(`back office: every product field survives the editor (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let productId: number;

    const snapshot = async (id: number) => {
      const db = t.services.db;
      const { updated_at: _u, ...product } = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const variations = (await db.selectFrom('product_variations').selectAll().where('product_id', '=', id).orderBy('id').execute()).map(({ updated_at: _v, menu_order: _m, ...v }) => v); // The editor numbers variations in the order shown.
      const attributes = (await db.selectFrom('product_attributes').selectAll().where('product_id', '=', id).orderBy('position').execute()).map(({ id: _i, ...a }) => a);
      const links = await db.selectFrom('product_links').selectAll().where('product_id', '=', id).orderBy('kind').orderBy('position').execute();
      const images = await db.selectFrom('product_images').selectAll().where('product_id', '=', id).orderBy('position').execute();
      return { product, variations, attributes, links, images };
    };
    const save = async (fields: [string, string][]) => {
      const q = new URLSearchParams(fields.filter(([k]) => k !== 'intent'));
      q.set('intent', 'save');
      return admin.request('POST', `/admin/products/${productId}`, q.toString(), FORM);
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'admin', 'fields.example');
      const other = await createProduct(t.services.db, { name: 'Matching scarf', regular_price: 1500, categories: [['Clothing']] });
      const made = await createProduct(t.services.db, {
        name: 'Rain jacket',
        type: 'variable',
        status: 'publish',
        categories: [['Clothing']],
        tags: ['Outdoor'],
        purchase_note: '<p>Reproof after ten washes.</p>',
        menu_order: 3,
        virtual: 0,
        meta: { imported_from: 'woo', woo_id: 4411 },
        attributes: [
          { name: 'Colour', options: ['Red', 'Navy'], variation: 1, visible: 1, display: 'color', swatches: { Red: '#c0392b', Navy: '#1f2a44' }, is_global: 1 },
          { name: 'Size', options: ['S', 'M'], variation: 1, visible: 1, display: 'label', swatches: { S: 'Small', M: 'Medium' } },
          { name: 'Fabric', options: ['Nylon'], visible: 1 },
        ],
        variations: [
          { attributes: { colour: 'Red', size: 'S' }, sku: 'RJ-R-S', regular_price: 9000, sale_price: 7000, sale_from: '2030-01-01', sale_to: '2030-01-31', description: '<p>Red, small.</p>', weight: 0.8, length: 60, width: 40, height: 3, min_qty: 1, max_qty: 4, backorders: 'notify', shipping_class: 'bulky', tax_class: 'reduced-rate', meta: { woo_variation: 1 } },
          { attributes: { colour: 'Navy', size: '' }, sku: 'RJ-N', regular_price: 9500, virtual: 1, downloadable: 1, manage_stock: 1, stock_quantity: 5 },
        ],
        links: { upsell: [other.id], crosssell: [other.id] },
      });
      productId = made.id;
    }, 120_000);
    afterAll(() => t?.close());

    it('opening a product and saving it unchanged changes nothing it holds', async () => {
      const before = await snapshot(productId);
      const page = await admin.request('GET', `/admin/products/${productId}`);
      expect(page.statusCode).toBe(200);
      const res = await save(editorForm(page.body));
      expect(res.statusCode, res.body.slice(0, 400)).toBe(302);
      expect(await snapshot(productId)).toEqual(before);
    });

    it('writes the variation fields behind “More”, the attributes’ swatches and the product’s advanced fields; the shop shows the swatches', async () => {
      const page = await admin.request('GET', `/admin/products/${productId}`);
      const fields = new Map(editorForm(page.body));
      const set = (k: string, v: string) => fields.set(k, v);
      set('var.1.description', '<p>Navy, any size.</p><img src=x onerror=alert(1)>');
      set('var.1.weight', '0.75');
      set('var.1.min_qty', '2');
      set('var.1.max_qty', '6');
      set('var.1.sale_price', '80');
      set('var.1.sale_from', '2031-05-01');
      set('var.1.sale_to', '2031-05-10');
      set('var.1.backorders', 'yes');
      set('attr.0.swatches', 'Red: #ff0000 | Navy: navy');
      set('attr.1.display', 'select');
      set('purchase_note', 'Thanks!');
      set('menu_order', '-2');
      const res = await save([...fields]);
      expect(res.statusCode, res.body.slice(0, 400)).toBe(302);
      const after = await snapshot(productId);
      expect(after.variations[1]).toMatchObject({ description: '<p>Navy, any size.</p>', weight: 0.75, min_qty: 2, max_qty: 6, sale_price: 8000, backorders: 'yes', virtual: 1, downloadable: 1 });
      expect(after.variations[1]!.sale_from!.slice(0, 10)).toBe('2031-05-01');
      expect(after.variations[1]!.sale_to!.slice(0, 10)).toBe('2031-05-10');
      expect(after.attributes[0]).toMatchObject({ display: 'color', swatches: JSON.stringify({ Red: '#ff0000', Navy: 'navy' }), is_global: 1 });
      expect(after.attributes[1]).toMatchObject({ display: 'select' });
      expect(after.product).toMatchObject({ purchase_note: 'Thanks!', menu_order: -2 });
      expect(JSON.parse(after.product.meta)).toMatchObject({ imported_from: 'woo', woo_id: 4411 });
      const shop = (await admin.request('GET', '/product/rain-jacket')).body;
      expect(shop).toContain('#ff0000');
    });

    it('refuses at the field: a swatch that is not a colour, a picture swatch without an id, max below min, a sale ending before it starts', async () => {
      const page = await admin.request('GET', `/admin/products/${productId}`);
      const base = editorForm(page.body);
      const before = await snapshot(productId);
      const cases: [Record<string, string>, string][] = [
        [{ 'attr.0.swatches': 'Red: url(javascript:alert(1))' }, 'Not a CSS colour'],
        [{ 'attr.0.display': 'image', 'attr.0.swatches': 'Red: big' }, 'give a picture’s id'],
        [{ 'attr.0.swatches': 'Red #ff0000' }, 'Write each as “option: colour”'],
        [{ 'var.0.min_qty': '5', 'var.0.max_qty': '2' }, 'Must not be below min_qty'],
        [{ 'var.0.sale_from': '2030-02-01', 'var.0.sale_to': '2030-01-01' }, 'Must not be before sale_from'],
        [{ 'var.0.weight': '-1' }, 'Must not be negative'],
      ];
      for (const [over, message] of cases) {
        const fields = new Map(base);
        for (const [k, v] of Object.entries(over)) fields.set(k, v);
        const res = await save([...fields]);
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.body, JSON.stringify(over)).toContain(decode(message).replace(/’/g, '’'));
      }
      expect(await snapshot(productId)).toEqual(before);
    });

    it('the upload with a progress bar (images.json) answers the new pictures, or the refusal, as JSON', async () => {
      const send = async (file: Buffer, name: string, type: string) => {
        const m = await multipart({ _csrf: admin.csrf, alt: 'Jacket' }, [{ field: 'files', name, data: file, type }]);
        return t.app.inject({ method: 'POST', url: '/admin/products/images.json', headers: { cookie: admin.cookieHeader(), 'content-type': m.contentType }, payload: m.payload });
      };
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#335577' } }).png().toBuffer();
      const ok = await send(png, 'jacket.png', 'image/png');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toContain('application/json');
      const { images } = ok.json() as { images: { id: number; alt: string }[] };
      expect(images).toHaveLength(1);
      expect(images[0]).toMatchObject({ alt: 'Jacket' });
      const bad = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml');
      expect(bad.statusCode).toBe(415);
      expect(bad.json()).toMatchObject({ error: { code: 'unsupported_image' } });
    });
  });
}
