import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * "E-mail the payment link" on a phone order waiting for payment: a real mail server gets the
 * customer_invoice e-mail with the order's pay link (text and HTML), the order notes who sent
 * it, the link opens the pay page; the e-mail's switch is honoured, and a paid order has no
 * link to send. The e-mail has its preview like the others.
 */

const BILLING = { first_name: 'Bob', last_name: 'Stone', company: '', address_1: '2 Mill Lane', address_2: '', city: 'Leeds', state: '', postcode: 'LS1 1AA', country: 'GB', email: 'bob@example.com', phone: '01234 567890' };

for (const dialect of await dialects()) {
  describe(`payment link of a phone order (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: Client;
    let lamp: number;
    const db = () => t.services.db;
    const post = (url: string, fields: Record<string, string>) => admin.request('POST', url, urlencoded(fields), FORM);
    async function phoneOrder(status = 'pending'): Promise<{ id: number; key: string }> {
      const fields = { ...Object.fromEntries(Object.entries(BILLING).map(([k, v]) => [`billing_${k}`, v])), line_product_0: String(lamp), line_qty_0: '1', status, intent: 'save' };
      const res = await post('/admin/orders/new', fields);
      expect(res.statusCode, res.body).toBe(302);
      const id = Number(/\/admin\/orders\/(\d+)/.exec(res.headers.location as string)?.[1]);
      const row = await db().selectFrom('orders').select('order_key').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, key: row.order_key };
    }

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Shop <shop@test.example>' } });
      await saveSettings(db(), { storeName: 'Corner Shop', currency: 'GBP', storeUrl: 'https://corner.example' });
      lamp = (await createProduct(db(), { name: 'Brass Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 10 })).id;
      admin = await staffLogin(t, 'shop_manager', 'shop.example');
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
    }, 180_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('e-mails the pay link to a new guest, notes it, and the link opens the pay page', async () => {
      const { id, key } = await phoneOrder();
      const page = await admin.request('GET', `/admin/orders/${id}`);
      expect(page.body).toContain('value="send-link"');
      await mailsSettled();
      const start = smtp.received.length;
      const sent = await post(`/admin/orders/${id}`, { intent: 'send-link' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.body).toContain('The payment link was e-mailed to bob@example.com.');
      const got = await smtp.waitFor(start);
      expect(got.to).toEqual(['bob@example.com']);
      const mail = await parseMail(got.raw);
      expect(mail.subject).toBe(`Your Corner Shop order #${id}: pay for it online`);
      const link = `https://corner.example/checkout/order-pay/${id}?key=${key}`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
      expect(mail.text).toContain('1 × Brass Lamp');
      const notes = await db().selectFrom('order_notes').select(['content', 'author']).where('order_id', '=', id).execute();
      expect(notes).toContainEqual({ content: 'Payment link e-mailed to bob@example.com by shop_manager.', author: 'shop_manager' });
      const payer = await Client.start(t.app);
      const pay = await payer.request('GET', `/checkout/order-pay/${id}?key=${key}`);
      expect(pay.statusCode).toBe(200);
      expect(pay.body).toContain('Brass Lamp');
    });

    it('honours the e-mail’s switch, refuses a paid order, and previews like the other e-mails', async () => {
      const settings = await admin.request('GET', '/admin/settings/emails');
      expect(settings.body).toContain('href="/admin/settings/emails/customer_invoice"');
      const preview = await admin.request('GET', '/admin/settings/emails/customer_invoice/preview');
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('Pay for this order');

      const { id } = await phoneOrder();
      const off = await post('/admin/settings/emails/customer_invoice', { intent: 'save', enabled: '0', recipient: '', subject: '', heading: '', additional: '' });
      expect(off.statusCode, off.body).toBe(200);
      await mailsSettled();
      const start = smtp.received.length;
      const refused = await post(`/admin/orders/${id}`, { intent: 'send-link' });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('switched off');
      await post('/admin/settings/emails/customer_invoice', { intent: 'save', enabled: '1', recipient: '', subject: '', heading: '', additional: '' });

      const paid = await phoneOrder('processing');
      expect((await admin.request('GET', `/admin/orders/${paid.id}`)).body).not.toContain('value="send-link"');
      const none = await post(`/admin/orders/${paid.id}`, { intent: 'send-link' });
      expect(none.statusCode).toBe(409);
      await mailsSettled();
      expect(smtp.received.length).toBe(start);
      const notes = await db().selectFrom('order_notes').select('content').where('order_id', 'in', [id, paid.id]).execute();
      expect(notes.map((n) => n.content).join(' ')).not.toContain('Payment link');
    });
  });
}
