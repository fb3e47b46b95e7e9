import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { registerGateway, unregisterGateway, type PaymentGateway } from '../../app/features/payments/payments.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * The shop's "Cancelled order" and "Failed order" e-mails, as the shop's address receives
 * them from a real mail server: cancelled from the order page and from the list's bulk
 * change, failed from checkout's payment result and from a provider's webhook, each once
 * however often the same change is asked for, and none for moves that do not call for one.
 */

const PASSWORD = 'a long enough password';
const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A card provider registered only here: "Declined" shoppers fail at checkout; others wait for the provider's webhook. */
const declinePay: PaymentGateway = {
  id: 'declinepay',
  defaultTitle: 'Card (declining)',
  enabled: () => true,
  title: () => 'Card (declining)',
  description: () => 'A test card provider.',
  async process(order) {
    if (order.billing.first_name === 'Declined') return { status: 'failed', message: 'Your card was declined.', note: 'Card declined.' };
    return { status: 'pending', redirect: `https://pay.example/session/${order.id}` };
  },
  async webhook(request) {
    if (request.headers['x-test-signature'] !== 'good-signature') throw new HttpError(401, 'bad_signature', 'Webhook signature does not match.');
    const body = request.body as { orderId: number };
    return { orderId: body.orderId, status: 'failed', note: 'Provider event: declined.' };
  },
};

