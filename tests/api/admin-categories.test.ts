import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { createPublishedPage } from '../../app/features/pages/pages-admin.server.ts';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { createTestApp, type Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { multipart } from '../helpers/forms.ts';

/*
 * One category in the back office, through its page actions as a browser without scripts
 * posts them: a new name, slug and parent (never under itself or below itself; the old
 * addresses redirect), a sanitised description, a picture checked by its content, deletion
 * (products to the parent or "Uncategorized", subcategories up), and the whole tree's order
 * (a forged or partial list changes nothing); the shop and its search follow at once.
 */

for (const dialect of await dialects()) {
  describe(`back office: categories (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    const ids: Record<string, number> = {};

    const db = () => t.services.db;
    const post = (url: string, fields: Record<string, string | string[]>) => admin.request('POST', url, urlencoded(fields), FORM);
    const cats = async () => (await db().selectFrom('categories').select(['id', 'name', 'slug', 'path', 'parent_id', 'menu_order', 'description', 'image_id', 'product_count']).orderBy('id').execute()).map((r) => JSON.stringify(r));
    const pathOf = async (id: number) => (await db().selectFrom('categories').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;
    const catsOf = async (productId: number) =>
      (await db().selectFrom('product_categories').innerJoin('categories', 'categories.id', 'product_categories.category_id').select('categories.path').where('product_id', '=', productId).orderBy('categories.path').execute()).map((r) => r.path);
    const save = (id: number, fields: Record<string, string>) => post(`/admin/categories/${id}`, { intent: 'save', name: '', slug: '', parent: '', description: '', ...fields });
    const suggest = async (q: string) => JSON.stringify((await admin.request('GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`)).json());
    const catId = async (p: string) => (await db().selectFrom('categories').select('id').where('path', '=', p).executeTakeFirstOrThrow()).id;

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'admin', 'categories.example');
      ids.lamp = (await createProduct(db(), { name: 'Brass desk lamp', regular_price: 4000, categories: [['Lighting', 'Desk lamps']] })).id;
      ids.pendant = (await createProduct(db(), { name: 'Opal pendant', regular_price: 9000, categories: [['Lighting', 'Pendants']] })).id;
      ids.rug = (await createProduct(db(), { name: 'Wool rug', regular_price: 12000, categories: [['Textiles']] })).id;
      ids.throw = (await createProduct(db(), { name: 'Linen throw', regular_price: 5000, categories: [['Textiles'], ['Lighting']] })).id;
      for (const p of ['lighting', 'lighting/desk-lamps', 'lighting/pendants', 'textiles']) ids[p] = await catId(p);
    }, 120_000);
    afterAll(() => t?.close());

    it('edits name, slug and description: the subtree moves, old addresses redirect, the search and the shop follow', async () => {
      // The home page's category tiles name categories by path: they follow the move.
      await createPublishedPage(db(), { slug: 'home', title: 'Home', blocks: [{ id: 'tiles', type: 'category-tiles', props: { title: 'Shop by category', limit: 6, paths: ['lighting/pendants'] } }] });
      let res = await save(ids.lighting!, { name: 'Lamps & light', slug: 'Lamps', description: '<p>Bright <b>ideas</b>.</p><script>alert(1)</script><img src=x onerror=alert(2)>' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/admin/categories/${ids.lighting}?saved=moved`);
      expect(await pathOf(ids.lighting!)).toBe('lamps');
      expect(await pathOf(ids['lighting/desk-lamps']!)).toBe('lamps/desk-lamps');
      const row = await db().selectFrom('categories').selectAll().where('id', '=', ids.lighting!).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Lamps & light', slug: 'lamps' });
      expect(row.description).toContain('<b>ideas</b>');
      expect(row.description).not.toMatch(/script|onerror/);

      const page = await admin.request('GET', '/product-category/lamps');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Lamps &amp; light');
      expect(page.body).toContain('<b>ideas</b>');
      // The old addresses (the category's and its subtree's) lead to the new ones, query kept.
      let old = await admin.request('GET', '/product-category/lighting?orderby=price');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/product-category/lamps?orderby=price');
      old = await admin.request('GET', '/product-category/lighting/desk-lamps');
      expect(old.headers.location).toBe('/product-category/lamps/desk-lamps');
      expect((await admin.request('GET', '/product-category/never-was')).statusCode).toBe(404);
      expect((await admin.request('GET', '/')).body).toContain('href="/product-category/lamps/pendants"');
      // The search index carries category names: the new one finds the subtree's products.
      expect(await suggest('lamps light')).toContain('Opal pendant');

      // A slug taken among the siblings is refused; nothing changes.
      const before = await cats();
      res = await save(ids.lighting!, { name: 'Lamps', slug: 'textiles' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('Another category has the address /textiles');
      res = await save(ids.lighting!, { name: '' });
      expect(res.statusCode).toBe(400);
      res = await save(99_999_999, { name: 'Nothing' });
      expect(res.statusCode).toBe(404);
      expect(await cats()).toEqual(before);

      // Moving back: the address it had first is live again, not a redirect.
      res = await save(ids.lighting!, { name: 'Lighting', slug: 'lighting' });
      expect(res.statusCode).toBe(302);
      expect((await admin.request('GET', '/product-category/lighting')).statusCode).toBe(200);
      expect((await admin.request('GET', '/product-category/lamps/pendants')).headers.location).toBe('/product-category/lighting/pendants');
    });

    it('changes the parent, never to itself or below itself; counts follow', async () => {
      const before = await cats();
      for (const parent of [ids.lighting!, ids['lighting/pendants']!]) {
        const res = await save(ids.lighting!, { name: 'Lighting', slug: 'lighting', parent: String(parent) });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('cannot go under itself or one of its subcategories');
      }
      expect((await save(ids.lighting!, { name: 'Lighting', slug: 'lighting', parent: '99999999' })).statusCode).toBe(400);
      expect((await save(ids.lighting!, { name: 'Lighting', slug: 'lighting', parent: 'abc' })).statusCode).toBe(400);
      expect(await cats()).toEqual(before);

      const count = async (id: number) => (await db().selectFrom('categories').select('product_count').where('id', '=', id).executeTakeFirstOrThrow()).product_count;
      expect(await count(ids.textiles!)).toBe(2);
      const res = await save(ids['lighting/pendants']!, { name: 'Pendants', slug: 'pendants', parent: String(ids.textiles) });
      expect(res.statusCode).toBe(302);
      expect(await pathOf(ids['lighting/pendants']!)).toBe('textiles/pendants');
      expect(await count(ids.textiles!)).toBe(3);
      expect(await count(ids.lighting!)).toBe(2);
      expect((await admin.request('GET', '/api/products?category=textiles')).json().products.map((p: { name: string }) => p.name)).toContain('Opal pendant');
      // The default category keeps its address.
      const uncategorized = (await createProduct(db(), { name: 'Loose item', regular_price: 100 })).id;
      const def = (await db().selectFrom('product_categories').select('category_id').where('product_id', '=', uncategorized).executeTakeFirstOrThrow()).category_id;
      expect((await save(def, { name: 'Misc', slug: 'misc' })).statusCode).toBe(400);
      expect((await save(def, { name: 'Other things', slug: 'uncategorized' })).statusCode).toBe(302);
    });

    it('deletes with confirmation: products to the parent or “Uncategorized”, subcategories up, old addresses redirect', async () => {
      // Lighting > Desk lamps > Task lamps; Lighting holds the throw (which is also in Textiles).
      const task = (await createProduct(db(), { name: 'Clamp task lamp', regular_price: 3000, categories: [['Lighting', 'Desk lamps', 'Task lamps']] })).id;
      const before = await cats();
      let res = await post(`/admin/categories/${ids['lighting/desk-lamps']}`, { intent: 'delete' });
      expect(res.statusCode).toBe(400);
      expect(await cats()).toEqual(before);

      res = await post(`/admin/categories/${ids['lighting/desk-lamps']}`, { intent: 'delete', confirm: '1' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin/categories?deleted=1');
      expect(await catsOf(ids.lamp!)).toEqual(['lighting']);
      expect(await catsOf(task)).toEqual(['lighting/task-lamps']);
      expect((await admin.request('GET', '/product-category/lighting/desk-lamps')).headers.location).toBe('/product-category/lighting');
      expect((await admin.request('GET', '/product-category/lighting/desk-lamps/task-lamps')).headers.location).toBe('/product-category/lighting/task-lamps');
      expect((await admin.request('GET', '/admin/categories?deleted=1')).body).toContain('Category deleted');
      expect((await admin.request('GET', '/admin/categories')).body).not.toContain('Desk lamps');

      // A top-level one: the throw keeps Textiles, the lamp (only in Lighting) goes to Uncategorized.
      res = await post(`/admin/categories/${ids.lighting}`, { intent: 'delete', confirm: '1' });
      expect(res.statusCode).toBe(302);
      expect(await catsOf(ids.throw!)).toEqual(['textiles']);
      expect(await catsOf(ids.lamp!)).toEqual(['uncategorized']);
      expect(await pathOf(await catId('task-lamps'))).toBe('task-lamps');
      expect((await admin.request('GET', '/product-category/lighting')).statusCode).toBe(404);
      const def = await catId('uncategorized');
      res = await post(`/admin/categories/${def}`, { intent: 'delete', confirm: '1' });
      expect(res.statusCode).toBe(400);
      expect((await post('/admin/categories/99999999', { intent: 'delete', confirm: '1' })).statusCode).toBe(404);
    });

    it('saves the whole order at once; a partial, forged or repeated list changes nothing', async () => {
      const order = async () => (await admin.request('GET', '/api/categories')).json().categories.map((c: { name: string }) => c.name) as string[];
      const all = (await db().selectFrom('categories').select(['id', 'parent_id', 'menu_order', 'name']).execute()).sort((a, b) => a.menu_order - b.menu_order || a.name.localeCompare(b.name));
      const top = all.filter((c) => c.parent_id === null);
      const rest = all.filter((c) => c.parent_id !== null);
      const reversed = [...top].reverse();
      const before = await cats();
      const ids2 = (list: { id: number }[]) => list.map((c) => c.id).join(',');
      for (const bad of [ids2(reversed), ids2([...reversed, ...rest].slice(1)), `${ids2([...reversed, ...rest])},99999999`, `${ids2([...reversed, ...rest])},${reversed[0]!.id}`]) {
        const res = await post('/admin/categories', { intent: 'reorder', order: bad });
        expect(res.statusCode, bad).toBe(409);
      }
      for (const bad of ['', '1,,2', 'x', '1;2']) expect((await post('/admin/categories', { intent: 'reorder', order: bad })).statusCode).toBe(400);
      expect(await cats()).toEqual(before);

      const res = await post('/admin/categories', { intent: 'reorder', order: ids2([...reversed, ...rest]) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Category order saved.');
      expect(await order()).toEqual(reversed.map((c) => c.name));
    });

    it('takes a picture checked by its content, shows it on the category page with its alt text, refuses anything else', async () => {
      const upload = async (files: { name: string; data: Buffer; type: string }[], id = ids.textiles!) => {
        const m = await multipart({ _csrf: admin.csrf, id: String(id), alt: 'Folded wool rugs' }, files.map((f) => ({ field: 'file', ...f })));
        return t.app.inject({ method: 'POST', url: '/admin/categories/image', headers: { cookie: admin.cookieHeader(), 'content-type': m.contentType }, payload: m.payload });
      };
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a05a2c' } }).png().toBuffer();
      const before = await cats();
      for (const [file, status] of [
        [{ name: 'rug.png', data: Buffer.from('not a picture at all'), type: 'image/png' }, 415],
        [{ name: 'rug.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' }, 415],
        [{ name: 'cut.png', data: png.subarray(0, 200), type: 'image/png' }, 415],
      ] as const) {
        const res = await upload([file]);
        expect(res.statusCode, file.name).toBe(status);
      }
      expect((await upload([])).statusCode).toBe(400);
      expect((await upload([{ name: 'a.png', data: png, type: 'image/png' }, { name: 'b.png', data: png, type: 'image/png' }])).statusCode).toBe(400);
      expect((await upload([{ name: 'a.png', data: png, type: 'image/png' }], 99_999_999)).statusCode).toBe(404);
      expect(await cats()).toEqual(before);

      const res = await upload([{ name: 'rug.png', data: png, type: 'image/png' }]);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/admin/categories/${ids.textiles}?image=1`);
      const media = await db().selectFrom('categories').innerJoin('media', 'media.id', 'categories.image_id').select(['media.path', 'media.alt', 'media.widths']).where('categories.id', '=', ids.textiles!).executeTakeFirstOrThrow();
      expect(media.alt).toBe('Folded wool rugs');
      const widths = JSON.parse(media.widths) as number[];
      expect(widths.length).toBeGreaterThan(0);
      expect(existsSync(path.join(mediaRoot(t.services.config.dataDir), `${media.path}-${widths[0]}.webp`))).toBe(true);
      const page = (await admin.request('GET', '/product-category/textiles')).body;
      expect(page).toMatch(/<img class="listing__image" src="\/media\/uploads\/[^"]+\.webp"[^>]*alt="Folded wool rugs"/);

      // The alt text is edited with the category; the picture can be removed.
      expect((await save(ids.textiles!, { name: 'Textiles', slug: 'textiles', image_alt: 'Rugs in a pile' })).statusCode).toBe(302);
      expect((await admin.request('GET', '/product-category/textiles')).body).toContain('alt="Rugs in a pile"');
      expect((await save(ids.textiles!, { name: 'Textiles', slug: 'textiles', remove_image: '1' })).statusCode).toBe(302);
      expect((await db().selectFrom('categories').select('image_id').where('id', '=', ids.textiles!).executeTakeFirstOrThrow()).image_id).toBeNull();
    });
  });
}
