import { spawnSync } from 'node:child_process';
import { createUser } from '../../app/features/account/account.server.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { changes, snapshot } from '../helpers/hostile.ts';

/**
 * Hostile values sent to every page route of app/routes.ts, through the production build
 * (built here when missing; `npm test` builds first, so it is current there — after changing
 * pages, run `npm run build` before running this file alone): each path segment in turn,
 * every query parameter a route reads, and form posts with those names. No answer may be a
 * 5xx and nothing is written.
 */

/** Every page path of app/routes.ts (with `:param` and `*` left in) and whether its module has an action. */
function pageRoutes(): { path: string; action: boolean }[] {
  const app = new URL('../../app/', import.meta.url);
  const text = readFileSync(new URL('routes.ts', app), 'utf8');
  const hasAction = (file: string) => /export (async )?(function|const) action\b/.test(readFileSync(new URL(file, app), 'utf8'));
  const home = /index\('([^']+)'/.exec(text)![1]!;
  return [
    { path: '/', action: hasAction(home) },
    ...[...text.matchAll(/route\('([^']+)', '([^']+)'/g)].filter((m) => m[1] !== '*').map((m) => ({ path: `/${m[1]}`, action: hasAction(m[2]!) })),
  ];
}

/** Every name a route module reads with `.get('…')` (query parameters and form fields), and the listing's. */
function parameterNames(): string[] {
  const dir = new URL('../../app/routes/', import.meta.url);
  const names = new Set(['s', 'orderby', 'min_price', 'max_price', 'page', 'per_page', 'redirect']);
  for (const file of readdirSync(dir)) {
    for (const m of readFileSync(new URL(file, dir), 'utf8').matchAll(/\.get\('([A-Za-z_]+)'\)/g)) names.add(m[1]!);
  }
  names.delete('_csrf');
  return [...names].sort();
}

const LONG = 'x'.repeat(10_000);
const URL_VALUES = [LONG, '%00', 'a%00b', '%ff', '%c3%28', '-1', '1.5', 'NaN', '1e309', '99999999999999999999', '2147483648', '%2e%2e%2f%2e%2e'];
/**
 * Forms whose every valid post writes, whatever else it holds: logging out ends the session.
 * They get the GETs only. (Every other form refuses a post it would not send itself.)
 */
const WRITES_ANY_POST = ['/account/logout'];
const FORM_VALUES = [LONG, 'a%00b', '%ff', '-1', '1.5', 'NaN', '1e309', '2147483648'];

if (!existsSync(SERVER_BUILD)) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

