import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { changeOrderStatus } from '../../app/features/orders/order-status.server.ts';
import { registerGateway, unregisterGateway, type PaymentGateway } from '../../app/features/payments/payments.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * "Pay for order" through its real entry points: the page (/checkout/order-pay/:id, plain form
 * posts), POST /api/orders/:id/pay and the e-mails as a real mail server receives them. The
 * online method is a card provider reached over HTTP: a local stand-in answers each charge as
 * the test tells it (paid, declined, or "go to our page"), so nothing of the shop is replaced.
 */

const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The provider's answer to the next charges, and the charges it was asked for. */
const provider = { next: 'paid' as 'paid' | 'decline' | 'redirect', charges: [] as { orderId: number; amount: number; currency: string }[], url: '' };
let providerServer: Server;

const standInPay: PaymentGateway = {
  id: 'standinpay',
  defaultTitle: 'Card (stand-in provider)',
  enabled: () => true,
  title: () => 'Card',
  description: () => 'Pay by card.',
  async process(order) {
    const res = await fetch(`${provider.url}/charges`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderId: order.id, amount: order.total, currency: order.currency }) });
    const charge = (await res.json()) as { id: string; status: 'succeeded' | 'declined' | 'requires_action'; url?: string };
    if (charge.status === 'succeeded') return { status: 'processing', transactionId: charge.id, note: 'Card charged.' };
    if (charge.status === 'declined') return { status: 'failed', transactionId: charge.id, message: 'Your card was declined.', note: 'Card declined.' };
    return { status: 'pending', redirect: charge.url, transactionId: charge.id, note: 'Sent to the provider.' };
  },
};

beforeAll(async () => {
  providerServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const charge = JSON.parse(body) as { orderId: number; amount: number; currency: string };
      provider.charges.push(charge);
      const id = `ch_${provider.charges.length}`;
      const status = provider.next === 'paid' ? 'succeeded' : provider.next === 'decline' ? 'declined' : 'requires_action';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id, status, url: `https://provider.example/pay/${id}` }));
    });
  });
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  registerGateway(standInPay);
});
afterAll(async () => {
  unregisterGateway('standinpay');
  await new Promise((resolve) => providerServer.close(resolve));
});