for (const dialect of await dialects()) {
  describe(`order e-mails to the shop: cancelled and failed (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let admin: Client;
    let lamp: number;

    const inject = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
    async function order(body: Record<string, unknown> = {}): Promise<number> {
      const token = (await inject('/api/cart/items', { productId: lamp, quantity: 2 }, { 'cart-token': `new-${Math.random()}` })).headers['cart-token'] as string;
      const res = await inject('/api/checkout', { billing_address: US, payment_method: 'cod', ...body }, { 'cart-token': token });
      expect(res.statusCode, res.body).toBe(200);
      await mailsSettled();
      return res.json().order_id as number;
    }
    /** Everything received since `start`, once every e-mail under way has been handed over. */
    async function mailsSince(start: number) {
      await mailsSettled();
      return Promise.all(smtp.received.slice(start).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));
    }
    const post = (url: string, fields: Record<string, string | string[]>) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
      return admin.request('POST', url, q.toString(), FORM);
    };

    beforeAll(async () => {
      registerGateway(declinePay);
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>' } });
      const db = t.services.db;
      await saveSettings(db, { storeName: 'Corner Shop', currency: 'GBP', orderNotificationEmail: 'owner@shop.example', storeUrl: 'https://corner.example' });
      lamp = (await createProduct(db, { name: 'Desk Lamp', regular_price: 4000 })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      admin = await Client.start(t.app);
      await createUser(t.services, { email: 'manager@shop.example', password: PASSWORD, name: 'Manager', role: 'shop_manager' });
      expect((await admin.request('POST', '/api/account/login', { email: 'manager@shop.example', password: PASSWORD })).statusCode).toBe(200);
    }, 120_000);
    afterAll(async () => {
      unregisterGateway('declinepay');
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('an order cancelled from its page: the shop gets "Order #… has been cancelled" once, with the lines and a link to the order', async () => {
      const id = await order(); // cash on delivery: processing
      const start = smtp.received.length;
      const res = await post(`/admin/orders/${id}`, { intent: 'status', status: 'cancelled' });
      expect(res.statusCode, res.body).toBe(200);
      // The same change again (a second click, a resent form) changes nothing and sends nothing.
      expect((await post(`/admin/orders/${id}`, { intent: 'status', status: 'cancelled' })).statusCode).toBe(200);
      const mails = await mailsSince(start);
      expect(mails.map((m) => [m.to, m.mail.subject])).toEqual([[['owner@shop.example'], `[Corner Shop]: Order #${id} has been cancelled`]]);
      const { text, html } = mails[0]!.mail;
      expect(text).toContain(`Order cancelled: #${id}`);
      expect(text).toContain(`Order #${id} from Ada Lovelace (ada@example.com) has been cancelled.`);
      expect(text).toContain('2 × Desk Lamp — £80.00');
      expect(text).toContain('Total: £85.00');
      expect(text).toContain(`https://corner.example/admin/orders/${id}`);
      expect(html).toContain(`href="https://corner.example/admin/orders/${id}"`);
    });

    it('orders cancelled by the list’s bulk change: one e-mail per order; a failed order cancelled sends none', async () => {
      const onHold = await order({ payment_method: 'bacs' });
      const failed = await order({ payment_method: 'declinepay', billing_address: { ...US, first_name: 'Declined' } });
      const start = smtp.received.length;
      const res = await post('/admin/orders', { intent: 'bulk', action: 'cancelled', ids: [String(onHold), String(failed)] });
      expect(res.statusCode, res.body).toBe(200);
      const statuses = await t.services.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [onHold, failed]).orderBy('id').execute();
      expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
      const mails = await mailsSince(start);
      expect(mails.map((m) => [m.to, m.mail.subject])).toEqual([[['owner@shop.example'], `[Corner Shop]: Order #${onHold} has been cancelled`]]);
    });

    it('a payment declined at checkout: the shop gets "Order #… has failed" once, and no "new order"; the shopper the way to pay it', async () => {
      const start = smtp.received.length;
      const id = await order({ payment_method: 'declinepay', billing_address: { ...US, first_name: 'Declined' } });
      expect((await t.services.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('failed');
      const mails = await mailsSince(start);
      expect(mails.map((m) => [m.to, m.mail.subject]).sort()).toEqual(
        [
          [['ada@example.com'], `Your Corner Shop order #${id} was unsuccessful`],
          [['owner@shop.example'], `[Corner Shop]: Order #${id} has failed`],
        ].sort(),
      );
      const shop = mails.find((m) => m.to.includes('owner@shop.example'))!;
      expect(shop.mail.text).toContain(`Payment for order #${id} from Declined Lovelace (ada@example.com) has failed.`);
      expect(shop.mail.text).toContain('2 × Desk Lamp — £80.00');
      expect(shop.mail.text).toContain(`https://corner.example/admin/orders/${id}`);
      expect(shop.mail.text).not.toContain('/checkout/order-pay/');
      expect(mails.find((m) => m.to.includes('ada@example.com'))!.mail.text).toContain(`https://corner.example/checkout/order-pay/${id}?key=`);
    });

    it('a decline reported by the provider’s webhook, sent twice: one "has failed" e-mail (and one to the shopper)', async () => {
      const id = await order({ payment_method: 'declinepay' });
      const start = smtp.received.length;
      for (let i = 0; i < 2; i++) {
        const res = await inject('/api/payments/declinepay/webhook', { orderId: id }, { 'x-test-signature': 'good-signature' });
        expect(res.statusCode, res.body).toBe(200);
      }
      const mails = await mailsSince(start);
      expect(mails.map((m) => [m.to, m.mail.subject]).sort()).toEqual(
        [
          [['ada@example.com'], `Your Corner Shop order #${id} was unsuccessful`],
          [['owner@shop.example'], `[Corner Shop]: Order #${id} has failed`],
        ].sort(),
      );
    });

    it('moves that are neither send nothing to the shop: completed, then refunded', async () => {
      const id = await order();
      const start = smtp.received.length;
      expect((await post(`/admin/orders/${id}`, { intent: 'status', status: 'completed' })).statusCode).toBe(200);
      expect((await post(`/admin/orders/${id}`, { intent: 'status', status: 'refunded' })).statusCode).toBe(200);
      const mails = await mailsSince(start);
      expect(mails.every((m) => !m.to.includes('owner@shop.example')), JSON.stringify(mails.map((m) => m.mail.subject))).toBe(true);
      expect(mails.length).toBeGreaterThan(0);
    });

    it('an order keeps the currency it was placed in: after the shop moves to euros, its e-mail still reads in pounds', async () => {
      const id = await order();
      await saveSettings(t.services.db, { currency: 'EUR' });
      try {
        const start = smtp.received.length;
        expect((await post(`/admin/orders/${id}`, { intent: 'status', status: 'cancelled' })).statusCode).toBe(200);
        const { text } = (await mailsSince(start))[0]!.mail;
        expect(text).toContain('2 × Desk Lamp — £80.00');
        expect(text).toContain('Total: £85.00');
        expect(text).not.toContain('€');
      } finally {
        await saveSettings(t.services.db, { currency: 'GBP' });
      }
    });

    it('without an order notification address, the e-mail goes to the administrators and shop managers', async () => {
      await saveSettings(t.services.db, { orderNotificationEmail: '' });
      try {
        const id = await order();
        const start = smtp.received.length;
        expect((await post(`/admin/orders/${id}`, { intent: 'status', status: 'cancelled' })).statusCode).toBe(200);
        const mails = await mailsSince(start);
        expect(mails.map((m) => [m.to, m.mail.subject])).toEqual([[['manager@shop.example'], `[Corner Shop]: Order #${id} has been cancelled`]]);
      } finally {
        await saveSettings(t.services.db, { orderNotificationEmail: 'owner@shop.example' });
      }
    });
  });
}
