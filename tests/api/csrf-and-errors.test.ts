import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/config/constants.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { csrfToken, newCsrfSeed } from '../../server/security.ts';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';

const account = { email: 'csrf@example.com', password: 'correct horse battery' };

for (const dialect of await dialects()) {
  describe(`CSRF protection (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());

    const userCount = async () => (await t.services.db.selectFrom('users').select('id').execute()).length;

    it('refuses a POST without the x-csrf-token header with 403 and writes nothing', async () => {
      const c = await Client.start(t.app);
      c.csrf = '';
      const res = await c.request('POST', '/api/account/register', account);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('csrf');
      expect(await userCount()).toBe(0);
    });

    it('refuses a POST from a client that has no CSRF cookie at all', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/account/register', payload: account });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('csrf');
      expect(await userCount()).toBe(0);
    });

    it("refuses a token that belongs to another visitor's cookie", async () => {
      const victim = await Client.start(t.app);
      const attacker = await Client.start(t.app);
      expect(attacker.csrf).not.toBe(victim.csrf);
      victim.csrf = attacker.csrf;
      const res = await victim.request('POST', '/api/account/register', account);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('csrf');
      expect(await userCount()).toBe(0);
    });

    it('refuses a tampered token and a token sent with a tampered cookie', async () => {
      const c = await Client.start(t.app);
      const good = c.csrf;
      c.csrf = `${good.slice(0, -2)}AA`;
      expect((await c.request('POST', '/api/account/register', account)).statusCode).toBe(403);
      c.csrf = good;
      c.cookies.set('vt_csrf', `${c.cookies.get('vt_csrf')}x`);
      expect((await c.request('POST', '/api/account/register', account)).statusCode).toBe(403);
      expect(await userCount()).toBe(0);
    });

    it('protects logout too, so another site cannot sign a shopper out', async () => {
      const c = await Client.start(t.app);
      expect((await c.request('POST', '/api/account/register', account)).statusCode).toBe(201);
      const token = c.csrf;
      c.csrf = '';
      expect((await c.request('POST', '/api/account/logout')).statusCode).toBe(403);
      c.csrf = token;
      expect((await c.request('GET', '/api/session')).json().user.email).toBe(account.email);
    });

    it('accepts the token from GET /api/session with its own cookie', async () => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', '/api/account/login', account);
      expect(res.statusCode).toBe(200);
    });

    it('gives scripts the token in a cookie of its own, readable by our pages, which the API accepts', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/session' });
      const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
      const readable = cookies.find((k) => k.name === 'vt_csrf_token')!;
      expect(readable.value).toBe(res.json().csrfToken);
      expect(readable.httpOnly).toBeFalsy();
      expect(readable.sameSite).toBe('Lax');
      expect(readable.path).toBe('/');
      const c = new Client(t.app);
      for (const k of cookies) c.cookies.set(k.name, k.value);
      c.csrf = c.cookies.get('vt_csrf_token')!;
      expect((await c.request('POST', '/api/account/register', { ...account, email: 'csrf-cookie@example.com' })).statusCode).toBe(201);
    });

    it('replaces a token cookie that no longer matches, and never takes the cookie alone as the token', async () => {
      const c = await Client.start(t.app);
      const good = c.csrf;
      c.cookies.set('vt_csrf_token', 'stale');
      const res = await c.request('GET', '/api/session');
      expect(c.cookies.get('vt_csrf_token')).toBe(good);
      expect(res.json().csrfToken).toBe(good);
      // The cookie reaches the server on every request, so it is not proof by itself: the header is.
      c.csrf = '';
      const before = await userCount();
      expect((await c.request('POST', '/api/account/register', { ...account, email: 'csrf-stale@example.com' })).statusCode).toBe(403);
      expect(await userCount()).toBe(before);
    });
  });

  describe(`the CSRF seed is the server's (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example' } });
      const owner = await Client.start(t.app);
      expect((await owner.request('POST', '/api/account/register', { email: 'seed@example.com', password: account.password })).statusCode).toBe(201);
    });
    afterAll(() => t?.close());

    const sessions = async () => (await t.services.db.selectFrom('sessions').select('id_hash').execute()).length;
    const login = 'email=seed%40example.com&password=correct+horse+battery&redirect=';
    /** A browser's post of the login page's form, from our own origin, with `cookie` and the token field `csrf` (none: a form without scripts). */
    const pageLogin = (cookie: string, csrf?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/account/login',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: csrf === undefined ? login : `_csrf=${encodeURIComponent(csrf)}&${login}`,
      });

    it('replaces a planted vt_csrf, and refuses a token made from it on the API and on page forms', async () => {
      // Chosen by someone else, and one of the right shape signed with another secret.
      const planted = ['chosen-by-another-site', 'x'.repeat(64), newCsrfSeed('another-shop-secret-that-is-at-least-32-characters')];
      for (const seed of planted) {
        const c = new Client(t.app);
        c.cookies.set('vt_csrf', seed);
        const session = await c.request('GET', '/api/session');
        expect(c.cookies.get('vt_csrf'), seed).not.toBe(seed);
        expect(session.json().csrfToken).not.toBe(csrfToken(SECRET, seed));
        expect(c.cookies.get('vt_csrf_token')).toBe(session.json().csrfToken);
        const before = await sessions();
        // The token that seed would give, sent with it: refused by the API…
        const api = await t.app.inject({
          method: 'POST',
          url: '/api/account/login',
          headers: { cookie: `vt_csrf=${seed}`, 'x-csrf-token': csrfToken(SECRET, seed), 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'seed@example.com', password: account.password }),
        });
        expect(api.statusCode, seed).toBe(403);
        expect(api.json().error.code).toBe('csrf');
        // …and by page forms, with the token in the form or without one (the shared pages' rule needs the visitor's own cookie).
        for (const token of [csrfToken(SECRET, seed), undefined]) {
          const page = await pageLogin(`vt_csrf=${seed}`, token);
          expect(page.statusCode, `${seed} ${token ?? 'no token'}`).toBe(403);
          expect(page.body).toContain('This form has expired');
        }
        expect(await sessions()).toBe(before);
      }
    });

    it('keeps forms working with the cookie it issued: the API and page forms with scripts, and without', async () => {
      const c = await Client.start(t.app);
      const issued = c.cookies.get('vt_csrf')!;
      expect(issued).toMatch(/^[A-Za-z0-9_-]{46}$/);
      // The same cookie stays: the next answer issues none.
      const again = await c.request('GET', '/api/session');
      expect((again.cookies as { name: string }[]).some((k) => k.name === 'vt_csrf')).toBe(false);
      expect(again.json().csrfToken).toBe(c.csrf);
      const before = await sessions();
      for (const token of [c.csrf, undefined]) {
        const page = await pageLogin(`vt_csrf=${issued}`, token);
        expect(page.statusCode, token ?? 'no token').toBe(302);
        expect(page.headers.location).toBe('/my-account');
      }
      expect((await c.request('POST', '/api/account/login', { email: 'seed@example.com', password: account.password })).statusCode).toBe(200);
      expect(await sessions()).toBe(before + 3);
    });
  });

  describe(`API errors (${dialect})`, () => {
    let t: TestApp;
    let c: Client;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      c = await Client.start(t.app);
    });
    afterAll(() => t?.close());

    const userCount = async () => (await t.services.db.selectFrom('users').select('id').execute()).length;

    it('answers malformed JSON with 400 invalid_json', async () => {
      const res = await c.request('POST', '/api/account/register', '{"email": "a@example.com", "password": ', {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_json');
      expect(await userCount()).toBe(0);
    });

    it('takes an empty JSON body as no body: a route that needs one answers 400 invalid', async () => {
      const res = await c.request('POST', '/api/account/register', '', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid');
    });

    it('answers a text/plain body with 415', async () => {
      const res = await c.request('POST', '/api/account/register', JSON.stringify(account), { 'content-type': 'text/plain' });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'unsupported_media_type', message: expect.any(String) });
      expect(await userCount()).toBe(0);
    });

    it('answers other non-JSON bodies with 415', async () => {
      for (const type of ['application/xml', 'application/x-www-form-urlencoded']) {
        const body = type === 'application/xml' ? '<user/>' : 'email=a%40example.com&password=correct+horse';
        const res = await c.request('POST', '/api/account/register', body, { 'content-type': type });
        expect(res.statusCode, type).toBe(415);
        expect(res.json().error.code).toBe('unsupported_media_type');
      }
      expect(await userCount()).toBe(0);
    });

    it('answers a body over 1 MiB with 413', async () => {
      const big = JSON.stringify({ ...account, name: 'x'.repeat(LIMITS.bodyBytes) });
      const res = await c.request('POST', '/api/account/register', big, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('too_large');
      expect(await userCount()).toBe(0);
    });

    it('answers unknown /api paths with a JSON 404 for every method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await c.request(method, '/api/nothing/here?x=1');
        expect(res.statusCode, method).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json().error).toEqual({ code: 'not_found', message: `No API route ${method} /api/nothing/here.` });
      }
    });

    it('answers a wrong method on a known path with a JSON 404, not a page', async () => {
      const res = await c.request('GET', '/api/account/register');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });

    it('never answers bad input with a 500', async () => {
      const bodies: [string, string][] = [
        ['{"email":', 'application/json'],
        ['[]', 'application/json'],
        ['"just a string"', 'application/json'],
        ['{"email":{"$gt":""},"password":["x"]}', 'application/json'],
        ['\u0000\u0001', 'application/json'],
        ['{"token":"' + 'a'.repeat(5000) + '","password":"long enough pw"}', 'application/json'],
        ['anything', 'application/octet-stream'],
      ];
      for (const path of ['/api/account/register', '/api/account/login', '/api/account/password-reset', '/api/account/password-reset/confirm', '/api/admin/setup']) {
        for (const [payload, type] of bodies) {
          const res = await c.request('POST', path, payload, { 'content-type': type });
          expect(res.statusCode, `${path} ${payload.slice(0, 30)} ${type}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${path} ${payload.slice(0, 30)} ${type}`).toBeLessThan(500);
          expect(res.json().error.code).toEqual(expect.any(String));
        }
      }
      expect(await userCount()).toBe(0);
    });

    it('sends security headers on API answers, refusals and unknown routes', async () => {
      const expected = {
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-permitted-cross-domain-policies': 'none',
      };
      const answers = [
        await c.request('GET', '/api/session'),
        await c.request('POST', '/api/cart/items', { productId: 1, quantity: 1 }, { 'x-csrf-token': 'forged' }),
        await c.request('GET', '/api/no-such-route'),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 403, 404]);
      for (const res of answers) expect(res.headers).toMatchObject(expected);
      // Without an https public address there is no HSTS (it would pin plain-http shops).
      expect(answers[0].headers['strict-transport-security']).toBeUndefined();
    });
  });
}
