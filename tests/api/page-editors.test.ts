import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The page editors' own routes as a browser posts to them: the visual builder's restore
 * (roles, bad input, the version rule, a new revision with its author) and its revision
 * preview, and the backend editor refusing a stale form while showing the page as it is now.
 */

const heading = (text: string) => [{ id: 'h', type: 'heading', props: { text, level: 2 } }];

for (const dialect of await dialects()) {
  describe(`page editors' routes (${dialect})`, () => {
    let t: TestApp;
    let editor: Client;
    let manager: Client;

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      editor = await staffLogin(t, 'editor', 'editors.example');
      manager = await staffLogin(t, 'shop_manager', 'editors.example');
      for (const c of [editor, manager]) c.csrf = (await c.request('GET', '/api/session')).json().csrfToken;
    }, 120_000);
    afterAll(() => t?.close());

    /** A page saved by the editor twice: version 1 "Opening words", version 2 "Later words". */
    async function twoVersions(slug: string) {
      const page = (await editor.request('POST', '/api/admin/pages', { slug, title: slug, blocks: heading('Opening words') })).json().page;
      expect((await editor.request('PUT', `/api/admin/pages/${page.id}`, { version: 1, blocks: heading('Later words') })).statusCode).toBe(200);
      const revisions = (await editor.request('GET', `/api/admin/pages/${page.id}/revisions`)).json().revisions;
      return { id: page.id as number, first: revisions.at(-1) as { id: number; version: number; author: string } };
    }
    const restore = (c: Client, id: number, fields: Record<string, string>) => c.request('POST', `/admin/pages/${id}/builder`, urlencoded({ intent: 'restore', ...fields }), FORM);
    const draft = async (id: number) => (await editor.request('GET', `/api/admin/pages/${id}`)).json().page;

    it('restores a revision from the builder as a new revision by whoever restored it', async () => {
      const { id, first } = await twoVersions('restore-here');
      expect(first).toMatchObject({ version: 1, author: 'editor' });
      const res = await restore(manager, id, { revision: String(first.id), version: '2' });
      expect(res.statusCode).toBe(200);
      const now = await draft(id);
      expect(now.version).toBe(3);
      expect(now.blocks[0].props.text).toBe('Opening words');
      const newest = (await editor.request('GET', `/api/admin/pages/${id}/revisions`)).json().revisions[0];
      expect(newest).toMatchObject({ version: 3, kind: 'restored', author: 'shop_manager' });
    });

    it('refuses a restore made from an old version and changes nothing', async () => {
      const { id, first } = await twoVersions('restore-stale');
      const res = await restore(editor, id, { revision: String(first.id), version: '1' });
      expect(res.statusCode).toBe(409);
      expect(await draft(id)).toMatchObject({ version: 2, blocks: heading('Later words') });
    });

    it('answers bad input with 400 or 404, never 500, and lets no other role restore', async () => {
      const { id, first } = await twoVersions('restore-bad');
      const other = (await twoVersions('restore-other')).first;
      for (const [fields, status] of [
        [{ revision: 'abc', version: '2' }, 400],
        [{ revision: String(first.id), version: 'x' }, 400],
        [{ revision: '99999999999999', version: '2' }, 400],
        [{ revision: String(other.id), version: '2' }, 404],
      ] as const) {
        expect((await restore(editor, id, fields)).statusCode, JSON.stringify(fields)).toBe(status);
      }
      expect((await editor.request('POST', `/admin/pages/${id}/builder`, urlencoded({ intent: 'delete', revision: String(first.id), version: '2' }), FORM)).statusCode).toBe(400);
      for (const role of ['customer', 'operator'] as const) {
        const c = await staffLogin(t, role, 'not-editors.example');
        c.csrf = (await c.request('GET', '/api/session')).json().csrfToken;
        expect((await restore(c, id, { revision: String(first.id), version: '2' })).statusCode, role).toBe(403);
      }
      const anonymous = await Client.start(t.app);
      expect((await restore(anonymous, id, { revision: String(first.id), version: '2' })).statusCode).not.toBe(200);
      expect(await draft(id)).toMatchObject({ version: 2, blocks: heading('Later words') });
    });

    it("gives the builder a revision's tree to preview, and nothing for one the page does not keep", async () => {
      const { id, first } = await twoVersions('preview-one');
      const shown = await editor.request('GET', `/admin/pages/${id}/builder?revision=${first.id}`);
      expect(shown.statusCode).toBe(200);
      // The loader's data travels in the page: the first revision's text beside the draft's.
      expect(shown.body).toContain('Opening words');
      expect(shown.body).toContain('Later words');
      const missing = await editor.request('GET', `/admin/pages/${id}/builder?revision=99999`);
      expect(missing.statusCode).toBe(200);
      expect(missing.body).not.toContain('Opening words');
    });

    it('refuses a stale form in the backend editor and shows the page as it is now', async () => {
      const { id } = await twoVersions('stale-form');
      // Someone else saves version 3 while the form still carries version 2.
      expect((await manager.request('PUT', `/api/admin/pages/${id}`, { version: 2, blocks: heading('Third by someone else') })).statusCode).toBe(200);
      const res = await editor.request('POST', `/admin/pages/${id}`, urlencoded({ intent: 'publish', version: '2' }), FORM);
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('changed by someone else');
      expect(res.body).toContain('Third by someone else');
      expect(res.body).toMatch(/· v(<!-- -->)?3(<!-- -->)? ·/);
      expect((await draft(id)).status).toBe('draft');
    });

    it('the settings pickers find pages, published products and categories with the address a link takes', async () => {
      const { db } = t.services;
      await db.insertInto('categories').values({ name: 'Hoodies', slug: 'hoodies', path: 'clothing/hoodies' }).execute();
      await editor.request('POST', '/api/admin/pages', { slug: 'hood-care', title: 'Hood care', blocks: heading('Care') });
      const ask = async (query: string) => {
        const res = await editor.request('GET', `/admin/pages/links.json?${query}`);
        expect(res.statusCode).toBe(200);
        return res.json().matches as { kind: string; label: string; value: string }[];
      };
      const found = await ask('q=hood');
      expect(found).toEqual(expect.arrayContaining([
        expect.objectContaining({ kind: 'page', label: 'Hood care', value: '/hood-care' }),
        expect.objectContaining({ kind: 'category', label: 'Hoodies', value: '/product-category/clothing/hoodies' }),
      ]));
      expect(await ask('q=hood&kind=category')).toEqual([expect.objectContaining({ kind: 'category', value: 'clothing/hoodies' })]);
      expect(await ask('q=%25')).toEqual([]);
      expect(await ask('q=')).toEqual([]);
      // Nobody signed in: not for them.
      expect((await new Client(t.app).request('GET', '/admin/pages/links.json?q=hood')).statusCode).not.toBe(200);
    });
  });
}
