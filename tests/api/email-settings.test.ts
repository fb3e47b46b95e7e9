import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings, saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * The owner's e-mail settings as a real mail server receives the order e-mails: a switched-off
 * e-mail is not sent, an edited one arrives with its subject, heading and extra text (their
 * placeholders filled), from the shop's own address, with a plain-text part.
 */

const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };

for (const dialect of await dialects()) {
  describe(`e-mail settings honoured by the order e-mails (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let lamp: number;
    const inject = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
    async function order(): Promise<number> {
      const token = (await inject('/api/cart/items', { productId: lamp, quantity: 1 }, { 'cart-token': `new-${Math.random()}` })).headers['cart-token'] as string;
      const res = await inject('/api/checkout', { billing_address: US, payment_method: 'cod' }, { 'cart-token': token });
      expect(res.statusCode, res.body).toBe(200);
      await mailsSettled();
      return res.json().order_id as number;
    }
    const received = async (start: number) => Promise.all(smtp.received.slice(start).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, mailFrom: 'Fallback <fallback@test.example>' } });
      await saveSettings(t.services.db, { storeName: 'Corner Shop', orderNotificationEmail: 'owner@shop.example', storeUrl: 'https://corner.example' });
      lamp = (await createProduct(t.services.db, { name: 'Desk Lamp', regular_price: 4000 })).id;
      const world = await addMethod(t.services.db, null, { type: 'flat_rate' });
      await saveMethod(t.services.db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    }, 120_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('with every e-mail on: the shop and the customer each get theirs, from MAIL_FROM while the shop has no address', async () => {
      const start = smtp.received.length;
      const id = await order();
      const mails = await received(start);
      expect(mails.map((m) => m.mail.subject).sort()).toEqual([`Your Corner Shop order has been received!`, `[Corner Shop]: New order #${id}`].sort());
      for (const m of mails) expect(m.mail.from?.address).toBe('fallback@test.example');
    });

    it('"New order" off: only the customer is mailed; the edited "Processing order" arrives as edited, from the shop’s address, HTML and text', async () => {
      const s = await getSettings(t.services.db);
      await saveSettings(t.services.db, {
        emailFromAddress: 'hello@corner.example',
        emailFromName: 'Corner Shop Team',
        emailFooterText: 'Thanks for shopping at {site_title}',
        emails: {
          ...s.emails,
          new_order: { ...s.emails.new_order, enabled: false },
          customer_processing_order: { ...s.emails.customer_processing_order, subject: 'Order {order_number} at {site_title}', heading: 'Hello {customer_name}', additional: 'See you soon at {site_url}.' },
        },
      });
      const start = smtp.received.length;
      const id = await order();
      const mails = await received(start);
      expect(mails.map((m) => [m.to, m.mail.subject])).toEqual([[['ada@example.com'], `Order ${id} at Corner Shop`]]);
      const { mail } = mails[0]!;
      expect(mail.from).toMatchObject({ address: 'hello@corner.example', name: 'Corner Shop Team' });
      expect(mail.text).toContain('Hello Ada Lovelace');
      expect(mail.text).toContain('See you soon at https://corner.example.');
      expect(mail.text).toContain('Thanks for shopping at Corner Shop');
      expect(mail.html).toContain('<h1 style="font-size:22px;margin:0 0 16px">Hello Ada Lovelace</h1>');
    });

    it('bad settings are refused with the field named, and nothing is saved', async () => {
      await expect(saveSettings(t.services.db, { emailFromAddress: 'not an address' })).rejects.toMatchObject({ fields: { emailFromAddress: expect.any(String) } });
      await expect(saveSettings(t.services.db, { emailBaseColor: 'red' })).rejects.toMatchObject({ fields: { emailBaseColor: expect.any(String) } });
    });
  });
}
