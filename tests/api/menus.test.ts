import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createCategoryTree, createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { shellMenus } from '../../app/features/menus/menus.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

const PASSWORD = 'a long enough password';
type Who = 'anonymous' | 'customer' | 'operator' | 'editor' | 'shop_manager' | 'admin';
const ROLES: Exclude<Who, 'anonymous'>[] = ['customer', 'operator', 'editor', 'shop_manager', 'admin'];
const EDITORS: Who[] = ['editor', 'shop_manager', 'admin'];

for (const dialect of await dialects()) {
  describe(`menus API (${dialect})`, () => {
    let t: TestApp;
    const clients = new Map<Who, Client>();
    let shirts = 0;
    let mug = { id: 0, slug: '' };
    const rows = async () => ({
      menus: await t.services.db.selectFrom('menus').selectAll().orderBy('id').execute(),
      items: await t.services.db.selectFrom('menu_items').selectAll().orderBy('id').execute(),
    });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const cats = await createCategoryTree(t.services.db, [{ name: 'Clothing', children: [{ name: 'Shirts', children: [] }] }]);
      shirts = cats['Shirts'] ?? Object.values(cats).at(-1)!;
      mug = await createProduct(t.services.db, { name: 'Blue mug', regular_price: 900, status: 'publish' });
      clients.set('anonymous', await Client.start(t.app));
      for (const who of ROLES) {
        await createUser(t.services, { email: `${who}@shop.example`, password: PASSWORD, name: who, role: who });
        const c = await Client.start(t.app);
        const res = await c.request('POST', '/api/account/login', { email: `${who}@shop.example`, password: PASSWORD });
        expect(res.statusCode).toBe(200);
        c.csrf = (await c.request('GET', '/api/session')).json().csrfToken;
        clients.set(who, c);
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const main = (): { name: string; items: Record<string, unknown>[] } => ({
      name: 'Main menu',
      items: [
        { label: 'Shop', kind: 'url', target: '/shop' },
        {
          label: 'Clothing',
          kind: 'category',
          targetId: shirts,
          megaColumns: 3,
          children: [
            { label: 'Mug', kind: 'product', targetId: mug.id },
            { label: 'About', kind: 'page', target: 'about-us', children: [{ label: 'Elsewhere', kind: 'url', target: 'https://example.com/x' }] },
          ],
        },
        { label: 'Sale', kind: 'url', target: '/shop?on_sale=1', prompt: true },
      ],
    });

    it('only administrators, shop managers and editors read or write menus; nobody else changes anything', async () => {
      for (const who of ['anonymous', ...ROLES] as Who[]) {
        const c = clients.get(who)!;
        const before = await rows();
        const list = await c.request('GET', '/api/admin/menus');
        const put = await c.request('PUT', '/api/admin/menus/top_bar', { name: `By ${who}`, items: [{ label: 'Help', kind: 'url', target: '/contact' }] });
        if (EDITORS.includes(who)) {
          expect(list.statusCode, who).toBe(200);
          expect(put.statusCode, who).toBe(200);
          expect(put.json().menu.name).toBe(`By ${who}`);
          continue;
        }
        expect(list.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
        expect(put.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
        expect(put.json().error.code).toBe(who === 'anonymous' ? 'unauthorized' : 'forbidden');
        expect((await c.request('DELETE', '/api/admin/menus/top_bar')).statusCode).toBe(who === 'anonymous' ? 401 : 403);
        expect(await rows(), who).toEqual(before);
      }
    });

    it('saves a nested menu with every kind of link, reads it back in order, replaces it whole, and deletes it', async () => {
      const editor = clients.get('editor')!;
      const res = await editor.request('PUT', '/api/admin/menus/main', main());
      expect(res.statusCode).toBe(200);
      const menu = res.json().menu;
      expect(menu.location).toBe('main');
      expect(menu.items.map((i: { label: string }) => i.label)).toEqual(['Shop', 'Clothing', 'Sale']);
      expect(menu.items[1]).toMatchObject({ kind: 'category', targetId: shirts, megaColumns: 3, prompt: false });
      expect(menu.items[1].children.map((i: { label: string }) => i.label)).toEqual(['Mug', 'About']);
      expect(menu.items[1].children[1].children[0]).toMatchObject({ kind: 'url', target: 'https://example.com/x' });
      expect(menu.items[2].prompt).toBe(true);

      const got = await editor.request('GET', '/api/admin/menus/main');
      expect(got.json().menu).toEqual(menu);
      const all = await editor.request('GET', '/api/admin/menus');
      expect(all.json().menus.map((m: { location: string }) => m.location)).toEqual(['main', 'top_bar']);

      // Reordered and un-nested: the tree sent replaces the stored one.
      const reordered = main();
      reordered.items = [reordered.items[2]!, { ...reordered.items[1]!, children: [] }, reordered.items[0]!];
      const again = await editor.request('PUT', '/api/admin/menus/main', reordered);
      expect(again.json().menu.items.map((i: { label: string; children: unknown[] }) => [i.label, i.children.length])).toEqual([['Sale', 0], ['Clothing', 0], ['Shop', 0]]);
      expect((await rows()).items.filter((i) => i.menu_id === menu.id)).toHaveLength(3);

      expect((await editor.request('DELETE', '/api/admin/menus/footer')).statusCode).toBe(404);
      expect((await editor.request('GET', '/api/admin/menus/footer')).statusCode).toBe(404);
      expect((await editor.request('GET', '/api/admin/menus/sidebar')).statusCode).toBe(404);
      expect((await editor.request('DELETE', '/api/admin/menus/top_bar')).statusCode).toBe(204);
      expect((await rows()).menus.map((m) => m.location)).toEqual(['main']);
    });

    it('refuses bad menus with a 400 naming the field, saving nothing; needs the CSRF header', async () => {
      const admin = clients.get('admin')!;
      await admin.request('PUT', '/api/admin/menus/main', main());
      const before = await rows();
      const deep = { label: 'a', kind: 'url', target: '/a', children: [{ label: 'b', kind: 'url', target: '/b', children: [{ label: 'c', kind: 'url', target: '/c', children: [{ label: 'd', kind: 'url', target: '/d' }] }] }] };
      const many = Array.from({ length: 201 }, (_, i) => ({ label: `x${i}`, kind: 'url', target: '/x' }));
      const cases: [unknown, string][] = [
        [{ name: 'M', items: [{ label: 'Bad', kind: 'url', target: 'javascript:alert(1)' }] }, 'items.0.target'],
        [{ name: 'M', items: [{ label: 'Bad', kind: 'url', target: '//evil.example/x' }] }, 'items.0.target'],
        [{ name: 'M', items: [{ label: '', kind: 'url', target: '/x' }] }, 'items.0.label'],
        [{ name: 'M', items: [{ label: 'Page', kind: 'page', target: '../admin' }] }, 'items.0.target'],
        [{ name: 'M', items: [{ label: 'Cat', kind: 'category', targetId: 'x' }] }, 'items.0.targetId'],
        [{ name: 'M', items: [{ label: 'What', kind: 'widget' }] }, 'items.0.kind'],
        [{ name: 'M', items: [{ label: 'Mega', kind: 'url', target: '/x', megaColumns: 40 }] }, 'items.0.megaColumns'],
        [{ name: 'M', items: [deep] }, 'items'],
        [{ name: 'M', items: many }, 'items'],
        [{ name: '', items: [] }, 'name'],
        [{ name: 'M', items: [{ label: 'Gone', kind: 'category', targetId: 999_999 }] }, 'items.0.targetId'],
        [{ name: 'M', items: [{ label: 'Ok', kind: 'url', target: '/ok', children: [{ label: 'Gone', kind: 'product', targetId: 99_999_999_999 }] }] }, 'items.0.children.0.targetId'],
        [{ name: 'M', items: [{ label: 'Ok', kind: 'url', target: '/ok', children: [{ label: 'Gone', kind: 'product', targetId: 424_242 }] }] }, 'items.0.children.0.targetId'],
        ['not json', '_'],
      ];
      for (const [body, field] of cases) {
        const res = await admin.request('PUT', '/api/admin/menus/main', body as object);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(field === '_' ? 415 : 400);
        if (field !== '_') expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
      }
      const noCsrf = await admin.request('PUT', '/api/admin/menus/main', { name: 'X', items: [] }, { 'x-csrf-token': '' });
      expect(noCsrf.statusCode).toBe(403);
      expect(await rows()).toEqual(before);
    });

    it('the header menus follow every write (store version), leave out deleted targets and fall back to the categories', async () => {
      const { db } = t.services;
      const admin = clients.get('admin')!;
      await admin.request('DELETE', '/api/admin/menus/main');
      const fallback = await shellMenus(db);
      expect(fallback.main.map((i) => i.label)).toEqual(['Shop', 'Clothing']);
      expect(fallback.main[1]!.children.map((i) => i.href)).toEqual([expect.stringMatching(/^\/product-category\/clothing\/shirts/)]);
      expect(fallback.mobile).toEqual(fallback.main);
      expect(fallback.top_bar).toEqual([]);

      await admin.request('PUT', '/api/admin/menus/main', main());
      const menus = await shellMenus(db);
      expect(menus.main.map((i) => [i.label, i.href])).toEqual([
        ['Shop', '/shop'],
        ['Clothing', expect.stringMatching(/^\/product-category\/clothing\/shirts/)],
        ['Sale', '/shop?on_sale=1'],
      ]);
      expect(menus.main[1]!.children.map((i) => i.href)).toEqual([`/product/${mug.slug}`, '/about-us']);
      expect(menus.main[2]!.prompt).toBe(true);
      expect(menus.mobile).toEqual(menus.main);

      await admin.request('PUT', '/api/admin/menus/mobile', { name: 'Phones', items: [{ label: 'Home', kind: 'url', target: '/' }] });
      expect((await shellMenus(db)).mobile.map((i) => i.label)).toEqual(['Home']);

      // A product leaving the shop takes its item out of the header at once.
      await db.updateTable('products').set({ status: 'draft' }).where('id', '=', mug.id).execute();
      expect((await shellMenus(db)).main[1]!.children.map((i) => i.label)).toEqual(['About']);
    });
  });
}
