import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { AppConfig } from '../../app/config/app-config.ts';
import { LIMITS } from '../../app/config/constants.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

const password = 'correct horse battery';

type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; maxAge?: number };
const sessionCookieOf = (res: { cookies: unknown[] }) => (res.cookies as Cookie[]).find((c) => c.name === 'vt_session');

for (const dialect of await dialects()) {
  describe(`accounts (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());

    const usersWith = (email: string) => t.services.db.selectFrom('users').selectAll().where('email', '=', email).execute();

    async function registered(email: string): Promise<Client> {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/account/register', { email, password, name: 'Ada' });
      expect(res.statusCode).toBe(201);
      return c;
    }

    it('registers a customer and signs them in with an HttpOnly, SameSite=Lax cookie', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/account/register', { email: ' Ada@Example.com ', password, name: 'Ada' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'customer' });
      const cookie = sessionCookieOf(res)!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.secure).toBeUndefined();
      expect(res.json().user).not.toHaveProperty('password_hash');

      const session = await c.request('GET', '/api/session');
      expect(session.json().user).toMatchObject({ email: 'ada@example.com', role: 'customer' });
      const rows = await usersWith('ada@example.com');
      expect(rows).toHaveLength(1);
      expect(rows[0].role).toBe('customer');
      expect(rows[0].password_hash).not.toContain(password);
    });

    it('ignores a role sent by the shopper at registration', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/account/register', { email: 'sneaky@example.com', password, role: 'admin' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('customer');
    });

    it('refuses a second account with the same e-mail (any case) with 409 and writes nothing', async () => {
      await registered('dup@example.com');
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/account/register', { email: 'DUP@example.com', password: 'another password' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'email_taken', fields: { email: expect.any(String) } });
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(await usersWith('dup@example.com')).toHaveLength(1);
    });

    it('answers a bad e-mail and a short password with 400 naming both fields', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/account/register', { email: 'not-an-address', password: 'short' });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('invalid');
      expect(error.fields).toEqual({ email: expect.any(String), password: expect.stringContaining(`${LIMITS.passwordMinLength}`) });
      expect(await usersWith('not-an-address')).toHaveLength(0);
    });

    it('answers a body that is not an object with 400, not 500', async () => {
      const c = await Client.start(t.app);
      for (const body of [[1, 2], 'null', '"text"', { email: 42, password: {} }]) {
        const res = await c.request('POST', '/api/account/register', body, { 'content-type': 'application/json' });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toBe('invalid');
      }
    });

    it('logs in with a fresh session id each time; the previous token stops working', async () => {
      await registered('fresh@example.com');
      const c = await Client.start(t.app);
      const first = await c.request('POST', '/api/account/login', { email: 'fresh@example.com', password });
      expect(first.statusCode).toBe(200);
      expect(first.json().user).toMatchObject({ email: 'fresh@example.com', role: 'customer' });
      const firstToken = c.cookies.get('vt_session')!;
      expect(firstToken).toBeTruthy();

      const second = await c.request('POST', '/api/account/login', { email: 'fresh@example.com', password });
      expect(second.statusCode).toBe(200);
      const secondToken = c.cookies.get('vt_session')!;
      expect(secondToken).not.toBe(firstToken);

      const withOld = await t.app.inject({ url: '/api/session', cookies: { vt_session: firstToken } });
      expect(withOld.json().user).toBeNull();
      const withNew = await t.app.inject({ url: '/api/session', cookies: { vt_session: secondToken } });
      expect(withNew.json().user.email).toBe('fresh@example.com');
    });

    it('gives the same 401 for a wrong password and an unknown e-mail, and keeps the current session', async () => {
      const c = await registered('wrong@example.com');
      const wrong = await c.request('POST', '/api/account/login', { email: 'wrong@example.com', password: 'not the password' });
      const unknown = await c.request('POST', '/api/account/login', { email: 'nobody@example.com', password: 'not the password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().error.code).toBe('invalid_credentials');
      // A mistyped password does not sign out someone who is already signed in.
      expect((await c.request('GET', '/api/session')).json().user?.email).toBe('wrong@example.com');
    });

    it(`rate-limits login after ${LIMITS.loginAttempts} attempts with 429 and retry-after, even with the right password`, async () => {
      await registered('limited@example.com');
      const c = await Client.start(t.app);
      for (let i = 0; i < LIMITS.loginAttempts; i++) {
        const res = await c.request('POST', '/api/account/login', { email: 'limited@example.com', password: `guess ${i}` });
        expect(res.statusCode).toBe(401);
      }
      const limited = await c.request('POST', '/api/account/login', { email: 'limited@example.com', password });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginWindowMs / 1000);
      expect(sessionCookieOf(limited)).toBeUndefined();

      // Another account from the same address is not locked out by someone else's guesses.
      await registered('other@example.com');
      const other = await c.request('POST', '/api/account/login', { email: 'other@example.com', password });
      expect(other.statusCode).toBe(200);
    });

    it('registering while signed in ends the previous session', async () => {
      const c = await registered('first@example.com');
      const old = c.cookies.get('vt_session')!;
      const res = await c.request('POST', '/api/account/register', { email: 'second@example.com', password });
      expect(res.statusCode).toBe(201);
      expect((await c.request('GET', '/api/session')).json().user.email).toBe('second@example.com');
      const withOld = await t.app.inject({ url: '/api/session', cookies: { vt_session: old } });
      expect(withOld.json().user).toBeNull();
    });

    it('logs out: the session row is gone and the cookie is cleared', async () => {
      const c = await registered('bye@example.com');
      const token = c.cookies.get('vt_session')!;
      const before = await t.services.db.selectFrom('sessions').select('id_hash').execute();
      const res = await c.request('POST', '/api/account/logout');
      expect(res.statusCode).toBe(204);
      expect(sessionCookieOf(res)).toMatchObject({ value: '', maxAge: 0 });
      expect(c.cookies.has('vt_session')).toBe(false);
      const after = await t.services.db.selectFrom('sessions').select('id_hash').execute();
      expect(after).toHaveLength(before.length - 1);
      const again = await t.app.inject({ url: '/api/session', cookies: { vt_session: token } });
      expect(again.json().user).toBeNull();
    });

    it('GET /api/session answers anonymous visitors with no user and a CSRF token', async () => {
      const res = await t.app.inject('/api/session');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null, csrfToken: expect.any(String) });
      const csrf = (res.cookies as Cookie[]).find((c) => c.name === 'vt_csrf')!;
      expect(csrf.httpOnly).toBe(true);
      expect(csrf.sameSite).toBe('Lax');
    });

    it('treats an unknown or absurd session cookie as signed out', async () => {
      for (const value of ['nope', 'x'.repeat(500)]) {
        const res = await t.app.inject({ url: '/api/session', cookies: { vt_session: value } });
        expect(res.statusCode).toBe(200);
        expect(res.json().user).toBeNull();
      }
    });

    it('does not accept an expired session', async () => {
      const c = await registered('expired@example.com');
      await t.services.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', (await usersWith('expired@example.com'))[0].id)
        .execute();
      expect((await c.request('GET', '/api/session')).json().user).toBeNull();
    });

    describe('Secure cookies behind TLS', () => {
      const apps: FastifyInstance[] = [];
      afterAll(() => Promise.all(apps.map((a) => a.close())));

      // A second app on the same database, configured as a deployment behind TLS would be.
      async function appWith(config: Partial<AppConfig>): Promise<FastifyInstance> {
        const base = t.services.config;
        const app = await buildApp({ ...base, ...config }, { pages: false, db: t.database.db });
        apps.push(app);
        return app;
      }

      async function registerOn(app: FastifyInstance, email: string, headers: Record<string, string> = {}) {
        const c = await Client.start(app);
        const res = await c.request('POST', '/api/account/register', { email, password }, headers);
        expect(res.statusCode).toBe(201);
        return { c, cookie: sessionCookieOf(res) };
      }

      it('marks the session cookie Secure when a trusted proxy says the request was https', async () => {
        const app = await appWith({ trustProxy: true });
        const { cookie } = await registerOn(app, 'proxied@example.com', { 'x-forwarded-proto': 'https' });
        expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
        const plain = await registerOn(app, 'plain@example.com', { 'x-forwarded-proto': 'http' });
        expect(plain.cookie?.secure).toBeUndefined();
      });

      it('ignores x-forwarded-proto when no proxy is trusted', async () => {
        const app = await appWith({ trustProxy: false });
        const { cookie } = await registerOn(app, 'spoofed@example.com', { 'x-forwarded-proto': 'https' });
        expect(cookie?.secure).toBeUndefined();
      });

      it('marks every cookie Secure when the public URL is https', async () => {
        const app = await appWith({ publicUrl: 'https://shop.example.com' });
        const first = await app.inject('/api/session');
        expect((first.cookies as Cookie[]).find((c) => c.name === 'vt_csrf')?.secure).toBe(true);
        const { c, cookie } = await registerOn(app, 'public@example.com');
        expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
        const out = await c.request('POST', '/api/account/logout');
        expect(sessionCookieOf(out)).toMatchObject({ secure: true, maxAge: 0 });
      });
    });
  });
}
