import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/** The shared input rules of docs/API.md ("Input rules"), one by one, on both databases. */
for (const dialect of await dialects()) {
  describe(`input rules (${dialect})`, () => {
    let t: TestApp;
    let c: Client;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      const db = t.services.db;
      await createProduct(db, { name: 'Plain Tee', slug: 'plain-tee', regular_price: 2000, categories: [['Clothing']], tags: ['Cotton'] });
      await createProduct(db, { name: 'Mug', slug: 'mug', regular_price: 1200 });
      c = await Client.start(t.app);
    });
    afterAll(() => t?.close());

    const names = async (query: string) => {
      const res = await c.request('GET', `/api/products?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return (res.json().products as { name: string }[]).map((p) => p.name);
    };
    const users = async () => (await t.services.db.selectFrom('users').select(['email', 'name']).execute()).map((u) => u.email);

    it('cuts over-long s, tag and category to their limits instead of failing', async () => {
      expect(await names(`s=${'Tee'.padEnd(10_000, ' x')}`)).toEqual([]);
      expect(await names(`s=${'Tee'.padEnd(10_000, ' ')}`)).toEqual(['Plain Tee']);
      for (const q of [`tag=${'x'.repeat(10_000)}`, `category=${'x'.repeat(10_000)}`]) {
        const res = await c.request('GET', `/api/products?${q}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    });

    it('takes the first of a repeated parameter', async () => {
      expect(await names('s=Tee&s=Mug')).toEqual(['Plain Tee']);
      expect(await names('s=Mug&s=Tee')).toEqual(['Mug']);
      expect(await names('tag=cotton&tag=nothing')).toEqual(['Plain Tee']);
      expect(await names('category=clothing&category=nothing')).toEqual(['Plain Tee']);
    });

    it('clamps prices beyond the integer range', async () => {
      expect(await names('min_price=99999999999999999999')).toEqual([]);
      expect(await names('max_price=2147483648&orderby=price')).toEqual(['Mug', 'Plain Tee']);
    });

    it('removes NUL characters from query values and path segments', async () => {
      expect(await names('s=Te%00e')).toEqual(['Plain Tee']);
      const res = await c.request('GET', '/api/products/plain%00-tee');
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Plain Tee');
    });

    it('refuses NUL characters and unpaired surrogates in JSON strings with 400, storing nothing', async () => {
      for (const name of ['"Ada\\u0000Lovelace"', '"Ada\\ud800"']) {
        const res = await c.request('POST', '/api/account/register', `{"email":"ada@example.com","password":"correct horse battery","name":${name}}`, {
          'content-type': 'application/json',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid', fields: { name: expect.any(String) } });
      }
      const key = await c.request('POST', '/api/cart/customer', '{"country":"US","state\\u0000":"CA"}', { 'content-type': 'application/json' });
      expect(key.statusCode).toBe(400);
      expect(await users()).toEqual([]);
    });

    it('refuses JSON in another charset than UTF-8 with 415, and bytes that are not UTF-8 with 400', async () => {
      const body = JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery' });
      for (const type of ['application/json; charset=latin1', 'application/json; charset=utf-16', 'application/json;charset="ISO-8859-1"']) {
        const res = await c.request('POST', '/api/account/register', body, { 'content-type': type });
        expect(res.statusCode, type).toBe(415);
        expect(res.json().error.code).toBe('unsupported_media_type');
      }
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { cookie: c.cookieHeader(), 'x-csrf-token': c.csrf, 'content-type': 'application/json' },
        payload: Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from('@example.com","password":"correct horse battery"}')]),
      });
      expect(raw.statusCode).toBe(400);
      expect(raw.json().error.code).toBe('invalid_json');
      expect(await users()).toEqual([]);
      const ok = await c.request('POST', '/api/account/register', body, { 'content-type': 'application/json; charset="UTF-8"' });
      expect(ok.statusCode).toBe(201);
      expect(await users()).toEqual(['ada@example.com']);
    });

    it('logs out with an empty JSON body', async () => {
      const shopper = await Client.start(t.app);
      expect((await shopper.request('POST', '/api/account/register', { email: 'grace@example.com', password: 'correct horse battery' })).statusCode).toBe(201);
      expect((await shopper.request('GET', '/api/session')).json().user.email).toBe('grace@example.com');
      const res = await shopper.request('POST', '/api/account/logout', '', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(204);
      expect((await shopper.request('GET', '/api/session')).json().user).toBeNull();
    });

    it('refuses bodies nested too deeply and bad %-escapes in a path with 400 in the error shape', async () => {
      const deep = await c.request('POST', '/api/cart/customer', `{"country":${'['.repeat(100)}${']'.repeat(100)}}`, { 'content-type': 'application/json' });
      expect(deep.statusCode).toBe(400);
      expect(deep.json().error.code).toBe('invalid_json');
      for (const path of ['/api/products/%ff', '/api/products/%c3%28/reviews']) {
        const res = await c.request('GET', path);
        expect(res.statusCode, path).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid', message: expect.any(String) });
      }
    });
  });
}
