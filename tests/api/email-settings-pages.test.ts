import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * The e-mail settings pages (/admin/settings/emails and /admin/settings/emails/:id) through the
 * production build, with a real mail server: what is saved shows on the next page load, two
 * e-mails saved one after the other both keep their edits, the order e-mails arrive as edited
 * (or not at all when switched off) to the recipients set, bad input names its field and saves
 * nothing, the preview is made with a sample order and then with the latest one, "Send me a
 * test" arrives, and only administrators and shop managers get in.
 */

const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const BASE = { enabled: '1', recipient: '', subject: '', heading: '', additional: '' };
const SHARED = {
  emailFromAddress: 'hello@corner.example',
  emailFromName: 'Corner Team',
  emailHeaderImage: '',
  emailBaseColor: '#112233',
  emailBackgroundColor: '#f4f4f2',
  emailBodyBackgroundColor: '#ffffff',
  emailTextColor: '#1b1b1b',
  emailFooterText: 'Thanks from {site_title}',
};

for (const dialect of await dialects()) {
  describe(`e-mail settings pages (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let admin: Client;
    let lamp: number;

    const post = (c: Client, url: string, fields: Record<string, string>) => c.request('POST', url, urlencoded(fields), FORM);
    const saveEmail = (id: string, fields: Record<string, string>) => post(admin, `/admin/settings/emails/${id}`, { intent: 'save', ...fields });
    const page = async (url: string) => {
      const res = await admin.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    async function order(): Promise<number> {
      const json = { 'content-type': 'application/json' };
      const token = (await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { ...json, 'cart-token': `new-${Math.random()}` }, payload: JSON.stringify({ productId: lamp, quantity: 1 }) })).headers['cart-token'] as string;
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...json, 'cart-token': token }, payload: JSON.stringify({ billing_address: US, payment_method: 'cod' }) });
      expect(res.statusCode, res.body).toBe(200);
      await mailsSettled();
      return res.json().order_id as number;
    }
    const received = async (start: number) => Promise.all(smtp.received.slice(start).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Fallback <fallback@test.example>' } });
      await saveSettings(t.services.db, { storeName: 'Corner Shop', storeUrl: 'https://corner.example' });
      lamp = (await createProduct(t.services.db, { name: 'Desk Lamp', regular_price: 4000 })).id;
      const world = await addMethod(t.services.db, null, { type: 'flat_rate' });
      await saveMethod(t.services.db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      admin = await staffLogin(t, 'shop_manager', 'corner.example');
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
    }, 120_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('the list shows every e-mail with who gets it, its state and a link to manage it', async () => {
      const html = await page('/admin/settings/emails');
      for (const title of ['New order', 'Processing order', 'Chat offline message']) expect(html).toContain(`<td>${title}</td>`);
      expect(html).toContain('href="/admin/settings/emails/new_order"');
      expect(html).toContain('The customer');
      expect(html).toContain('id="field-emailFromAddress"');
    });

    it('preview with no order yet: a sample order, HTML and plain text, by the sending code', async () => {
      const html = await page('/admin/settings/emails/new_order');
      expect(html).toContain('Shown with a sample order');
      expect(html).toContain('Sample product');
      const own = await admin.request('GET', '/admin/settings/emails/new_order/preview');
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toMatch(/^text\/html/);
      expect(own.headers['content-security-policy']).toContain('sandbox');
      expect(own.body).toContain('New order: #1001');
      const text = await admin.request('GET', '/admin/settings/emails/new_order/preview?part=text');
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      expect(text.body).toContain('2 × Sample product');
      for (const id of ['chat_offline', 'customer_reset_password', 'wishlist_estimate', 'low_stock']) expect((await admin.request('GET', `/admin/settings/emails/${id}/preview`)).statusCode, id).toBe(200);
    });

    it('shared fields: saved, shown on the next load, and used by every e-mail', async () => {
      const res = await post(admin, '/admin/settings/emails', SHARED);
      expect(res.statusCode, res.body).toBe(200);
      const html = await page('/admin/settings/emails');
      expect(html).toContain('value="hello@corner.example"');
      expect(html).toContain('value="#112233"');
      expect(html).toContain('Thanks from {site_title}');
    });

    it('two e-mails saved one after the other keep both edits; the order e-mails arrive as edited, to the recipients set', async () => {
      // Both pages opened first, then saved in turn: the second save must not undo the first.
      await page('/admin/settings/emails/new_order');
      await page('/admin/settings/emails/customer_processing_order');
      expect((await saveEmail('new_order', { ...BASE, recipient: 'One@Corner.example,  two@corner.example', subject: 'Order {order_number} came in' })).statusCode).toBe(200);
      expect((await saveEmail('customer_processing_order', { ...BASE, subject: 'Your order {order_number} at {site_title}', heading: 'Hello {customer_name}', additional: 'See you soon at {site_url}.' })).statusCode).toBe(200);
      const shop = await page('/admin/settings/emails/new_order');
      expect(shop).toContain('value="one@corner.example, two@corner.example"');
      expect(shop).toContain('value="Order {order_number} came in"');
      const customer = await page('/admin/settings/emails/customer_processing_order');
      expect(customer).toContain('value="Hello {customer_name}"');
      expect(customer).not.toContain('name="recipient"');

      const start = smtp.received.length;
      const id = await order();
      const mails = await received(start);
      const toShop = mails.filter((m) => m.mail.subject === `Order ${id} came in`);
      expect(toShop.map((m) => m.to[0]).sort()).toEqual(['one@corner.example', 'two@corner.example']);
      const toCustomer = mails.find((m) => m.to[0] === 'ada@example.com')!;
      expect(toCustomer.mail.subject).toBe(`Your order ${id} at Corner Shop`);
      expect(toCustomer.mail.from).toMatchObject({ address: 'hello@corner.example', name: 'Corner Team' });
      expect(toCustomer.mail.text).toContain('Hello Ada Lovelace');
      expect(toCustomer.mail.text).toContain('See you soon at https://corner.example.');
      expect(toCustomer.mail.text).toContain('Thanks from Corner Shop');
      expect(toCustomer.mail.html).toContain('Hello Ada Lovelace</h1>');
      expect(toCustomer.mail.html).toContain('background:#112233');

      // The preview now uses this order.
      const preview = await page('/admin/settings/emails/new_order');
      expect(preview).toContain(`Shown with the shop’s latest order, #${id}.`);
      expect((await admin.request('GET', '/admin/settings/emails/new_order/preview')).body).toContain(`New order: #${id}`);
    });

    it('a switched-off e-mail is not sent, and the list says so', async () => {
      expect((await saveEmail('new_order', { ...BASE, enabled: '0', recipient: 'one@corner.example' })).statusCode).toBe(200);
      expect(await page('/admin/settings/emails/new_order')).toContain('Switched off');
      const start = smtp.received.length;
      await order();
      const mails = await received(start);
      expect(mails.map((m) => m.to[0])).toEqual(['ada@example.com']);
      expect(await page('/admin/settings/emails')).toMatch(/<td>New order<\/td><td>one@corner\.example<\/td><td>Off<\/td>/);
    });

    it('bad input is refused with its field named, and nothing is saved', async () => {
      const bad = await saveEmail('new_order', { ...BASE, recipient: 'one@corner.example, not an address', subject: 'Changed' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter e-mail addresses separated by commas');
      const long = await saveEmail('customer_note', { ...BASE, subject: 'x'.repeat(201) });
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain('At most 200 characters');
      const from = await post(admin, '/admin/settings/emails', { ...SHARED, emailFromAddress: 'nobody', emailBaseColor: 'red', emailFromName: 'Changed' });
      expect(from.statusCode).toBe(400);
      expect(from.body).toContain('Enter a valid e-mail address');
      expect(from.body).toContain('Use a colour such as #1f4b43');
      // A post missing some of the form's fields is not the form's: refused whole.
      const partial = await post(admin, '/admin/settings/emails', { emailFromName: 'Changed' });
      expect(partial.statusCode).toBe(400);
      expect(partial.body).toContain('The form was sent incomplete');
      const bare = await saveEmail('customer_note', {});
      expect(bare.statusCode).toBe(400);
      expect(await page('/admin/settings/emails/customer_note')).not.toContain('Switched off');
      const html = await page('/admin/settings/emails/new_order');
      expect(html).toContain('value="one@corner.example"');
      expect(html).not.toContain('value="Changed"');
      const list = await page('/admin/settings/emails');
      expect(list).toContain('value="hello@corner.example"');
      expect(list).toContain('value="Corner Team"');
      expect((await admin.request('GET', '/admin/settings/emails/no_such_email')).statusCode).toBe(404);
      expect((await saveEmail('no_such_email', BASE)).statusCode).toBe(404);
      expect((await admin.request('GET', '/admin/settings/emails/no_such_email/preview')).statusCode).toBe(404);
    });

    it('the chat offline message goes to the recipients set on its page, before the chat’s own address', async () => {
      await saveChatSettings(t.services.db, { offlineEmail: 'chat@corner.example' });
      expect((await saveEmail('chat_offline', { ...BASE, recipient: 'desk@corner.example', subject: 'Chat: {customer_name}' })).statusCode).toBe(200);
      const c = await Client.start(t.app);
      const start = smtp.received.length;
      const res = await c.request('POST', '/api/chat/offline', { name: 'Kim', email: 'kim@mail.example', message: 'Call me', vendorId: 0 });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await smtp.waitFor(start);
      expect(mail.to).toEqual(['desk@corner.example']);
      expect((await parseMail(mail.raw)).subject).toBe('Chat: Kim');
    });

    it('"Send me a test" reaches the signed-in staff member, even for a switched-off e-mail', async () => {
      const start = smtp.received.length;
      const res = await post(admin, '/admin/settings/emails/new_order', { intent: 'test' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('A test was sent to shop_manager@corner.example.');
      const mail = await smtp.waitFor(start);
      expect(mail.to).toEqual(['shop_manager@corner.example']);
      const parsed = await parseMail(mail.raw);
      expect(parsed.text).toContain('New order');
      expect(parsed.html).toContain('<h1');
    });

    it('customers and operators are refused', async () => {
      for (const role of ['customer', 'operator'] as const) {
        const c = await staffLogin(t, role, 'corner.example');
        for (const url of ['/admin/settings/emails', '/admin/settings/emails/new_order', '/admin/settings/emails/new_order/preview']) {
          expect((await c.request('GET', url)).statusCode, `${role} ${url}`).toBe(403);
        }
        expect((await c.request('POST', '/admin/settings/emails/new_order', urlencoded({ intent: 'test' }), FORM)).statusCode).toBe(403);
      }
    });
  });
}
