import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

const owner = { email: 'Owner@Shop.example', password: 'a long admin password', name: 'Owner' };

for (const dialect of await dialects()) {
  describe(`first-run admin setup (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());

    const users = () => t.services.db.selectFrom('users').select(['email', 'role']).orderBy('id').execute();

    it('lets only one of several simultaneous setups through', async () => {
      const fresh = t.services.db;
      const clients = await Promise.all([1, 2, 3].map(() => Client.start(t.app)));
      const answers = await Promise.all(
        clients.map((c, i) => c.request('POST', '/api/admin/setup', { email: `racer${i}@example.com`, password: 'a long admin password' })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
      expect(await fresh.selectFrom('users').select('role').where('role', '=', 'admin').execute()).toHaveLength(1);
      await fresh.deleteFrom('users').execute();
    });

    it('refuses invalid input on an empty shop with 400 and creates nobody', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { email: 'owner', password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'password']);
      expect(await users()).toEqual([]);
    });

    it('needs the CSRF token like every other write', async () => {
      const c = await Client.start(t.app);
      c.csrf = '';
      const res = await c.request('POST', '/api/admin/setup', owner);
      expect(res.statusCode).toBe(403);
      expect(await users()).toEqual([]);
    });

    it('creates the first admin (201), who can then log in as admin', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { ...owner, role: 'customer' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ email: 'owner@shop.example', name: 'Owner', role: 'admin' });
      expect(await users()).toEqual([{ email: 'owner@shop.example', role: 'admin' }]);

      const login = await c.request('POST', '/api/account/login', { email: owner.email, password: owner.password });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.role).toBe('admin');
      expect((await c.request('GET', '/api/session')).json().user.role).toBe('admin');
    });

    it('refuses a second setup with 403 setup_done and creates no user', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { email: 'intruder@example.com', password: 'another long password' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('setup_done');
      expect(await users()).toEqual([{ email: 'owner@shop.example', role: 'admin' }]);
      const login = await c.request('POST', '/api/account/login', { email: 'intruder@example.com', password: 'another long password' });
      expect(login.statusCode).toBe(401);
    });

    it('stays refused even when the request is otherwise invalid', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', {});
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('setup_done');
    });
  });

  describe(`admin setup with customers but no admin yet (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());

    it("does not turn an existing customer's account into an admin", async () => {
      await createUser(t.services, { email: 'shopper@example.com', password: 'shopper password' });
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { email: 'shopper@example.com', password: 'taken over password' });
      expect(res.statusCode).toBe(409);
      const rows = await t.services.db.selectFrom('users').select(['email', 'role']).execute();
      expect(rows).toEqual([{ email: 'shopper@example.com', role: 'customer' }]);
    });

    it('is still open when only shoppers and staff without the admin role exist', async () => {
      await createUser(t.services, { email: 'manager@example.com', password: 'manager password', role: 'shop_manager' });
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', owner);
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('admin');
    });
  });
}
