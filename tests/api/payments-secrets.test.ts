import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { ADMIN_APIS, ADMIN_PAGES } from '../../app/features/account/admin-access.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { StripeStandin } from '../helpers/stripe-standin.ts';

/*
 * Payment providers' secret keys never leave the server: after an administrator saves them,
 * every admin page's HTML, every staff API's answer, the checkout's and the settings' answers
 * are read and none holds a secret (only masks such as `sk_test_…4242`), and the database
 * holds them sealed, not as typed.
 */

const PASSWORD = 'a long enough password';
const SECRETS = { test_secret_key: 'sk_test_standin_4242', live_secret_key: 'sk_live_never_shown_9876', test_webhook_secret: 'whsec_standin_secret', live_webhook_secret: 'whsec_live_never_shown_5555' };

if (!existsSync(SERVER_BUILD)) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

const fill = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => (name === 'location' ? 'primary' : '1'));

for (const dialect of await dialects()) {
  describe(`payment secrets stay on the server (${dialect})`, () => {
    let t: TestApp;
    let standin: StripeStandin;
    let admin: Client;

    beforeAll(async () => {
      standin = await StripeStandin.start();
      standin.keys.add(SECRETS.live_secret_key);
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example', stripeApiUrl: standin.url } });
      await createUser(t.services, { email: 'owner@shop.example', password: PASSWORD, name: 'Owner', role: 'admin' });
      admin = await Client.start(t.app);
      expect((await admin.request('POST', '/api/account/login', { email: 'owner@shop.example', password: PASSWORD })).statusCode).toBe(200);
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
    });
    afterAll(async () => {
      await t?.close();
      await standin?.close();
    });

    it('saved through the API, checked with Stripe; answers show masks only', async () => {
      const res = await admin.request('PUT', '/api/admin/payments/stripe', { enabled: true, testMode: true, testPublishableKey: 'pk_test_standin', ...SECRETS });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.masked).toEqual({ test_secret_key: 'sk_test_…4242', live_secret_key: 'sk_live_…9876', test_webhook_secret: 'whsec_…cret', live_webhook_secret: 'whsec_…5555' });
      expect(body.settings.testKeys.state).toBe('ok');
      expect(body.settings.liveKeys.state).toBe('ok');
      expect(body.webhookUrl).toBe('https://shop.example/api/payments/stripe/webhook');
      expect(body.usable).toBe(true);
      for (const s of Object.values(SECRETS)) expect(res.body).not.toContain(s);
    });

    it('a wrong key: refused by Stripe, the method hidden from shoppers, the admin says why', async () => {
      const res = await admin.request('PUT', '/api/admin/payments/stripe', { test_secret_key: 'sk_test_wrong_key_0000' });
      expect(res.json().problems.join(' ')).toMatch(/Stripe refused the test secret key/);
      expect(res.body).not.toContain('sk_test_wrong_key_0000');
      const methods = (await t.app.inject({ method: 'GET', url: '/api/checkout' })).json().payment_methods.map((m: { id: string }) => m.id);
      expect(methods).not.toContain('stripe');
      const bad = await admin.request('PUT', '/api/admin/payments/stripe', { test_secret_key: 'pk_test_not_a_secret' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.test_secret_key).toMatch(/starts with sk_test_/);
      // Back to the good key, through the "check the keys" button's call after saving.
      expect((await admin.request('PUT', '/api/admin/payments/stripe', { test_secret_key: SECRETS.test_secret_key })).json().usable).toBe(true);
      expect((await admin.request('POST', '/api/admin/payments/stripe/check', {})).json().settings.testKeys.state).toBe('ok');
      expect((await t.app.inject({ method: 'GET', url: '/api/checkout' })).json().payment_methods.map((m: { id: string }) => m.id)).toContain('stripe');
    });

    it('the storefront says “test mode” while the test keys are used, and not with the live keys', async () => {
      const notice = /<p class="test-mode-notice" role="status"><strong>Test mode:<\/strong> payments through Stripe use test keys; no real money is taken\.<\/p>/;
      expect((await t.app.inject({ method: 'GET', url: '/' })).body).toMatch(notice);
      expect((await admin.request('PUT', '/api/admin/payments/stripe', { testMode: false })).json().usable).toBe(true);
      const live = await t.app.inject({ method: 'GET', url: '/' });
      expect(live.statusCode).toBe(200);
      expect(live.body).not.toContain('test-mode-notice');
      expect(live.body).not.toMatch(/Test mode/i);
      expect((await admin.request('PUT', '/api/admin/payments/stripe', { testMode: true })).json().usable).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/cart' })).body).toMatch(notice);
      // Switched off: nothing to pay with, nothing to say.
      await admin.request('PUT', '/api/admin/payments/stripe', { enabled: false });
      expect((await t.app.inject({ method: 'GET', url: '/' })).body).not.toContain('test-mode-notice');
      await admin.request('PUT', '/api/admin/payments/stripe', { enabled: true });
    });

    it('no admin page, staff API answer or shop answer contains a secret key; the database keeps them sealed', async () => {
      const leaks: string[] = [];
      const look = (what: string, text: string) => {
        for (const s of Object.values(SECRETS)) if (text.includes(s)) leaks.push(`${what} holds ${s.slice(0, 8)}…`);
      };
      for (const path of Object.keys(ADMIN_PAGES)) {
        const res = await admin.request('GET', `/${fill(path)}`);
        expect(res.statusCode, path).toBeLessThan(500);
        look(`/${path}`, res.body);
      }
      for (const r of t.app.apiRoutes) if (r.url in ADMIN_APIS && r.method === 'GET') look(r.url, (await admin.request('GET', fill(r.url))).body);
      for (const url of ['/api/checkout', '/api/session', '/', '/checkout', '/api/openapi.json']) look(url, (await admin.request('GET', url)).body);
      expect(leaks).toEqual([]);
      const stored = await t.services.db.selectFrom('payment_secrets').select(['name', 'sealed']).execute();
      expect(stored.map((s) => s.name).sort()).toEqual(Object.keys(SECRETS).sort());
      const settings = await t.services.db.selectFrom('settings').select('value').execute();
      for (const s of Object.values(SECRETS)) {
        expect(stored.some((r) => r.sealed.includes(s))).toBe(false);
        expect(settings.some((r) => r.value.includes(s))).toBe(false);
      }
    });
  });
}
