import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import Fastify from 'fastify';
import { apiSchema, collectApiRoutes, undocumentedRoutes } from '../../server/openapi.ts';

/** The API description (docs/API.md, "API description"): every /api route is in it. */
describe('OpenAPI description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('every /api route declares its schema where it is registered', () => {
    // A route added without `schema: apiSchema({...})` is listed here.
    expect(t.app.apiRoutes.length).toBeGreaterThanOrEqual(45);
    expect(undocumentedRoutes(t.app)).toEqual([]);
  });

  it('names a route registered without a schema', async () => {
    const app = Fastify();
    collectApiRoutes(app);
    app.get('/api/documented', { schema: apiSchema({ summary: 'A documented route', tags: ['Test'], responses: { 200: { description: 'Yes.' } } }) }, async () => ({}));
    app.post('/api/forgotten', async () => ({}));
    await app.ready();
    expect(undocumentedRoutes(app)).toEqual(['POST /api/forgotten']);
    await app.close();
  });

  it('serves OpenAPI 3.1 at /api/openapi.json with every route, its parameters and answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/cart');
    const ops = Object.entries(doc.paths as Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, unknown>; requestBody?: unknown }>>).flatMap(([p, m]) =>
      Object.entries(m).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(45);
    for (const { key, op } of ops) {
      expect(op.responses['4XX'], key).toBeDefined();
      expect(Object.keys(op.responses).some((s) => s.startsWith('2')), key).toBe(true);
      for (const name of key.match(/\{(\w+)\}/g) ?? []) {
        expect(op.parameters.some((p) => p.in === 'path' && `{${p.name}}` === name), `${key} ${name}`).toBe(true);
      }
    }
    const add = doc.paths['/api/cart/items'].post;
    expect(add.requestBody.content['application/json'].schema.required).toEqual(['productId']);
    expect(add.security).toEqual([{ csrfCookie: [], csrfToken: [] }, { cartToken: [] }]);
    // A field with a default is not required.
    expect(doc.paths['/api/account/register'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
  });

  it('every $ref in the document resolves to a schema in it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Record<string, unknown>;
    const refs: { at: string; ref: string }[] = [];
    const walk = (v: unknown, at: string) => {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref' && typeof x === 'string') refs.push({ at, ref: x });
          else walk(x, `${at}/${k}`);
        }
      }
    };
    walk(doc, '');
    // The recursive menu item of PUT /api/admin/menus/{location} is one of them.
    expect(refs.length).toBeGreaterThan(1);
    const resolve = (ref: string): unknown => {
      if (!ref.startsWith('#/')) return undefined;
      let node: unknown = doc;
      for (const part of ref.slice(2).split('/').map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      return node;
    };
    const broken = refs.filter(({ ref }) => {
      const target = resolve(ref);
      return !target || typeof target !== 'object';
    });
    expect(broken).toEqual([]);
  });

  it('serves the reference page from its own files under the house CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const src of page.body.match(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)!.map((m) => m.split('"')[1]!)) {
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.body.length, src).toBeGreaterThan(100);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/docs/other.js' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('invalid');
  });
});
