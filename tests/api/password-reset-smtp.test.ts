import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { Client, createTestApp, logCapture, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

const oldPassword = 'the old password';
const newPassword = 'a brand new password';

for (const dialect of await dialects()) {
  describe(`password reset by e-mail through a real SMTP server (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let c: Client;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>' } });
      // The address the owner confirmed at setup: links in e-mails are built from it.
      await saveSettings(t.services.db, { storeUrl: 'https://reset-shop.example' });
      c = await Client.start(t.app);
      const res = await c.request('POST', '/api/account/register', { email: 'reset@example.com', password: oldPassword, name: 'Rhea' });
      expect(res.statusCode).toBe(201);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const login = (password: string, email = 'reset@example.com') => c.request('POST', '/api/account/login', { email, password });

    /** Asks for a reset and returns the token from the link in the mail that arrives. */
    async function requestReset(email: string): Promise<{ token: string }> {
      const index = smtp.received.length;
      const res = await c.request('POST', '/api/account/password-reset', { email });
      expect(res.statusCode).toBe(202);
      const mail = await smtp.waitFor(index);
      const parsed = await parseMail(mail.raw);
      const href = /https?:\/\/\S+\?token=[\w-]+/.exec(parsed.text ?? '')?.[0];
      expect(href).toBeDefined();
      return { token: new URL(href!).searchParams.get('token')! };
    }

    it('uses the SMTP transport when an SMTP URL is configured', () => {
      expect(t.services.mailer.transport).toBe('smtp');
    });

    it('mails a reset link to the right address, and the new password works once set', async () => {
      const index = smtp.received.length;
      const res = await c.request('POST', '/api/account/password-reset', { email: 'Reset@Example.com' });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toEqual(expect.any(String));

      const mail = await smtp.waitFor(index);
      expect(mail.to).toEqual(['reset@example.com']);
      const parsed = await parseMail(mail.raw);
      expect(parsed.to?.map((a) => a.address)).toEqual(['reset@example.com']);
      expect(parsed.from?.address).toBe('shop@test.example');
      expect(parsed.subject).toBe('Reset your password for Vitrine');
      expect(parsed.text).toContain('Hello Rhea');
      const href = /https:\/\/reset-shop\.example\/account\/reset-password\?token=[\w-]+/.exec(parsed.text ?? '')?.[0];
      expect(href, parsed.text).toBeDefined();
      expect(parsed.html).toContain(href!);
      const token = new URL(href!).searchParams.get('token')!;
      expect(token.length).toBeGreaterThanOrEqual(32);

      const confirm = await c.request('POST', '/api/account/password-reset/confirm', { token, password: newPassword });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().user.email).toBe('reset@example.com');

      expect((await login(oldPassword)).statusCode).toBe(401);
      expect((await login(newPassword)).statusCode).toBe(200);

      // The link works once.
      const again = await c.request('POST', '/api/account/password-reset/confirm', { token, password: 'yet another password' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('invalid_token');
      expect((await login(newPassword)).statusCode).toBe(200);
    });

    it('ends every session of the account when the password is reset', async () => {
      const other = await Client.start(t.app);
      expect((await other.request('POST', '/api/account/login', { email: 'reset@example.com', password: newPassword })).statusCode).toBe(200);
      const { token } = await requestReset('reset@example.com');
      const confirm = await c.request('POST', '/api/account/password-reset/confirm', { token, password: oldPassword });
      expect(confirm.statusCode).toBe(200);
      expect((await other.request('GET', '/api/session')).json().user).toBeNull();
      expect((await login(oldPassword)).statusCode).toBe(200);
    });

    it('refuses an expired token with 400 and leaves the password as it was', async () => {
      const { token } = await requestReset('reset@example.com');
      await t.services.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('used_at', 'is', null)
        .execute();
      const res = await c.request('POST', '/api/account/password-reset/confirm', { token, password: 'expired password set' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_token', fields: { token: expect.any(String) } });
      expect((await login('expired password set')).statusCode).toBe(401);
      expect((await login(oldPassword)).statusCode).toBe(200);
    });

    it('refuses a made-up token and a short new password without using the token', async () => {
      const made = await c.request('POST', '/api/account/password-reset/confirm', { token: 'x'.repeat(43), password: newPassword });
      expect(made.statusCode).toBe(400);
      expect(made.json().error.code).toBe('invalid_token');

      const { token } = await requestReset('reset@example.com');
      const short = await c.request('POST', '/api/account/password-reset/confirm', { token, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields.password).toEqual(expect.any(String));
      // The token was not spent by the rejected attempt.
      const ok = await c.request('POST', '/api/account/password-reset/confirm', { token, password: newPassword });
      expect(ok.statusCode).toBe(200);
      expect((await login(newPassword)).statusCode).toBe(200);
    });

    it('answers an unknown e-mail with the same 202 and sends no mail', async () => {
      const before = smtp.received.length;
      const known = await c.request('POST', '/api/account/password-reset', { email: 'reset@example.com' });
      await smtp.waitFor(before);
      const unknown = await c.request('POST', '/api/account/password-reset', { email: 'nobody@example.com' });
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(known.json());
      // Give a stray message time to arrive before checking that none did.
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(before + 1);
      expect(smtp.received.flatMap((m) => m.to)).not.toContain('nobody@example.com');
    });

    it('answers before the mail is delivered, for known and unknown addresses alike', async () => {
      // The mail server takes the message but does not answer it until released: a handler
      // that waited for delivery (only when the account exists) could not answer meanwhile.
      // A second app on the same database: fresh rate-limit counters.
      const app = await buildApp(t.services.config, { pages: false, db: t.database.db });
      const release = smtp.hold();
      const before = smtp.received.length;
      try {
        const client = await Client.start(app);
        const known = await client.request('POST', '/api/account/password-reset', { email: 'reset@example.com' });
        const unknown = await client.request('POST', '/api/account/password-reset', { email: 'nobody-at-all@example.com' });
        expect(known.statusCode).toBe(202);
        expect(unknown.statusCode).toBe(202);
        expect(unknown.body).toBe(known.body);
        expect(smtp.received).toHaveLength(before);
        release();
        const mail = await smtp.waitFor(before);
        expect(mail.to).toEqual(['reset@example.com']);
        await backgroundSettled(app.services);
        expect(smtp.received).toHaveLength(before + 1);
      } finally {
        release();
        await app.close();
      }
    });

    it('answers an invalid e-mail with 400', async () => {
      const res = await c.request('POST', '/api/account/password-reset', { email: 'not an address' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.email).toEqual(expect.any(String));
    });

    it('limits reset requests per e-mail address and per client address with 429', async () => {
      // A second app on the same database: its own, fresh counters.
      const app = await buildApp({ ...t.services.config, trustProxy: true }, { pages: false, db: t.database.db });
      try {
        const fresh = await Client.start(app);
        const ask = (email: string, ip: string) => fresh.request('POST', '/api/account/password-reset', { email }, { 'x-forwarded-for': ip });
        for (let i = 0; i < 5; i++) expect((await ask('nobody-else@example.com', `10.0.0.${i}`)).statusCode).toBe(202);
        const sixth = await ask('nobody-else@example.com', '10.0.0.99');
        expect(sixth.statusCode).toBe(429);
        expect(sixth.json().error.code).toBe('rate_limited');
        expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
        for (let i = 0; i < 10; i++) expect((await ask(`someone${i}@example.com`, '10.1.1.1')).statusCode).toBe(202);
        expect((await ask('someone-new@example.com', '10.1.1.1')).statusCode).toBe(429);
      } finally {
        await app.close();
      }
    });

    it('answers the same 202 when the mail server is down, and keeps working', async () => {
      const logs = logCapture();
      const down = await buildApp({ ...t.services.config, smtpUrl: 'smtp://127.0.0.1:1' }, { pages: false, db: t.database.db, logStream: logs.stream });
      try {
        const client = await Client.start(down);
        const before = await t.database.db.selectFrom('password_resets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const res = await client.request('POST', '/api/account/password-reset', { email: 'reset@example.com' });
        expect(res.statusCode).toBe(202);
        expect(res.json().message).toEqual(expect.any(String));
        await backgroundSettled(down.services);
        const after = await t.database.db.selectFrom('password_resets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect(Number(after.n)).toBe(Number(before.n) + 1);
        expect((await client.request('GET', '/api/health')).statusCode).toBe(200);
        // Logged as an error for the shop owner (kept by the test, not printed in the run's output).
        await expect.poll(() => logs.entries.some((e) => e.level === 50 && e.msg === 'password reset e-mail could not be sent')).toBe(true);
      } finally {
        await down.close();
      }
    });

    it('uses the public URL in the link when one is configured', async () => {
      // The same shop deployed behind its public https address.
      const app = await buildApp({ ...t.services.config, publicUrl: 'https://shop.example.com/' }, { pages: false, db: t.database.db });
      try {
        const public_ = await Client.start(app);
        const index = smtp.received.length;
        expect((await public_.request('POST', '/api/account/password-reset', { email: 'reset@example.com' })).statusCode).toBe(202);
        const parsed = await parseMail((await smtp.waitFor(index)).raw);
        expect(parsed.text).toMatch(/https:\/\/shop\.example\.com\/account\/reset-password\?token=[\w-]+/);
      } finally {
        await app.close();
      }
    });
  });
}
