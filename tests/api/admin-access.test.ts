import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { ADMIN_APIS, ADMIN_AREAS, ADMIN_PAGES } from '../../app/features/account/admin-access.ts';
import type { Role } from '../../app/lib/roles.ts';
import { createForm } from '../../app/features/forms/forms.server.ts';
import { createPage } from '../../app/features/pages/pages-admin.server.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { pageRoutes } from '../helpers/page-routes.ts';
import { wishlistKit } from '../helpers/wishlist.ts';

/*
 * The one access table (app/features/account/admin-access.ts) against what the shop does:
 * every admin page of app/routes.ts and every staff-only API must have a row, and answers
 * each role as its row says — allowed roles get the page (or its own 404 for a missing
 * record), others a 403, visitors the login page. (tests/api/admin-roles.test.ts writes the
 * same rules out by hand, forms included.) Pages come from the production build.
 */

type Who = Role | 'anonymous';
const WHO: Who[] = ['anonymous', 'customer', 'operator', 'editor', 'shop_manager', 'admin'];
const PASSWORD = 'a long enough password';

if (!existsSync(SERVER_BUILD)) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

const refused = (res: LightMyRequestResponse) =>
  res.statusCode === 401 || res.statusCode === 403 || (res.statusCode >= 300 && res.statusCode < 400 && String(res.headers.location).startsWith('/account/login'));
const fill = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => (name === 'location' ? 'primary' : '1'));

for (const dialect of await dialects()) {
  describe(`admin access table (${dialect})`, () => {
    let t: TestApp;
    const clients = new Map<Who, Client>();
    const k = wishlistKit(() => t);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example' } });
      await createForm(t.services.db, { title: 'Contact us', source: '[text* your-name]\n[submit]' }, { id: 1 });
      await createPage(t.services.db, { slug: 'about', title: 'About' }, null);
      for (const who of WHO) {
        const c = await Client.start(t.app);
        if (who !== 'anonymous') {
          await createUser(t.services, { email: `${who}@shop.example`, password: PASSWORD, name: who, role: who });
          expect((await c.request('POST', '/api/account/login', { email: `${who}@shop.example`, password: PASSWORD })).statusCode).toBe(200);
        }
        clients.set(who, c);
      }
    });
    afterAll(async () => t?.close());

    it('has a row for every admin page of app/routes.ts and every staff-only API', () => {
      const pages = pageRoutes()
        .map((r) => r.path.slice(1))
        .filter((p) => p === 'admin' || (p.startsWith('admin/') && p !== 'admin/setup'));
      expect(pages.length).toBeGreaterThan(40);
      expect(pages.filter((p) => !(p in ADMIN_PAGES))).toEqual([]);
      expect(Object.keys(ADMIN_PAGES).filter((p) => !pages.includes(p))).toEqual([]);
      const apis = [...new Set(t.app.apiRoutes.map((r) => r.url).filter((u) => u.startsWith('/api/admin/') && u !== '/api/admin/setup'))];
      expect(apis.filter((u) => !(u in ADMIN_APIS))).toEqual([]);
    });

    it('answers every admin page as the table says, for every role', async () => {
      const wrong: string[] = [];
      for (const [path, area] of Object.entries(ADMIN_PAGES)) {
        const url = `/${fill(path)}`;
        for (const who of WHO) {
          const res = await clients.get(who)!.request('GET', url);
          const allowed = who !== 'anonymous' && ADMIN_AREAS[area].includes(who);
          if (res.statusCode >= 500) wrong.push(`${who} GET ${url}: ${res.statusCode}`);
          else if (allowed === refused(res)) wrong.push(`${who} GET ${url} (${area}): ${res.statusCode}, ${allowed ? 'refused' : 'let in'}`);
        }
      }
      expect(wrong).toEqual([]);
    }, 240_000);

    it('answers every staff-only API as the table says, for every role', async () => {
      const wrong: string[] = [];
      for (const r of t.app.apiRoutes) {
        const area = ADMIN_APIS[r.url];
        if (!area || r.method !== 'GET') continue;
        for (const who of WHO) {
          const res = await clients.get(who)!.request('GET', fill(r.url));
          const allowed = who !== 'anonymous' && ADMIN_AREAS[area].includes(who);
          if (res.statusCode >= 500 || allowed === refused(res)) wrong.push(`${who} GET ${r.url} (${area}): ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('gives operator chat tokens to the chat console roles only', async () => {
      for (const who of WHO) {
        const res = await clients.get(who)!.request('POST', '/api/chat/token', { as: 'operator' });
        const allowed = who !== 'anonymous' && ADMIN_AREAS.chatConsole.includes(who);
        expect(res.statusCode, who).toBe(allowed ? 200 : who === 'anonymous' ? 401 : 403);
      }
    });

    it("shows a shopper's private wishlist to its owner and the wishlists area only", async () => {
      const owner = await k.shopper();
      expect((await k.add(owner, { productId: await k.product() })).statusCode).toBe(201);
      const [list] = await k.lists(owner);
      expect(list!.visibility).toBe('private');
      for (const who of WHO) {
        const res = await clients.get(who)!.request('GET', `/api/wishlists/${list!.token}`);
        const allowed = who !== 'anonymous' && ADMIN_AREAS.wishlists.includes(who);
        expect(res.statusCode, who).toBe(allowed ? 200 : 404);
      }
      expect(ADMIN_AREAS.wishlists).not.toContain('editor');
    });
  });
}