for (const dialect of await dialects()) {
  describe(`pay for order (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let lamp: number;

    const inject = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body === undefined ? undefined : JSON.stringify(body) });
    /** Two lamps ordered as a guest (or as `client`), paid with `method`; the checkout's answer. */
    async function order(method: string, client?: Client, billing = US) {
      let res;
      if (client) {
        expect((await client.request('POST', '/api/cart/items', { productId: lamp, quantity: 2 })).statusCode).toBe(201);
        res = await client.request('POST', '/api/checkout', { billing_address: billing, payment_method: method });
      } else {
        const token = (await inject('POST', '/api/cart/items', { productId: lamp, quantity: 2 }, { 'cart-token': 'new' })).headers['cart-token'] as string;
        res = await inject('POST', '/api/checkout', { billing_address: billing, payment_method: method }, { 'cart-token': token });
      }
      expect(res.statusCode, res.body).toBe(200);
      await mailsSettled();
      return res.json() as { order_id: number; order_key: string; status: string };
    }
    const failedOrder = async (client?: Client) => {
      provider.next = 'decline';
      const o = await order('standinpay', client);
      expect(o.status).toBe('failed');
      return o;
    };
    const stock = async () => (await t.services.db.selectFrom('products').select('stock_quantity').where('id', '=', lamp).executeTakeFirstOrThrow()).stock_quantity ?? 0;
    const status = async (id: number) => (await t.services.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const notes = async (id: number) => (await t.services.db.selectFrom('order_notes').select('content').where('order_id', '=', id).orderBy('id').execute()).map((n) => n.content);
    const orderCount = async () => Number((await t.services.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    async function mailsSince(start: number) {
      await mailsSettled();
      return Promise.all(smtp.received.slice(start).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));
    }
    const signedIn = async (email: string) => {
      const c = await Client.start(t.app);
      expect((await c.request('POST', '/api/account/register', { email, password: 'correct horse battery' })).statusCode).toBe(201);
      return c;
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>' } });
      const db = t.services.db;
      await saveSettings(db, { storeName: 'Corner Shop', currency: 'GBP', orderNotificationEmail: 'owner@shop.example', storeUrl: 'https://corner.example' });
      lamp = (await createProduct(db, { name: 'Desk Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 100 })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    }, 120_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('a declined card: the shopper’s “unsuccessful” e-mail links to the pay page with the order key (text and HTML), and the stock went back', async () => {
      const before = await stock();
      const start = smtp.received.length;
      const o = await failedOrder();
      expect(await stock()).toBe(before);
      const mails = await mailsSince(start);
      const mine = mails.filter((m) => m.to.includes('ada@example.com'));
      expect(mine.map((m) => m.mail.subject)).toEqual([`Your Corner Shop order #${o.order_id} was unsuccessful`]);
      const link = `https://corner.example/checkout/order-pay/${o.order_id}?key=${o.order_key}`;
      expect(mine[0]!.mail.text).toContain(`Pay for this order:\n${link}`);
      expect(mine[0]!.mail.text).toContain('2 × Desk Lamp — £80.00');
      expect(mine[0]!.mail.html).toContain(`href="${link}"`);
      // The shop still gets its "failed order" e-mail, once.
      expect(mails.filter((m) => m.to.includes('owner@shop.example')).map((m) => m.mail.subject)).toEqual([`[Corner Shop]: Order #${o.order_id} has failed`]);
      // The received page offers the same way to pay.
      const received = await inject('GET', `/checkout/order-received/${o.order_id}?key=${o.order_key}`);
      expect(received.body).toContain(`href="/checkout/order-pay/${o.order_id}?key=${o.order_key}"`);
    });

    it('the pay page: with the key, or to its signed-in owner; a wrong key, no key, another account: 404 with nothing of the order', async () => {
      const guest = await failedOrder();
      const page = await inject('GET', `/checkout/order-pay/${guest.order_id}?key=${guest.order_key}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toContain('no-store');
      expect(page.body).toContain('Pay for order');
      expect(page.body).toContain('Desk Lamp');
      expect(page.body).toContain('£85.00');
      expect(page.body).toMatch(/name="payment_method"[^>]*value="bacs"/);
      for (const url of [`/checkout/order-pay/${guest.order_id}?key=wc_order_wrong`, `/checkout/order-pay/${guest.order_id}`, `/checkout/order-pay/${guest.order_id + 1000}?key=${guest.order_key}`]) {
        const refused = await inject('GET', url);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.body).not.toContain('Desk Lamp');
        expect(refused.body).not.toContain('ada@example.com');
      }
      const owner = await signedIn(`owner-${dialect}@example.com`);
      const own = await failedOrder(owner);
      const ownPage = await owner.request('GET', `/checkout/order-pay/${own.order_id}`);
      expect(ownPage.statusCode).toBe(200);
      expect(ownPage.body).toContain('Desk Lamp');
      // The owner with a wrong key is refused too: a key is checked whenever one is given.
      expect((await owner.request('GET', `/checkout/order-pay/${own.order_id}?key=wc_order_wrong`)).statusCode).toBe(404);
      // Another account, and its API call: 404, and the order is as it was.
      const other = await signedIn(`other-${dialect}@example.com`);
      const otherPage = await other.request('GET', `/checkout/order-pay/${own.order_id}`);
      expect(otherPage.statusCode).toBe(404);
      expect(otherPage.body).not.toContain('Desk Lamp');
      const otherPay = await other.request('POST', `/api/orders/${own.order_id}/pay`, { payment_method: 'cod' });
      expect(otherPay.statusCode).toBe(404);
      expect(otherPay.json()).toEqual({ error: { code: 'not_found', message: 'Order not found.' } });
      const wrongKey = await other.request('POST', `/api/orders/${guest.order_id}/pay`, { payment_method: 'cod', key: 'wc_order_wrong' });
      expect(wrongKey.statusCode).toBe(404);
      expect(await status(own.order_id)).toBe('failed');
      expect(await status(guest.order_id)).toBe('failed');
    });

    it('paying a failed order by bank transfer moves it on once: a repeat with its Idempotency-Key gets the same answer, another try is 409; stock taken once, no new order', async () => {
      const o = await failedOrder();
      const stockBefore = await stock();
      const orders = await orderCount();
      const client = await Client.start(t.app);
      const start = smtp.received.length;
      const key = `pay-${dialect}-${o.order_id}`;
      const first = await client.request('POST', `/api/orders/${o.order_id}/pay`, { payment_method: 'bacs', key: o.order_key }, { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ order_id: o.order_id, status: 'on-hold', payment_result: { payment_status: 'on-hold', redirect_url: `/checkout/order-received/${o.order_id}?key=${o.order_key}` } });
      const again = await client.request('POST', `/api/orders/${o.order_id}/pay`, { payment_method: 'bacs', key: o.order_key }, { 'idempotency-key': key });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      const later = await client.request('POST', `/api/orders/${o.order_id}/pay`, { payment_method: 'cod', key: o.order_key }, { 'idempotency-key': `${key}-2` });
      expect(later.statusCode).toBe(409);
      expect(later.json().error).toMatchObject({ code: 'not_payable', message: 'This order is on hold: the payment arranged for it is awaited, so it cannot be paid another way.' });
      expect(await stock()).toBe(stockBefore - 2);
      expect(await orderCount()).toBe(orders);
      const row = await t.services.db.selectFrom('orders').select(['status', 'payment_method', 'payment_method_title']).where('id', '=', o.order_id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'on-hold', payment_method: 'bacs', payment_method_title: 'Direct bank transfer' });
      expect((await notes(o.order_id)).filter((n) => n.startsWith('Order status changed from Failed'))).toEqual(['Order status changed from Failed to On hold. Awaiting bank transfer.']);
      // The shopper's "order received" with the bank details, and the shop's "new order": once each.
      const mails = await mailsSince(start);
      expect(mails.map((m) => [m.to, m.mail.subject]).sort()).toEqual(
        [
          [['ada@example.com'], 'Your Corner Shop order has been received!'],
          [['owner@shop.example'], `[Corner Shop]: New order #${o.order_id}`],
        ].sort(),
      );
    });

    it('two payments of one order at once: one moves it on, the other is refused; the stock is taken once', async () => {
      const o = await failedOrder();
      const stockBefore = await stock();
      const client = await Client.start(t.app);
      const answers = await Promise.all(['cod', 'cheque'].map((m) => client.request('POST', `/api/orders/${o.order_id}/pay`, { payment_method: m, key: o.order_key })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await stock()).toBe(stockBefore - 2);
      expect((await notes(o.order_id)).filter((n) => n.startsWith('Order status changed from Failed'))).toHaveLength(1);
    });

    it('without scripts: the form pays a failed order by cheque and lands on the received page; sent again, the page says it is paid; a cancelled order says so', async () => {
      const o = await failedOrder();
      const browser = await Client.start(t.app);
      const url = `/checkout/order-pay/${o.order_id}?key=${o.order_key}`;
      const posted = await browser.request('POST', url, `payment_method=cheque&_csrf=${encodeURIComponent(browser.csrf)}`, FORM);
      expect([302, 303]).toContain(posted.statusCode);
      expect(posted.headers.location).toBe(`/checkout/order-received/${o.order_id}?key=${o.order_key}`);
      expect(await status(o.order_id)).toBe('on-hold');
      const twice = await browser.request('POST', url, `payment_method=cheque&_csrf=${encodeURIComponent(browser.csrf)}`, FORM);
      expect(twice.statusCode).toBe(409);
      expect(twice.body).toContain('This order is on hold: its payment by Check payments is awaited (see the instructions below), so there is nothing to pay here.');
      expect(twice.body).not.toContain('name="payment_method"');
      // A choice that is not offered: the field says so, nothing changes.
      const other = await failedOrder();
      const bad = await browser.request('POST', `/checkout/order-pay/${other.order_id}?key=${other.order_key}`, `payment_method=nosuch&_csrf=${encodeURIComponent(browser.csrf)}`, FORM);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('This payment method is not available');
      expect(await status(other.order_id)).toBe('failed');
      await changeOrderStatus(t.services, other.order_id, { status: 'cancelled' }, { name: 'Shop Owner' });
      const closed = await inject('GET', `/checkout/order-pay/${other.order_id}?key=${other.order_key}`);
      expect(closed.statusCode).toBe(200);
      expect(closed.body).toContain('This order has been cancelled, so it can no longer be paid.');
    });

    it('an online method: an order abandoned at the provider is paid later; a failed one sent to the provider waits as pending with its stock', async () => {
      provider.next = 'redirect';
      const abandoned = await order('standinpay');
      expect(abandoned.status).toBe('pending');
      provider.next = 'paid';
      const client = await Client.start(t.app);
      const paid = await client.request('POST', `/api/orders/${abandoned.order_id}/pay`, { payment_method: 'standinpay', key: abandoned.order_key });
      expect(paid.json()).toMatchObject({ status: 'processing', payment_result: { payment_status: 'processing' } });
      expect(provider.charges.at(-1)).toEqual({ orderId: abandoned.order_id, amount: 8500, currency: 'GBP' });
      const failed = await failedOrder();
      const stockBefore = await stock();
      provider.next = 'redirect';
      const sent = await client.request('POST', `/api/orders/${failed.order_id}/pay`, { payment_method: 'standinpay', key: failed.order_key });
      expect(sent.json()).toMatchObject({ status: 'pending', payment_result: { payment_status: 'pending', redirect_url: expect.stringMatching(/^https:\/\/provider\.example\/pay\//) } });
      expect(await stock()).toBe(stockBefore - 2);
      // Declined again: failed, the stock back.
      provider.next = 'decline';
      const declined = await client.request('POST', `/api/orders/${failed.order_id}/pay`, { payment_method: 'standinpay', key: failed.order_key });
      expect(declined.json()).toMatchObject({ status: 'failed', payment_result: { payment_status: 'failed', message: 'Your card was declined.' } });
      expect(await stock()).toBe(stockBefore);
    });

    it('My account → Orders: a “Pay” button for the orders waiting for payment only', async () => {
      const me = await signedIn(`buyer-${dialect}@example.com`);
      const failed = await failedOrder(me);
      const paid = await order('cod', me);
      const list = await me.request('GET', '/my-account/orders');
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(`href="/checkout/order-pay/${failed.order_id}"`);
      expect(list.body).toContain(`aria-label="Pay for order #${failed.order_id}"`);
      expect(list.body).not.toContain(`/checkout/order-pay/${paid.order_id}"`);
    });
  });
}
