import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSetupCode, createUser } from '../../app/features/account/account.server.ts';
import { readOrCreateSetupCode } from '../../app/features/account/setup-code.server.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { buildApp } from '../../server/app.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

const owner = { email: 'Owner@Shop.example', password: 'a long admin password', name: 'Owner', storeUrl: 'https://owner-shop.example/' };

for (const dialect of await dialects()) {
  describe(`first-run admin setup (${dialect})`, () => {
    let t: TestApp;
    let code: string;
    const logged: string[] = [];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      // What the server does at start on a shop without an administrator.
      const warn = t.services.log.warn.bind(t.services.log);
      t.services.log.warn = ((msg: string) => {
        logged.push(msg);
        return warn(msg);
      }) as typeof t.services.log.warn;
      code = (await announceSetupCode(t.services))!;
    });
    afterAll(() => t?.close());

    const users = () => t.services.db.selectFrom('users').select(['email', 'role']).orderBy('id').execute();
    const storedCode = async () => (await t.services.db.selectFrom('settings').select('value').where('key', '=', 'setup.code').executeTakeFirst())?.value;

    it('prints a one-time setup code at start, kept in the database for every process', async () => {
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(logged.join('\n')).toContain(`Open /admin/setup and enter the setup code ${code}`);
      expect(await readOrCreateSetupCode(t.services.db)).toBe(code);
      expect(await storedCode()).toBe(JSON.stringify(code));
    });

    it('refuses a missing or wrong code with a clear error and creates nobody', async () => {
      const c = await Client.start(t.app);
      const missing = await c.request('POST', '/api/admin/setup', { email: owner.email, password: owner.password });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields.setupCode).toMatch(/setup code/);
      for (const wrong of ['AAAA-BBBB-CCCC', code.slice(0, -1), `${code}X`, ' ']) {
        const res = await c.request('POST', '/api/admin/setup', { ...owner, setupCode: wrong });
        expect(res.statusCode, wrong).toBe(wrong.trim() ? 403 : 400);
        if (wrong.trim()) expect(res.json().error).toMatchObject({ code: 'invalid_setup_code', fields: { setupCode: expect.stringMatching(/server log/) } });
      }
      expect(await users()).toEqual([]);
    });

    it('limits wrong codes per client address (429), and a right code is refused too meanwhile', async () => {
      // Another app on the same database and data directory: its own counters.
      const app = await buildApp({ ...t.services.config, trustProxy: true }, { pages: false, db: t.database.db });
      try {
        const c = await Client.start(app);
        const ask = (setupCode: string, ip: string) => c.request('POST', '/api/admin/setup', { ...owner, setupCode }, { 'x-forwarded-for': ip });
        for (let i = 0; i < 10; i++) expect((await ask(`WRONG-CODE-${i}`, '10.9.9.9')).statusCode).toBe(403);
        const limited = await ask(code, '10.9.9.9');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error.code).toBe('rate_limited');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(await users()).toEqual([]);
        // Another address is not held up by the first.
        expect((await ask('WRONG-CODE-X', '10.9.9.10')).statusCode).toBe(403);
      } finally {
        await app.close();
      }
    });

    it('lets only one of several simultaneous setups through', async () => {
      const fresh = t.services.db;
      const clients = await Promise.all([1, 2, 3].map(() => Client.start(t.app)));
      const answers = await Promise.all(
        clients.map((c, i) => c.request('POST', '/api/admin/setup', { email: `racer${i}@example.com`, password: 'a long admin password', setupCode: code })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
      expect(await fresh.selectFrom('users').select('role').where('role', '=', 'admin').execute()).toHaveLength(1);
      await fresh.deleteFrom('users').execute();
      // The code is used up with the first administrator: a fresh one for the tests below.
      expect(await storedCode()).toBeUndefined();
      code = await readOrCreateSetupCode(t.services.db);
    });

    it('refuses invalid input on an empty shop with 400 and creates nobody', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { email: 'owner', password: 'short', setupCode: code });
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

    it('creates the first admin (201) with the store address, who can then log in as admin; the code stops working', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { ...owner, shopEmail: ' Hello@Owner-Shop.example ', role: 'customer', setupCode: ` ${code.toLowerCase().replaceAll('-', ' ')} ` });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ email: 'owner@shop.example', name: 'Owner', role: 'admin' });
      expect(await users()).toEqual([{ email: 'owner@shop.example', role: 'admin' }]);
      expect((await getSettings(t.services.db)).storeUrl).toBe('https://owner-shop.example');
      // The shop's own address, the sender of its e-mails (Settings → E-mails).
      expect((await getSettings(t.services.db)).emailFromAddress).toBe('hello@owner-shop.example');
      expect(await storedCode()).toBeUndefined();
      expect(await announceSetupCode(t.services)).toBeNull();

      const login = await c.request('POST', '/api/account/login', { email: owner.email, password: owner.password });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.role).toBe('admin');
      expect((await c.request('GET', '/api/session')).json().user.role).toBe('admin');
    });

    it('refuses a second setup with 403 setup_done and creates no user', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { email: 'intruder@example.com', password: 'another long password', setupCode: code });
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
    let code: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      code = await readOrCreateSetupCode(t.services.db);
    });
    afterAll(() => t?.close());

    it("does not turn an existing customer's account into an admin", async () => {
      await createUser(t.services, { email: 'shopper@example.com', password: 'shopper password' });
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { email: 'shopper@example.com', password: 'taken over password', setupCode: code });
      expect(res.statusCode).toBe(409);
      const rows = await t.services.db.selectFrom('users').select(['email', 'role']).execute();
      expect(rows).toEqual([{ email: 'shopper@example.com', role: 'customer' }]);
    });

    it('is still open when only shoppers and staff without the admin role exist', async () => {
      await createUser(t.services, { email: 'manager@example.com', password: 'manager password', role: 'shop_manager' });
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/admin/setup', { ...owner, setupCode: code });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('admin');
    });
  });
}
