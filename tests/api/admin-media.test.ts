import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { cleanUnsavedUploads } from '../../app/features/media/cleanup.server.ts';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { mediaStoreFor } from '../../app/lib/media-store.server.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { multipart, type TestFile } from '../helpers/forms.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';

/*
 * The media library (/admin/media and /admin/media.json) through its real routes: several
 * pictures uploaded at once, listed and searched, alt text saved, where each is used
 * (product gallery, variation, category, block page), an unused one deleted and a used one
 * refused naming its uses, the roles let in, bad files refused; and the hourly cleanup of
 * unsaved uploads, on the local folder and on an S3 bucket.
 */

const png = (w: number, h: number, r = 200) => sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 90, b: 40 } } }).png().toBuffer();
const DAY = 24 * 3_600_000;

interface Item {
  id: number;
  name: string;
  alt: string;
  path: string;
  usedBy: { kind: string; name: string; href: string }[];
}

for (const dialect of await dialects()) {
  describe(`media library (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let editor: Client;
    let manager: Client;
    let operator: Client;
    let customer: Client;

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'admin', 'media.example');
      editor = await staffLogin(t, 'editor', 'media.example');
      manager = await staffLogin(t, 'shop_manager', 'media.example');
      operator = await staffLogin(t, 'operator', 'media.example');
      customer = await staffLogin(t, 'customer', 'media.example');
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const send = async (c: Client, url: string, fields: Record<string, string>, files: TestFile[]) => {
      const m = await multipart({ _csrf: c.csrf, ...fields }, files);
      return t.app.inject({ method: 'POST', url, headers: { cookie: c.cookieHeader(), 'content-type': m.contentType, accept: 'application/json' }, payload: m.payload });
    };
    const pictures = async (...names: string[]) => Promise.all(names.map(async (name, i) => ({ field: 'files', name, data: await png(640, 480, 40 * i), type: 'image/png' })));
    const list = async (c: Client, q = '') => (await c.request('GET', `/admin/media.json${q ? `?q=${encodeURIComponent(q)}` : ''}`)).json() as { items: Item[]; total: number; maxBytes: number };
    const files = () => {
      try {
        return readdirSync(mediaRoot(t.services.config.dataDir), { recursive: true }).map(String);
      } catch {
        return [];
      }
    };
    const count = async () => Number((await t.services.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    it('uploads several pictures at once from the library page (without scripts) and with the JSON upload; both are listed and found by file name and alt text', async () => {
      const page = await send(admin, '/admin/media', { intent: 'upload', alt: 'Forest trail' }, await pictures('Forest Trail.png', 'sea-shore.png', 'mountain.png'));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('3 pictures uploaded.');
      const json = await send(editor, '/admin/media.json', { alt: 'Red kettle', keep: '1' }, await pictures('kettle.png', 'kettle-side.png'));
      expect(json.statusCode).toBe(201);
      expect((json.json() as { images: unknown[] }).images).toHaveLength(2);

      const all = await list(admin);
      expect(all.total).toBe(5);
      expect(all.items.map((i) => i.name)).toEqual(['kettle-side', 'kettle', 'mountain', 'sea-shore', 'forest-trail']);
      expect((await list(admin, 'SEA')).items.map((i) => i.name)).toEqual(['sea-shore']);
      expect((await list(admin, 'red KETTLE')).items.map((i) => i.name)).toEqual(['kettle-side', 'kettle']);
      expect((await list(admin, '100%_')).items).toEqual([]);
      // The page itself shows the pictures, the search and the upload form.
      const html = (await admin.request('GET', '/admin/media?q=kettle')).body;
      expect(html).toContain('kettle-side');
      expect(html).not.toContain('sea-shore');
      const fileInput = /<input[^>]*name="files"[^>]*>/.exec(html)?.[0] ?? '';
      expect(fileInput).toContain('type="file"');
      expect(fileInput).toContain('multiple');
      // Each stored width is on disk.
      const [kettle] = (await list(admin, 'kettle-side')).items;
      expect(files().filter((f) => f.includes(path.basename(kettle!.path))).length).toBeGreaterThan(0);
    });

    it('saves alt text, and refuses one too long naming the field', async () => {
      const [shore] = (await list(admin, 'sea-shore')).items;
      const saved = await admin.request('POST', '/admin/media', urlencoded({ intent: 'alt', id: String(shore!.id), alt: 'Waves on a pebble beach' }), FORM);
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain('Alt text saved.');
      expect((await list(admin, 'sea-shore')).items[0]!.alt).toBe('Waves on a pebble beach');
      const long = await admin.request('POST', '/admin/media', urlencoded({ intent: 'alt', id: String(shore!.id), alt: 'x'.repeat(501) }), FORM);
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain('alt: At most 500 characters');
      expect((await list(admin, 'sea-shore')).items[0]!.alt).toBe('Waves on a pebble beach');
      expect((await admin.request('POST', '/admin/media', urlencoded({ intent: 'alt', id: '999999', alt: 'x' }), FORM)).statusCode).toBe(404);
    });

    it('shows where each picture is used: a product gallery, a variation, a category, a block page', async () => {
      const by = Object.fromEntries((await list(admin)).items.map((i) => [i.name, i.id]));
      // A product saved in the editor with two pictures.
      const saved = await admin.request(
        'POST',
        '/admin/products/new',
        urlencoded({ intent: 'save', type: 'simple', name: 'Trail boots', slug: '', status: 'publish', catalog_visibility: 'visible', regular_price: '80.00', sale_price: '', sku: '', stock_status: 'instock', backorders: 'no', tax_status: 'taxable', description: '', short_description: '', image_ids: [String(by['forest-trail']), String(by['mountain'])], featured_image: String(by['forest-trail']) }),
        FORM,
      );
      expect(saved.statusCode).toBe(302);
      const bootsId = Number(/\/admin\/products\/(\d+)/.exec(String(saved.headers.location))![1]);
      // A variation's own picture.
      const mug = await createProduct(t.services.db, {
        type: 'variable',
        name: 'Camp mug',
        attributes: [{ name: 'Colour', options: ['Red', 'Blue'], variation: 1 }],
        variations: [{ attributes: { colour: 'Red' }, regular_price: 1200, image: by['kettle'] }],
      });
      // A category's picture.
      const category = await t.services.db.insertInto('categories').values({ name: 'Outdoors', slug: 'outdoors', path: 'outdoors' }).returning('id').executeTakeFirstOrThrow();
      // Chosen in the picker: the category form posts the picture's id.
      const chosen = await admin.request('POST', '/admin/categories/image', urlencoded({ id: String(category.id), media_id: String(by['sea-shore']) }), FORM);
      expect(chosen.statusCode).toBe(302);
      expect((await admin.request('POST', '/admin/categories/image', urlencoded({ id: String(category.id), media_id: '999999' }), FORM)).statusCode).toBe(404);
      // A block page with a picture block, made by an editor through the pages API.
      const pageRes = await editor.request('POST', '/api/admin/pages', { slug: 'our-trails', title: 'Our trails', blocks: [{ id: 'pic', type: 'image', props: { mediaId: by['kettle-side'], alt: 'Kettle' } }] });
      expect(pageRes.statusCode).toBe(201);

      const items = Object.fromEntries((await list(admin)).items.map((i) => [i.name, i.usedBy]));
      expect(items['forest-trail']).toEqual([{ kind: 'product', name: 'Trail boots', href: `/admin/products/${bootsId}` }]);
      expect(items['mountain']).toEqual([{ kind: 'product', name: 'Trail boots', href: `/admin/products/${bootsId}` }]);
      expect(items['kettle']).toEqual([expect.objectContaining({ kind: 'variation', href: `/admin/products/${mug.id}` })]);
      expect(items['sea-shore']).toEqual([{ kind: 'category', name: 'Outdoors', href: `/admin/categories/${category.id}` }]);
      expect(items['kettle-side']).toEqual([expect.objectContaining({ kind: 'page', name: 'Our trails' })]);
      // The page lists them with links.
      const html = (await admin.request('GET', '/admin/media')).body;
      expect(html).toContain('Product “Trail boots”');
      expect(html).toContain('Category “Outdoors”');
      expect(html).toContain('Page “Our trails”');
    });

    it('deletes an unused picture (row and files) and refuses a used one, naming where it is used', async () => {
      const extra = await send(admin, '/admin/media.json', { keep: '1' }, await pictures('spare.png'));
      const spare = (extra.json() as { images: { id: number; path: string }[] }).images[0]!;
      expect(files().some((f) => f.includes(path.basename(spare.path)))).toBe(true);
      const gone = await admin.request('POST', '/admin/media', urlencoded({ intent: 'delete', id: String(spare.id) }), FORM);
      expect(gone.statusCode).toBe(200);
      expect(gone.body).toContain('“spare” deleted.');
      expect(await t.services.db.selectFrom('media').select('id').where('id', '=', spare.id).executeTakeFirst()).toBeUndefined();
      expect(files().some((f) => f.includes(path.basename(spare.path)))).toBe(false);

      const [boots] = (await list(admin, 'forest-trail')).items;
      const before = await count();
      const refused = await admin.request('POST', '/admin/media', urlencoded({ intent: 'delete', id: String(boots!.id) }), FORM);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('“forest-trail” is in use and was not deleted. Used by: Product “Trail boots”.');
      expect(await count()).toBe(before);
      expect(files().some((f) => f.includes(path.basename(boots!.path)))).toBe(true);
      // The page offers no delete button for a used picture.
      const html = (await admin.request('GET', '/admin/media?q=forest')).body;
      expect(html).not.toContain('aria-label="Delete forest-trail"');
    });

    it('refuses a file that is not a picture, and one too large, with a clear message and nothing stored', async () => {
      const before = await count();
      const fake = await send(admin, '/admin/media.json', {}, [{ field: 'files', name: 'notes.png', data: 'just some text', type: 'image/png' }]);
      expect(fake.statusCode).toBe(415);
      expect((fake.json() as { error: { message: string } }).error.message).toContain('“notes.png” is not a picture we can read');
      const big = await send(admin, '/admin/media', { intent: 'upload' }, [{ field: 'files', name: 'huge.png', data: Buffer.alloc(10 * 1024 * 1024 + 10, 1), type: 'image/png' }]);
      expect(big.statusCode).toBe(413);
      expect(big.body).toContain('“huge.png” is larger than 10 MB.');
      const none = await send(admin, '/admin/media', { intent: 'upload' }, []);
      expect(none.statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it('lets editors, shop managers and administrators in; operators, customers and visitors are refused', async () => {
      for (const c of [admin, manager, editor]) expect((await c.request('GET', '/admin/media')).statusCode).toBe(200);
      for (const c of [operator, customer]) {
        expect((await c.request('GET', '/admin/media')).statusCode).toBe(403);
        expect((await c.request('GET', '/admin/media.json')).statusCode).toBe(403);
      }
      const before = await count();
      const upload = await send(operator, '/admin/media.json', {}, await pictures('sneaky.png'));
      expect(upload.statusCode).toBe(403);
      expect(await count()).toBe(before);
      const visitor = await Client.start(t.app);
      const res = await visitor.request('GET', '/admin/media');
      expect([302, 303]).toContain(res.statusCode);
      expect(String(res.headers.location)).toContain('/account/login');
      // The admin menu has a Media entry for those let in.
      expect((await editor.request('GET', '/admin/media')).body).toMatch(/<a[^>]*href="\/admin\/media"[^>]*>Media<\/a>/);
    });

    it('cleans up editor uploads still unused after a day (rows and files), keeping used ones and the library’s own uploads', async () => {
      const editorUpload = async (name: string) => {
        const res = await send(admin, '/admin/products/images.json', { alt: '' }, await pictures(name));
        expect(res.statusCode).toBe(200);
        return (res.json() as { images: { id: number; path: string }[] }).images[0]!;
      };
      const abandoned = await editorUpload('abandoned.png');
      const savedLater = await editorUpload('saved-later.png');
      const fromPicker = await send(admin, '/admin/media.json', {}, await pictures('picker-abandoned.png'));
      const picked = (fromPicker.json() as { images: { id: number; path: string }[] }).images[0]!;
      await createProduct(t.services.db, { name: 'Saved later', images: [savedLater.id] });
      const store = mediaStoreFor(t.services.config);
      const kept = (await list(admin, 'mountain')).items[0]!;
      const spareKept = (await list(admin, 'kettle')).items;

      // Within the day nothing goes.
      expect(await cleanUnsavedUploads(t.services.db, store)).toEqual([]);
      // A day later the unused editor uploads go; the used one and the library's uploads stay.
      const removed = await cleanUnsavedUploads(t.services.db, store, new Date(Date.now() + DAY + 60_000));
      expect(removed.sort()).toEqual([abandoned.id, picked.id].sort());
      const left = (await t.services.db.selectFrom('media').select('id').execute()).map((r) => r.id);
      expect(left).not.toContain(abandoned.id);
      expect(left).toContain(savedLater.id);
      expect(left).toContain(kept.id);
      for (const k of spareKept) expect(left).toContain(k.id);
      expect(files().some((f) => f.includes(path.basename(abandoned.path)))).toBe(false);
      expect(files().some((f) => f.includes(path.basename(picked.path)))).toBe(false);
      expect(files().some((f) => f.includes(path.basename(savedLater.path)))).toBe(true);
      // The saved one is kept from now on, even once nothing uses it.
      await t.services.db.deleteFrom('product_images').where('media_id', '=', savedLater.id).execute();
      await t.services.db.updateTable('products').set({ image_id: null }).where('image_id', '=', savedLater.id).execute();
      expect(await cleanUnsavedUploads(t.services.db, store, new Date(Date.now() + 2 * DAY))).toEqual([]);
    });
  });

  describe(`unsaved uploads cleaned up in an S3 bucket (${dialect})`, () => {
    let s3: TestS3;
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      s3 = await startS3();
      t = await createTestApp(dialect, { pages: 'build', config: { mediaS3: s3.config(`clean-${dialect}`) } });
      admin = await staffLogin(t, 'admin', 'media-s3.example');
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    it('removes the picture’s every width from the bucket', async () => {
      const m = await multipart({ _csrf: admin.csrf }, [{ field: 'files', name: 'left-behind.png', data: await png(700, 500), type: 'image/png' }]);
      const res = await t.app.inject({ method: 'POST', url: '/admin/media.json', headers: { cookie: admin.cookieHeader(), 'content-type': m.contentType }, payload: m.payload });
      expect(res.statusCode).toBe(201);
      const image = (res.json() as { images: { id: number; path: string; widths: string }[] }).images[0]!;
      const store = mediaStoreFor(t.services.config);
      const keys = (JSON.parse(image.widths) as number[]).map((w) => `${image.path}-${w}.webp`);
      expect(keys.length).toBeGreaterThan(1);
      for (const k of keys) expect(await store.exists(k)).toBe(true);
      expect(await cleanUnsavedUploads(t.services.db, store, new Date(Date.now() + DAY + 60_000))).toEqual([image.id]);
      for (const k of keys) expect(await store.exists(k)).toBe(false);
      expect(await t.services.db.selectFrom('media').select('id').where('id', '=', image.id).executeTakeFirst()).toBeUndefined();
    });
  });
}
