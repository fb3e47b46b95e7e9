import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { ESTIMATES_PER_WINDOW } from '../../app/features/wishlist/wishlist.schema.ts';
import { createTestApp, logCapture, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { wishlistKit } from '../helpers/wishlist.ts';

for (const dialect of await dialects()) {
  describe(`wishlist estimate requests (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, trustProxy: true } });
      await saveSettings(t.services.db, { orderNotificationEmail: 'sales@shop.example', wishlistEstimateFields: 'Company\nPhone' });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });
    const k = wishlistKit(() => t);
    let ip = 0;
    const ask = (c: Awaited<ReturnType<typeof k.guest>>, token: string, body: unknown, from = `10.9.0.${++ip}`) =>
      c.request('POST', `/api/wishlists/${token}/estimate`, body, { 'x-forwarded-for': from });

    it('stores the request, e-mails the shop the list and confirms to the shopper', async () => {
      const c = await k.guest();
      const id = await k.product({ name: 'Brass lamp' });
      const r = (await k.add(c, { productId: id, quantity: 2 })).json();
      const before = smtp.received.length;
      const res = await ask(c, r.wishlist.token, { name: ' Ann ', email: 'Ann@Example.com', message: 'For the office.', extra: { Company: 'Acme', Other: 'ignored' } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ result: 'sent', message: expect.stringContaining('Thank you') });
      const shop = await parseMail((await smtp.waitFor(before)).raw);
      const mine = await parseMail((await smtp.waitFor(before + 1)).raw);
      expect(shop.to?.[0].address).toBe('sales@shop.example');
      expect(shop.text).toContain('2 × Brass lamp');
      expect(shop.text).toContain('Company: Acme');
      expect(shop.text).toContain('Ann <ann@example.com>');
      expect(shop.text).not.toContain('ignored');
      expect(mine.to?.[0].address).toBe('ann@example.com');
      const row = await t.services.db.selectFrom('wishlist_estimates').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Ann', email: 'ann@example.com', status: 'new', mail_sent: 1, extra: JSON.stringify({ Company: 'Acme' }) });
    });

    it('validates the form and refuses an empty list', async () => {
      const c = await k.guest();
      const r = (await k.add(c, { productId: await k.product() })).json();
      const bad = await ask(c, r.wishlist.token, { name: '', email: 'not-an-address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({ name: 'Enter your name', email: 'Enter a valid e-mail address' });
      await c.request('DELETE', `/api/wishlists/${r.wishlist.token}/items/${r.itemId}`);
      expect((await ask(c, r.wishlist.token, { name: 'Bo', email: 'bo@example.com' })).statusCode).toBe(409);
    });

    it('limits requests per client address and per e-mail address', async () => {
      const c = await k.guest();
      const token = (await k.add(c, { productId: await k.product() })).json().wishlist.token;
      for (let i = 0; i < ESTIMATES_PER_WINDOW; i++) expect((await ask(c, token, { name: 'Cy', email: `cy${i}@example.com` }, '10.8.0.1')).statusCode).toBe(201);
      const limited = await ask(c, token, { name: 'Cy', email: 'cy-new@example.com' }, '10.8.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      for (let i = 0; i < ESTIMATES_PER_WINDOW; i++) await ask(c, token, { name: 'Di', email: 'di@example.com' });
      expect((await ask(c, token, { name: 'Di', email: 'di@example.com' })).statusCode).toBe(429);
    });
  });

  describe(`wishlist estimate when mail fails (${dialect})`, () => {
    let t: TestApp;
    const logs = logCapture();
    beforeAll(async () => {
      // A mail server nobody listens on: delivery really fails (the failure is logged, kept by the test).
      t = await createTestApp(dialect, { config: { smtpUrl: 'smtp://127.0.0.1:9' }, logStream: logs.stream });
    });
    afterAll(() => t?.close());
    const k = wishlistKit(() => t);

    it('keeps the request and says it was received', async () => {
      const c = await k.guest();
      const token = (await k.add(c, { productId: await k.product() })).json().wishlist.token;
      const res = await c.request('POST', `/api/wishlists/${token}/estimate`, { name: 'Ed', email: 'ed@example.com' });
      expect(res.statusCode).toBe(201);
      expect(res.json().result).toBe('stored');
      expect(await t.services.db.selectFrom('wishlist_estimates').select(['email', 'mail_sent']).execute()).toEqual([{ email: 'ed@example.com', mail_sent: 0 }]);
      expect(logs.entries.some((e) => e.level === 50 && e.msg === 'estimate request e-mail failed')).toBe(true);
    });
  });
}
