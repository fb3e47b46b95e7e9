import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, staffLogin, urlencoded as form } from '../helpers/admin-forms.ts';
import { guestOrder, shipEverywhere } from '../helpers/shop-order.ts';

/*
 * API keys (/admin/api-keys and `Authorization: Bearer vtk_…` on the admin JSON API): made
 * by administrators only, shown once, kept hashed; a read key reads orders and changes
 * nothing; a revoked key is refused on the very next call; every wrong header is a 401.
 */

if (!existsSync(SERVER_BUILD)) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

for (const dialect of await dialects()) {
  describe(`API keys (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let manager: Client;
    let orderId = 0;
    const db = () => t.services.db;
    const post = (c: Client, fields: Record<string, string>) => c.request('POST', '/admin/api-keys', form(fields), FORM);
    /** A bare client (no cookies) calling with this Authorization header. */
    const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, authorization: string | undefined, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { ...(authorization === undefined ? {} : { authorization }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
    const makeKey = async (description: string, permission: 'read' | 'read_write') => {
      const res = await post(admin, { intent: 'create', description, permission });
      expect(res.statusCode, res.body).toBe(200);
      const key = /id="new-key"[^>]*>(vtk_[A-Za-z0-9_-]{43})<\/textarea>/.exec(res.body)?.[1];
      expect(key, 'the new key is shown in the answer').toBeTruthy();
      return key!;
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'admin', 'keys.example');
      manager = await staffLogin(t, 'shop_manager', 'keys.example');
      const lamp = await createProduct(db(), { name: 'Brass reading lamp', sku: 'LAMP-7', regular_price: 4250, status: 'publish' });
      await shipEverywhere(t);
      orderId = await guestOrder(t, lamp.id, 2);
    }, 120_000);
    afterAll(() => t?.close());

    it('shows a new key once, keeps only its SHA-256, and lists it with its last use', async () => {
      const key = await makeKey('Accounting export', 'read');
      const rows = await db().selectFrom('api_keys').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(key);
      const { createHash } = await import('node:crypto');
      expect(rows[0]!.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      const list = await admin.request('GET', '/admin/api-keys');
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('Accounting export');
      expect(list.body).toContain(`vtk_…${key.slice(-4)}`);
      expect(list.body).not.toContain(key);
      expect(list.body).toMatch(/Last used[\s\S]*Never/);
      // Used: the list says when.
      expect((await call('GET', '/api/admin/orders', `Bearer ${key}`)).statusCode).toBe(200);
      const used = await db().selectFrom('api_keys').select('last_used_at').executeTakeFirstOrThrow();
      expect(used.last_used_at).toBeTruthy();
      expect((await admin.request('GET', '/admin/api-keys')).body).not.toMatch(/<td[^>]*>Never<\/td>/);
    });

    it('lets a key read orders as the API describes them', async () => {
      const key = await makeKey('Fulfilment', 'read');
      const list = await call('GET', '/api/admin/orders', `Bearer ${key}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.json().orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
      const one = await call('GET', `/api/admin/orders/${orderId}`, `Bearer ${key}`);
      expect(one.statusCode).toBe(200);
      const order = one.json().order;
      expect(order).toMatchObject({ id: orderId, status: 'on-hold', total: 9000, currency: expect.any(String), billing: { email: 'ada@example.com' } });
      expect(order.items).toEqual([expect.objectContaining({ name: 'Brass reading lamp', quantity: 2, total: 8500 })]);
      expect((await call('GET', '/api/admin/orders/999999', `Bearer ${key}`)).statusCode).toBe(404);
    });

    it('refuses a read key on every state-changing call, and changes nothing', async () => {
      const key = await makeKey('Read only', 'read');
      const before = await db().selectFrom('menus').selectAll().execute();
      const put = await call('PUT', '/api/admin/menus/footer', `Bearer ${key}`, { name: 'Footer', items: [{ label: 'Help', kind: 'url', target: '/contact' }] });
      expect(put.statusCode, put.body).toBe(403);
      expect(put.json().error.code).toBe('read_only_key');
      expect((await call('DELETE', '/api/admin/menus/footer', `Bearer ${key}`)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/pages', `Bearer ${key}`, { slug: 'about-us', title: 'About us' })).statusCode).toBe(403);
      expect(await db().selectFrom('menus').selectAll().execute()).toEqual(before);
      expect(await db().selectFrom('pages').selectAll().where('slug', '=', 'about-us').execute()).toEqual([]);
    });

    it('lets a read/write key change things without a CSRF token, once per Idempotency-Key', async () => {
      const key = await makeKey('Sync', 'read_write');
      const body = { slug: 'about-us', title: 'About us' };
      const first = await t.app.inject({ method: 'POST', url: '/api/admin/pages', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'sync-about-1' }, payload: JSON.stringify(body) });
      expect(first.statusCode, first.body).toBe(201);
      const again = await t.app.inject({ method: 'POST', url: '/api/admin/pages', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'sync-about-1' }, payload: JSON.stringify(body) });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await db().selectFrom('pages').select('id').where('slug', '=', 'about-us').execute()).toHaveLength(1);
    });

    it('refuses a revoked key on the very next call', async () => {
      const key = await makeKey('Marketing', 'read_write');
      expect((await call('GET', '/api/admin/orders', `Bearer ${key}`)).statusCode).toBe(200);
      const row = await db().selectFrom('api_keys').select('id').where('description', '=', 'Marketing').executeTakeFirstOrThrow();
      const revoke = await post(admin, { intent: 'revoke', id: String(row.id) });
      expect(revoke.statusCode).toBe(200);
      expect(revoke.body).toContain('Key “Marketing” revoked');
      const after = await call('GET', '/api/admin/orders', `Bearer ${key}`);
      expect(after.statusCode).toBe(401);
      expect(after.json().error).toMatchObject({ code: 'invalid_api_key', message: expect.stringContaining('revoked') });
      // Revoking it again: it is gone, said plainly.
      expect((await post(admin, { intent: 'revoke', id: String(row.id) })).statusCode).toBe(404);
    });

    it('answers every wrong or malformed Authorization header with a 401, never a 500', async () => {
      const real = await makeKey('Shape check', 'read');
      const wrong = `vtk_${'A'.repeat(43)}`;
      const headers = [
        `Bearer ${wrong}`,
        'Bearer',
        'Bearer ',
        'Bearer vtk_',
        'Bearer vtk_short',
        `Bearer ${real}x`,
        `Bearer ${real} extra`,
        real,
        `Token ${real}`,
        `Bearer ${'x'.repeat(5000)}`,
        'Bearer \u00e9\u00e9',
        '',
      ];
      for (const h of headers) {
        const res = await call('GET', '/api/admin/orders', h);
        expect(res.statusCode, JSON.stringify(h)).toBe(401);
        expect(res.json().error.code, JSON.stringify(h)).toBe('invalid_api_key');
      }
      // A wrong key is refused even beside a staff session: the header decides.
      const res = await admin.request('GET', '/api/admin/orders', undefined, { authorization: `Bearer ${wrong}` });
      expect(res.statusCode).toBe(401);
      // No header, no session: the usual 401.
      expect((await call('GET', '/api/admin/orders', undefined)).json().error.code).toBe('unauthorized');
      // Outside the admin API the header is not read.
      expect((await call('GET', '/api/products', `Bearer ${wrong}`)).statusCode).toBe(200);
    });

    it('keeps API keys to administrators: shop managers can neither see nor make nor revoke them', async () => {
      const before = await db().selectFrom('api_keys').selectAll().orderBy('id').execute();
      expect((await manager.request('GET', '/admin/api-keys')).statusCode).toBe(403);
      expect((await post(manager, { intent: 'create', description: 'Mine', permission: 'read_write' })).statusCode).toBe(403);
      expect((await post(manager, { intent: 'revoke', id: String(before[0]!.id) })).statusCode).toBe(403);
      expect(await db().selectFrom('api_keys').selectAll().orderBy('id').execute()).toEqual(before);
      // Shop managers still read orders with their own session.
      expect((await manager.request('GET', '/api/admin/orders')).statusCode).toBe(200);
    });

    it('names the bad field and makes no key', async () => {
      const before = await db().selectFrom('api_keys').select('id').execute();
      const blank = await post(admin, { intent: 'create', description: '  ', permission: 'read' });
      expect(blank.statusCode).toBe(400);
      expect(blank.body).toContain('Describe what the key is for');
      const odd = await post(admin, { intent: 'create', description: 'Odd', permission: 'admin' });
      expect(odd.statusCode).toBe(400);
      expect(odd.body).toContain('Choose read or read/write');
      expect(await db().selectFrom('api_keys').select('id').execute()).toEqual(before);
    });

    it('stops a key whose maker is no longer an administrator', async () => {
      const key = await makeKey('Demoted', 'read');
      const owner = await db().selectFrom('users').select('id').where('email', '=', 'admin@keys.example').executeTakeFirstOrThrow();
      await db().updateTable('users').set({ role: 'shop_manager' }).where('id', '=', owner.id).execute();
      try {
        const res = await call('GET', '/api/admin/orders', `Bearer ${key}`);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('invalid_api_key');
      } finally {
        await db().updateTable('users').set({ role: 'admin' }).where('id', '=', owner.id).execute();
      }
    });
  });
}
