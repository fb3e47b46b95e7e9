import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { changes, snapshot } from '../helpers/hostile.ts';

/**
 * Hostile values sent to every route the API reference lists: each path parameter, each
 * query parameter and each body field in turn, plus whole bodies of the wrong kind. No
 * answer may be a 5xx, every 4xx is in the house error shape, and nothing is written.
 */

/** `METHOD /api/path` of every endpoint in docs/API.md (headings and table rows). */
export function documentedRoutes(): { method: string; path: string }[] {
  const text = readFileSync(new URL('../../docs/API.md', import.meta.url), 'utf8');
  const out = new Map<string, { method: string; path: string }>();
  for (const m of text.matchAll(/^(?:### |\| )`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]+)[^`]*`/gm)) {
    out.set(`${m[1]} ${m[2]}`, { method: m[1]!, path: m[2]! });
  }
  return [...out.values()];
}

const LONG = 'x'.repeat(10_000);
/** Raw JSON texts put in place of one field's value. */
const JSON_VALUES = [
  JSON.stringify(LONG),
  JSON.stringify('a\u0000b'),
  '["a","b"]',
  '{"a":"b"}',
  '1e309',
  '-1e309',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'true',
  'NaN',
  '"\\ud800"',
  '"a\\u0000b"',
];
/** URL-encoded texts put in place of one path segment or query value. */
const URL_VALUES = [LONG, '%00', 'a%00b', '\u0000', '%ff', '%c3%28', '-1', '1.5', 'NaN', '1e309', '99999999999999999999', '2147483648', '%2e%2e%2f%2e%2e'];
const QUERY_NAMES = ['s', 'tag', 'category', 'orderby', 'min_price', 'max_price', 'page', 'per_page', 'key', 'cpage'];
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** A body each change route would accept, so hostile values reach past the first check. */
function baseBodies(ids: Record<string, number>): Record<string, Record<string, unknown>> {
  const address = {
    first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco',
    state: 'CA', postcode: '94105', country: 'US', email: 'hostile-order@example.com', phone: '+1 415 555 0100',
  };
  return {
    '/api/account/register': { email: 'hostile-new@example.com', password: 'correct horse battery', name: 'New' },
    '/api/account/login': { email: 'hostile@example.com', password: 'wrong password here' },
    '/api/account/logout': {},
    '/api/account/password-reset': { email: 'hostile@example.com' },
    '/api/account/password-reset/confirm': { token: 'abcdef0123456789', password: 'another good password' },
    '/api/admin/setup': { email: 'hostile-admin@example.com', password: 'correct horse battery', name: 'Admin' },
    // Sold out: a body that passes validation is still refused, so nothing is written.
    '/api/cart/items': { productId: ids.gone, quantity: 1, attributes: { color: 'Red' } },
    '/api/cart/items/:key': { quantity: 2 },
    '/api/cart/coupons': { code: 'NOPE' },
    '/api/cart/customer': { country: 'US', state: 'CA', postcode: '94105', city: 'San Francisco' },
    '/api/cart/shipping-rate': { packageId: 0, rateId: 'flat_rate:1' },
    '/api/checkout': {
      billing_address: address, shipping_address: address, ship_to_different_address: false, customer_note: 'note',
      payment_method: 'bacs', create_account: false, password: '', expected_total: 1, idempotency_key: 'hostile-key-1', terms: true,
    },
    '/api/payments/:gateway/webhook': { orderId: 1, status: 'paid' },
    '/api/products/:id/variation': { attributes: { attribute_color: 'Blue' } },
    '/api/products/:id/reviews': { rating: 5, content: 'Fine', author: 'Guest', email: 'guest@example.com' },
  };
}

/** Every path a field can be reached by in a body: `a`, `a.b`, … (objects only). */
function fieldPaths(body: unknown, prefix: string[] = []): string[][] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.entries(body).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k])]);
}

/** The body as JSON text with the value at `at` replaced by raw JSON text. */
function withRaw(body: Record<string, unknown>, at: string[], raw: string): string {
  const copy = structuredClone(body);
  let node = copy as Record<string, unknown>;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[at.at(-1)!] = '@@HOSTILE@@';
  return JSON.stringify(copy).replace('"@@HOSTILE@@"', () => raw);
}

