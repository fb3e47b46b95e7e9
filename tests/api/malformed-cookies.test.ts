import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { cookieNames, pageRoutes } from '../helpers/page-routes.ts';

/**
 * Cookies are whatever a client sends. A value that is not valid percent-encoding counts as
 * absent: every page route of app/routes.ts and every API route answers without a 5xx,
 * for a visitor whose every cookie is mangled and for a signed-in customer (valid session
 * and CSRF cookies) whose other cookies are. Pages come from the production build (built
 * here when missing; after changing pages run `npm run build` before this file alone).
 */

const MALFORMED = ['%', '%E0%A4%A', '%ZZ', '%C0%AF', '"%"'];

if (!existsSync(SERVER_BUILD)) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

for (const dialect of await dialects()) {
  describe(`malformed cookies (${dialect})`, () => {
    let t: TestApp;
    let customer: Client;
    const names = [...cookieNames(), 'vt_store_notice_hidden_1'];
    let ip = 0;

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example' } });
      await createProduct(t.services.db, { name: 'Plain Tee', slug: 'plain-tee', regular_price: 2000, categories: [['Clothing']] });
      await createUser(t.services, { email: 'ada@example.com', password: 'correct horse battery', name: 'Ada' });
      customer = await Client.start(t.app);
      expect((await customer.request('POST', '/api/account/login', { email: 'ada@example.com', password: 'correct horse battery' })).statusCode).toBe(200);
    });
    afterAll(async () => t?.close());

    const fill = (path: string) => path.replace(/:(\w+)|\*/g, (_m, name?: string) => (name === 'slug' ? 'plain-tee' : name === undefined ? 'clothing' : name === 'type' ? 'billing' : '1'));

    /**
     * Two Cookie headers: every cookie mangled, and a customer's real session with the others
     * mangled. The malformed values take turns across the cookies, a different turn in each.
     */
    const jars = () => {
      const mangled = (shift: number) => names.map((n, i) => `${n}=${MALFORMED[(i + shift) % MALFORMED.length]}`);
      const own = new Set(['vt_session', 'vt_csrf', 'vt_csrf_token']);
      return [
        { cookie: mangled(0).join('; '), csrf: '%' },
        { cookie: [customer.cookieHeader(), ...mangled(1).filter((c) => !own.has(c.split('=')[0]!))].join('; '), csrf: customer.csrf },
      ];
    };

    async function check(method: string, url: string, failures: string[], body?: string) {
      for (const jar of jars()) {
        ip += 1;
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          remoteAddress: `10.9.${(ip >> 8) & 255}.${ip & 255}`,
          headers: { cookie: jar.cookie, ...(body !== undefined ? { 'x-csrf-token': jar.csrf, 'content-type': 'application/json' } : {}) },
          payload: body,
        });
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${url}: ${res.body.slice(0, 200)}`);
      }
    }

    it('the probe\'s cases answer as if the cookie were absent', async () => {
      for (const [url, cookie] of [
        ['/cart', 'vt_cart=%'],
        ['/checkout', 'vt_cart=%'],
        ['/wishlist', 'vt_wishlist=%E0%A4%A'],
        ['/wishlist/manage', 'vt_wishlist=%E0%A4%A'],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBeLessThan(400);
      }
    });

    it('no page route answers 5xx', async () => {
      const failures: string[] = [];
      const routes = pageRoutes();
      expect(routes.length).toBeGreaterThan(30);
      for (const { path } of routes) await check('GET', fill(path), failures);
      expect(failures).toEqual([]);
    }, 120_000);

    it('no API route answers 5xx', async () => {
      const failures: string[] = [];
      const routes = t.app.apiRoutes;
      expect(routes.length).toBeGreaterThan(45);
      for (const r of routes) {
        // Logging out would end the customer's session for the routes after it.
        if (r.method === 'HEAD' || r.method === 'OPTIONS' || r.url.endsWith('/logout')) continue;
        await check(r.method, fill(r.url), failures, r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}');
      }
      expect(failures).toEqual([]);
    }, 120_000);
  });
}