for (const dialect of await dialects()) {
  describe(`hostile input to pages (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let guest: Client;
    const values: Record<string, string> = {};
    let ip = 0;
    const failures: string[] = [];

    beforeAll(async () => {
      // A trusted origin, as a configured shop has (sitemaps answer 503 without one).
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example' } });
      const db = t.services.db;
      const tee = (await createProduct(db, { name: 'Plain Tee', slug: 'plain-tee', regular_price: 2000, categories: [['Clothing']], tags: ['Sale'] })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      admin = await Client.start(t.app);
      await createUser(t.services, { email: 'admin@example.com', password: 'correct horse battery', name: 'Admin', role: 'admin' });
      expect((await admin.request('POST', '/api/account/login', { email: 'admin@example.com', password: 'correct horse battery' })).statusCode).toBe(200);
      expect((await admin.request('POST', '/api/cart/items', { productId: tee, quantity: 1 })).statusCode).toBe(201);
      const address = {
        first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'admin@example.com',
      };
      const placed = await admin.request('POST', '/api/checkout', { billing_address: address, payment_method: 'bacs' });
      expect(placed.statusCode, placed.body).toBe(200);
      values.orderId = String(placed.json().order_id);
      values.orderKey = placed.json().order_key;
      guest = await Client.start(t.app);
    });
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
    });

    const good: Record<string, string> = { slug: 'plain-tee', '*': 'clothing', type: 'billing', file: 'products-1.xml' };
    const fill = (path: string, hostile?: { name: string; value: string }) =>
      path.replace(/:(\w+)|\*/g, (m, name?: string) => {
        const key = name ?? '*';
        if (hostile?.name === key) return hostile.value;
        return good[key] ?? (path.includes('order') ? values.orderId! : '1');
      });

    async function send(client: Client, method: 'GET' | 'POST', url: string, body?: string, type = 'application/x-www-form-urlencoded'): Promise<LightMyRequestResponse> {
      ip += 1;
      const res = await t.app.inject({
        method,
        url,
        remoteAddress: `10.8.${(ip >> 8) & 255}.${ip & 255}`,
        headers: { cookie: client.cookieHeader(), ...(method === 'POST' ? { 'x-csrf-token': client.csrf, 'content-type': type } : {}) },
        payload: body,
      });
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${url.slice(0, 120)} ${body?.slice(0, 120) ?? ''}: ${res.body.slice(0, 300)}`);
      return res;
    }

    it('takes form posts only (415) and refuses a NUL in a form field (400), registering nobody', async () => {
      const c = await Client.start(t.app);
      const users = async () => (await t.services.db.selectFrom('users').select('email').execute()).length;
      const count = await users();
      const form = (email: string) => `_csrf=${encodeURIComponent(c.csrf)}&email=${email}&password=correct+horse+battery`;
      const post = (body: string, type: string) =>
        t.app.inject({ method: 'POST', url: '/account/register', headers: { cookie: c.cookieHeader(), 'content-type': type }, payload: body });
      expect((await post(form('grace%00@example.com'), 'application/x-www-form-urlencoded')).statusCode).toBe(400);
      expect((await post(JSON.stringify({ _csrf: c.csrf, email: 'grace@example.com' }), 'application/json')).statusCode).toBe(403);
      const json = await t.app.inject({
        method: 'POST',
        url: '/account/register',
        headers: { cookie: c.cookieHeader(), 'x-csrf-token': c.csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'grace@example.com', password: 'correct horse battery' }),
      });
      expect(json.statusCode).toBe(415);
      expect(await users()).toBe(count);
      expect((await post(form('grace@example.com'), 'application/x-www-form-urlencoded')).statusCode).toBe(302);
      expect(await users()).toBe(count + 1);
    });

    it('answers every page route without a 5xx and writes nothing', async () => {
      const routes = pageRoutes();
      const names = parameterNames();
      expect(routes.length).toBeGreaterThan(30);
      const written: string[] = [];
      for (const { path, action } of routes) {
        const params = [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
        const url = fill(path);
        const before = await snapshot(t.services.db);
        // The catalog is also served from the page cache to visitors who are not signed in.
        for (const client of /^\/(shop|product|$)/.test(path) ? [admin, guest] : [admin]) {
          for (const name of params) for (const v of URL_VALUES) await send(client, 'GET', fill(path, { name, value: v }));
          for (const v of URL_VALUES) await send(client, 'GET', `${url}?${names.map((n) => `${n}=${v}`).join('&')}`);
          await send(client, 'GET', `${url}?${names.map((n) => `${n}=1&${n}=2&${n}[]=3`).join('&')}`);
        }
        if (action && !WRITES_ANY_POST.includes(path)) {
          for (const v of FORM_VALUES) await send(admin, 'POST', url, `_csrf=${encodeURIComponent(admin.csrf)}&${names.map((n) => `${n}=${v}`).join('&')}`);
          await send(admin, 'POST', url, names.map((n) => `${n}=1&${n}=2`).join('&'));
          await send(admin, 'POST', url, JSON.stringify({ email: ['a'], quantity: 1e308 }), 'application/json');
          await send(admin, 'POST', url, '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\u0000b\r\n--x--\r\n', 'multipart/form-data; boundary=x');
        }
        written.push(...changes(before, await snapshot(t.services.db)).map((c) => `${path}: ${c}`));
      }
      expect(failures).toEqual([]);
      expect(written).toEqual([]);
    }, 300_000);
  });
}