for (const dialect of await dialects()) {
  describe(`hostile input (${dialect})`, () => {
    let t: TestApp;
    let shopper: Client;
    /** Signed out: logout has nothing to end, reviews must name their author. */
    let guest: Client;
    const ids: Record<string, number> = {};
    const values: Record<string, string> = {};
    let ip = 0;
    const failures: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const db = t.services.db;
      ids.tee = (await createProduct(db, { name: 'Plain Tee', slug: 'plain-tee', regular_price: 2000, categories: [['Clothing', 'Hoodies']], tags: ['Sale'] })).id;
      ids.gone = (await createProduct(db, { name: 'Sold Out Cap', regular_price: 1500, stock_status: 'outofstock' })).id;
      ids.hoodie = (
        await createProduct(db, {
          type: 'variable',
          name: 'Zip Hoodie',
          attributes: [{ name: 'Color', options: ['Red', 'Blue'], variation: 1 }],
          variations: [{ attributes: { color: 'Red' }, regular_price: 4000 }, { attributes: { color: 'Blue' }, regular_price: 4500 }],
        })
      ).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      shopper = await Client.start(t.app);
      guest = await Client.start(t.app);
      expect((await shopper.request('POST', '/api/account/register', { email: 'hostile@example.com', password: 'correct horse battery' })).statusCode).toBe(201);
      expect((await shopper.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 1 })).statusCode).toBe(201);
      const placed = await shopper.request('POST', '/api/checkout', { ...baseBodies(ids)['/api/checkout'], expected_total: undefined, idempotency_key: 'setup-order-1' });
      expect(placed.statusCode, placed.body).toBe(200);
      values.orderId = String(placed.json().order_id);
      values.orderKey = placed.json().order_key;
      const cart = await shopper.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 1 });
      values.key = cart.json().items[0].key;
      const sent = await shopper.request('POST', '/api/cart/customer', { country: 'US', state: 'CA', postcode: '94105' });
      expect(sent.statusCode).toBe(200);
    });
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
    });

    /** A good value for each path parameter, so one segment at a time is hostile. */
    const good = (name: string): string =>
      ({ key: values.key, code: 'NOPE', idOrSlug: 'plain-tee', id: String(ids.hoodie), gateway: 'bacs', codeCountry: 'US' })[name] ?? '1';
    const fill = (path: string, hostile?: { name: string; value: string }) =>
      path.replace(/:(\w+)/g, (_m, name: string) => (hostile?.name === name ? hostile.value : name === 'code' && path.includes('countries') ? 'US' : name === 'id' && path.includes('orders') ? values.orderId : good(name)));

    async function send(method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
      ip += 1;
      const client = /logout|reviews/.test(url) ? guest : shopper;
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        remoteAddress: `10.9.${(ip >> 8) & 255}.${ip & 255}`,
        headers: {
          cookie: client.cookieHeader(),
          ...(method !== 'GET' ? { 'x-csrf-token': client.csrf } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        payload: body,
      });
      const where = `${method} ${url.slice(0, 120)}${body ? ` ${body.slice(0, 120)}` : ''} ${JSON.stringify(headers)}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400) {
        let shape = false;
        try {
          const e = res.json().error;
          shape = typeof e?.code === 'string' && typeof e?.message === 'string';
        } catch {
          shape = false;
        }
        if (!shape) failures.push(`${res.statusCode} not in the error shape: ${where}: ${res.body.slice(0, 200)}`);
      }
      return res;
    }

    it('answers every documented API route without a 5xx, in the error shape, and writes nothing', async () => {
      const routes = documentedRoutes();
      expect(routes.length).toBeGreaterThan(20);
      const bodies = baseBodies(ids);
      const before = await snapshot(t.services.db);
      for (const { method, path } of routes) {
        // Path parameters, one at a time.
        for (const name of path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
          for (const v of URL_VALUES) await send(method, fill(path, { name, value: v }), method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(bodies[path] ?? {}));
        }
        const url = fill(path);
        // Query values, then repeated and bracketed: one parameter at a time for the listing
        // (an unknown category answers 404 before the price is read), all at once elsewhere.
        if (method === 'GET') {
          for (const group of path === '/api/products' ? QUERY_NAMES.map((q) => [q]) : [QUERY_NAMES]) {
            for (const v of URL_VALUES) await send(method, `${url}?${group.map((q) => `${q}=${v}`).join('&')}`);
            await send(method, `${url}?${group.map((q) => `${q}=a&${q}=b`).join('&')}`);
            await send(method, `${url}?${group.map((q) => `${q}[]=a&${q}[x]=b`).join('&')}`);
          }
          continue;
        }
        const base = bodies[path] ?? {};
        if (method !== 'DELETE') {
          for (const at of fieldPaths(base)) for (const raw of JSON_VALUES) await send(method, url, withRaw(base, at, raw));
          for (const whole of ['[]', '"text"', 'null', '1e309', deep(20_000), deepObject(5_000), '{"a":1', '\u0000', '{"__proto__":{"x":1}}']) await send(method, url, whole);
          await send(method, url, '', { 'content-type': 'application/json' });
          for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/xml']) {
            await send(method, url, JSON.stringify(base), { 'content-type': type });
          }
          await t.app
            .inject({ method: method as 'POST', url, headers: { cookie: guest.cookieHeader(), 'x-csrf-token': guest.csrf, 'content-type': 'application/json' }, payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x28, 0x22, 0x7d]) })
            .then((res) => {
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${url} invalid UTF-8 body`);
            });
        }
      }
      // Cookies and the Cart-Token header are input too.
      for (const v of URL_VALUES.filter((x) => x !== '\u0000')) {
        for (const url of ['/api/session', '/api/cart', '/api/checkout']) {
          await send('GET', url, undefined, { cookie: `vt_session=${v}; vt_cart=${v}; vt_csrf=${v}` });
          await send('GET', url, undefined, { 'cart-token': v });
        }
        await send('POST', '/api/cart/items', JSON.stringify({ productId: ids.gone, quantity: 1 }), { 'cart-token': v });
      }
      expect(failures).toEqual([]);
      expect(changes(before, await snapshot(t.services.db))).toEqual([]);
      // Some thousand requests: seconds alone, longer on a busy machine.
    }, 180_000);
  });
}
